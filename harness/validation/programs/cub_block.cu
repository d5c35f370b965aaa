// CUB block primitives (BlockReduce, BlockScan, BlockLoad/BlockStore with
// BLOCK_LOAD_TRANSPOSE, BlockRadixSort) as users call them, for program mode.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_radix_sort.cuh>

template <int BLOCK>
__global__ void reduceK(const int *in, int *out) {
  using BR = cub::BlockReduce<int, BLOCK>;
  __shared__ typename BR::TempStorage temp;
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  int agg = BR(temp).Sum(v);
  if (threadIdx.x == 0) out[blockIdx.x] = agg;
}

template <int BLOCK>
__global__ void scanK(const int *in, int *out) {
  using BS = cub::BlockScan<int, BLOCK>;
  __shared__ typename BS::TempStorage temp;
  int v = in[blockIdx.x * BLOCK + threadIdx.x];
  BS(temp).ExclusiveSum(v, v);
  out[blockIdx.x * BLOCK + threadIdx.x] = v;
}

template <int BLOCK, int ITEMS>
__global__ void loadStoreK(const int *in, int *out) {
  using BL = cub::BlockLoad<int, BLOCK, ITEMS, cub::BLOCK_LOAD_TRANSPOSE>;
  using BSt = cub::BlockStore<int, BLOCK, ITEMS, cub::BLOCK_STORE_TRANSPOSE>;
  __shared__ union { typename BL::TempStorage load; typename BSt::TempStorage store; } temp;
  int items[ITEMS];
  BL(temp.load).Load(in + blockIdx.x * BLOCK * ITEMS, items);
  __syncthreads();
  BSt(temp.store).Store(out + blockIdx.x * BLOCK * ITEMS, items);
}

template <int BLOCK, int ITEMS>
__global__ void sortK(int *d) {
  using BRS = cub::BlockRadixSort<int, BLOCK, ITEMS>;
  __shared__ typename BRS::TempStorage temp;
  int keys[ITEMS];
  for (int i = 0; i < ITEMS; ++i) keys[i] = d[(blockIdx.x * BLOCK + threadIdx.x) * ITEMS + i];
  BRS(temp).Sort(keys);
  for (int i = 0; i < ITEMS; ++i) d[(blockIdx.x * BLOCK + threadIdx.x) * ITEMS + i] = keys[i];
}

void run(const int *in, int *out, int *d) {
  reduceK<128><<<4, 128>>>(in, out);
  scanK<128><<<4, 128>>>(in, out);
  loadStoreK<128, 4><<<4, 128>>>(in, out);
  sortK<128, 4><<<4, 128>>>(d);
}

int main() {
  int *in, *out, *d;
  cudaMalloc(&in, 1 << 20);
  cudaMalloc(&out, 1 << 20);
  cudaMalloc(&d, 1 << 20);
  cudaMemset(in, 0, 1 << 20);
  cudaMemset(d, 0, 1 << 20);
  run(in, out, d);
  return cudaDeviceSynchronize() != cudaSuccess;
}
