// An offset of whole rows per block is the same for every lane of a warp: it
// rotates the banks and changes no count, so these are 32-way conflicts in
// every block. blockIdx.x is bounded by the hardware's 2^31 - 1, so
// `blockIdx.x * 32` in unsigned (or int) arithmetic may wrap in 32 bits;
// the wrap moves a lane by a multiple of 2^32 elements (no bank changes) and,
// the lanes' part being spread over less than 2^31, keeps two lanes on one
// word exactly when they were. It is seen through for the banks. Before, the
// wrap made each lane's offset its own unknown and the verdict was only a
// possible conflict ("conflicts when blockIdx.x = 0"). Taking blockIdx as
// unbounded instead decided these too, but also made the global sources of
// cp.async copies affine, and the one-warp cp.async model then called the
// copies of LeetCUDA's staged HGEMMs that the H200 measures at 2.6x
// "unknown" (validation.md): only shared indices are seen through.
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
