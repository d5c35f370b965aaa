// A conditional whose operands are lvalues is itself an lvalue, read as a
// whole: `int i = p ? x : y` of two locals, `p ? r.a : r.b` of two members,
// `p ? s[i] : t[j]` of two shared arrays. Each operand is read where its
// condition holds. Before, such a read was an unknown value, and the shared
// loads in its operands (unless both were of one array) were never seen:
// the 16-way load below was missing from the report and the kernel looked
// clean. A pointer or a reference to one of two arrays chosen at run time is
// not followed: its uses are remarks, never left out silently.
#include <cuda_runtime.h>

struct Pair { int a, b; };

__global__ void locals(float *out, int n) {
  __shared__ float s[32 * 65];
  int x = threadIdx.x * 32, y = threadIdx.x * 33;
  int i = n > 4 ? x : y;
  s[i] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1): conflicts when n = 5 [bankcheck-bank-conflict]
  Pair r{int(threadIdx.x) * 32, int(threadIdx.x) * 33};
  int j = (threadIdx.x & 1) ? r.a : r.b;
  s[j + 1] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 17-way bank conflict on shared store of 's' (17 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void twoArrays(float *out, int n) {
  __shared__ float s[32 * 65];
  __shared__ float t[32 * 65];
  s[threadIdx.x] = 1.0f;
  t[threadIdx.x] = 1.0f;
  __syncthreads();
  float v = (threadIdx.x & 1) ? s[threadIdx.x * 32] : t[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  float w = n > 3 ? s[threadIdx.x * 2] : out[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 2-way bank conflict on shared load of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[threadIdx.x] = v + w;
}

__global__ void oneOfTwo(float *out) {
  __shared__ float s[32 * 65];
  __shared__ float t[32 * 65];
  bool p = threadIdx.x & 1;
  float a = *(p ? &s[threadIdx.x * 32] : &t[threadIdx.x]);
  // CHECK-REMARKS: :[[@LINE-1]]:20: remark: use of shared 's' is not analysed: the analysis does not model the expression it is part of
  // CHECK-REMARKS: :[[@LINE-2]]:43: remark: use of shared 't' is not analysed: the analysis does not model the expression it is part of
  float &r = p ? s[threadIdx.x * 4] : t[threadIdx.x * 4];
  // CHECK-REMARKS: :[[@LINE-1]]:18: remark: use of shared 's' is not analysed: the analysis does not model the expression it is part of
  // CHECK-REMARKS: :[[@LINE-2]]:39: remark: use of shared 't' is not analysed: the analysis does not model the expression it is part of
  out[threadIdx.x] = a + r;
}

void run(float *out, int n) {
  locals<<<1, 32>>>(out, n);
  twoArrays<<<1, 32>>>(out, n);
  oneOfTwo<<<1, 32>>>(out);
}
