// Lanes that return inside a nested block, an else-branch or a switch do not
// run what follows: the accesses after it count only the lanes left. Where
// which lanes returned is not known (a kernel parameter, a loop's early
// exit), the analysis assumes they did not, and says so.
#include <cuda_runtime.h>

__global__ void returnInElse(float *out) {
  __shared__ float tile[32][32];
  if (threadIdx.x < 16) {
    out[0] = 1;
  } else {
    return;
  }
  out[threadIdx.x] = tile[threadIdx.x][0]; // lanes 0-15
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 'tile'
}

template <class Tile> __device__ float firstHalf(Tile t) {
  if (threadIdx.x >= 16) {
    if (threadIdx.x != 99)
      return 0.f;
  }
  return t[threadIdx.x][1]; // lanes 0-15
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on shared load of 'tile'
}

__global__ void inHelper(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = firstHalf(tile);
}

__global__ void notKnown(float *out, int n) {
  __shared__ float tile[32][32];
  if (threadIdx.x >= 16) {
    if (n >= 0)
      return;
  }
  out[threadIdx.x] = tile[threadIdx.x][2];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'tile'
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: assuming the condition '!(threadIdx.x >= 16 && n >= 0)' holds for every lane
}

void run(float *out, int n) {
  returnInElse<<<1, 32>>>(out);
  inHelper<<<1, 32>>>(out);
  notKnown<<<1, 32>>>(out, n);
}
