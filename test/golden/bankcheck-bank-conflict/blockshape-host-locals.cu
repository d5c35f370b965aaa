// Block shapes as host code writes them: locals that keep their
// initialisers and their arithmetic are read at the launch; a dim3 whose
// members are assigned after it is made is not its initialiser, and the
// launch says its shape is not a constant (the default assumption is used
// and said) instead of reading (1, 1, 1).
#include <cuda_runtime.h>

__global__ void tile16(float *out) {
  __shared__ float t[16][16];
  t[threadIdx.x][threadIdx.y] = threadIdx.x;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 't' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = t[threadIdx.y][threadIdx.x];
}

__global__ void byMembers(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.x][0] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'u' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: assuming blockDim.x is a multiple of 32
  out[threadIdx.x] = u[0][threadIdx.x];
}

void run(float *out) {
  int block = 16;
  int half = block / 2;
  dim3 b(block, half * 2);
  tile16<<<1, b>>>(out);
  dim3 m;
  m.x = 16;
  m.y = 16;
  byMembers<<<1, m>>>(out);
}
