// Declarations made by a macro: the padding fix-it edits a macro argument
// only where the macro body uses that argument once (then editing it changes
// this extent and nothing else); otherwise there is no fix-it, and the note
// says why. A declaration written wholly inside a macro body is never edited.
#include <cuda_runtime.h>

#define DECL_TILE(name, w) __shared__ float name[w][w]
#define DECL_ROWS(name, h, w) __shared__ float name[h][w]
#define DECL_FIXED __shared__ float fixed[32][32]

__global__ void squareMacro(float *out) {
  DECL_TILE(tile, 32);
  // CHECK-FIXES: {{^}}  DECL_TILE(tile, 32);
  tile[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 'tile': its innermost extent is an argument of the macro 'DECL_TILE', which uses it 2 times; padding the argument would change more than this extent; padding its rows by 1 element would take it from 32-way to 1-way
}

__global__ void rowsMacro(float *out) {
  DECL_ROWS(rows, 32, 32);
  // CHECK-FIXES: {{^}}  DECL_ROWS(rows, 32, 33);
  rows[threadIdx.y][threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'rows' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: pad the innermost dimension of 'rows' by 1 element ('32' -> '33'): 32-way -> 1-way over all 2 accesses, +128 bytes (4224 bytes of static shared memory)
}

__global__ void wholeMacro(float *out) {
  DECL_FIXED;
  // CHECK-FIXES: {{^}}  DECL_FIXED;
  out[threadIdx.x] = fixed[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'fixed' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: no padding fix-it for 'fixed': its innermost extent is written inside the macro 'DECL_FIXED'; padding its rows by 1 element would take it from 32-way to 1-way
}

void run(float *out) {
  squareMacro<<<1, dim3(32, 8)>>>(out);
  rowsMacro<<<1, dim3(32, 8)>>>(out);
  wholeMacro<<<1, dim3(32, 8)>>>(out);
}
