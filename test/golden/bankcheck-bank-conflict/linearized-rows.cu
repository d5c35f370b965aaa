// A 1-D array linearized by hand, s[row * W + col] with a named row length W:
// the padding fix-it rewrites W in the declaration and in every index. When
// one access is not of that form, or a column can reach past its row, there
// is no fix-it (the notes say why); the warnings are the same.
#include <cuda_runtime.h>
#define W 32
constexpr int H = 32;

__global__ void rows(float *out) {
  __shared__ float s[H * W];
  // CHECK-FIXES: {{^}}  __shared__ float s[H * (W + 1)];
  s[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  // row walk: consecutive words
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void mixed(float *out) {
  __shared__ float t[H * W];
  // CHECK-FIXES: {{^}}  __shared__ float t[H * W];
  t[threadIdx.x] = 0;
  // flat index: consecutive words
  out[threadIdx.x] = t[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void overflow(float *out) {
  __shared__ float u[64 * W];
  out[threadIdx.x] = u[threadIdx.x * W + (threadIdx.y + 32)];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'u' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

void run(float *out) {
  rows<<<1, dim3(32, 8)>>>(out);
  mixed<<<1, dim3(32, 8)>>>(out);
  overflow<<<1, dim3(32, 8)>>>(out);
}
