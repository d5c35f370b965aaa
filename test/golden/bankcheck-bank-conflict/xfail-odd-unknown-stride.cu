// XFAIL: s[tid * (2 * n + 1)]: the stride is odd for every n, and an odd
// stride maps 32 lanes onto 32 distinct banks. Expected: clean, proven for
// all n (no diagnostic, no remark); the analyzer samples n and gives a remark.
#include <cuda_runtime.h>

__global__ void oddStride(float *out, int n) {
  __shared__ float s[4096];
  int tid = threadIdx.x;
  out[tid] = s[(tid * (2 * n + 1)) & 4095];
  // odd stride: tid * odd is a permutation of the banks
}

void run(float *out, int n) {
  oddStride<<<1, 32>>>(out, n);
}
