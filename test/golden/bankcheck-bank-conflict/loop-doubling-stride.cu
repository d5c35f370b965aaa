// Strides that double or halve in a loop (s *= 2, s <<= 1, s >>= 1).
#include <cuda_runtime.h>

__global__ void doubling(float *out) {
  __shared__ float buf[32 * 32];
  int tid = threadIdx.x;
  float v = 0.f;
  for (int s = 1; s <= 16; s *= 2)
    v += buf[tid * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 16-way bank conflict on shared load of 'buf' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int s = 1; s < 32; s <<= 1)
    v += buf[(tid * s) % 32];
  // all indices in words 0-31: one word per bank, repeats are broadcasts
  for (int s = 64; s > 0; s >>= 1)
    if (tid < s)
      v += buf[tid * (64 / s)];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on shared load of 'buf' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[tid] = v;
}

void run(float *out) {
  doubling<<<1, 32>>>(out);
}
