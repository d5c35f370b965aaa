//===- mma.h - Declarations of nvcuda::wmma -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <mma.h> when bankcheck parses without a CUDA
/// toolkit. Fragments and the load/store/mma functions are declared so that
/// WMMA kernels parse; their shared-memory traffic is not modelled here.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_MMA_H
#define BANKCHECK_MMA_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;

namespace precision {
struct tf32;
struct b1;
struct s4;
struct u4;
} // namespace precision
namespace experimental {
namespace precision {
using nvcuda::wmma::precision::b1;
using nvcuda::wmma::precision::s4;
using nvcuda::wmma::precision::u4;
} // namespace precision
} // namespace experimental

enum layout_t { mem_row_major, mem_col_major };

namespace detail {
template <typename T> struct storage { typedef T type; };
template <> struct storage<precision::tf32> { typedef float type; };
template <> struct storage<precision::b1> { typedef unsigned type; };
template <> struct storage<precision::s4> { typedef int type; };
template <> struct storage<precision::u4> { typedef unsigned type; };
template <typename Use, int M, int N, int K> struct elements;
template <int M, int N, int K> struct elements<matrix_a, M, N, K> {
  enum { value = (M * K + 31) / 32 };
};
template <int M, int N, int K> struct elements<matrix_b, M, N, K> {
  enum { value = (K * N + 31) / 32 };
};
template <int M, int N, int K> struct elements<accumulator, M, N, K> {
  enum { value = (M * N + 31) / 32 };
};
} // namespace detail

template <typename Use, int M, int N, int K, typename T,
          typename Layout = void>
class fragment {
public:
  typedef T element_type;
  typedef typename detail::storage<T>::type storage_element_type;
  enum { num_elements = detail::elements<Use, M, N, K>::value };
  storage_element_type x[num_elements];
};

template <typename Use, int M, int N, int K, typename T, typename Layout,
          typename ValueT>
__device__ void fill_fragment(fragment<Use, M, N, K, T, Layout> &Frag,
                              const ValueT &Value);

template <typename Use, int M, int N, int K, typename T, typename Layout,
          typename PtrT>
__device__ void load_matrix_sync(fragment<Use, M, N, K, T, Layout> &Frag,
                                 const PtrT *Ptr, unsigned Ldm);
template <int M, int N, int K, typename T, typename PtrT>
__device__ void load_matrix_sync(fragment<accumulator, M, N, K, T> &Frag,
                                 const PtrT *Ptr, unsigned Ldm,
                                 layout_t Layout);
template <int M, int N, int K, typename T, typename PtrT>
__device__ void store_matrix_sync(PtrT *Ptr,
                                  const fragment<accumulator, M, N, K, T> &Frag,
                                  unsigned Ldm, layout_t Layout);

template <int M, int N, int K, typename TA, typename LA, typename TB,
          typename LB, typename TC, typename TD>
__device__ void mma_sync(fragment<accumulator, M, N, K, TD> &D,
                         const fragment<matrix_a, M, N, K, TA, LA> &A,
                         const fragment<matrix_b, M, N, K, TB, LB> &B,
                         const fragment<accumulator, M, N, K, TC> &C,
                         bool Satf = false);

__device__ float __float_to_tf32(float In);

} // namespace wmma
} // namespace nvcuda

#endif // BANKCHECK_MMA_H
