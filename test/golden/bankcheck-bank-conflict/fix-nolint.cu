// NOLINT and --fix: a padding whose only findings are suppressed is not
// applied (as clang-tidy applies no fix-it of a suppressed diagnostic); one
// reported finding of the array is enough for its padding to be applied.
#include <cuda_runtime.h>

__global__ void allSuppressed(float *out) {
  __shared__ float quiet[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float quiet[32][32];
  quiet[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = quiet[threadIdx.x][threadIdx.y]; // NOLINT(bankcheck-bank-conflict)
}

__global__ void oneReported(float *out) {
  __shared__ float loud[32][32];
  // CHECK-FIXES: {{^}}  __shared__ float loud[32][33];
  loud[threadIdx.x][threadIdx.y] = out[threadIdx.x]; // NOLINT(bankcheck-bank-conflict)
  __syncthreads();
  out[threadIdx.x] = loud[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'loud' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the innermost dimension of 'loud' by 1 element ('32' -> '33'): 32-way -> 1-way over all 2 accesses, +128 bytes (4224 bytes of static shared memory)
}

void run(float *out) {
  allSuppressed<<<1, dim3(32, 8)>>>(out);
  oneReported<<<1, dim3(32, 8)>>>(out);
}
