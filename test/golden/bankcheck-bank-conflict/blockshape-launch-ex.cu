// cudaLaunchKernelEx: the block shape is the blockDim of its
// cudaLaunchConfig_t, set member by member or by an aggregate initialiser;
// the C form cudaLaunchKernelExC alike.
// s[threadIdx.x * 32]: the degree is min(blockDim.x, 32).
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

__global__ void exKernel(float *out, int n) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32 + n];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (8, 4, 1) from cudaLaunchKernelEx at {{.*}}blockshape-launch-ex.cu:33
}

__global__ void exC(float *out) {
  __shared__ float s[1024];
  out[threadIdx.x] = s[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (2, 64, 1) from cudaLaunchKernelExC at {{.*}}blockshape-launch-ex.cu:36
}

__global__ void neverLaunched(float *out) {
  __shared__ float u[32];
  out[threadIdx.x] = u[threadIdx.x];
}

void run(float *out) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(4);
  config.blockDim = dim3(8, 4);
  config.dynamicSmemBytes = 0;
  int n = 3;
  cudaLaunchKernelEx(&config, exKernel, out, n);
  cudaLaunchConfig_t c2 = {dim3(1), dim3(2, 64), 0, 0, nullptr, 0};
  void *args[] = {&out};
  cudaLaunchKernelExC(&c2, (const void *)exC, args);
}
