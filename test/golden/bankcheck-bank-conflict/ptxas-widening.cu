// RUN-ARGS: --widths=rule
// ptxas issues consecutive scalar loads of one line as one LDS.128 (LDS.64)
// when it can prove the first address aligned: an unrolled tile loop
// `Bs[k * 128 + col * 8 + i]` reads 16-byte vectors, not 4-byte words
// (measured: SGEMM-style kernels have LDS.128 in the SASS where the PTX has
// ld.shared.f32, and the H200 counts 2x the ideal there, not 4x). With
// --widths=source the same line is a 4-way conflict of scalar loads.
#include <cuda_runtime.h>

__global__ void tile(float *out) {
  __shared__ float As[8 * 256];
  __shared__ float Bs[8 * 128 + 8];
  __shared__ float Cs[128];
  int tid = threadIdx.x;
  float acc[8] = {};
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 8; ++i)
      acc[i] += Bs[k * 128 + (tid % 16) * 8 + i];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 2-way bank conflict on shared load of 'Bs' (8 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:17: note: predicted to be issued as 16-byte LDS.128 (4 4-byte accesses at consecutive, aligned addresses merged, as ptxas does)
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 8; ++i)
      acc[i] += As[k * 256 + (tid % 16) * 16 + 2 * i];
  // every other word: not consecutive, no merge (8-way scalar loads)
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 8-way bank conflict on shared load of 'As' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  for (int k = 0; k < 8; ++k)
    for (int i = 0; i < 8; ++i)
      acc[i] += Bs[k * 128 + (tid % 16) * 8 + 2 + i];
  // consecutive but starting 8 bytes past a 16-byte boundary: LDS.64 pairs
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: 4-way bank conflict on shared load of 'Bs' (8 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:17: note: predicted to be issued as 8-byte LDS.64 (2 4-byte accesses at consecutive, aligned addresses merged, as ptxas does)
  for (int i = 0; i < 4; ++i)
    acc[i] += Cs[(tid % 32) * 4 + i];
  // scalar loads 16 bytes apart conflict 4-way; as one LDS.128 they would
  // not, and ptxas does not merge every aligned run: possible, not clean
  // CHECK-MESSAGES: :[[@LINE-3]]:15: warning: possible 4-way bank conflict on shared load of 'Cs' (4 wavefronts, ideal 1): as written, a 4-way conflict; none if ptxas issues them as one 16-byte access, as it may [bankcheck-bank-conflict]
  for (int i = 0; i < 8; ++i)
    out[tid * 8 + i] = acc[i];
}

void run(float *out) { tile<<<1, 256>>>(out); }
