// Wide shared-memory accesses: float4 loads run in quarter-warp phases, double
// in half-warp phases. A float4 column walk with 4 floats of padding is still a
// conflict; the histogram's per-warp sub-histograms use atomics on shared memory.
#include <cuda_runtime.h>

__global__ void float4Rows(float4 *out) {
  __shared__ float buf[64][32];
  int tid = threadIdx.x;
  // Row-wise float4: lanes 0..7 cover one 128-byte row: conflict-free.
  float4 v = reinterpret_cast<float4 *>(&buf[0][0])[tid];
  // Column-wise float4: each lane starts a new 128-byte row: 8-way per phase.
  float4 w = *reinterpret_cast<float4 *>(&buf[tid][0]);
  out[tid] = make_float4(v.x + w.x, v.y + w.y, v.z + w.z, v.w + w.w);
}

__global__ void doubles(double *out) {
  __shared__ double d[32][32];
  int tid = threadIdx.x;
  d[tid][0] = tid;          // column of doubles: 16-way per half-warp
  __syncwarp();
  out[tid] = d[0][tid];     // row of doubles: 2 wavefronts, the ideal
}

__global__ void histogram(const unsigned char *data, unsigned *bins, int n) {
  __shared__ unsigned local[8][256];
  int warp = threadIdx.x / 32;
  for (int i = threadIdx.x; i < 8 * 256; i += blockDim.x)
    local[i / 256][i % 256] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    atomicAdd(&local[warp][data[i]], 1u);
  __syncthreads();
}

void run(float4 *a, double *b, const unsigned char *data, unsigned *bins, int n) {
  float4Rows<<<1, 32>>>(a);
  doubles<<<1, 32>>>(b);
  histogram<<<64, 256>>>(data, bins, n);
}
