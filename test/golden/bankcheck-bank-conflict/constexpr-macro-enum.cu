// Index constants from constexpr variables and functions, macros and enums.
#include <cuda_runtime.h>

#define PAD 1
constexpr int STRIDE = 32;
constexpr int kFour = 4;
constexpr int sq(int x) { return x * x; }
enum { Wide = 33 };
enum class Layout : int { Row = 1, Col = 8 };

__global__ void constants(float *out) {
  __shared__ float s[32 * 33];
  int tid = threadIdx.x;
  float v = s[tid * STRIDE];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tid * (STRIDE + PAD)];
  // stride 33: 32 distinct banks
  v += s[tid * kFour];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tid * sq(4)];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tid * Wide];
  // stride 33: 32 distinct banks
  v += s[tid * static_cast<int>(Layout::Col)];
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  v += s[tid * static_cast<int>(Layout::Row)];
  // stride 1: consecutive words
  out[tid] = v;
}

void run(float *out) {
  constants<<<1, 32>>>(out);
}
