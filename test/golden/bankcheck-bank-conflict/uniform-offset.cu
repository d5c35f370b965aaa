// Warp-uniform unknowns (kernel parameters, blockIdx): a uniform shift of a
// conflict-free pattern stays clean, a uniform shift of a conflicting one
// stays conflicting; an unknown stride is only a possible conflict.
#include <cuda_runtime.h>

__global__ void offsets(float *out, int n, int stride) {
  __shared__ float tile[8][128];
  __shared__ float s[4096];
  int tx = threadIdx.x, ty = threadIdx.y;
  float v = tile[ty][tx + n];
  // consecutive words from any start
  v += s[tx * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when {{.*}}stride = {{[0-9]+}}{{.*}} [bankcheck-bank-conflict]
  v += s[tx + 32 * n];
  // consecutive words
  v += s[(tx + n) * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tx * 2 + n];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tx + blockIdx.x];
  // consecutive words
  v += s[tx * blockIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: possible 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1): conflicts when {{.+}} [bankcheck-bank-conflict]
  out[ty * 32 + tx] = v;
}

void run(float *out, int n, int stride) {
  offsets<<<16, dim3(32, 8)>>>(out, n, stride);
}
