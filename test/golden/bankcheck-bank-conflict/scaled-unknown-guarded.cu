// Lanes scaled by an unknown uniform value (`tid * n`): the exact rule ranges
// n over every value (its residues modulo 128 bytes and the values where two
// lanes meet), right when nothing limits n. Under a guard that names n the
// worst of those values may be one the guard excludes: `n < 8` over
// `tid * (n / 2)` was a 32-way conflict "when (n / 2) = 32", a value no
// execution reaching the store has. There the offset's unknowns are sampled
// and a sample is a witness only where the guard's conjuncts it decides hold.
#include <cuda_runtime.h>

__global__ void scaled(float *out, int n, const int *flag) {
  __shared__ float s[4096];
  // n / 2 is at most 3 here (and not negative: a lane would be outside s):
  // 2-way at n = 4 (stride 2 words), clean at 2 and 6, a broadcast at 0.
  if (n < 8 && flag[blockIdx.x])
    s[threadIdx.x * (n / 2)] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1): conflicts when n = 4 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in warp 0 with n = 4, lanes 0, 16 -> bank 0, words 0, 32
  if (n == 2 || n == 6)
    s[threadIdx.x * n + 2] = 3.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1): conflicts when n = 2 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: in warp 0 with n = 2, lanes 15, 31 -> bank 0, words 32, 64
  // The witness obeys the guard (n = 96, not the smallest 32-way n, 32).
  if (n > 64)
    s[threadIdx.x * n + 3] = 3.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1): conflicts when n = 96 [bankcheck-bank-conflict]
  // A guard that does not name n leaves the exact rule its every value.
  if (flag[blockIdx.x] > 0)
    s[threadIdx.x * n + 5] = 4.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1): conflicts when n = 32 [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launch(float *o, int n, const int *f) { scaled<<<1, 32>>>(o, n, f); }

// The variable's size bounds the unknown too: 32 lanes at tid * n inside 64
// floats leave n = 0, 1 or 2 (past that lane 31 is outside `s`, no
// execution); the worst of those is 2-way at n = 2, not 32-way at n = 32.
__global__ void scaledSmall(float *out, int n) {
  __shared__ float s[64];
  s[threadIdx.x * n] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1): conflicts when n = 2 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in warp 0 with n = 2, lanes 0, 16 -> bank 0, words 0, 32
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void launchSmall(float *o, int n) { scaledSmall<<<1, 32>>>(o, n); }
