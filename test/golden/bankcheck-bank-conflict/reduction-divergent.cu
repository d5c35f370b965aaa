// The first CUDA reduction sample: divergent, but free of bank conflicts.
// Active lanes are tid % (2 * s) == 0 and read sdata[tid], sdata[tid + s]:
// distinct words on distinct banks (s = 1: even lanes on even banks).
#include <cuda_runtime.h>

__global__ void reduceDivergent(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 256 + tid];
  // consecutive words
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    // active lanes 2*s apart: at most one word per bank
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
  // one active lane
}

void reduce(const float *in, float *out, int blocks) {
  reduceDivergent<<<blocks, 256>>>(in, out);
}
