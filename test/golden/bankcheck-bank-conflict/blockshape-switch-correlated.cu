// Host code that picks a kernel instantiation and its block shape from the
// same run-time value in two switches (ggml's mul_mat_vec_q: the warps per
// block set in `switch (ncols)`, the launch in the case of a second
// `switch (ncols)`): at the launch in `case 5:` only the first switch's
// `case 5:` (and what happens when no case runs) can have set the shape.
// A shape with more threads than the instantiation's __launch_bounds__ can
// never run it (the launch fails) and is not analysed, with a note.
#include <cuda_runtime.h>

template <int NC>
__global__ void __launch_bounds__((NC <= 4 ? 4 : 2) * 32, 1) partial(float *out) {
  constexpr int nwarps = NC <= 4 ? 4 : 2;
  __shared__ float part[nwarps - 1][NC][32];
  if (threadIdx.y > 0)
    for (int j = 0; j < NC; ++j)
      part[threadIdx.y - 1][j][threadIdx.x] = 1.0f; // in bounds at every shape a launch can run
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = part[0][threadIdx.x % NC][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: 5-way bank conflict on shared load of 'part' (5 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (32, 1, 1) from launch at {{.*}}blockshape-switch-correlated.cu:[[@LINE+24]] (in the case 'ncols' == 5) (one of 2 block shapes chosen at run time)
  // The first switch's other cases (4 warps) do not reach this launch:
  // CHECK-MESSAGES: note: also in 1 other kernel instantiation or block shape: 'partial<5>' with block (32, 2, 1) (2 evaluations, the worst shown)
}

void run(float *out, int ncols) {
  int nwarps = 1;
  switch (ncols) {
  case 1:
  case 2:
    nwarps = 4;
    break;
  case 5:
    nwarps = 2;
    break;
  default:
    break;
  }
  const dim3 block(32, nwarps, 1);
  switch (ncols) {
  case 1:
    partial<1><<<1, block>>>(out);
    break;
  case 5:
    partial<5><<<1, block>>>(out);
    break;
  }
}

// A run-time choice between 64 and 128 threads for a kernel that allows 64.
__global__ void __launch_bounds__(64) bounded(float *out) {
  __shared__ float s[128];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (64, 1, 1) from launch at {{.*}}blockshape-switch-correlated.cu:[[@LINE+18]] (one of 2 block shapes chosen at run time); block (128, 1, 1) not analysed: more threads than the 64 of the kernel's __launch_bounds__, a launch with it fails
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

// Launched only with more threads than it allows: no launch gives a shape.
__global__ void __launch_bounds__(64) tooMany(float *out) {
  __shared__ float s[128];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (64, 1, 1) from __launch_bounds__(64) at {{.*}}, assumed: no launch gives the shape, and a kernel indexed only in x is taken at the most threads it allows
  // CHECK-MESSAGES: note: launch at {{.*}}blockshape-switch-correlated.cu:[[@LINE+8]]: block (128, 1, 1) not analysed: more threads than the 64 of the kernel's __launch_bounds__, a launch with it fails
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void pick(float *out, bool wide) {
  int threads = wide ? 128 : 64;
  bounded<<<1, threads>>>(out);
  tooMany<<<1, 128>>>(out);
}

// Two launches give the same shape that runs: the other's shape left out is
// still said.
__global__ void __launch_bounds__(64) twoLaunches(float *out) {
  __shared__ float s[128];
  s[threadIdx.x * 2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on shared store of 's' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: note: block shape (64, 1, 1) from launch at {{.*}}blockshape-switch-correlated.cu:[[@LINE+6]]; launch at {{.*}}blockshape-switch-correlated.cu:[[@LINE+8]] (one of 2 block shapes chosen at run time): block (128, 1, 1) not analysed: more threads than the 64 of the kernel's __launch_bounds__, a launch with it fails
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void both(float *out, bool wide) {
  twoLaunches<<<1, 64>>>(out);
  int threads = wide ? 128 : 64;
  twoLaunches<<<1, threads>>>(out);
}
