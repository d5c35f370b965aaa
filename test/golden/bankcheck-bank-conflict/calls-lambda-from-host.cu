// A lambda the kernel takes by value was made by the host (moderngpu's
// cta_launch, Thrust-style launchers: `k<<<g, b>>>(f)`, then `f(tid, cta)`,
// directly or through a helper taking it by value): every thread holds the
// same copy, so each value it captured is one value for every lane, and a
// pointer it captured points into memory that is not shared. A load through
// such a pointer, or through any variable holding a pointer into memory that
// is not shared (a helper's parameter bound to a kernel's pointer), gives
// the same value to the lanes that read the same address. A mutable lambda
// is not taken so: what one call leaves in its copies, per lane, the next
// call starts from.
#include <cuda_runtime.h>

template <typename F> __global__ void launchDirect(F f) { f(threadIdx.x, blockIdx.x); }

template <typename F> __device__ void forward(F f, int tid, int cta) { f(tid, cta); }
template <typename F> __global__ void launchForwarded(F f) { forward(f, threadIdx.x, blockIdx.x); }
template <typename F> __global__ void launchTwice(F f) {
  f(threadIdx.x, blockIdx.x);
  f(threadIdx.x, blockIdx.x);
}

__device__ int first(const int *p, int i) { return p[i]; }

void host(const int *partitions, float *out, int n) {
  const int *mp = partitions;
  auto byLane = [=] __device__(int tid, int cta) {
    __shared__ float s[32 * 64];
    int begin = mp[cta + 1]; // the same for every lane: one row start
    s[begin + tid * 32] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
    out[tid] = s[tid + n]; // n: captured, one value for every lane
  };
  launchDirect<<<4, 32>>>(byLane);
  auto viaHelper = [=] __device__(int tid, int cta) {
    __shared__ float t[32 * 64];
    t[first(mp, cta) + tid * 2] = 1.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way bank conflict on shared store of 't' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
    out[tid] = t[mp[tid]]; // each lane's own element: not known
    // CHECK-REMARKS: :[[@LINE-1]]:16: remark: cannot decide bank conflicts of shared load of 't': value loaded from 'mp[tid]' [bankcheck-bank-conflict]
  };
  launchForwarded<<<4, 32>>>(viaHelper);
  auto stateful = [=] __device__(int tid, int cta) mutable {
    __shared__ float u[32 * 65];
    u[n] = 1.0f; // n: the host's at the first call, n + tid * 32 at the second
    // CHECK-REMARKS: :[[@LINE-1]]:5: remark: cannot decide bank conflicts of shared store of 'u': value 'n' captured by copy where the lambda was made is not known [bankcheck-bank-conflict]
    n += tid * 32;
  };
  launchTwice<<<4, 32>>>(stateful);
}
