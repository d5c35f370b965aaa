// Transpose through a padded shared tile, launched with dim3 and a stream.
// Parsed by builtin_headers_test.sh with the built-in headers and, where
// installed, with the real CUDA toolkit: it must parse without errors.
#include <cuda_runtime.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNoBankConflicts(float *Out, const float *In) {
  __shared__ float Tile[TILE_DIM][TILE_DIM + 1];
  static_assert(sizeof(Tile) == 32 * 33 * sizeof(float), "padded tile");
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  int Width = gridDim.x * TILE_DIM;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Tile[threadIdx.y + J][threadIdx.x] = In[(Y + J) * Width + X];
  __syncthreads();
  X = blockIdx.y * TILE_DIM + threadIdx.x;
  Y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int J = 0; J < TILE_DIM; J += BLOCK_ROWS)
    Out[(Y + J) * Width + X] = Tile[threadIdx.x][threadIdx.y + J];
}

__global__ void __launch_bounds__(256, 2) dynamicShared(float *Out, int N) {
  extern __shared__ float Buffer[];
  unsigned Tid = threadIdx.x + blockDim.x * threadIdx.y;
  Buffer[Tid] = Tid < (unsigned)N ? Out[Tid] : 0.0f;
  __syncthreads();
  Out[Tid] = Buffer[(Tid * 33) % blockDim.x] + warpSize;
}

__constant__ float Coefficients[16];
__device__ int Counter;

int runTranspose(int N) {
  float *In = nullptr, *Out = nullptr;
  if (cudaMalloc(&In, N * N * sizeof(float)) != cudaSuccess)
    return 1;
  cudaMalloc((void **)&Out, N * N * sizeof(float));
  float Host[16] = {};
  cudaMemcpyToSymbol(Coefficients, Host, sizeof(Host));
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  dim3 Grid(N / TILE_DIM, N / TILE_DIM), Block(TILE_DIM, BLOCK_ROWS);
  transposeNoBankConflicts<<<Grid, Block, 0, Stream>>>(Out, In);
  dynamicShared<<<1, 256, 256 * sizeof(float), Stream>>>(Out, N);
  dynamicShared<<<dim3(2, 1, 1), dim3(16, 16)>>>(Out, N);
  cudaError_t Err = cudaGetLastError();
  if (Err != cudaSuccess)
    return (int)(cudaGetErrorString(Err)[0]);
  cudaMemcpy(Host, Out, sizeof(Host), cudaMemcpyDeviceToHost);
  cudaStreamSynchronize(Stream);
  cudaDeviceSynchronize();
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
