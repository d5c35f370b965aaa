// Unsigned arithmetic wraps around as on the device: threadIdx.x - 1 is
// 4294967295 at thread 0, not -1; narrower types keep their low bits, and an
// int reads the wrapped bits back as the signed value.
#include <cuda_runtime.h>

__global__ void wraps(float *out) {
  __shared__ float s[32][32];
  unsigned tx = threadIdx.x;
  unsigned u = tx - 1;
  if (u < 16)
    out[0] = s[tx][0];
  // lanes 1-16 (lane 0 has u = 4294967295)
  // CHECK-MESSAGES: :[[@LINE-2]]:14: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  unsigned w = threadIdx.x - 1;
  out[1] = s[w / 134217728][0];
  // lane 0 reads row 31, the others row 0
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  unsigned char c = threadIdx.x * 16;
  out[2] = s[c / 16][0];
  // c keeps 8 bits: rows 0-15, twice
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void wrapsBack(float *out) {
  __shared__ float s[32][32];
  int i = threadIdx.x - 1;
  out[0] = s[0][i + 1];
  // -1 + 1 at thread 0: a row, clean
  unsigned v = threadIdx.x + 4294967295u;
  out[1] = s[1][v + 1];
  // v + 1 wraps back to threadIdx.x: a row, clean, inside the array
  unsigned long long z = threadIdx.x - 1ull;
  out[2] = s[2][z + 1];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'threadIdx.x - 1ull' can wrap below zero in 64-bit unsigned arithmetic; not modelled [bankcheck-bank-conflict]
}

void run(float *out) {
  wraps<<<1, 32>>>(out);
  wrapsBack<<<1, 32>>>(out);
}
