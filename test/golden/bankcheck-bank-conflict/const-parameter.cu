// A const-qualified scalar kernel parameter in an index is a warp-uniform
// unknown (it once crashed the analysis): a lane stride that is such a
// parameter is a possible conflict, named with a triggering value.
#include <cuda_runtime.h>

__global__ void strided(float *out, const int d, const unsigned pitch) {
  __shared__ float s[4096];
  s[threadIdx.x * d] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1): conflicts when d = {{[0-9]+}} [bankcheck-bank-conflict]
  out[0] = s[threadIdx.x + pitch];
  // a uniform offset only rotates the banks: proven clean for every pitch
}

void run(float *out, int d, unsigned pitch) {
  strided<<<1, 32>>>(out, d, pitch);
}
