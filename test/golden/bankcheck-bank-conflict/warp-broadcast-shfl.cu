// A shuffle of one lane's value to the whole warp (`__shfl_sync(mask, v,
// 0)`, width 32: the broadcast of what lane 0 computed, as in warp-
// aggregated atomics) is one value for every lane; v itself where v is
// already. A shuffle whose source lane differs by lane, or of width 16,
// stays unknown. Before, every shuffle result was an unknown per lane.
#include <cuda_runtime.h>

__device__ int counter;

__global__ void broadcast(float *out, int n) {
  __shared__ float s[32 * 65];
  int lane = threadIdx.x & 31;
  int base = 0;
  if (lane == 0)
    base = atomicAdd(&counter, 32);
  base = __shfl_sync(0xffffffff, base, 0);
  s[(base & 1023) + lane * 32] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on shared store of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  int b2 = __shfl_sync(0xffffffff, n * 2, 0);
  s[b2 + lane] = 2.0f; // clean
  int src = __shfl_sync(0xffffffff, lane, (lane + 1) & 31);
  s[src * 32] = 3.0f;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': result of call to '__nvvm_shfl_sync_idx_i32' [bankcheck-bank-conflict]
  int h = __shfl_sync(0xffffffff, base, 0, 16);
  s[h + lane] = 4.0f;
  // CHECK-REMARKS: :[[@LINE-1]]:3: remark: cannot decide bank conflicts of shared store of 's': result of call to '__nvvm_shfl_sync_idx_i32' [bankcheck-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];
}

void run(float *out, int n) { broadcast<<<1, 64>>>(out, n); }
