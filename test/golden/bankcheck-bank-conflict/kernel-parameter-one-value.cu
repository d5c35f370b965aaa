// A kernel parameter is one value however the walk first reads it: read
// first on the right of `||` (only on the lanes where the left is false),
// it is the same value in the body, in the helper it is passed to and in
// the witness of a possible conflict (tiny-cuda-nn's fused MLP: `if (layout
// == col_major || in_width != WIDTH) input_layer(..., in_width, ...)`; the
// witness named 'in_width' twice, with two values, one for each read).
#include <cstdint>
#include <cuda_fp16.h>

template <uint32_t WIDTH>
__device__ void inputLayer(__half *__restrict__ sh, const __half *__restrict__ w, const uint32_t in_width) {
  const uint32_t first = (threadIdx.x + threadIdx.y * 32) * 8;
  for (uint32_t idx = first; idx < WIDTH * in_width; idx += 2048) {
    const uint32_t skewed = idx + idx / in_width * 8;
    *(int4 *)&sh[skewed] = *(const int4 *)&w[idx];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 3-way bank conflict on shared store of 'shmem' (12 wavefronts, ideal 4): conflicts when iteration@13 = 0, in_width = 5 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: note: in warp 0 (any iteration of the loop at line 13) with iteration@13 = 0, in_width = 5, lanes
  }
}

template <uint32_t WIDTH>
__global__ void fused(const __half *w, const uint32_t in_width, int layout) {
  extern __shared__ __half shmem[];
  if (layout == 1 || in_width != WIDTH)
    inputLayer<WIDTH>(shmem, w, in_width);
}

void run(const __half *w, int layout, unsigned in_width) {
  fused<128><<<1, dim3(32, 8)>>>(w, in_width, layout);
}
