#include <cuda_runtime.h>
#include <cuda_fp16.h>
// bankcheck: block-dim(32)
__global__ void halves(__half *out) {
  __shared__ __half h[64][64];
  out[threadIdx.x] = h[threadIdx.x][0];
}
