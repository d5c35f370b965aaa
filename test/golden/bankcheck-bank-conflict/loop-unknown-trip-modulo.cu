// A counter with an unknown trip count, reduced modulo the row count: for
// every value of k the warp reads one row, 32 consecutive words. Decidable
// (clean) for all k; no remark expected.
#include <cuda_runtime.h>

__global__ void moduloRow(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k = 0; k < n; k += 2)
    acc += tile[k % 32][tx];
  // row walk for any k: consecutive words
  for (int k = 0; k < n; ++k)
    acc += tile[(k + ty) & 31][tx];
  // row walk for any k: consecutive words
  out[ty * 32 + tx] = acc;
}

void run(float *out, int n) {
  moduloRow<<<1, dim3(32, 8)>>>(out, n);
}
