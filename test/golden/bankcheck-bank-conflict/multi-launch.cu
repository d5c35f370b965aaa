// One kernel launched with several block shapes: each launch configuration is
// analysed and reported on its own. The (1, 32) launch reads one row: clean.
#include <cuda_runtime.h>

__global__ void readColumn(float *out) {
  __shared__ float t[32][32];
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:41: warning: 32-way bank conflict on shared load of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:41: note: also in {{[0-9]+}} other kernel instantiation
  // (one warning per place: 8-way bank conflict on shared load of 't' (8 wavefronts, ideal 1))
}

void run(float *out) {
  readColumn<<<1, 32>>>(out);
  readColumn<<<1, dim3(16, 2)>>>(out);
  readColumn<<<1, dim3(8, 4)>>>(out);
  readColumn<<<1, dim3(1, 32)>>>(out);
}
