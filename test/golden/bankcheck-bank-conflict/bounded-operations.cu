// A value the analysis cannot follow that is computed from bounded operands
// keeps the bounds the operation gives them (the rules of Symbolic/Range.cpp):
// a loaded byte shifted right by 5 is below 8, divided by 64 below 4. The
// lanes' scaling takes only those values, so the worst case named is one the
// code can reach (each was told "possible 32-way when ... = 32" before).
#include <cuda_runtime.h>

__global__ void byteShift(float *out, const unsigned char *g) {
  __shared__ float t[4096];
  unsigned char c = g[blockIdx.x];
  t[threadIdx.x * (c >> 5)] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 4-way bank conflict on shared store of 't' (4 wavefronts, ideal 1): conflicts when (load#{{[0-9]+}}(blockIdx.x) >> 5) = 4 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in warp 0 with (load#{{[0-9]+}}(blockIdx.x) >> 5) = 4, lanes 0, 8, 16, 24 -> bank 0, words 0, 32, 64, 96
  out[threadIdx.x] = t[threadIdx.x];
}

__global__ void byteQuotient(float *out, const unsigned char *g) {
  __shared__ float t[8192];
  t[threadIdx.x * (g[0] / 64)] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when (load#{{[0-9]+}}(0) / 64) = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A choice keeps the bounds of both its operands: [0, 3] here.
__global__ void choiceOfByte(float *out, const unsigned char *g, int n) {
  __shared__ float t[4096];
  int k = n < 3 ? (g[0] >> 6) : 1;
  t[threadIdx.x * k] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when ((n < 3) ? (load#{{[0-9]+}}(0) >> 6) : 1) = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A product of two masks is in [0, 21] (7 * 3). Bounds are intervals: 16 lies
// inside, though no product of a value in [0, 7] and one in [0, 3] is 16, so
// the worst case named is above the one the code reaches (4-way, at 8). It
// was 32-way at 32 before.
__global__ void maskProduct(float *out, int n, int m) {
  __shared__ float t[8192];
  int k = (n & 7) * (m & 3);
  t[threadIdx.x * k] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 16-way bank conflict on shared store of 't' (16 wavefronts, ideal 1): conflicts when ((n & 7) * (m & 3)) = 16 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// An odd quotient never conflicts: a byte divided by 128 is 0 or 1
// (a broadcast, or one word per lane).
__global__ void byteHalf(float *out, const unsigned char *g) {
  __shared__ float t[4096];
  t[threadIdx.x * (g[0] >> 7)] = 1.0f;
  out[threadIdx.x] = t[threadIdx.x];
}

void launch(float *o, const unsigned char *g, int q) {
  byteShift<<<1, 32>>>(o, g);
  byteQuotient<<<1, 32>>>(o, g);
  choiceOfByte<<<1, 32>>>(o, g, q);
  maskProduct<<<1, 32>>>(o, q, q);
  byteHalf<<<1, 32>>>(o, g);
}
