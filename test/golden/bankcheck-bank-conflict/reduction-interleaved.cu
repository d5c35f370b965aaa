// Interleaved-addressing reduction: the index 2 * s * tid has a stride that
// doubles each step. With 256 threads the worst step is s = 4 (8-way; later
// steps have fewer active lanes); with 1024 threads, step s = 16 still has all
// 32 lanes of warp 0 active on one bank.
#include <cuda_runtime.h>

__global__ void reduce256(const float *in, float *out) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 256 + tid];
  // consecutive words
  __syncthreads();
  for (unsigned s = 1; s < 256; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < 256)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 8-way bank conflict on shared load of 'sdata' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the same statement's 8-way bank conflict on shared store of 'sdata' (8 wavefronts, ideal 1) here too
    // CHECK-MESSAGES: :[[@LINE-3]]:23: warning: 8-way bank conflict on shared load of 'sdata' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
  // one active lane
}

__global__ void reduce1024(const float *in, float *out) {
  __shared__ float sdata[1024];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * 1024 + tid];
  // consecutive words
  __syncthreads();
  for (unsigned s = 1; s < 1024; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < 1024)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: 32-way bank conflict on shared load of 'sdata' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    // CHECK-MESSAGES: :[[@LINE-2]]:7: note: the same statement's 32-way bank conflict on shared store of 'sdata' (32 wavefronts, ideal 1) here too
    // CHECK-MESSAGES: :[[@LINE-3]]:23: warning: 32-way bank conflict on shared load of 'sdata' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
  // one active lane
}

void reduce(const float *in, float *out, int blocks) {
  reduce256<<<blocks, 256>>>(in, out);
  reduce1024<<<blocks, 1024>>>(in, out);
}
