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
