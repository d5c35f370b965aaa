// A __shared__ object whose class has a non-trivial constructor (as
// cuda::barrier): nvcc accepts it, Clang rejects the initialisation and keeps
// the declaration, but not the expressions that use the object. The rest of
// the kernel is analysed; each expression Clang could not build is a remark
// and counted as not analysed (never a silent gap).
#include <cuda_runtime.h>

struct Counter {
  int n;
  __device__ Counter() : n(0) {}
};

template <bool B> __device__ void reduce(Counter &c, float *out) {
  extern __shared__ float tmp[];
  tmp[threadIdx.x * 32] = 1.f;
  out[threadIdx.x] = tmp[0] + c.n;
}

__global__ void k(float *out) {
  __shared__ Counter c;
  // CHECK-REMARKS-DAG: :[[@LINE-1]]:22: remark: accepted as nvcc does: initialization is not supported for __shared__ variables; Clang keeps the declaration but not the expressions that use it (each is a remark)
  __shared__ float s[32][32];
  s[threadIdx.x][0] = 1.f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  reduce<false>(c, out);
  // CHECK-REMARKS-DAG: :[[@LINE-1]]:3: remark: 'reduce<false>(c, out)' is not analysed: Clang could not build it (it uses a declaration Clang rejects), so the shared accesses it makes are not seen
}

void run(float *out) { k<<<1, 32, 4096>>>(out); }
