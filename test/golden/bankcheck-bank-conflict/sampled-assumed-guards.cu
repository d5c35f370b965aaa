// The sampling of unknown uniform values (the last resort, for offsets not
// linear in them) under a guard the analysis assumes to hold: a block's early
// return on a flag loaded at a uniform index (FasterTransformer's attention:
// `params.finished[bi]`) is one value for every lane and, undecided, is
// assumed to hold, as the exact rules assume it; the offset's own unknowns
// are still sampled, and a guard's conjuncts the samples decide still drop
// the lanes.
#include <cuda_runtime.h>

struct Params {
  const bool *finished;
  const int *lengths;
  int rotaryDim;
};

__global__ void rotary(Params params, const float *in) {
  extern __shared__ float s[];
  int bi = blockIdx.x;
  if (params.finished != nullptr && params.finished[bi])
    return;
  const int half = params.rotaryDim / 2;
  const int halfIdx = (threadIdx.x * 2) / half;
  const int intra = (threadIdx.x * 2) % half;
  s[halfIdx * (half + 2) + intra] = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: possible 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1): conflicts when params.rotaryDim = 4 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:3: note: assuming the condition '!(params.finished != nullptr && params.finished[bi])' holds for every lane
  // Under a guard that reads a loaded value and a sampled one.
  if (params.rotaryDim > 0 && params.lengths[bi] > 4)
    s[halfIdx * (half + 1) + intra] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1): conflicts when params.rotaryDim = 2 [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: assuming the condition 'params.rotaryDim > 0 && params.lengths[bi] > 4' holds for every lane
  // The samples that make the guard false are not witnesses: at
  // rotaryDim = 2 this store does not run (4-way there); its worst sample
  // that runs is 2-way (96: half = 48, lanes 0 and 16 on words 0 and 32).
  if (params.rotaryDim > 64 && params.lengths[bi] > 4)
    s[halfIdx * (half + 1) + intra] = 1.5f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1): conflicts when params.rotaryDim = 96 [bankcheck-bank-conflict]
  // A loaded value in the offset itself is not sampled.
  s[(threadIdx.x * 2) / half + params.lengths[bi]] = 2.0f;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': value loaded from 'params.lengths[bi]' [bankcheck-bank-conflict]
  // A guard that differs by lane and cannot be decided keeps the lanes (an
  // upper bound), with the sampled offset as with an exact one.
  if (in[threadIdx.x] > 0) {
    s[threadIdx.x * 2 / half] = 3.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: possible 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1): conflicts when params.rotaryDim = 2 [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: assuming the condition 'in[threadIdx.x] > 0' holds for every lane
    s[threadIdx.x * 2] = 4.0f;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:5: note: assuming the condition 'in[threadIdx.x] > 0' holds for every lane
  }
}

void launch(Params p, const float *in, int n) {
  rotary<<<n, 64, 4096>>>(p, in);
}
