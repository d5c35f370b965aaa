// Loops whose trip count is a kernel parameter: the counter is warp-uniform,
// so the verdict holds for every iteration.
#include <cuda_runtime.h>

__global__ void unknownTrip(float *out, int n) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k = 0; k < n; ++k)
    acc += tile[ty][k];
  // one word per warp: broadcast
  for (int k = 0; k < n; ++k)
    acc += tile[tx][k];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int k = 0; k < n; ++k)
    acc += tile[k][tx];
  // row walk
  out[ty * 32 + tx] = acc;
}

void run(float *out, int n) {
  unknownTrip<<<1, dim3(32, 8)>>>(out, n);
}
