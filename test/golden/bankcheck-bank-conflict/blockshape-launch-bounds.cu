// __launch_bounds__(N) with no launch, annotation or option: a kernel indexed
// only in x is analysed at (N, 1, 1), the most threads it allows, and the note
// says the shape is assumed; its blockDim-bounded loop is then unrolled. A
// kernel that also indexes in y keeps the default assumption.
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) reduceInterleaved(float *out, const float *in) {
  __shared__ float part[128];
  unsigned t = threadIdx.x;
  part[t] = in[t];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned i = 2 * s * t;
    if (i < blockDim.x)
      part[i] += part[i + s];
    // i = 2 * s * t: 4-way at s = 2, 4, 8, 16
    // CHECK-MESSAGES-DAG: :[[@LINE-2]]:7: warning: 4-way bank conflict on shared load of 'part' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-DAG: :[[@LINE-3]]:7: note: the same statement's 4-way bank conflict on shared store of 'part' (4 wavefronts, ideal 1) here too
    // CHECK-MESSAGES-DAG: :[[@LINE-4]]:18: warning: 4-way bank conflict on shared load of 'part' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES-DAG: note: block shape (128, 1, 1) from __launch_bounds__(128) at {{.*}}blockshape-launch-bounds.cu:7, assumed: no launch gives the shape, and a kernel indexed only in x is taken at the most threads it allows
    __syncthreads();
  }
  if (t == 0)
    out[0] = part[0];
}

__global__ void __launch_bounds__(256) twoD(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.x][threadIdx.y] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'u' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: assuming blockDim.x is a multiple of 32
  out[threadIdx.x] = u[threadIdx.y][threadIdx.x];
}
