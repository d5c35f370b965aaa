// Accesses the compiler merges: nvcc -O3 issues adjacent scalar loads as one
// vector load, and the hardware serves that by the vector's rule. With the
// compiler's PTX (here recorded: `nvcc -ptx -O3 -lineinfo -arch=sm_90` of this
// file, test/golden/inputs/compiled-widths.ptx) the merged access is judged;
// without it (--widths=source, or no nvcc) each source access is, and the
// first two lines below would be 2-way and 4-way conflicts. The compiler merges
// only what it can prove aligned: hence __align__(16) on the arrays.
// RUN-ARGS: --ptx=%S/../inputs/compiled-widths.ptx
#include <cuda_runtime.h>

__global__ void pairs(const float *in, float *out) {
  __shared__ __align__(16) float s[64];
  __shared__ __align__(16) float buf[128];
  int t = threadIdx.x;
  s[t] = in[t];
  s[t + 32] = in[t + 32];
  for (int i = 0; i < 4; ++i)
    buf[4 * t + i] = in[4 * t + i];
  __syncthreads();
  float v = s[2 * t] + s[2 * t + 1];
  // one 8-byte LDS.64 per lane: conflict-free (source widths: two 2-way loads)
  for (int i = 0; i < 4; ++i)
    v += buf[4 * t + i];
  // one 16-byte LDS.128: 4 wavefronts, its ideal (source widths: four 4-way loads)
  out[t] = v;
}

__global__ void column(float *out) {
  __shared__ __align__(16) float m[32][32];
  int t = threadIdx.x;
  m[t][0] = t, m[t][1] = t;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared store of 'm' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  __syncthreads();
  out[t] = m[t][0] + m[t][1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 16-way bank conflict on shared load of 'm' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
}

void run(const float *in, float *out) {
  pairs<<<1, 32>>>(in, out);
  column<<<1, 32>>>(out);
}
