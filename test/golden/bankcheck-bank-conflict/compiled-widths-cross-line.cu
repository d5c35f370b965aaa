// Stores (loads) of adjacent statements on two lines that nvcc -O3 issues as
// one vector instruction, judged as issued. The PTX is recorded:
// `nvcc -ptx -O3 -lineinfo -arch=sm_90` of this file,
// test/golden/inputs/compiled-widths-cross-line.ptx. nvcc puts a merged store
// on the line of the last store and a merged load on the line of the first
// load, where a profiler counts them, and so does the finding. With
// --widths=source each line below is judged alone (the verdicts in the
// comments).
// RUN-ARGS: --ptx=%S/../inputs/compiled-widths-cross-line.ptx
#include <cuda_runtime.h>

__global__ void pairs(const float *in, float *out) {
  __shared__ __align__(16) float s[128];
  int t = threadIdx.x;
  s[4 * t] = in[t];
  s[4 * t + 1] = in[t + 32];
  // as written: two 4-way stores; issued: one STS.64, 2-way
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 2-way bank conflict on shared store of 's' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: issued as 8-byte STS.64 (2 4-byte accesses of lines 15-16 merged, per the PTX in compiled-widths-cross-line.ptx); it also covers the accesses at line 15 column 3
  __syncthreads();
  float a = s[4 * t + 2];
  float b = s[4 * t + 3];
  // as written: two 4-way loads; issued: one LDS.64, 2-way
  // CHECK-MESSAGES: :[[@LINE-3]]:13: warning: 2-way bank conflict on shared load of 's' (4 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:13: note: issued as 8-byte LDS.64 (2 4-byte accesses of lines 21-22 merged, per the PTX in compiled-widths-cross-line.ptx); it also covers the accesses at line 22 column 13
  out[t] = a * b;
}

__device__ void storePair(float *p, float x, float y) {
  p[0] = x;
  p[1] = y;
}

__global__ void helper(const float *in, float *out) {
  __shared__ __align__(16) float m[32][34];
  int t = threadIdx.x;
  // as written: 2-way stores on both lines of storePair; issued: conflict-free STS.64
  for (int i = 0; i < 4; ++i)
    storePair(&m[t][2 * i], in[t], in[t + i]);
  __syncthreads();
  out[t] = m[0][t];
}

// nvcc issues some of these pairs as st.shared.v2 and leaves others as two
// st.shared.f32 that ptxas merges (its SASS has only STS.64 here); each pair's
// first byte is 8-byte aligned for every lane, so all are judged as STS.64.
__device__ __forceinline__ void writeTile(float *dst, const float *acc) {
  int lane = threadIdx.x, wy = threadIdx.y, wz = threadIdx.z;
#pragma unroll
  for (int a = 0; a < 2; ++a)
#pragma unroll
    for (int b = 0; b < 2; ++b)
#pragma unroll
      for (int h = 0; h < 2; ++h)
#pragma unroll
        for (int v = 0; v < 2; ++v) {
          int y = wz * 32 + a * 16 + h * 8 + lane / 4;
          int x = wy * 32 + b * 16 + v * 8 + lane % 4 * 2;
          x = x ^ ((y & 3) << 3);
          int k = 2 * (a * 8 + b * 4 + h * 2 + v);
          dst[y * 64 + x] = acc[k];
          dst[y * 64 + (x + 1)] = acc[k + 1];
        }
}

__global__ void tile(const float *in, float *out) {
  extern __shared__ float smem[];
  float acc[32];
  for (int i = 0; i < 32; ++i)
    acc[i] = in[threadIdx.x * 32 + i];
  writeTile(smem, acc);
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x];
}

// Not merged: a barrier between, a first address 4 bytes past an 8-byte
// boundary, statements under different conditions (the PTX has scalars).
__global__ void apart(const float *in, float *out) {
  __shared__ __align__(16) float q[128];
  int t = threadIdx.x;
  q[4 * t] = in[t];
  __syncthreads();
  q[4 * t + 1] = in[t + 32];
  // CHECK-MESSAGES: :[[@LINE-3]]:3: warning: 4-way bank conflict on shared store of 'q' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: warning: 4-way bank conflict on shared store of 'q' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  float a = q[4 * t + 1];
  float b = q[4 * t + 2];
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 4-way bank conflict on shared load of 'q' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 4-way bank conflict on shared load of 'q' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  if (t < 16)
    q[4 * t] = a;
  if (t < 8)
    q[4 * t + 1] = b;
  // 16 lanes: 2-way; 8 lanes: clean
  // CHECK-MESSAGES: :[[@LINE-4]]:5: warning: 2-way bank conflict on shared store of 'q' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  __syncthreads();
  out[t] = q[t];
}

void run(const float *in, float *out) {
  pairs<<<1, 32>>>(in, out);
  helper<<<1, 32>>>(in, out);
  tile<<<1, dim3(32, 2, 2), 16384>>>(in, out);
  apart<<<1, 32>>>(in, out);
}
