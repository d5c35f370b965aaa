// A uniform value the analysis cannot follow, seen through a mask or a
// remainder (`n & 3`, `n % 4`), stays inside what that operation gives: the
// scaling of the lanes is 0, 1, 2 or 3, never 32. The worst such value is a
// 2-way conflict (2: lanes 0 and 16 on words 0 and 32), not a 32-way one.
// So does a value loaded as a narrow type (a bool is 0 or 1).
#include <cuda_runtime.h>

__global__ void maskScale(float *out, int n) {
  __shared__ float t[1024];
  t[threadIdx.x * (n & 3)] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when (n & 3) = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

__global__ void maskScaleLocal(float *out, int n) {
  __shared__ float t[1024];
  int m = n & 3;
  t[threadIdx.x * m] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when (n & 3) = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

__global__ void remainderScale(float *out, unsigned n) {
  __shared__ float t[1024];
  t[threadIdx.x * (n % 4)] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when (n % 4) = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A remainder of a signed value may be negative (-3 .. 3), which takes lanes
// above 0 outside the array: no execution has it. The samples of n find the
// worst one.
__global__ void signedRemainderScale(float *out, int n) {
  __shared__ float t[1024];
  t[threadIdx.x * (n % 4)] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1): conflicts when n = 2 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A mask of 31 allows 32: still only a 32-way conflict where the value is a
// multiple of 32 inside the mask's range, which 0 .. 31 is not (16: 16-way).
__global__ void wideMask(float *out, int n) {
  __shared__ float t[1024];
  t[threadIdx.x * (n & 31)] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 16-way bank conflict on shared store of 't' (16 wavefronts, ideal 1): conflicts when (n & 31) = 16 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// The parity of the block: 0 or 1, so the lanes are 0 or 16 words apart
// (16-way in odd blocks; it was told "when (blockIdx.x & 1) = 2", 32-way).
__global__ void blockParity(float *out) {
  __shared__ float t[1024];
  t[threadIdx.x * (blockIdx.x & 1) * 16] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 16-way bank conflict on shared store of 't' (16 wavefronts, ideal 1): conflicts when (blockIdx.x & 1) = 1 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A choice between 1 and 2 scales the lanes by 16 or 32 words: a conflict
// at every n (16-way, or 32-way where n > 3), the worst shown. With no
// bounds on the choice, 0 (a broadcast) was allowed and it was "possible".
__global__ void choiceScale(float *out, int n) {
  __shared__ float t[2048];
  int w = (n > 3) ? 2 : 1;
  t[threadIdx.x * w * 16] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in warp 0 with ((3 < n) ? 2 : 1) = 2, lanes 0, 1, …, 31 -> bank 0, words 0, 32, …, 992
  out[threadIdx.x] = t[threadIdx.x];
}

// A value loaded as bool is 0 or 1: at 0 every lane reads word 0 (a
// broadcast), at 1 the lanes are 33 words apart. No value makes a conflict
// (the load was told "possible 2-way when load#1(0) = 2").
__global__ void loadedFlag(float *out, const bool *flag) {
  __shared__ float t[2048];
  bool f = flag[0];
  t[threadIdx.x * 33 * f] = 2.0f;
  out[threadIdx.x] = t[threadIdx.x];
}

// A loaded unsigned char reaches 32: lanes 32 words apart.
__global__ void loadedByte(float *out, const unsigned char *d) {
  __shared__ float t[8192];
  unsigned char c = d[0];
  t[threadIdx.x * c] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1): conflicts when load#{{[0-9]+}}(0) = 32 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

// A global `unsigned char` under a guard that names it: it takes each of its
// 256 values, not the samples (it was told "possible 32-way when g#1 = 256",
// a value the byte never holds): 224 = 7 * 32 is the 32-way one.
__device__ unsigned char globalByte;
__global__ void globalByteGuarded(float *out) {
  __shared__ float t[8192];
  unsigned char c = globalByte;
  if (c > 200)
    t[threadIdx.x * c] = 2.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 32-way bank conflict on shared store of 't' (32 wavefronts, ideal 1): conflicts when globalByte#{{[0-9]+}} = 224 [bankcheck-bank-conflict]
  out[threadIdx.x] = t[threadIdx.x];
}

void launch(float *o, int q) {
  maskScale<<<1, 32>>>(o, q);
  maskScaleLocal<<<1, 32>>>(o, q);
  remainderScale<<<1, 32>>>(o, q);
  signedRemainderScale<<<1, 32>>>(o, q);
  wideMask<<<1, 32>>>(o, q);
  blockParity<<<2, 32>>>(o);
  choiceScale<<<1, 32>>>(o, q);
  loadedFlag<<<1, 32>>>(o, (const bool *)o);
  loadedByte<<<1, 32>>>(o, (const unsigned char *)o);
  globalByteGuarded<<<1, 32>>>(o);
}
