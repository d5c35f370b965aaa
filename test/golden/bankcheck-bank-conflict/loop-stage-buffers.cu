// Multi-stage pipelines: a table of stage buffers carved from one dynamic
// buffer, picked by the iteration counter modulo the stage count, in a loop
// whose trip count is a kernel parameter. The stage index takes a few values
// only, so every stage is evaluated: the verdict holds for all of them.
#include <cuda_fp16.h>

__global__ void stages(float *out, int K) {
  extern __shared__ unsigned char storage[];
  half *S1 = reinterpret_cast<half *>(storage);
  half *S2 = S1 + 64 * 64, *S3 = S2 + 64 * 64, *S4 = S3 + 64 * 64;
  half *S[] = {S1, S2, S3, S4};
  float acc = 0;
  for (int ko = 0; ko < K / 32; ++ko) {
    half *p = S[(ko + 3) % 4];
    half *q = S[ko & 1];
    acc += __half2float(p[threadIdx.x * 2]);
    // consecutive words in every stage
    acc += __half2float(p[threadIdx.x * 64]);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-way bank conflict on shared load of 'storage' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    acc += __half2float(q[(threadIdx.x % 32) * 64 + ((threadIdx.x % 32) ^ (ko & 1)) * 2]);
    // a column swizzled by the stage, one word per row: clean in both stages
    acc += __half2float(q[(threadIdx.x % 32) * 64 + (ko & 1) * 2]);
    // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 32-way bank conflict on shared load of 'storage' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    acc += __half2float(q[(threadIdx.x % 32) * 66 + (ko % 2) * 2]);
    // padded rows, either stage: clean
  }
  out[threadIdx.x] = acc;
}

void run(float *out, int K) {
  stages<<<1, 128, 4 * 64 * 64 * 2>>>(out, K);
}

// The stage of a pipeline's last iterations, picked from a tile count the
// launch does not fix (`div_ceil(K, 16)`: a choice on `K % 16`): not
// periodic, but one uniform value for the whole warp, times a stage size of
// whole bank periods: padded ldmatrix rows are clean in every stage, rows of
// 64 bytes conflict in every stage.
__device__ __host__ inline int div_ceil(int a, int b) { return (a % b != 0) ? (a / b + 1) : (a / b); }

template <int Stages>
__global__ void lastStages(float *out, int K) {
  extern __shared__ half tiles[];
  const int ntiles = div_ceil(K, 16);
  const int lane = threadIdx.x % 32;
  constexpr int StageHalves = 128 * 40;
  unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(tiles));
  float v = 0;
#pragma unroll
  for (int k = 0; k < Stages - 1; ++k) {
    int stage = (ntiles - (Stages - 1) + k) % Stages;
    unsigned a = base + (stage * StageHalves + (lane % 16) * 40 + (lane / 16) * 8) * sizeof(half);
    unsigned r0, r1, r2, r3;
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(a));
    v += r0 + r1 + r2 + r3;
    // padded rows of 40 halves: clean for every value of K
    unsigned b = base + (stage * StageHalves + (lane % 16) * 32 + (lane / 16) * 8) * sizeof(half);
    asm volatile("ldmatrix.sync.aligned.x4.m8n8.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
                 : "r"(b));
    // CHECK-MESSAGES: :[[@LINE-3]]:18: warning: 4-way bank conflict on shared load (LDSM.x4) of 'tiles' (16 wavefronts, ideal 4) [bankcheck-bank-conflict]
    v += r0 + r1 + r2 + r3;
  }
  out[threadIdx.x] = v;
}

void runLast(float *out, int K) {
  lastStages<2><<<1, 256, 65536>>>(out, K);
  lastStages<3><<<1, 256, 65536>>>(out, K);
}
