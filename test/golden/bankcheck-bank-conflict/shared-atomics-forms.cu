// Shared atomics are not broadcast: lanes on one word are served one after
// another (measured on sm_90: docs/bank-model.md). nvcc aggregates an atomicAdd
// whose address it can prove warp-uniform into one lane; it does not for
// other operations, nor for addresses computed from threadIdx.
#include <cuda_runtime.h>

__global__ void counters(unsigned *out, int p) {
  __shared__ unsigned s[64];
  __shared__ float f[64];
  __shared__ double d[64];
  __shared__ unsigned long long u[1024];
  unsigned t = threadIdx.x;
  atomicAdd(&s[0], 1u);
  // a warp-uniform address: one lane adds the warp's count
  atomicAdd(&s[p & 3], t);
  // also with a lane-varying value (a warp reduction, then one lane)
  atomicAdd(&s[t / 32], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared atomic of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  atomicMax(&s[0], t);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared atomic of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  atomicOr(&s[t % 32], 1u);
  // distinct words: one wavefront
  atomicAdd(&s[(t % 32) / 2], 1u);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared atomic of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  atomicCAS(&s[t % 32], 0u, t);
  // a compare-and-swap takes two passes: 2 wavefronts, the ideal
  atomicCAS(&s[0], 0u, t);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared atomic (ATOMS.CAS) of 's' (64 wavefronts, ideal 2) [bankcheck-bank-conflict]
  atomicAdd(&f[t % 32], 1.0f);
  // a compare-and-swap loop; one round when every lane has its own bank
  atomicAdd(&f[(t % 32) / 4], 1.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 4-way bank conflict on shared atomic (ATOMS.CAST.SPIN) of 'f' (12 wavefronts, ideal 3) [bankcheck-bank-conflict]
  atomicAdd(&d[t % 32], 1.0);
  // the 64-bit loop: one round, two half-warp phases
  atomicAdd(&u[(t % 32) * 16], 1ull);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 56-way bank conflict on shared atomic (ATOMS.CAST.SPIN) of 'u' (336 wavefronts, ideal 6) [bankcheck-bank-conflict]
  __syncthreads();
  out[t] = s[t % 64] + unsigned(f[t % 64] + d[t % 64]) + unsigned(u[t % 1024]);
}

void run(unsigned *out, int p) { counters<<<1, 64>>>(out, p); }
