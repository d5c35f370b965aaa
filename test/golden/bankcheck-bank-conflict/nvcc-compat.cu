// CUDA that nvcc accepts and Clang 19 rejects is read as nvcc reads it (a
// rewrite that keeps every offset, so lines, columns and fix-its are the
// file's own), with a remark at each place: alignas after __shared__ (nvcc
// takes it only there, before static or the type), asm operands without
// a comma between them, a special register written '%laneid' in an asm
// statement with operands (tiny-cuda-nn's lane_id()), and '#pragma unroll'
// in the body of a macro (moderngpu's PRAGMA_UNROLL).
#include <cuda_runtime.h>

__global__ void aligned(float *out) {
  __shared__ alignas(16) float t[32][32];
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: accepted as nvcc does: '__shared__ alignas(16)' read as 'alignas(16) __shared__'
  __shared__ alignas(16) float dyn[32];
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: accepted as nvcc does: '__shared__ alignas(16)' read as 'alignas(16) __shared__'
  __shared__ alignas(8) static int u[64];
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: accepted as nvcc does: '__shared__ alignas(8)' read as 'alignas(8) __shared__'
  int tx = threadIdx.x;
  t[tx][0] = dyn[tx] + u[2 * tx];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:24: warning: 2-way bank conflict on shared load of 'u' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  float a, b;
  asm volatile("mov.b32 %0, %2;\n\tmov.b32 %1, %2;" : "=f"(a) "=f"(b) : "f"(t[0][tx]));
  // CHECK-REMARKS: :[[@LINE-1]]:62: remark: accepted as nvcc does: asm operands without a comma between them
  out[tx] = a + b;
}

__device__ __forceinline__ unsigned laneId() {
  unsigned ret;
  asm volatile("mov.u32 %0, %laneid;" : "=r"(ret));
  // CHECK-REMARKS: :[[@LINE-1]]:29: remark: accepted as nvcc does: '%laneid' in an asm statement with operands read as '%%laneid'
  return ret;
}

__global__ void lanes(float *out) {
  __shared__ float c[32][32];
  c[laneId()][0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 'c' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = c[0][laneId()];
}

#define PRAGMA_UNROLL #pragma unroll
// CHECK-REMARKS: :[[@LINE-1]]:23: remark: accepted as nvcc does: '#pragma unroll' in the body of a macro read as nothing (nvcc applies it where the macro is used; an unrolling hint does not change the analysis)

__global__ void unrolled(float *out) {
  __shared__ float s[32][32];
  PRAGMA_UNROLL
  for (int i = 0; i < 4; ++i)
    s[threadIdx.x][i] = out[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[0][threadIdx.x];
}

void run(float *out) {
  aligned<<<1, 32>>>(out);
  lanes<<<1, 64>>>(out);
  unrolled<<<1, 32>>>(out);
}
