// Shared-memory histogram. The bin comes from the data, so its atomic cannot
// be decided (remark). Clearing and flushing the bins walk them in order.
// Atomics with thread-computed addresses follow the same bank rule.
#include <cuda_runtime.h>

#define BINS 256

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned hist[BINS];
  for (int i = threadIdx.x; i < BINS; i += blockDim.x)
    hist[i] = 0;
  // consecutive words
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&hist[data[i]], 1u);
  // CHECK-REMARKS: :[[@LINE-1]]:5: remark: cannot decide bank conflicts of shared atomic of 'hist': {{.+}} [bankcheck-bank-conflict]
  __syncthreads();
  for (int i = threadIdx.x; i < BINS; i += blockDim.x)
    atomicAdd(&bins[i], hist[i]);
  // hist[i]: consecutive words; the atomic is on global memory
}

__global__ void laneCounters(unsigned *out) {
  __shared__ unsigned counters[32 * 32];
  __shared__ unsigned perWarp[8][33];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  atomicAdd(&counters[lane * 32], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared atomic of 'counters' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  atomicAdd(&perWarp[warp][lane], 1u);
  // one row: consecutive words
  __syncthreads();
  out[threadIdx.x] = counters[threadIdx.x] + perWarp[warp][lane];
  // consecutive words; one row of perWarp
}

void run(const unsigned char *data, unsigned *bins, unsigned *out, int n) {
  histogram<<<64, 256>>>(data, bins, n);
  laneCounters<<<1, 256>>>(out);
}
