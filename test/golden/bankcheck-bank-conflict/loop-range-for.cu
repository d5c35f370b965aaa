// A range-based for over a braced list of integers (ggml's flash attention:
// `for (int stride_k : {WARP_SIZE, WARP_SIZE/2, WARP_SIZE/4})`) is unrolled,
// one iteration per element, named in the notes. The lanes that leave it by
// a top-level `if (c) break;` sit out the later iterations. Over anything
// else, the loop is walked once, its variable an element not followed.
// CHECK-MESSAGES-NOT: out-of-bounds
#include <cuda_runtime.h>

#include <initializer_list>

__global__ void strides(float *out) {
  __shared__ float t[32][32];
  for (int stride : {32, 16, 8})
    t[threadIdx.x % stride][threadIdx.x / stride] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: in warp 0 (stride = 32), lanes 0, 1, …, 31 -> bank 0, words 0, 32, …, 992
  // CHECK-MESSAGES: note: mean 18.67 wavefronts per warp instruction over the block's warps and loop iterations
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x];
}

__global__ void leaves(float *out) {
  __shared__ float u[4 * 32];
  for (int half : {0, 1}) {
    u[threadIdx.y * 32 + threadIdx.x + half * 64] = 1.0f; // warps 2 and 3 only at half = 0
    if (threadIdx.y >= 2)
      break;
  }
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x];
}

// Over an array: walked once, its variable one unknown element, the same
// for every lane (the array is outside any function): a column store is
// 32-way whatever the element.
__constant__ int columns[3] = {0, 1, 2};

__global__ void overArray(float *out) {
  __shared__ float c[32][32];
  for (int col : columns)
    c[threadIdx.x][col] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 'c' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int col : columns)
    c[col][threadIdx.x] = 2.0f; // a row: clean for any element
  __syncthreads();
  out[threadIdx.x] = c[0][threadIdx.x];
}

void run(float *out) {
  strides<<<1, 32>>>(out);
  leaves<<<1, dim3(32, 4)>>>(out);
  overArray<<<1, 32>>>(out);
}
