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
  // 64 bits wrap back too (the value is held as its bits read as signed): clean
  out[3] = s[3][(z + 1) / 2 * 2];
  // z + 1 is threadIdx.x, never below zero: the division is exact; lane pairs share a word, clean
  out[4] = s[4][z / 2 % 32];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'z / 2' can wrap below zero in 64-bit unsigned arithmetic; not modelled [bankcheck-bank-conflict]
  out[5] = s[5][z < 8 ? 0 : 1];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'z < 8' can wrap below zero in 64-bit unsigned arithmetic; not modelled [bankcheck-bank-conflict]
}

// A stage index that may be negative, scaled by sizeof: the shared address
// is the same bits whether or not the 64-bit product wrapped.
__global__ void wrappedStageOffset(float *out, int n) {
  __shared__ float t[64][33];
  int stage = (n - 3 + (int)threadIdx.y) % 2; // -1, 0 or 1
  int lane = threadIdx.x;
  unsigned base = __cvta_generic_to_shared(&t[1][0]);
  unsigned a = base + (stage * 33 + lane * 33) * sizeof(float);
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a));
  // rows of 33 words: clean for every stage
  out[threadIdx.x] = v;
}

void run(float *out) {
  wraps<<<1, 32>>>(out);
  wrapsBack<<<1, 32>>>(out);
}

void runStages(float *out, int n) { wrappedStageOffset<<<1, dim3(32, 2)>>>(out, n); }
