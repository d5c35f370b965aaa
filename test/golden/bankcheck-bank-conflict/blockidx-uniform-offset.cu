// An offset of whole rows per block is the same for every lane of a warp:
// it rotates the banks and changes no count. `blockIdx.x * 32` in unsigned
// arithmetic is not taken to wrap in 32 bits: the grid's size is unknown,
// like any value of the run without a limit (with the hardware's 2^31 - 1
// blocks as a bound it could, and each of these read as only a possible
// conflict, "conflicts when blockIdx.x = 0").
#include <cuda_runtime.h>

struct Range { int begin, end; };
__device__ Range rangeOf(int cta) { return Range{cta * 32, cta * 32 + 32}; }

__global__ void rowsPerBlock(float *out) {
  __shared__ float s[32 * 65];
  s[blockIdx.x * 32 + threadIdx.x * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  int c = blockIdx.x;
  s[c * 32 + threadIdx.x * 32] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  Range r = rangeOf(blockIdx.x);
  s[r.begin + threadIdx.x * 33] = 3.0f; // padded rows: clean in every block
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x + blockIdx.x * gridDim.x];
}

void run(float *out, int n) { rowsPerBlock<<<n, 32>>>(out); }
