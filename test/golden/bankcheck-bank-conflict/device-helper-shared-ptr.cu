// __device__ helpers that take pointers to shared memory: the access inside
// the helper is analysed for each call (the analysis inlines the body) and
// reported at the helper's line. Calls from one kernel on one array are one
// access (the worst call is reported); another kernel's call is reported on
// its own.
#include <cuda_runtime.h>

__device__ float loadAt(const float *s, int i) {
  return s[i];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:10: warning: 32-way bank conflict on shared load of 'flat' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:10: note: the same statement's 2-way bank conflict on shared load of 'pairs' (2 wavefronts, ideal 1) here too
  // The other array's own notes follow its line: where it is declared, why it is not padded.
  // CHECK-MESSAGES-DAG: :[[@LINE+37]]:20: note: 'pairs' declared here
  // CHECK-MESSAGES-DAG: :[[@LINE+36]]:20: note: no padding fix-it: 'pairs' is not indexed through two or more declared dimensions
}

__device__ void storeAt(float *s, int i, float v) {
  s[i] = v;
  // rows of 33: 32 distinct banks
}

__device__ float rowSum(const float *q) {
  float acc = 0.f;
  for (int c = 0; c < 4; ++c)
    acc += q[c * 32 + threadIdx.x];
  // row walk
  return acc;
}

__device__ float colSum(const float *q) {
  float acc = 0.f;
  for (int c = 0; c < 4; ++c)
    acc += q[threadIdx.x * 32 + c];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 'g' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  return acc;
}

__global__ void helpers(float *out) {
  __shared__ float flat[1024];
  __shared__ float tile[32][33];
  __shared__ float g[32 * 32];
  int tid = threadIdx.x;
  float v = loadAt(flat, tid * 32) + loadAt(flat, tid * 2) + loadAt(flat, tid);
  storeAt(&tile[0][0], tid * 33, v);
  v += rowSum(g) + colSum(g);
  out[tid] = v;
}

__global__ void pairsKernel(float *out) {
  __shared__ float pairs[64];
  out[threadIdx.x] = loadAt(pairs, threadIdx.x * 2);
}

void run(float *out) {
  helpers<<<1, 32>>>(out);
  pairsKernel<<<1, 32>>>(out);
}
