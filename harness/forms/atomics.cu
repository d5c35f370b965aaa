// ===- atomics.cu - Which SASS C++ shared atomics become, and their cost ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// ===----------------------------------------------------------------------===//
// One kernel per C++ atomic call on shared memory, launched with 64 threads
// (two warps): warp-uniform addresses (where nvcc may aggregate the warp's
// increments into one lane), per-lane addresses, 64-bit and floating types.
// The SASS says which instruction each became; Nsight Compute counts it.
#include <cuda_fp16.h>
#include <cstdio>

typedef unsigned long long ull;
#define K(name, body)                                                           \
  __global__ void name(unsigned *out, int p) {                                  \
    __shared__ __align__(16) unsigned s[2048];                                  \
    __shared__ __align__(16) float f[2048];                                     \
    __shared__ __align__(16) double d[1024];                                    \
    __shared__ __align__(16) ull u[1024];                                       \
    __shared__ __align__(16) __half2 h[2048];                                   \
    unsigned t = threadIdx.x, r = 0;                                            \
    body;                                                                       \
    out[t] = r;                                                                 \
  }
K(inc_uniform, r = atomicAdd(&s[0], 1u))
K(inc_uniform_nores, atomicAdd(&s[0], 1u))
K(inc_param, r = atomicAdd(&s[p & 3], 1u))
K(inc_blockidx, r = atomicAdd(&s[blockIdx.x & 3], 1u))
K(inc_warp, r = atomicAdd(&s[t / 32], 1u))
K(inc_lane, r = atomicAdd(&s[t % 32], 1u))
K(inc_column, r = atomicAdd(&s[(t % 32) * 32], 1u))
K(add2_uniform, r = atomicAdd(&s[0], 2u))
K(addp_uniform, r = atomicAdd(&s[0], (unsigned)p))
K(addv_uniform, r = atomicAdd(&s[0], t))
K(sub1_uniform, r = atomicSub(&s[0], 1u))
K(incwrap_uniform, r = atomicInc(&s[0], 100u))
K(max_uniform, r = atomicMax(&s[0], t))
K(or_uniform, r = atomicOr(&s[0], 1u << (t % 32)))
K(exch_uniform, r = atomicExch(&s[0], t))
K(cas_uniform, r = atomicCAS(&s[0], t, t + 1))
K(float_uniform, r = __float_as_uint(atomicAdd(&f[0], 1.0f)))
K(float_lane, r = __float_as_uint(atomicAdd(&f[t], 1.0f)))
K(float_pairs, r = __float_as_uint(atomicAdd(&f[t / 2], 1.0f)))
K(double_lane, r = (unsigned)atomicAdd(&d[t], 1.0))
K(double_uniform, r = (unsigned)atomicAdd(&d[0], 1.0))
K(ull_add_lane, r = (unsigned)atomicAdd(&u[t], 1ull))
K(ull_add_uniform, r = (unsigned)atomicAdd(&u[0], 1ull))
K(ull_max_lane, r = (unsigned)atomicMax(&u[t], (ull)t))
K(ull_max_column, r = (unsigned)atomicMax(&u[(t % 32) * 16], (ull)t))
K(ull_exch_lane, r = (unsigned)atomicExch(&u[t], (ull)t))
K(ull_and_column, r = (unsigned)atomicAnd(&u[(t % 32) * 16], (ull)t))
K(ull_cas_lane, r = (unsigned)atomicCAS(&u[t], (ull)t, (ull)t + 1))
K(half2_lane, { __half2 v = atomicAdd(&h[t], __halves2half2(__float2half(1.f), __float2half(1.f))); r = *(unsigned *)&v; })
K(half2_column, { __half2 v = atomicAdd(&h[(t % 32) * 32], __halves2half2(__float2half(1.f), __float2half(1.f))); r = *(unsigned *)&v; })

int main() {
  unsigned *out;
  cudaMalloc(&out, 4096);
  void (*ks[])(unsigned *, int) = {inc_uniform, inc_uniform_nores, inc_param, inc_blockidx, inc_warp, inc_lane,
      inc_column, add2_uniform, addp_uniform, addv_uniform, sub1_uniform, incwrap_uniform, max_uniform, or_uniform,
      exch_uniform, cas_uniform, float_uniform, float_lane, float_pairs, double_lane, double_uniform, ull_add_lane,
      ull_add_uniform, ull_max_lane, ull_max_column, ull_exch_lane, ull_and_column, ull_cas_lane, half2_lane,
      half2_column};
  for (auto k : ks) {
    k<<<1, 64>>>(out, 5);
    cudaError_t e = cudaDeviceSynchronize();
    if (e) { std::printf("%s\n", cudaGetErrorString(e)); return 2; }
  }
  std::printf("launched %zu kernels\n", sizeof(ks) / sizeof(ks[0]));
  return 0;
}
