// A value loaded from a warp-uniform address (idx[blockIdx.x], and
// idx[threadIdx.y] with blockDim.x = 32) is itself warp-uniform, so adding it
// to a conflict-free pattern keeps it conflict-free: no diagnostic, no remark.
#include <cuda_runtime.h>

__global__ void uniformLoads(const int *idx, float *out) {
  __shared__ float s[4096];
  __shared__ float tile[8][32];
  int tid = threadIdx.x;
  int base = idx[blockIdx.x];
  float v = s[base + tid];
  // uniform base + lane: consecutive words
  v += tile[idx[threadIdx.y] & 7][tid];
  // one row per warp, row chosen by a uniform load
  out[tid] = v;
}

void run(const int *idx, float *out) {
  uniformLoads<<<4, dim3(32, 8)>>>(idx, out);
}
