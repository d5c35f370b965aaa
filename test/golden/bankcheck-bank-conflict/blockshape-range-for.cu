// A block size taken from a range-based for over a braced list or a const
// table (a benchmark driver: `for (int threads : {256, 128}) run(threads);`)
// is each of its elements, chosen at run time, through the launch wrapper it
// is passed to. A loop variable the body changes gives nothing.
#include <cuda_runtime.h>

#include <initializer_list>

__global__ void interleaved(float *out) {
  __shared__ float s[256];
  unsigned t = threadIdx.x;
  s[t] = 1.0f;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned i = 2 * stride * t;
    if (i < blockDim.x)
      s[i] += s[i + stride];
    // CHECK-MESSAGES-DAG: :[[@LINE-1]]:7: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-DAG: note: block shape (256, 1, 1) from launch at {{.*}}blockshape-range-for.cu:[[@LINE+27]] via 'run' called at {{.*}}blockshape-range-for.cu:[[@LINE+31]] (one of 2 block shapes chosen at run time)
    // CHECK-MESSAGES-DAG: note: also in 1 other kernel instantiation or block shape: 'interleaved' with block (128, 1, 1)
    __syncthreads();
  }
  if (t == 0)
    out[0] = s[0];
}

__global__ void rows(float *out) {
  __shared__ float r[64][32];
  r[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'r' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-range-for.cu:[[@LINE+22]] (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES: note: also in 1 other kernel instantiation or block shape: 'rows' with block (64, 1, 1)
  __syncthreads();
  out[threadIdx.x] = r[0][threadIdx.x % 32];
}

__global__ void changed(float *out) {
  __shared__ float c[64][32];
  c[threadIdx.x][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'c' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: launch at {{.*}}blockshape-range-for.cu:[[@LINE+15]]: the block shape is not known: 't' is changed at line [[@LINE+14]]
  __syncthreads();
  out[threadIdx.x] = c[0][threadIdx.x % 32];
}

void run(float *out, int threads) { interleaved<<<1, dim3(threads)>>>(out); }

void drive(float *out) {
  for (int threads : {256, 128})
    run(out, threads);
  const int sizes[] = {64, 32};
  for (int n : sizes)
    rows<<<1, n>>>(out);
  for (int t : {32}) {
    t *= 2;
    changed<<<1, t>>>(out);
  }
}
