// A lane's index split into a row and a column by a run-time width and put
// together again, `(i / w) * w + i % w`, is i for every width but 0 (C's
// division truncates; a zero width divides by zero): the offsets are decided
// as i's, not sampled over w (FasterTransformer's rotary embedding through
// shared memory: `half_idx * smem_pitch + intra_half_idx` with
// `smem_pitch = half_rotary_dim`).
#include <cuda_fp16.h>

struct __align__(4) Pair4 { __half2 a, b; }; // two 4-byte pieces, as bf16_4_t

__global__ void rotary(int rotaryDim, const float *in) {
  extern __shared__ __half smem[];
  __half *q = smem;
  __half *k = q + rotaryDim;
  const int half = rotaryDim / 2;
  const int halfIdx = (threadIdx.x * 2) / half;
  const int intra = (threadIdx.x * 2) % half;
  const int pitch = half;
  *reinterpret_cast<float *>(q + halfIdx * pitch + intra) = in[threadIdx.x];
  // The same split behind a base, in the other order of the terms.
  *reinterpret_cast<float *>(k + intra + halfIdx * pitch) = in[threadIdx.x];
  // Four halves a lane, as two 4-byte pieces: lanes 16 apart meet (as
  // written; ptxas may merge the pieces, `--widths=rule` says so).
  const int quad = threadIdx.x * 4;
  Pair4 v{};
  *reinterpret_cast<Pair4 *>(q + quad / half * half + quad % half) = v;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 'smem' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: in warp 0 (bytes 0-3), lanes 0, 16 -> bank 0, words 0, 32
  // Another pitch is no identity: sampled over the width.
  *reinterpret_cast<float *>(q + halfIdx * (pitch + 1) + intra) = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 2-way bank conflict on shared store of 'smem' (2 wavefronts, ideal 1): conflicts when rotaryDim = 2 [bankcheck-bank-conflict]
}

void launch(int rotaryDim, const float *in) { rotary<<<1, 64, 8192>>>(rotaryDim, in); }
