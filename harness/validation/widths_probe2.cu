// What ptxas makes of runs of 2-byte shared loads by what their values feed (SASS read with cuobjdump).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#define N 64
// Each value converted to float and summed.
template <typename T, int K> __global__ void sum_f32(float *out) {
  __shared__ __align__(16) T s[64][N];
  s[threadIdx.x / N][threadIdx.x % N] = T(float(threadIdx.x));
  __syncthreads();
  float a = 0;
#pragma unroll
  for (int i = 0; i < K; ++i) a += float(s[threadIdx.x][i]);
  out[threadIdx.x] = a;
}
// Each value converted to float and written out on its own.
template <typename T, int K> __global__ void each_f32(float *out) {
  __shared__ __align__(16) T s[64][N];
  s[threadIdx.x / N][threadIdx.x % N] = T(float(threadIdx.x));
  __syncthreads();
#pragma unroll
  for (int i = 0; i < K; ++i) out[i * 64 + threadIdx.x] = float(s[threadIdx.x][i]);
}
// Summed as halves (no conversion).
template <int K> __global__ void sum_half(__half *out) {
  __shared__ __align__(16) __half s[64][N];
  s[threadIdx.x / N][threadIdx.x % N] = __float2half(float(threadIdx.x));
  __syncthreads();
  __half a = __float2half(0.f);
#pragma unroll
  for (int i = 0; i < K; ++i) a = __hadd(a, s[threadIdx.x][i]);
  out[threadIdx.x] = a;
}
// Integers widened and summed.
template <typename T, int K> __global__ void sum_int(int *out) {
  __shared__ __align__(16) T s[64][N];
  s[threadIdx.x / N][threadIdx.x % N] = T(threadIdx.x);
  __syncthreads();
  int a = 0;
#pragma unroll
  for (int i = 0; i < K; ++i) a += int(s[threadIdx.x][i]);
  out[threadIdx.x] = a;
}
template __global__ void sum_f32<__half, 4>(float *);
template __global__ void sum_f32<__half, 8>(float *);
template __global__ void sum_f32<__half, 16>(float *);
template __global__ void sum_f32<__half, 32>(float *);
template __global__ void sum_f32<__nv_bfloat16, 8>(float *);
template __global__ void sum_f32<__nv_bfloat16, 16>(float *);
template __global__ void each_f32<__half, 8>(float *);
template __global__ void each_f32<__half, 16>(float *);
template __global__ void sum_half<8>(__half *);
template __global__ void sum_half<16>(__half *);
template __global__ void sum_int<short, 8>(int *);
template __global__ void sum_int<unsigned short, 16>(int *);
