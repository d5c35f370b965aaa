// Sequential-addressing reduction with an unrolled last warp through a
// volatile pointer alias: consecutive lanes always read consecutive words.
#include <cuda_runtime.h>

#define BLOCK 256

__device__ void warpReduce(volatile float *vs, unsigned tid) {
  vs[tid] += vs[tid + 32];
  // consecutive words
  vs[tid] += vs[tid + 16];
  // consecutive words
  vs[tid] += vs[tid + 8];
  // consecutive words
  vs[tid] += vs[tid + 4];
  // consecutive words
  vs[tid] += vs[tid + 2];
  // consecutive words
  vs[tid] += vs[tid + 1];
  // consecutive words
}

__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  // consecutive words
  __syncthreads();
  for (unsigned s = BLOCK / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    // consecutive words
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(sdata, tid);
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
  // one active lane
}

void reduce(const float *in, float *out, int blocks) {
  reduceSequential<<<blocks, BLOCK>>>(in, out);
}
