// Hillis-Steele inclusive scan with a double buffer. The buffer halves are
// picked by pin/pout, which flip every iteration; every access is lane-
// consecutive with a warp-uniform offset, so nothing conflicts.
#include <cuda_runtime.h>

#define N 256

__global__ void hillisSteele(const float *in, float *out) {
  __shared__ float temp[2 * N];
  int tid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[pout * N + tid] = in[tid];
  // consecutive words
  __syncthreads();
  for (int offset = 1; offset < N; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (tid >= offset)
      temp[pout * N + tid] = temp[pin * N + tid] + temp[pin * N + tid - offset];
    // consecutive words, uniform shift by offset
    else
      temp[pout * N + tid] = temp[pin * N + tid];
    // consecutive words
    __syncthreads();
  }
  out[tid] = temp[pout * N + tid];
  // consecutive words
}

void scan(const float *in, float *out) {
  hillisSteele<<<1, N>>>(in, out);
}
