// extern __shared__ buffers carved by hand: the rows of each region indexed
// `row * W + column` get a padding in bytes. Here every launch passes a
// constant size with the row length as a factor, and the padded region is the
// last one carved, so it is a fix-it: the row length in every index and the
// launch's size, together. When an access is not in the row form, or a
// column reaches past its row, the note says why there is no suggestion.
#include <cuda_runtime.h>
#define TILE 32
constexpr int W = 32;
constexpr int V = 8; // float4s per row: 128 bytes

__global__ void direct(float *out) {
  extern __shared__ float smem[];
  smem[threadIdx.y * TILE + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  smem[threadIdx.y * (TILE + 1) + threadIdx.x] = out[threadIdx.x];
  // row walk: consecutive words
  __syncthreads();
  out[threadIdx.x] = smem[threadIdx.x * TILE + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'smem' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-7]]:27: note: pad the rows of 'smem' (row length 'TILE' = 128 bytes) by 4 bytes, to a stride of 132 bytes ('TILE' -> 'TILE + 1' in its indices): 32-way -> 1-way over all 2 accesses; every 'TILE' of its indices becomes '(TILE + 1)' and the dynamic size of each launch grows with the rows: the launch at {{.*}}extern-padding.cu:{{[0-9]+}} from 4096 to 4224 bytes ('TILE' -> '(TILE + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = smem[threadIdx.x * (TILE + 1) + threadIdx.y];
}

__global__ void carvedBytes(float *out) {
  extern __shared__ unsigned char buf[];
  int *flags = reinterpret_cast<int *>(buf);
  float *a = reinterpret_cast<float *>(buf + 128);
  flags[threadIdx.x] = 0;
  // consecutive words
  a[threadIdx.y * W + threadIdx.x] = out[threadIdx.x];
  // CHECK-FIXES: {{^}}  a[threadIdx.y * (W + 1) + threadIdx.x] = out[threadIdx.x];
  // row walk: consecutive words
  __syncthreads();
  out[threadIdx.x] = a[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 'buf' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-11]]:35: note: pad the rows of the region of 'buf' at byte 128 (through 'a') (row length 'W' = 128 bytes) by 4 bytes, to a stride of 132 bytes ('W' -> 'W + 1' in its indices): 32-way -> 1-way over all 2 accesses; every 'W' of its indices becomes '(W + 1)' and the dynamic size of each launch grows with the rows: the launch at {{.*}}extern-padding.cu:{{[0-9]+}} from 4224 to 4352 bytes ('W' -> '(W + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = a[threadIdx.x * (W + 1) + threadIdx.y];
}

__global__ void vectorRows(float4 *out) {
  extern __shared__ float pool[];
  float4 *v = reinterpret_cast<float4 *>(&pool[64]);
  out[threadIdx.x] = v[threadIdx.x * V + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 'pool' (32 wavefronts, ideal 4) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-4]]:27: note: pad the rows of the region of 'pool' at byte 256 (through 'v') (row length 'V' = 128 bytes) by 16 bytes, to a stride of 144 bytes ('V' -> 'V + 1' in its indices): 8-way -> 1-way over all 1 access; every 'V' of its indices becomes '(V + 1)' and the dynamic size of each launch grows with the rows: the launch at {{.*}}extern-padding.cu:{{[0-9]+}} from 4352 to 4864 bytes ('V' -> '(V + 1)')
  // CHECK-FIXES: {{^}}  out[threadIdx.x] = v[threadIdx.x * (V + 1) + threadIdx.y];
}

__global__ void flatBeside(float *out) {
  extern __shared__ float s2[];
  float *a = s2 + 32;
  a[threadIdx.x] = 0;
  // flat index: consecutive words
  out[threadIdx.x] = a[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's2' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: no padding suggestion for the region of 's2' at byte 128 (through 'a'): the access at {{.*}}extern-padding.cu:[[@LINE-4]]:3 is not written as 'row * W + column' with one row length W (a named constant or a literal)
}

__global__ void pastRow(float *out) {
  extern __shared__ float s3[];
  out[threadIdx.x] = s3[threadIdx.x * W + (threadIdx.y + W)];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's3' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:27: note: no padding suggestion for 's3': the access at {{.*}}extern-padding.cu:[[@LINE-2]]:22 reaches past the end of its row, which padding would change
}

__global__ void anywhere(float *out) {
  extern __shared__ float s4[];
  float *a = s4 + 1024;
  s4[threadIdx.x + 1024] = 0;
  // through the buffer itself, not in the row form: it may reach any region
  out[threadIdx.x] = a[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's4' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-6]]:27: note: no padding suggestion for the region of 's4' at byte 4096 (through 'a'): the access at {{.*}}extern-padding.cu:[[@LINE-4]]:3 is not known to stay in one region: it is neither 's4[row * W + column]' nor made through a pointer carved from 's4' at one constant offset and never reassigned
}

__device__ float column(float *base, int off) {
  float *a = base + off;
  return a[threadIdx.x * W + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 32-way bank conflict on shared load of 's5' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE+5]]:27: note: no padding suggestion for 's5': the access at {{.*}}extern-padding.cu:[[@LINE-2]]:10 is not known to stay in one region: it is neither 's5[row * W + column]' nor made through a pointer carved from 's5' at one constant offset and never reassigned
}

// One helper access, carved at two offsets by two calls: in no single region.
__global__ void twoCarves(float *out) {
  extern __shared__ float s5[];
  out[threadIdx.x] = column(s5, 0) + column(s5, 32 * W);
}

void run(float *out, float4 *out4) {
  direct<<<1, dim3(32, 8), TILE * TILE * sizeof(float)>>>(out);
  // CHECK-FIXES: {{^}}  direct<<<1, dim3(32, 8), (TILE + 1) * TILE * sizeof(float)>>>(out);
  carvedBytes<<<1, dim3(32, 8), 128 + W * W * sizeof(float)>>>(out);
  // CHECK-FIXES: {{^}}  carvedBytes<<<1, dim3(32, 8), 128 + (W + 1) * W * sizeof(float)>>>(out);
  vectorRows<<<1, 32, 256 + 32 * V * sizeof(float4)>>>(out4);
  // CHECK-FIXES: {{^}}  vectorRows<<<1, 32, 256 + 32 * (V + 1) * sizeof(float4)>>>(out4);
  flatBeside<<<1, dim3(32, 8), (32 + 32 * W) * sizeof(float)>>>(out);
  pastRow<<<1, dim3(32, 8), 64 * W * sizeof(float)>>>(out);
  anywhere<<<1, dim3(32, 8), (1024 + 32 * W) * sizeof(float)>>>(out);
  twoCarves<<<1, dim3(32, 8), 2 * 32 * W * sizeof(float)>>>(out);
}
