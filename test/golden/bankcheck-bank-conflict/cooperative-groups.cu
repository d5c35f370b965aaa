// Cooperative groups' ranks are the thread ids they are defined as: the
// block's thread_rank() is the linear thread id, a tile's thread_rank() is
// that id modulo the tile size and its meta_group_rank() the id divided by it.
// ALSO-WITH-TOOLKIT
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void blockRanks(float *out) {
  __shared__ float s[32][32];
  cg::thread_block block = cg::this_thread_block();
  unsigned r = block.thread_rank();
  out[r] = s[r][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[r] += s[0][block.size() - 1 - r];
  // clean
  out[r] += s[block.thread_index().x][block.group_index().x % 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
  block.sync();
  out[r] += s[0][block.dim_threads().x - 1];
  // one word for every lane: clean
}

__global__ void tileRanks(float *out) {
  __shared__ float s[32][32];
  cg::thread_block block = cg::this_thread_block();
  auto tile = cg::tiled_partition<8>(block);
  cg::thread_block_tile<8> t8 = tile;
  unsigned r = block.thread_rank();
  out[r] = s[tile.thread_rank()][0];
  // ranks 0-7, four times
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: 8-way bank conflict on shared load of 's' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[r] += s[t8.meta_group_rank()][t8.thread_rank()];
  // rows 0-3 at columns 0-7
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[r] += s[0][8 * t8.meta_group_rank() + t8.thread_rank()];
  // clean
  out[r] += s[tile.meta_group_rank() + 8 * (tile.meta_group_size() - 4)][8 * tile.thread_rank() % 32];
  // 4 groups x 2 words on banks 0, 8, 16, 24
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
  out[r] += s[tile.size() * tile.thread_rank() % 32][0];
  // rows 0, 8, 16, 24
  // CHECK-MESSAGES: :[[@LINE-2]]:13: warning: 4-way bank conflict on shared load of 's' (4 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__device__ unsigned rankOf(const cg::thread_block_tile<32> &warp) { return warp.thread_rank(); }
__device__ unsigned warpOf(cg::thread_block_tile<32> warp) { return warp.meta_group_rank(); }

__global__ void warpHelper(float *out) {
  __shared__ float s[32][32];
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  out[threadIdx.x] = s[rankOf(warp)][warpOf(warp)];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on shared load of 's' (32 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

// A group handed to a helper by (non-const) reference keeps its ranks
// (cuda-samples' multi_warp_cg_reduce: cg_reduce_n(v, multiWarpTile)).
template <typename Group> __device__ float reduceIn(float v, Group &g) { return v + g.size(); }

__global__ void groupByReference(float *out) {
  __shared__ float partial[8][32];
  auto tile = cg::tiled_partition<64>(cg::this_thread_block());
  float v = reduceIn(1.0f, tile);
  partial[tile.meta_group_rank()][tile.thread_rank() % 32] = v;
  // one row per 64-thread tile, a warp's lanes along it: clean
  out[threadIdx.x] = partial[threadIdx.x % 8][tile.meta_group_rank()];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on shared load of 'partial' (8 wavefronts, ideal 1) [bankcheck-bank-conflict]
}

__global__ void notFollowed(const int *in, float *out) {
  __shared__ float s[32][32];
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  // Which lanes are active decides these ranks; shuffled values are data.
  cg::coalesced_group active = cg::coalesced_threads();
  out[0] = s[active.thread_rank()][0];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': 'active.thread_rank()': the ranks of this cooperative group are not known here [bankcheck-bank-conflict]
  int v = warp.shfl_down(in[block.thread_rank()], 1);
  out[1] = s[v & 31][0];
  // CHECK-REMARKS: :[[@LINE-1]]:12: remark: cannot decide bank conflicts of shared load of 's': result of cooperative groups' 'shfl_down' [bankcheck-bank-conflict]
}

void run(const int *in, float *out) {
  notFollowed<<<1, 32>>>(in, out);
  blockRanks<<<1, 32>>>(out);
  tileRanks<<<1, 32>>>(out);
  warpHelper<<<1, 64>>>(out);
  groupByReference<<<1, 256>>>(out);
}
