// Block reduction whose warps reduce with shuffles and meet in shared memory.
// One lane per warp writes its sum (clean); a per-lane table partial[lane][warp]
// with 8 floats per row is 8-way, with 9 floats per row clean.
#include <cuda_runtime.h>

__inline__ __device__ float warpSum(float v) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}

__global__ void blockSum(const float *in, float *out) {
  __shared__ float warpSums[8];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = warpSum(in[blockIdx.x * 256 + threadIdx.x]);
  if (lane == 0)
    warpSums[warp] = v;
  // one active lane per warp
  __syncthreads();
  if (warp == 0) {
    v = lane < 8 ? warpSums[lane] : 0.f;
    // eight consecutive words
    v = warpSum(v);
    if (lane == 0)
      out[blockIdx.x] = v;
  }
}

__global__ void perLaneTable(const float *in, float *out) {
  __shared__ float partial[32][8];
  __shared__ float padded[32][9];
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  float v = in[blockIdx.x * 256 + threadIdx.x];
  partial[lane][warp] = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 8-way bank conflict on shared store of 'partial' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  padded[lane][warp] = v;
  // rows of 9 words: lane l on bank (9 * l + warp) % 32, all distinct
}

void run(const float *in, float *out, int blocks) {
  blockSum<<<blocks, 256>>>(in, out);
  perLaneTable<<<blocks, 256>>>(in, out);
}
