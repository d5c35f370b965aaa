// Block-wide sum reductions. The interleaved version indexes shared memory with
// a stride that doubles every step (2-way, 4-way, ... conflicts); the
// sequential-addressing version keeps consecutive lanes on consecutive words.
#include <cuda_runtime.h>

#define BLOCK 256

__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned s = 1; s < BLOCK; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < BLOCK)
      sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float sdata[BLOCK];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * BLOCK + tid];
  __syncthreads();
  for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

void reduce(const float *in, float *out, int blocks) {
  reduceInterleaved<<<blocks, BLOCK>>>(in, out);
  reduceSequential<<<blocks, BLOCK>>>(in, out);
}
