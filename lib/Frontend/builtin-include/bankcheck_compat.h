//===- bankcheck_compat.h - What nvcc provides and clang's CUDA mode lacks -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// Force-included after the CUDA headers in both modes (toolkit and built-in).
// nvcc's host headers make these visible to CUDA sources; clang's do not, and
// real projects rely on them.
#ifndef BANKCHECK_COMPAT_H
#define BANKCHECK_COMPAT_H

#include <cmath> // isfinite() and friends in host code, as with nvcc
#include <ctime> // time(), clock(): nvcc's headers pull <ctime> in

// min/max from host code (nvcc's crt/math_functions.hpp has host overloads;
// clang's CUDA headers only device ones). One template covers every pair of
// arithmetic types; any non-template overload the headers have wins over it.
#include <type_traits>
template <typename A, typename B,
          typename = typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value>::type>
__attribute__((host)) inline typename std::common_type<A, B>::type min(A a, B b) {
  return b < a ? b : a;
}
template <typename A, typename B,
          typename = typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value>::type>
__attribute__((host)) inline typename std::common_type<A, B>::type max(A a, B b) {
  return a < b ? b : a;
}

// isfinite/isnan/isinf on host floating-point values in the global namespace.
#define BANKCHECK_HOST_CLASSIFY(F)                                                 \
  template <typename T, typename = typename std::enable_if<std::is_floating_point<T>::value>::type> \
  __attribute__((host)) inline bool F(T x) { return std::F(x); }
BANKCHECK_HOST_CLASSIFY(isfinite)
BANKCHECK_HOST_CLASSIFY(isnan)
BANKCHECK_HOST_CLASSIFY(isinf)
#undef BANKCHECK_HOST_CLASSIFY

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

// `::template`, `->template` and `.template` as bankcheck reads them where
// nvcc accepts a member template of a dependent type named without the
// keyword (`X<T>::f<1>(...)`): the rewrite that puts it in (NvccCompat.h)
// keeps every offset and has room for a few characters only.
#define $S ::template
#define $P ->template
#define $M .template

#endif
