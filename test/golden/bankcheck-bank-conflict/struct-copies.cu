// A struct copied to or from shared memory is issued as several loads
// (stores), each as wide as the struct's alignment allows: a 12-byte float3
// as three 4-byte accesses, a 32-byte struct aligned to 16 as two 16-byte
// ones. Each piece is judged as the instruction it is.
// RUN-ARGS: --widths=source
#include <cuda_runtime.h>

struct __align__(16) Pair {
  float4 lo, hi;
};

__global__ void copies(const float3 *in, float3 *out, const Pair *pin, Pair *pout) {
  __shared__ float3 v[64];
  __shared__ Pair p[32];
  __shared__ float3 w[32][32];
  int t = threadIdx.x;
  v[t] = in[t];
  // 4-byte stores 12 bytes apart: 32 different banks, clean
  p[t] = pin[t];
  // 16-byte stores 32 bytes apart: lanes 0 and 4 share bank 0 in each phase
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared store of 'p' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in warp 0 (bytes 0-15), lanes 0, 4 -> bank 0, words 0, 32 (phase 0)
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: a 32-byte copy of 'Pair', issued as 2 16-byte accesses (the widest its 16-byte alignment allows)
  __syncthreads();
  w[t][0] = v[63 - t];
  // a column of float3: 4-byte pieces 384 bytes apart, all on one bank
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 32-way bank conflict on shared store of 'w' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: in warp 0 (bytes 0-3), lanes 0, 1, …, 31 -> bank 0, words 0, 96, …, 2976
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: a 12-byte copy of 'float3', issued as 3 4-byte accesses (the widest its 4-byte alignment allows)
  out[t] = v[t];
  pout[t] = p[31 - t];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 2-way bank conflict on shared load of 'p' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
}

void run(const float3 *in, float3 *out, const Pair *a, Pair *b) { copies<<<1, 32>>>(in, out, a, b); }
