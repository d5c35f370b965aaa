// With blockDim.x = 16 one warp covers two rows, so even a row walk s[ty][tx]
// depends on the row stride: 16 is contiguous, 32 puts both half-warps on the
// same 16 banks, +1 padding (33) still overlaps 15 of them, and a stride
// = 16 (mod 32) (48) separates them.
#include <cuda_runtime.h>

// bankcheck: block-dim(16,16)
__global__ void rowStrides(const float *in, float *out) {
  __shared__ float a[16][16];
  __shared__ float b[16][32];
  __shared__ float c[16][33];
  __shared__ float d[16][48];
  float v = in[threadIdx.y * 16 + threadIdx.x];
  a[threadIdx.y][threadIdx.x] = v;
  // stride 16: the warp's two rows are 32 consecutive words
  b[threadIdx.y][threadIdx.x] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'b' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  c[threadIdx.y][threadIdx.x] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'c' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  d[threadIdx.y][threadIdx.x] = v;
  // stride 48 = 16 (mod 32): rows on banks 0-15 and 16-31
  __syncthreads();
  out[threadIdx.y * 16 + threadIdx.x] = a[threadIdx.x][threadIdx.y] + d[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 8-way bank conflict on shared load of 'a' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:71: warning: 8-way bank conflict on shared load of 'd' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}
