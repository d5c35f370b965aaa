//===- cooperative_groups.h - Minimal cooperative groups -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cooperative_groups.h> when bankcheck parses
/// without a CUDA toolkit: thread_block, this_thread_block(), grid_group,
/// thread_block_tile<N> (tiled_partition<N>) with sync, thread_rank and the
/// shuffles and votes, a dynamic thread_group, and coalesced_group. Ranks and
/// sizes follow the toolkit's definitions; sync() of a dynamic group and of
/// the grid is only declared.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_COOPERATIVE_GROUPS_H
#define BANKCHECK_COOPERATIVE_GROUPS_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

namespace cooperative_groups {

namespace details {
__device__ __forceinline__ unsigned int blockThreadRank() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ unsigned int blockNumThreads() {
  return blockDim.x * blockDim.y * blockDim.z;
}
__device__ __forceinline__ unsigned int laneId() {
  return blockThreadRank() & 31u;
}
__device__ __forceinline__ unsigned int laneMaskLt() {
  return (1u << laneId()) - 1u;
}
} // namespace details

class thread_block;

/// A group whose size is known only at run time.
class thread_group {
  unsigned int NumThreads;
  unsigned int Rank;

public:
  __device__ thread_group(unsigned int NumThreads, unsigned int Rank)
      : NumThreads(NumThreads), Rank(Rank) {}
  __device__ thread_group(const thread_block &);
  __device__ void sync() const;
  __device__ unsigned long long size() const { return NumThreads; }
  __device__ unsigned long long num_threads() const { return NumThreads; }
  __device__ unsigned long long thread_rank() const { return Rank; }
};

class thread_block {
public:
  static __device__ void sync() { __syncthreads(); }
  static __device__ unsigned int thread_rank() {
    return details::blockThreadRank();
  }
  static __device__ unsigned long long size() {
    return details::blockNumThreads();
  }
  static __device__ unsigned long long num_threads() {
    return details::blockNumThreads();
  }
  static __device__ dim3 group_index() {
    return dim3(blockIdx.x, blockIdx.y, blockIdx.z);
  }
  static __device__ dim3 thread_index() {
    return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
  }
  static __device__ dim3 group_dim() {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
  static __device__ dim3 dim_threads() {
    return dim3(blockDim.x, blockDim.y, blockDim.z);
  }
};

__device__ inline thread_group::thread_group(const thread_block &)
    : NumThreads(details::blockNumThreads()),
      Rank(details::blockThreadRank()) {}

__device__ inline thread_block this_thread_block() { return thread_block(); }

/// Scratch for multi-warp tiles before sm_80 (the toolkit's sm_80 and later
/// reserve their own): a stand-in of the same name that holds nothing the
/// analysis reads.
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
private:
  char scratch[16];
};
template <unsigned int MaxBlockSize>
__device__ inline thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return thread_block();
}

class grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const { return true; }
  __device__ unsigned long long thread_rank() const {
    return (unsigned long long)block_rank() * details::blockNumThreads() +
           details::blockThreadRank();
  }
  __device__ unsigned long long block_rank() const {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) *
               gridDim.x +
           blockIdx.x;
  }
  __device__ unsigned long long num_blocks() const {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
  }
  __device__ unsigned long long num_threads() const {
    return num_blocks() * details::blockNumThreads();
  }
  __device__ unsigned long long size() const { return num_threads(); }
  __device__ dim3 group_dim() const {
    return dim3(gridDim.x, gridDim.y, gridDim.z);
  }
};

__device__ inline grid_group this_grid() { return grid_group(); }

template <unsigned int Size, typename ParentT = void> class thread_block_tile;

/// A tile of Size (a power of two, at most 1024) consecutive threads of a
/// block; above 32 (a multi-warp tile) without the warp's collectives. As in
/// the toolkit, thread_block_tile<N, Parent> (what tiled_partition<N>
/// returns) derives from thread_block_tile<N>.
template <unsigned int Size> class thread_block_tile<Size, void> {
  static_assert(Size > 0 && Size <= 1024 && (Size & (Size - 1)) == 0,
                "tile size must be a power of two no larger than 1024");

  static __device__ unsigned int tileMask() {
    if (Size >= 32)
      return 0xffffffffu;
    return ((1u << (Size % 32)) - 1u) << (details::laneId() & ~(Size - 1u));
  }

public:
  static constexpr unsigned int numThreads = Size;

  __device__ void sync() const {
    if (Size > 32)
      __syncthreads(); // stand-in: the toolkit syncs the tile's warps alone
    else
      __syncwarp(tileMask());
  }
  __device__ unsigned int thread_rank() const {
    return details::blockThreadRank() & (Size - 1u);
  }
  __device__ unsigned long long size() const { return Size; }
  __device__ unsigned long long num_threads() const { return Size; }
  __device__ unsigned long long meta_group_rank() const {
    return details::blockThreadRank() / Size;
  }
  __device__ unsigned long long meta_group_size() const {
    return (details::blockNumThreads() + Size - 1u) / Size;
  }

  template <typename T> __device__ T shfl(T Var, int SrcRank) const {
    return __shfl_sync(tileMask(), Var, SrcRank, Size);
  }
  template <typename T>
  __device__ T shfl_down(T Var, unsigned int Delta) const {
    return __shfl_down_sync(tileMask(), Var, Delta, Size);
  }
  template <typename T> __device__ T shfl_up(T Var, unsigned int Delta) const {
    return __shfl_up_sync(tileMask(), Var, Delta, Size);
  }
  template <typename T>
  __device__ T shfl_xor(T Var, unsigned int LaneMask) const {
    return __shfl_xor_sync(tileMask(), Var, LaneMask, Size);
  }
  __device__ int any(int Predicate) const {
    return __any_sync(tileMask(), Predicate);
  }
  __device__ int all(int Predicate) const {
    return __all_sync(tileMask(), Predicate);
  }
  __device__ unsigned int ballot(int Predicate) const {
    return __ballot_sync(tileMask(), Predicate) >>
           (details::laneId() & ~(Size - 1u));
  }

  __device__ operator thread_group() const {
    return thread_group(Size, thread_rank());
  }
};

template <unsigned int Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

template <unsigned int Size, typename ParentT>
__device__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &) {
  return thread_block_tile<Size, ParentT>();
}

/// tiled_partition(parent, n): a tile whose size is a run-time value.
__device__ inline thread_group tiled_partition(const thread_group &Parent,
                                               unsigned int TileSize) {
  return thread_group(TileSize,
                      (unsigned int)Parent.thread_rank() % TileSize);
}
__device__ inline thread_group tiled_partition(const thread_block &Parent,
                                               unsigned int TileSize) {
  return tiled_partition(thread_group(Parent), TileSize);
}

/// The threads of the warp that are active at the call.
class coalesced_group {
  unsigned int Mask;

public:
  __device__ explicit coalesced_group(unsigned int Mask) : Mask(Mask) {}
  __device__ void sync() const { __syncwarp(Mask); }
  __device__ unsigned int thread_rank() const {
    return __popc(Mask & details::laneMaskLt());
  }
  __device__ unsigned long long size() const { return __popc(Mask); }
  __device__ unsigned long long num_threads() const { return __popc(Mask); }
  template <typename T> __device__ T shfl(T Var, unsigned int SrcRank) const {
    return __shfl_sync(Mask, Var, __fns(Mask, 0, SrcRank + 1));
  }
  __device__ int any(int Predicate) const {
    return __any_sync(Mask, Predicate);
  }
  __device__ int all(int Predicate) const {
    return __all_sync(Mask, Predicate);
  }
  __device__ unsigned int ballot(int Predicate) const {
    return __ballot_sync(Mask, Predicate);
  }
};

__device__ inline coalesced_group coalesced_threads() {
  return coalesced_group(__activemask());
}

template <typename GroupT> __device__ void sync(const GroupT &Group) {
  Group.sync();
}
template <typename GroupT>
__device__ unsigned long long thread_rank(const GroupT &Group) {
  return Group.thread_rank();
}
template <typename GroupT>
__device__ unsigned long long num_threads(const GroupT &Group) {
  return Group.num_threads();
}

} // namespace cooperative_groups

#endif // BANKCHECK_COOPERATIVE_GROUPS_H
