// Block shapes of kernels launched through the runtime API: cudaLaunchKernel
// (the plain and the template form) and cudaLaunchCooperativeKernel, with the
// kernel named directly, through a cast or by its address.
#include <cuda_runtime.h>

__global__ void tile16(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.x][threadIdx.y] = threadIdx.x;
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (16, 16, 1) from cudaLaunchKernel at {{.*}}blockshape-launch-api.cu:31
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

__global__ void rows64(float *out) {
  __shared__ float r[64][64];
  r[threadIdx.x][threadIdx.y] = 1.f;
  // 64 x 4 threads: lanes 0-31 of a row are 32 rows apart by 64 floats: 32-way
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: warning: 32-way bank conflict on shared store of 'r' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (64, 4, 1) from cudaLaunchCooperativeKernel at {{.*}}blockshape-launch-api.cu:33
  out[threadIdx.x] = r[threadIdx.y][threadIdx.x];
}

__global__ void unlaunched(float *out) {
  __shared__ float u[32];
  out[threadIdx.x] = u[threadIdx.x];
}

void run(float *out) {
  void *args[] = {&out};
  cudaLaunchKernel((const void *)tile16, dim3(1), dim3(16, 16), args, 0, 0);
  int rows = 4;
  cudaLaunchCooperativeKernel(reinterpret_cast<const void *>(&rows64), dim3(1), dim3(64, rows), args, 0, 0);
}

__global__ void narrow(float *out) {
  __shared__ float n[8][32];
  n[threadIdx.x][threadIdx.y] = 1.f;
  // 8 x 4 threads: 8 rows of 32 floats share each bank in groups of 4 columns: 8-way
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: warning: 8-way bank conflict on shared store of 'n' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: note: block shape (8, 4, 1) from cudaLaunchKernel at {{.*}}blockshape-launch-api.cu:49
  out[threadIdx.x] = n[threadIdx.y][threadIdx.x];
  // rows of 8 lanes: 4 rows on the same 8 banks
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: warning: 4-way bank conflict on shared load of 'n' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void runTemplate(float *out) {
  void *args[] = {&out};
  cudaLaunchKernel(narrow, dim3(1), dim3(8, 4), args);
}
