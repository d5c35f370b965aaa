// An assertion in a branch that closed before the launch holds on the paths
// through that branch: where the launch's decisions take that branch, it is
// decided too, and a local computed from what it fixes reads as that value
// (cuda-convnet2's launchers: `numFiltersPerGroup = numFilters / numGroups`
// with `numGroups == 1` asserted in an earlier `else`). An assertion in one
// case of a switch says nothing of the cases after it.
// s[threadIdx.x * 32] is min(blockDim.x, 32)-way, so each kernel's degree
// says which widths reach it.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>
#include <assert.h>

#define TILE_READ                                                              \
  __shared__ float s[1024];                                                    \
  out[threadIdx.x] = s[threadIdx.x * 32];

__global__ void wide(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-closed-branch-assertions.cu:{{[0-9]+}}{{$}}
}
__global__ void narrow(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-closed-branch-assertions.cu:{{[0-9]+}}{{$}}
}
__global__ void firstCase(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 16-way bank conflict on shared load of 's' (16 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (16, 4, 1) from launch at {{.*}}blockshape-closed-branch-assertions.cu:{{[0-9]+}}{{$}}
}
__global__ void secondCase(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-closed-branch-assertions.cu:{{[0-9]+}} (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:3: note: also in 1 other kernel instantiation or block shape: 'secondCase' with block (16, 4, 1) (2 evaluations, the worst shown)
}

void launch(float *out, int numFilters, int numGroups, int colors, int mode, bool w) {
  int perGroup = numFilters / numGroups;
  int bx;
  if (colors > 3) {
    bx = 16;
  } else {
    assert(numGroups == 1);
    if (numFilters % 64 == 0)
      bx = 32;
    else
      bx = 16;
  }
  if (colors <= 3) {
    // perGroup is numFilters here: 32 wide exactly when it is a multiple of 64
    if (perGroup % 64 == 0)
      wide<<<1, dim3(bx, 4)>>>(out);
    else
      narrow<<<1, dim3(bx, 4)>>>(out);
  }
  int by = w ? 32 : 16;
  switch (mode) {
  case 0:
    out += 1;
    assert(by == 16);
    firstCase<<<1, dim3(by, 4)>>>(out);
    break;
  case 1:
    secondCase<<<1, dim3(by, 4)>>>(out);
    break;
  }
}

// A `do { ... } while (0)` that a break leaves may pass over its assertion:
// the launch after it keeps both widths.
__global__ void afterBreak(float *out) {
  TILE_READ
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:3: note: block shape (32, 4, 1) from launch at {{.*}}blockshape-closed-branch-assertions.cu:{{[0-9]+}} (one of 2 block shapes chosen at run time)
  // CHECK-MESSAGES-DAG: :[[@LINE-3]]:3: note: also in 1 other kernel instantiation or block shape: 'afterBreak' with block (16, 4, 1) (2 evaluations, the worst shown)
}

void launchAfterBreak(float *out, bool w, bool done) {
  int bx = w ? 32 : 16;
  do {
    if (done)
      break;
    assert(bx == 16);
  } while (0);
  afterBreak<<<1, dim3(bx, 4)>>>(out);
}
