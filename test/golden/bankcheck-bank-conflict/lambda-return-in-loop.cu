// A `return` inside a lambda returns from the lambda, not from the loop that
// holds it: the loop has no early exit and is unrolled. It was walked with a
// symbolic counter instead ("possible 4-way when iteration@N = 3", mean 4.00
// wavefronts, assuming the loop's condition for every lane).
#include <cuda_runtime.h>

__global__ void lambdaInLoop(float *out) {
  __shared__ float t[1024];
  for (int j = 0; j < 4; ++j) {
    auto scale = [](int k) {
      if (k > 2)
        return 4;
      return k + 1;
    };
    t[threadIdx.x * scale(j)] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 4-way bank conflict on shared store of 't' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in warp 0 (j = 3), lanes 0, 8, 16, 24 -> bank 0, words 0, 32, 64, 96
    // CHECK-MESSAGES: :[[@LINE-3]]:5: note: mean 2.00 wavefronts per warp instruction over the block's warps and loop iterations
  }
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

// A break inside a nested loop leaves only that loop: the outer one is
// unrolled as well.
__global__ void breakInInnerLoop(float *out, const int *flags) {
  __shared__ float t[1024];
  for (int j = 0; j < 2; ++j) {
    for (int k = 0; k < 8; ++k)
      if (flags[k])
        break;
    t[threadIdx.x * (j + 1)] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in warp 0 (j = 1), lanes 0, 16 -> bank 0, words 0, 32
  }
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x];
}

void launch(float *o, const int *f) {
  lambdaInLoop<<<1, 32>>>(o);
  breakInInnerLoop<<<1, 32>>>(o, f);
}
