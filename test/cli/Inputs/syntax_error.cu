#include <cuda_runtime.h>
__global__ void broken(float *out) {
  __shared__ float tile[32];
  out[0] = tile[threadIdx.x]
}
