//===- cooperative_groups/reduce.h - cg::reduce -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cooperative_groups/reduce.h> when bankcheck
/// parses without a CUDA toolkit: reduce() over a tile by XOR shuffles, and
/// the operator objects plus, less, greater, bit_and, bit_or, bit_xor.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_COOPERATIVE_GROUPS_REDUCE_H
#define BANKCHECK_COOPERATIVE_GROUPS_REDUCE_H

#include <cooperative_groups.h>
#include <type_traits>

namespace cooperative_groups {

template <typename T> struct plus {
  __device__ T operator()(const T &A, const T &B) const { return A + B; }
};
template <typename T> struct less {
  __device__ T operator()(const T &A, const T &B) const {
    return B < A ? B : A;
  }
};
template <typename T> struct greater {
  __device__ T operator()(const T &A, const T &B) const {
    return A < B ? B : A;
  }
};
template <typename T> struct bit_and {
  __device__ T operator()(const T &A, const T &B) const { return A & B; }
};
template <typename T> struct bit_or {
  __device__ T operator()(const T &A, const T &B) const { return A | B; }
};
template <typename T> struct bit_xor {
  __device__ T operator()(const T &A, const T &B) const { return A ^ B; }
};

template <typename GroupT, typename ValT, typename OpT>
__device__ typename std::decay<ValT>::type reduce(const GroupT &Group,
                                                  ValT &&Value, OpT &&Op) {
  typename std::decay<ValT>::type Acc = Value;
  for (unsigned int Offset = (unsigned int)Group.num_threads() / 2; Offset > 0;
       Offset /= 2)
    Acc = Op(Acc, Group.shfl_xor(Acc, Offset));
  return Acc;
}

} // namespace cooperative_groups

#endif // BANKCHECK_COOPERATIVE_GROUPS_REDUCE_H
