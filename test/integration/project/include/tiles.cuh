// Two template kernels, each instantiated in two files (src/big.cu, src/small.cu).
// transposeTile's tile needs a different padding at each tile size.
#pragma once

template <int TILE>
__global__ void transposeTile(float *out, const float *in) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Rows written by ROWS rows of threads, read down the columns: the same
// padding helps both instantiations.
template <int ROWS>
__global__ void columns(float *out) {
  __shared__ float c[32][32];
  for (int r = threadIdx.y; r < 32; r += ROWS)
    c[r][threadIdx.x] = r;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = c[threadIdx.x][threadIdx.y];
}

__global__ void rowSum(float *out);
__global__ void scatter(float *out);
