// Thread coordinates copied into dim3 and uint3 locals, read back through
// their members, passed to helpers and copied again, are the coordinates.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>

__device__ unsigned column(uint3 t) { return t.x; }
__device__ unsigned row(const dim3 &t) { return t.y; }

__global__ void copies(float *out) {
  __shared__ float s[32][32];
  dim3 t = threadIdx;
  uint3 u = threadIdx;
  dim3 d = blockDim;
  out[0] = s[t.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[1] = s[0][u.x];
  // a row: clean
  dim3 c = t;
  c.y = d.x - 1 - t.x;
  out[2] = s[0][c.y];
  // reversed row: clean
  out[3] = s[c.y][c.z];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  uint3 v = t;
  out[4] = s[0][column(v)] + s[column(u)][row(t)];
  // CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void tiles(float *out) {
  __shared__ float s[16][16];
  dim3 t(threadIdx.x, threadIdx.y);
  // 16 x 16 threads: a warp is two rows of threads.
  out[0] = s[t.x][t.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[1] = s[t.y][t.x];
  // 32 consecutive words: clean
}

void run(float *out) {
  copies<<<1, 32>>>(out);
  tiles<<<1, dim3(16, 16)>>>(out);
}
