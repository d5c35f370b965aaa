// A kernel's pointer parameter tested against nullptr, a helper returning one
// of two loads chosen by such a test, and libdevice's bit functions of
// uniform values: each the same in every lane, so the accesses they shift or
// guard are decided (NVIDIA warp's sparse row helpers have this shape).
#include <cuda_runtime.h>

__device__ inline int rowEnd(const int *offsets, const int *counts, int row) {
  if (counts == nullptr)
    return offsets[row + 1];
  return offsets[row] + counts[row];
}

__device__ int notShown(int v); // no body: it may read which thread runs it

__global__ void rows(const int *offsets, const int *counts, const int *in) {
  extern __shared__ int s[];
  int row = blockIdx.x;
  int beg = offsets[row];
  int count = rowEnd(offsets, counts, row) - beg;
  int *second = s + count;
  second[threadIdx.x] = in[threadIdx.x];
  second[threadIdx.x * 2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  if (counts)
    second[threadIdx.x * 4] = 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 4-way bank conflict on shared store of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:5: note: assuming the condition 'counts' holds for every lane
  // A power of two at least count: __clz of a uniform value is uniform.
  int capacity = 1 << (32 - __clz(count - 1));
  int *third = s + capacity;
  third[threadIdx.x * 2] = 3;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // A pointer that differs by lane, tested: not the same in every lane.
  int varied = in + threadIdx.x != nullptr;
  s[threadIdx.x + 32 * varied] = 4;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': 'in + threadIdx.x != nullptr' is not integer arithmetic [bankcheck-bank-conflict]
  // One of two loads chosen by lane: the lanes' offsets differ by unknowns.
  int pick = threadIdx.x & 1 ? offsets[0] : offsets[1];
  s[threadIdx.x + pick] = 6;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': value loaded from 'offsets[{{0|1}}]' [bankcheck-bank-conflict]
  // A function without a body: its result may differ by lane.
  s[notShown(count) * 2] = 5;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': result of call to 'notShown' [bankcheck-bank-conflict]
}

// A kernel's by-value parameter struct is made by the host: its pointer
// members are the same in every lane (FasterTransformer's attention
// parameters: `params.finished`, `params.length_per_sample`).
struct Params {
  const int *lengths;
  const bool *finished;
  int step;
};

__global__ void fromParams(Params params, const int *in) {
  extern __shared__ int s[];
  int bi = blockIdx.y;
  if (params.finished != nullptr && params.finished[bi])
    return;
  int len = params.lengths == nullptr ? params.step : params.lengths[bi];
  s[threadIdx.x * 2 + len] = in[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// Written by the kernel: no longer the host's value.
__global__ void writtenParams(Params params, const int *in) {
  extern __shared__ int s[];
  params.lengths = in + threadIdx.x;
  int len = params.lengths == nullptr ? 0 : 32;
  s[threadIdx.x + len] = 1;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': {{.*}} [bankcheck-bank-conflict]
}

int main() {
  rows<<<4, 128, 4096>>>(nullptr, nullptr, nullptr);
  Params p{};
  fromParams<<<dim3(1, 4), 128, 4096>>>(p, nullptr);
  writtenParams<<<1, 128, 4096>>>(p, nullptr);
}
