// Lanes that leave a loop early come back with the values they left with:
// those whose condition fails first (a trip count that differs by lane),
// those that `continue` (at the next iteration), those that `break` (after
// the loop). A value the other lanes go on to set is not theirs: each of
// these loads was shown clean, a uniform value read by every lane, where
// the lanes read different words of bank 0.
#include <cuda_runtime.h>

// Lane t's loop runs t times: m is t - 1 (0 for lanes 0 and 1).
__global__ void tripByLane(float *out) {
  __shared__ float s[64 * 32];
  int m = 0;
  for (int k = 0; k < (int)threadIdx.x; ++k)
    m = k;
  out[threadIdx.x] = s[m * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 31-way bank conflict on shared load of 's' (31 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// A block-stride loop: lanes 0-3 run four iterations, the others three.
__global__ void strideTail(float *out) {
  __shared__ float s[64 * 32];
  int last = 0;
  for (int i = threadIdx.x; i < 100; i += 32)
    last = i;
  out[threadIdx.x] = s[(last & 63) * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in warp 0, lanes 0, 1, …, 31 -> bank 0, words 128, 160, …, 1120
}

// Lanes 8-31 continue before setting m: it stays 0 there, 3 in lanes 0-7.
__global__ void continueUnrolled(float *out) {
  __shared__ float s[64 * 32];
  int m = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    if (threadIdx.x > 7)
      continue;
    m = k;
  }
  out[threadIdx.x] = s[m * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in warp 0, lanes 0, 1, …, 31 -> bank 0, words 0, 96
}

// Odd lanes continue from inside a switch: m stays 0 there, 3 in even lanes.
__global__ void continueInSwitch(float *out) {
  __shared__ float s[64 * 32];
  int m = 0;
#pragma unroll
  for (int k = 0; k < 4; ++k) {
    switch (threadIdx.x & 1) {
    case 1:
      continue;
    default:
      break;
    }
    m = k;
  }
  out[threadIdx.x] = s[m * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:22: note: in warp 0, lanes 0, 1, …, 31 -> bank 0, words 0, 96
}

// The same with a trip count not known: m differs by lane inside the loop
// (from its third iteration) and after it.
__global__ void continueSymbolic(float *out, int n) {
  __shared__ float s[64 * 32];
  int m = 0;
  float a = 0.f;
  for (int k = 0; k < n; ++k) {
    a += s[(m & 63) * 32];
    // CHECK-REMARKS: :[[@LINE-1]]:10: remark: cannot decide bank conflicts of shared load of 's': 'm' changes across iterations of the loop at line 70 [bankcheck-bank-conflict]
    if (threadIdx.x > 7)
      continue;
    m = k + 1;
  }
  out[threadIdx.x] = a + s[(m & 63) * 32];
  // CHECK-REMARKS: :[[@LINE-1]]:26: remark: cannot decide bank conflicts of shared load of 's': value of 'm' after the loop at line 70 [bankcheck-bank-conflict]
}

// Lanes 8-31 break at once with m = 0; lanes 0-7 finish with m = 15.
__global__ void breakByLane(float *out) {
  __shared__ float s[64 * 32];
  int m = 0;
  for (int k = 0; k < 16; ++k) {
    if (threadIdx.x > 7)
      break;
    m = k;
  }
  out[threadIdx.x] = s[(m & 63) * 32];
  // CHECK-REMARKS: :[[@LINE-1]]:22: remark: cannot decide bank conflicts of shared load of 's': value of 'm' after the loop at line 85 [bankcheck-bank-conflict]
}

// A break every lane takes together leaves m uniform: a broadcast.
__global__ void breakUniform(float *out, int n, int limit) {
  __shared__ float s[64 * 32];
  int m = 0;
  for (int k = 0; k < n; ++k) {
    if (k > limit)
      break;
    m = k;
  }
  out[threadIdx.x] = s[(m & 63) * 32];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{.*}}bank conflict
  // CHECK-REMARKS-NOT: :[[@LINE-2]]:{{.*}}cannot decide
}

// A float counter's condition reads a value every lane holds alike: the
// lanes leave together and idx stays one value (a broadcast).
__global__ void floatCounter(float *out) {
  __shared__ float s[64 * 32];
  int idx = 0;
  for (float j = -3; j <= 4; j++)
    idx++;
  out[threadIdx.x] = s[(idx & 63) * 32];
  // CHECK-MESSAGES-NOT: :[[@LINE-1]]:{{.*}}bank conflict
  // CHECK-REMARKS-NOT: :[[@LINE-2]]:{{.*}}cannot decide
}

void run(float *out, int n, int limit) {
  tripByLane<<<1, 32>>>(out);
  strideTail<<<1, 32>>>(out);
  continueUnrolled<<<1, 32>>>(out);
  continueInSwitch<<<1, 32>>>(out);
  continueSymbolic<<<1, 32>>>(out, n);
  breakByLane<<<1, 32>>>(out);
  breakUniform<<<1, 32>>>(out, n, limit);
  floatCounter<<<1, 32>>>(out);
}
