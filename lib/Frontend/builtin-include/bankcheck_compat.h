//===- bankcheck_compat.h - What nvcc provides and clang's CUDA mode lacks -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// Force-included after the CUDA headers in both modes (toolkit and built-in).
// nvcc's host headers make these visible to CUDA sources; clang's do not, and
// real projects rely on them.
#ifndef BANKCHECK_COMPAT_H
#define BANKCHECK_COMPAT_H

#include <ctime> // time(), clock(): nvcc's headers pull <ctime> in

// min/max on integers from host code (nvcc's crt/math_functions.hpp).
#define BANKCHECK_HOST_MINMAX(T)                                                   \
  __attribute__((host)) inline T min(T a, T b) { return a < b ? a : b; }                        \
  __attribute__((host)) inline T max(T a, T b) { return a < b ? b : a; }
BANKCHECK_HOST_MINMAX(int)
BANKCHECK_HOST_MINMAX(unsigned int)
BANKCHECK_HOST_MINMAX(long)
BANKCHECK_HOST_MINMAX(unsigned long)
BANKCHECK_HOST_MINMAX(long long)
BANKCHECK_HOST_MINMAX(unsigned long long)
#undef BANKCHECK_HOST_MINMAX

// Cache-hinted loads and stores, for every type (vector types included).
#if !defined(BANKCHECK_CUDA_PRELUDE_H) // the built-in prelude has its own
template <typename T> __attribute__((device)) inline T __ldcs(const T *p) { return *p; }
template <typename T> __attribute__((device)) inline T __ldcg(const T *p) { return *p; }
template <typename T> __attribute__((device)) inline T __ldca(const T *p) { return *p; }
template <typename T> __attribute__((device)) inline T __ldlu(const T *p) { return *p; }
template <typename T> __attribute__((device)) inline T __ldcv(const T *p) { return *p; }
template <typename T> __attribute__((device)) inline void __stcs(T *p, T v) { *p = v; }
template <typename T> __attribute__((device)) inline void __stcg(T *p, T v) { *p = v; }
template <typename T> __attribute__((device)) inline void __stwb(T *p, T v) { *p = v; }
template <typename T> __attribute__((device)) inline void __stwt(T *p, T v) { *p = v; }
#endif

#endif
