// Swizzle fix-its on dynamic shared memory: the rows of an extern __shared__
// buffer indexed smem[row * W + column] get a padding note (the launch passes
// a size known only at run time, so no fix-it) and, proven the same way, an
// XOR swizzle within each row, which needs no change to the launch: every
// index is rewritten.
#include <cuda_runtime.h>
#define W 32

__global__ void dynTranspose(float *out, const float *in) {
  extern __shared__ float smem[];
  for (int j = 0; j < 32; j += 8)
    smem[(threadIdx.y + j) * W + threadIdx.x] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  // CHECK-FIXES: {{^}}    smem[(threadIdx.y + j) * W + ((threadIdx.x) ^ ((threadIdx.y + j) & 31))] = in[(threadIdx.y + j) * 32 + threadIdx.x];
  __syncthreads();
  for (int j = 0; j < 32; j += 8)
    out[(threadIdx.y + j) * 32 + threadIdx.x] = smem[threadIdx.x * W + threadIdx.y + j];
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: 32-way bank conflict on shared load of 'smem' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the rows of 'smem' {{.*}}; no fix-it: the launch at {{.*}}fix-swizzle-dynamic.cu:{{[0-9]+}} passes 'bytes', a value known only at run time
  // CHECK-MESSAGES: note: swizzle the rows of 'smem' instead (XOR of the elements of each row with the row's bits 0 to 4): 32-way -> 1-way over all 2 accesses, no byte added and no change to the launch; every index of 'smem' is rewritten{{.*}}
  // CHECK-FIXES: {{^}}    out[(threadIdx.y + j) * 32 + threadIdx.x] = smem[threadIdx.x * W + ((threadIdx.y + j) ^ ((threadIdx.x) & 31))];
}

void run(float *out, const float *in, size_t bytes) { dynTranspose<<<1, dim3(32, 8), bytes>>>(out, in); }
