// XOR-swizzled transpose: column c of row r is stored at c ^ r, so both the
// row-wise store and the column-wise load touch 32 distinct banks. Masking
// the swizzle to 4 bits only uses 16 banks.
#include <cuda_runtime.h>

#define TILE 32
#define ROWS 8

__global__ void transposeSwizzled(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    int r = threadIdx.y + j;
    tile[r][threadIdx.x ^ r] = in[(y + j) * width + x];
    // one row, columns tx ^ r: a permutation of the 32 banks
  }
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    int c = threadIdx.y + j;
    out[(y + j) * height + x] = tile[threadIdx.x][c ^ threadIdx.x];
    // bank (c ^ tx) % 32: distinct for the 32 lanes
  }
}

__global__ void transposeHalfSwizzled(float *out, const float *in, int width, int height) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.y * TILE + threadIdx.x;
  int y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) {
    int c = threadIdx.y + j;
    out[(y + j) * height + x] = tile[threadIdx.x][(c ^ threadIdx.x) & 15];
    // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 2-way bank conflict on shared load of 'tile' (2 wavefronts, ideal 1) [bankcheck-bank-conflict]
  }
}

void transpose(float *out, const float *in, int width, int height) {
  dim3 block(TILE, ROWS);
  dim3 grid(width / TILE, height / TILE);
  transposeSwizzled<<<grid, block>>>(out, in, width, height);
  transposeHalfSwizzled<<<grid, block>>>(out, in, width, height);
}
