// Tile transpose through a padded shared tile, and the unpadded variant.
// Recorded PTX: transpose.nvcc.ptx and transpose.clang.ptx (record.sh).
#define TILE 32
#define ROWS 8

__global__ void transposePadded(float *Out, const float *In, int Width, int Height) {
  __shared__ float Tile[TILE][TILE + 1];
  int X = blockIdx.x * TILE + threadIdx.x;
  int Y = blockIdx.y * TILE + threadIdx.y;
  for (int J = 0; J < TILE; J += ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * Width + X];
  __syncthreads();
  X = blockIdx.y * TILE + threadIdx.x;
  Y = blockIdx.x * TILE + threadIdx.y;
  for (int J = 0; J < TILE; J += ROWS)
    Out[(Y + J) * Height + X] = Tile[threadIdx.x][threadIdx.y + J];
}

__global__ void transposeNaive(float *Out, const float *In, int Width) {
  __shared__ float Tile[TILE][TILE];
  Tile[threadIdx.y][threadIdx.x] = In[threadIdx.y * Width + threadIdx.x];
  __syncthreads();
  Out[threadIdx.y * Width + threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
}
