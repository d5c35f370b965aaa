// A while loop with an unknown trip count: tile[tx][k & 31] puts all 32 lanes
// on bank k & 31 with 32 distinct words for EVERY value of k, so the conflict
// is proven (like the equivalent for loop), not merely possible.
#include <cuda_runtime.h>

__global__ void whileColumn(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  int k = 0;
  while (k < n) {
    acc += tile[tx][k & 31];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    k += 3;
  }
  out[ty * 32 + tx] = acc;
}

void run(float *out, int n) {
  whileColumn<<<1, dim3(32, 8)>>>(out, n);
}
