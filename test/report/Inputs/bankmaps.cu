// Bank maps worth drawing, for test/report/html_test.py: conflicts of every
// access width, a broadcast, a template kernel whose name needs escaping in
// HTML, a possible conflict, a clean access and a suppressed conflict.
#include <cuda_runtime.h>

// 32-way: the column walk puts every lane on bank 0 (32 wavefronts). The row
// walk that fills the tile is clean.
__global__ void columnWalk(float *Out, const float *In) {
  __shared__ float Tile[32][32];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  Out[threadIdx.y * 32 + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}

// 2-way on float4: each quarter-warp puts two words on each of 16 banks
// (8 wavefronts, ideal 4).
__global__ void vectorStride(float4 *Out) {
  __shared__ float4 V[64];
  Out[threadIdx.x] = V[2 * threadIdx.x];
}

// 16-way on double: a column walk puts every lane of a half-warp on banks 0
// and 1 (32 wavefronts, ideal 2).
__global__ void doubleColumn(double *Out) {
  __shared__ double D[32][32];
  Out[threadIdx.x] = D[threadIdx.x][0];
}

// 16-way with broadcasts: lanes 2k and 2k+1 read one word, 16 words on bank 0.
__global__ void pairs(float *Out) {
  __shared__ float S[16 * 32];
  Out[threadIdx.x] = S[threadIdx.x / 2 * 32];
}

// 2-way in a template kernel: "strided<2>" must reach the page escaped.
template <int N> __global__ void strided(float *Out) {
  __shared__ float S[32 * N];
  Out[threadIdx.x] = S[threadIdx.x * N];
}

// Possible: the stride is a kernel parameter.
__global__ void paramStride(float *Out, int Stride) {
  __shared__ float S[1024];
  Out[threadIdx.x] = S[threadIdx.x * Stride];
}

// Suppressed: listed in the summary table, without a bank map.
__global__ void silenced(float *Out) {
  __shared__ float S[32 * 32];
  Out[threadIdx.x] = S[threadIdx.x * 32]; // NOLINT(bankcheck-bank-conflict)
}

void launch(float *F, float4 *V, double *D, int Stride) {
  columnWalk<<<1, dim3(32, 32)>>>(F, F);
  vectorStride<<<1, 32>>>(V);
  doubleColumn<<<1, 32>>>(D);
  pairs<<<1, 32>>>(F);
  strided<2><<<1, 32>>>(F);
  paramStride<<<1, 32>>>(F, Stride);
  silenced<<<1, 32>>>(F);
}
