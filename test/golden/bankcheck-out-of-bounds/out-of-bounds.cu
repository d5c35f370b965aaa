// Shared accesses proven to leave their array: bankcheck-out-of-bounds.
// Reported only when the lane's byte offset is concrete and every condition
// on its path was evaluated; the bank verdict of the access is separate.
#include <cuda_runtime.h>

#define BLOCK 128

__global__ void reduce_off_by_one(const float *in, float *out) {
  __shared__ float s[BLOCK];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: out-of-bounds shared load of 's': lane 31 of warp 3 reads bytes [512, 516), past the end of the 512-byte array [bankcheck-out-of-bounds]
  if (threadIdx.x + 1 < BLOCK)
    out[threadIdx.x] += s[threadIdx.x + 1]; // guarded: in bounds
}

__global__ void stencil_halo(const float *in, float *out) {
  __shared__ float tile[BLOCK + 2];
  tile[threadIdx.x + 1] = in[threadIdx.x];
  if (threadIdx.x == 0) {
    tile[0] = 0;
    tile[BLOCK + 1] = 0;
  }
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x] + tile[threadIdx.x + 2];
  out[threadIdx.x] += tile[threadIdx.x + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: out-of-bounds shared load of 'tile': lane 31 of warp 3 reads bytes [520, 524), past the end of the 520-byte array [bankcheck-out-of-bounds]
}

__global__ void rows(float *out) {
  __shared__ float t[8][32];
  t[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[0] = t[threadIdx.y - 1][threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: out-of-bounds shared load of 't': lane 0 of warp 0 reads bytes [-128, -124), before the start of the array [bankcheck-out-of-bounds]
}

__global__ void unrolled(float *out, int n) {
  __shared__ float s[256];
  for (int i = 0; i <= 4; ++i)
    s[i * 64 + threadIdx.x] = i;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: out-of-bounds shared store of 's': lane 0 of warp 0 (i = 4) writes bytes [1024, 1028), past the end of the 1024-byte array [bankcheck-out-of-bounds]
  s[threadIdx.x + n] = 0; // depends on n: no claim
  if (threadIdx.x < n)
    out[threadIdx.x] = s[threadIdx.x + 200]; // guard undecided: no claim
}

template <int N>
__global__ void templated(float *out) {
  __shared__ float s[N];
  s[threadIdx.x] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: out-of-bounds shared store of 's': lane 0 of warp 1 writes bytes [128, 132), past the end of the 128-byte array [bankcheck-out-of-bounds]
  // CHECK-MESSAGES: note: in instantiation 'templated<32>'
}

void launch(const float *in, float *out, int n) {
  reduce_off_by_one<<<1, BLOCK>>>(in, out);
  stencil_halo<<<1, BLOCK>>>(in, out);
  rows<<<1, dim3(32, 8)>>>(out);
  unrolled<<<1, 64>>>(out, n);
  templated<64><<<1, 64>>>(out);
  templated<32><<<1, 64>>>(out);
}
