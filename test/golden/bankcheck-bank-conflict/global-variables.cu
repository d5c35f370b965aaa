// A __device__ variable is one for the whole grid: every thread's write goes
// to the same word, and what a later read gets depends on which write lands
// last (after the barrier below every lane reads one value; before it, a
// thread may still see its own). A variable that threads write is therefore
// unknown at later reads, whether the kernel or a helper writes it; it is
// never taken as each thread's own value (that would report a 32-way conflict
// where the hardware broadcasts). An access whose lanes differ in their
// column anyway stays decided.
#include <cuda_runtime.h>

__device__ int g;
__device__ void setG() { g = threadIdx.x; }

__global__ void writtenByHelper(float *out) {
  __shared__ float tile[32][32];
  g = 0;
  setG();
  out[threadIdx.x] = tile[g][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': value of 'g', a variable every thread writes [bankcheck-bank-conflict]
}

__global__ void writtenByEveryThread(float *out) {
  __shared__ float tile[32][32];
  g = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[g][0];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 'tile': value of 'g', a variable every thread writes [bankcheck-bank-conflict]
}

__global__ void writtenByOneThread(float *out) {
  __shared__ float tile[32][32];
  if (threadIdx.x == 0)
    g = 5;
  __syncthreads();
  out[threadIdx.x] = tile[g & 31][threadIdx.x];
}

void run(float *out) {
  writtenByHelper<<<1, 32>>>(out);
  writtenByEveryThread<<<1, 32>>>(out);
  writtenByOneThread<<<1, 32>>>(out);
}
