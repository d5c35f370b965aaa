// Templates: each instantiation reached by a launch is analysed with its own
// template arguments and block shape, and reported separately.
#include <cuda_runtime.h>

template <int TILE>
__global__ void readColumn(float *out) {
  __shared__ float tile[TILE][TILE];
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:43: note: also in {{[0-9]+}} other kernel instantiation
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:43: warning: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

template <int TILE, int PAD>
__global__ void readColumnPadded(float *out) {
  __shared__ float tile[TILE][TILE + PAD];
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:43: warning: 2-way bank conflict on shared load of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  // <32, 1> with 32x8 threads: stride 33, clean; <16, 1> with 16x16: 2-way
}

template <typename T>
__global__ void strided(T *out) {
  __shared__ T buf[512];
  out[threadIdx.x] = buf[threadIdx.x * 16];
  // CHECK-MESSAGES-DAG: :[[@LINE-1]]:22: warning: 16-way bank conflict on shared load of 'buf' (32 wavefronts, ideal 2) [bankcheck-bank-conflict]
  // CHECK-MESSAGES-DAG: :[[@LINE-2]]:22: note: also in {{[0-9]+}} other kernel instantiation
}

void run(float *out, float2 *out2) {
  readColumn<16><<<1, dim3(16, 16)>>>(out);
  readColumn<32><<<1, dim3(32, 8)>>>(out);
  readColumnPadded<16, 1><<<1, dim3(16, 16)>>>(out);
  readColumnPadded<32, 1><<<1, dim3(32, 8)>>>(out);
  strided<float2><<<1, 32>>>(out2);
  strided<float><<<1, 32>>>(out);
}
