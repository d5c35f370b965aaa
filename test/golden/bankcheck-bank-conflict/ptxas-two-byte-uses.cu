// RUN-ARGS: --widths=rule
// What ptxas merges a run of 2-byte loads into depends on the element and on
// what the values feed (docs/validation.md, "What ptxas makes of 2-byte loads
// by what they feed", H100 SASS): halves computed with are LDS.64 at most,
// bf16 converted to float are not merged, halves only copied and shorts go to
// LDS.128. Each row is 128 bytes, so every lane's run starts on bank 0.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void halvesComputed(float *out) {
  __shared__ __align__(16) __half s[64][64];
  s[threadIdx.x / 64][threadIdx.x % 64] = __float2half(float(threadIdx.x));
  __syncthreads();
  float a = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    a += __half2float(s[threadIdx.x][i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: 16-way bank conflict on shared load of 's' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:23: note: predicted to be issued as 8-byte LDS.64 (4 2-byte accesses at consecutive, aligned addresses merged, as ptxas does)
  out[threadIdx.x] = a;
}

__global__ void halvesCopied(__half *out) {
  __shared__ __align__(16) __half s[64][64];
  s[threadIdx.x / 64][threadIdx.x % 64] = __float2half(float(threadIdx.x));
  __syncthreads();
#pragma unroll
  for (int i = 0; i < 8; ++i)
    out[i * 64 + threadIdx.x] = s[threadIdx.x][i];
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 8-way bank conflict on shared load of 's' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:33: note: predicted to be issued as 16-byte LDS.128 (8 2-byte accesses at consecutive, aligned addresses merged, as ptxas does)
}

__global__ void bf16Converted(float *out) {
  __shared__ __align__(16) __nv_bfloat16 s[64][64];
  s[threadIdx.x / 64][threadIdx.x % 64] = __float2bfloat16(float(threadIdx.x));
  __syncthreads();
  float a = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    a += __bfloat162float(s[threadIdx.x][i]);
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] = a;
}

__global__ void shortsWidened(int *out) {
  __shared__ __align__(16) short s[64][64];
  s[threadIdx.x / 64][threadIdx.x % 64] = short(threadIdx.x);
  __syncthreads();
  int a = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i)
    a += s[threadIdx.x][i];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 8-way bank conflict on shared load of 's' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:10: note: predicted to be issued as 16-byte LDS.128 (8 2-byte accesses at consecutive, aligned addresses merged, as ptxas does)
  out[threadIdx.x] = a;
}

void run(float *f, __half *h, int *i) {
  halvesComputed<<<1, 64>>>(f);
  halvesCopied<<<1, 64>>>(h);
  bf16Converted<<<1, 64>>>(f);
  shortsWidened<<<1, 64>>>(i);
}
