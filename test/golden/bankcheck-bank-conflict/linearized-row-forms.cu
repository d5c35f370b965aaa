// Rows of a 1-D array linearized by hand, in any affine index where the named
// row length W is the coefficient of one term: the row is that term's other
// factor, the column the sum of the other terms. The padding fix-it rewrites
// every W alike.
#include <cuda_runtime.h>
#define W 32

__global__ void forms(float *out) {
  __shared__ float s[32 * W];
  // CHECK-FIXES: {{^}}  __shared__ float s[32 * (W + 1)];
  s[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  s[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[threadIdx.x + j] = s[threadIdx.x * W + threadIdx.y + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 's' by 1 element: every 'W' of its declaration and indices becomes '(W + 1)': 32-way -> 1-way over all 4 accesses, +128 bytes (4224 bytes of static shared memory)
  // CHECK-FIXES: {{^}}    out[threadIdx.x + j] = s[threadIdx.x * (W + 1) + threadIdx.y + j];
  out[threadIdx.x] = s[W * threadIdx.x + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = s[(W + 1) * threadIdx.x + threadIdx.y];
  out[threadIdx.x + 32] = s[threadIdx.y + (threadIdx.x) * W];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-FIXES: {{^}}  out[threadIdx.x + 32] = s[threadIdx.y + (threadIdx.x) * (W + 1)];
}

void run(float *o) { forms<<<1, dim3(32, 8)>>>(o); }
