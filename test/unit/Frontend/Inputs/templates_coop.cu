// Templated kernels, cooperative groups (tiles, reduce, grid), a template
// launch, and the stand-in headers that only need to exist.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <cuda_fp16.h>
#include <cuda_fp16.hpp>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <mma.h>

namespace cg = cooperative_groups;

template <typename T, int BlockSize, int Pad = 1>
__global__ void tiledReduce(const T *In, T *Out, int N) {
  __shared__ T Tile[BlockSize / 32][32 + Pad];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);
  unsigned Rank = Block.thread_rank();
  T Value = Rank < (unsigned)N ? In[Rank] : T(0);
  Tile[Rank / 32][Rank % 32] = Value;
  Block.sync();
  cg::sync(Block);
  Value = Tile[Warp.meta_group_rank()][Warp.thread_rank()];
  for (int Offset = Warp.size() / 2; Offset > 0; Offset /= 2)
    Value += Warp.shfl_down(Value, Offset);
  Warp.sync();
  Value = cg::reduce(Warp, Value, cg::plus<T>());
  if (Warp.thread_rank() == 0)
    Out[blockIdx.x * (BlockSize / 32) + Warp.meta_group_rank()] = Value;
}

template <int TileSize> __device__ float tileSum(float V) {
  auto Tile = cg::tiled_partition<TileSize>(cg::this_thread_block());
  for (int Offset = TileSize / 2; Offset > 0; Offset /= 2)
    V += Tile.shfl_xor(V, Offset);
  return V;
}

__global__ void useTiles(float *Out) {
  __shared__ float Buffer[256];
  Buffer[threadIdx.x] = tileSum<16>(Out[threadIdx.x]) + tileSum<8>(1.0f);
  __syncthreads();
  Out[threadIdx.x] = Buffer[255 - threadIdx.x];
}

template <typename T> struct Accumulator {
  T Sum;
  __device__ void add(T V) { Sum += V; }
};

template __global__ void tiledReduce<float, 256>(const float *, float *, int);

void launchAll(const float *In, float *Out, const int *IIn, int *IOut, int N) {
  tiledReduce<float, 256><<<dim3((N + 255) / 256), dim3(256)>>>(In, Out, N);
  tiledReduce<int, 128, 0><<<(N + 127) / 128, 128, 0, 0>>>(IIn, IOut, N);
  useTiles<<<1, 256>>>(Out);
  cudaDeviceSynchronize();
}
