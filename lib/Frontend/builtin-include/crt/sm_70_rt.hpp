//===- crt/sm_70_rt.hpp - __match_any_sync and __match_all_sync -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Without a toolkit, clang's __clang_cuda_intrinsics.h still includes
/// "crt/sm_70_rt.hpp" (for sm_70 and newer) right after defining the
/// __match32_* and __match64_* helpers. This stand-in defines the public
/// overloads on top of them, as the toolkit's file does.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_SM_70_RT_HPP
#define BANKCHECK_SM_70_RT_HPP

#define __BC_MATCH32(T)                                                        \
  static __device__ __inline__ unsigned int __match_any_sync(unsigned mask,    \
                                                             T value) {        \
    return __match32_any_sync(mask, (unsigned int)value);                      \
  }                                                                            \
  static __device__ __inline__ unsigned int __match_all_sync(                  \
      unsigned mask, T value, int *pred) {                                     \
    return __match32_all_sync(mask, (unsigned int)value, pred);                \
  }
#define __BC_MATCH64(T)                                                        \
  static __device__ __inline__ unsigned int __match_any_sync(unsigned mask,    \
                                                             T value) {        \
    return __match64_any_sync(mask, (unsigned long long)value);                \
  }                                                                            \
  static __device__ __inline__ unsigned int __match_all_sync(                  \
      unsigned mask, T value, int *pred) {                                     \
    return __match64_all_sync(mask, (unsigned long long)value, pred);          \
  }

__BC_MATCH32(unsigned int)
__BC_MATCH32(int)
__BC_MATCH64(unsigned long)
__BC_MATCH64(long)
__BC_MATCH64(unsigned long long)
__BC_MATCH64(long long)
#undef __BC_MATCH32
#undef __BC_MATCH64

static __device__ __inline__ unsigned int __match_any_sync(unsigned mask,
                                                           float value) {
  return __match32_any_sync(mask, __builtin_bit_cast(unsigned int, value));
}
static __device__ __inline__ unsigned int __match_all_sync(unsigned mask,
                                                           float value,
                                                           int *pred) {
  return __match32_all_sync(mask, __builtin_bit_cast(unsigned int, value),
                            pred);
}
static __device__ __inline__ unsigned int __match_any_sync(unsigned mask,
                                                           double value) {
  return __match64_any_sync(mask,
                            __builtin_bit_cast(unsigned long long, value));
}
static __device__ __inline__ unsigned int __match_all_sync(unsigned mask,
                                                           double value,
                                                           int *pred) {
  return __match64_all_sync(
      mask, __builtin_bit_cast(unsigned long long, value), pred);
}

#endif // BANKCHECK_SM_70_RT_HPP
