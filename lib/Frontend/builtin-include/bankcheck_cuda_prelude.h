//===- bankcheck_cuda_prelude.h - CUDA without a toolkit -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Force-included (`-include bankcheck_cuda_prelude.h`) when bankcheck parses
/// CUDA with `-nocudainc -nocudalib`, that is, without a CUDA toolkit. It
/// stands in for clang's `__clang_cuda_runtime_wrapper.h` plus the parts of
/// the toolkit headers that kernels use: space specifiers, built-in
/// variables, vector types, dim3, atomics, warp intrinsics, half and bfloat16,
/// and enough of the runtime API for host code and `<<<...>>>` launches.
///
/// It follows the wrapper's order: device math forward declarations before
/// <cmath>, then the toolkit-like declarations, then clang's own device
/// function headers (the same ones used with a real toolkit, so calls such as
/// `__popc`, `__shfl_down_sync` or `sqrtf` resolve to the same declarations in
/// both modes).
///
/// Only the AST matters: bodies exist so that nothing is "used but not
/// defined", not to compute correct results in every corner (NaN rounding of
/// the half conversions, for example).
///
/// Not defined on purpose: `__noinline__` and `__restrict__` are keywords in
/// clang's CUDA mode, and a `__noinline__` macro breaks libstdc++'s
/// `__attribute__((__noinline__))`.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_PRELUDE_H
#define BANKCHECK_CUDA_PRELUDE_H

#if !defined(__CUDA__) || !defined(__clang__) || !defined(__cplusplus)
#error "bankcheck_cuda_prelude.h is for clang in CUDA (C++) mode"
#endif

/// Tells user code (and bankcheck's tests) that the built-in headers are used.
#define __BANKCHECK_BUILTIN_CUDA__ 1

// Both as with a CUDA 12.4 toolkit: clang 19 knows this version, and clang's
// device headers below require CUDA_VERSION >= 9000.
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12040
#endif
#define __CUDART_API_VERSION CUDART_VERSION

//===----------------------------------------------------------------------===//
// Standard headers, as the wrapper includes them.
//===----------------------------------------------------------------------===//

// Must precede <cmath>: otherwise constexpr std math functions become
// implicitly __host__ __device__ and block the __device__ overloads below.
#include <__clang_cuda_math_forward_declares.h>

// glibc and libstdc++ check __CUDACC__ (e.g. to leave out _Float128).
#define __CUDACC__
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#undef __CUDACC__

//===----------------------------------------------------------------------===//
// Execution and memory space specifiers.
//===----------------------------------------------------------------------===//

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// clang has no CUDA 'managed' attribute (it is HIP-only): a managed variable
// is a device variable that host code may also touch.
#define __managed__ __attribute__((device))
// clang 19 has no CUDA grid_constant attribute (it would warn and ignore it).
#define __grid_constant__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
// clang 19 has no cluster_dims attribute.
#define __cluster_dims__(...)
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __CUDA_ALIGN__(n) __align__(n)
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __no_return__ __attribute__((noreturn))
#define __thread__ __thread
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define __CUDA_HOSTDEVICE__ __host__ __device__

//===----------------------------------------------------------------------===//
// Built-in variables, vector types, dim3.
//===----------------------------------------------------------------------===//

#include <__clang_cuda_builtin_vars.h>

// Alignments are those of the toolkit's vector_types.h: the 1- and
// 3-element types have their element's alignment, the 2- and 4-element types
// the alignments given here (float2 8, float4 16, double2 16, int4 16, ...).
#define __BC_VECTOR_TYPES(NAME, T, ALIGN2, ALIGN4)                             \
  struct __device_builtin__ NAME##1 { T x; };                                  \
  struct __device_builtin__ __align__(ALIGN2) NAME##2 { T x, y; };             \
  struct __device_builtin__ NAME##3 { T x, y, z; };                            \
  struct __device_builtin__ __align__(ALIGN4) NAME##4 { T x, y, z, w; };       \
  typedef struct NAME##1 NAME##1;                                              \
  typedef struct NAME##2 NAME##2;                                              \
  typedef struct NAME##3 NAME##3;                                              \
  typedef struct NAME##4 NAME##4;                                              \
  static __inline__ __host__ __device__ NAME##1 make_##NAME##1(T x) {          \
    NAME##1 t; t.x = x; return t;                                              \
  }                                                                            \
  static __inline__ __host__ __device__ NAME##2 make_##NAME##2(T x, T y) {     \
    NAME##2 t; t.x = x; t.y = y; return t;                                     \
  }                                                                            \
  static __inline__ __host__ __device__ NAME##3 make_##NAME##3(T x, T y,      \
                                                               T z) {         \
    NAME##3 t; t.x = x; t.y = y; t.z = z; return t;                            \
  }                                                                            \
  static __inline__ __host__ __device__ NAME##4 make_##NAME##4(T x, T y, T z,  \
                                                               T w) {          \
    NAME##4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t;                   \
  }

__BC_VECTOR_TYPES(char, signed char, 2, 4)
__BC_VECTOR_TYPES(uchar, unsigned char, 2, 4)
__BC_VECTOR_TYPES(short, short, 4, 8)
__BC_VECTOR_TYPES(ushort, unsigned short, 4, 8)
__BC_VECTOR_TYPES(int, int, 8, 16)
__BC_VECTOR_TYPES(uint, unsigned int, 8, 16)
__BC_VECTOR_TYPES(long, long int, 2 * sizeof(long int), 16)
__BC_VECTOR_TYPES(ulong, unsigned long int, 2 * sizeof(unsigned long int), 16)
__BC_VECTOR_TYPES(float, float, 8, 16)
__BC_VECTOR_TYPES(longlong, long long int, 16, 16)
__BC_VECTOR_TYPES(ulonglong, unsigned long long int, 16, 16)
__BC_VECTOR_TYPES(double, double, 16, 16)
#undef __BC_VECTOR_TYPES

// CUDA 13's explicitly aligned 4-element 64-bit types.
#define __BC_VECTOR4_ALIGNED(NAME, T, A)                                       \
  struct __device_builtin__ __align__(A) NAME { T x, y, z, w; };               \
  typedef struct NAME NAME;                                                    \
  static __inline__ __host__ __device__ NAME make_##NAME(T x, T y, T z, T w) { \
    NAME t; t.x = x; t.y = y; t.z = z; t.w = w; return t;                      \
  }
__BC_VECTOR4_ALIGNED(long4_16a, long int, 16)
__BC_VECTOR4_ALIGNED(long4_32a, long int, 32)
__BC_VECTOR4_ALIGNED(ulong4_16a, unsigned long int, 16)
__BC_VECTOR4_ALIGNED(ulong4_32a, unsigned long int, 32)
__BC_VECTOR4_ALIGNED(longlong4_16a, long long int, 16)
__BC_VECTOR4_ALIGNED(longlong4_32a, long long int, 32)
__BC_VECTOR4_ALIGNED(ulonglong4_16a, unsigned long long int, 16)
__BC_VECTOR4_ALIGNED(ulonglong4_32a, unsigned long long int, 32)
__BC_VECTOR4_ALIGNED(double4_16a, double, 16)
__BC_VECTOR4_ALIGNED(double4_32a, double, 32)
#undef __BC_VECTOR4_ALIGNED

struct __device_builtin__ dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3(void) const {
    return uint3{x, y, z};
  }
};
typedef struct dim3 dim3;

// The conversions that __clang_cuda_builtin_vars.h declares.
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const {
  return {x, y, z};
}

//===----------------------------------------------------------------------===//
// Runtime API types and host declarations.
//===----------------------------------------------------------------------===//

typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

enum __device_builtin__ cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorLaunchFailure = 719,
  cudaErrorCooperativeLaunchTooLarge = 720,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum __device_builtin__ cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum __device_builtin__ cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

enum __device_builtin__ cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

enum __device_builtin__ cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};

enum __device_builtin__ cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
};

#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

/// The commonly read fields of the toolkit's cudaDeviceProp.
struct __device_builtin__ cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
};

extern "C" {
// What clang's Sema calls for `kernel<<<grid, block, shmem, stream>>>(...)`:
// cudaConfigureCall when the driver knows no CUDA SDK version (the case
// without a toolkit), __cudaPushCallConfiguration otherwise (CUDA >= 9.2).
__host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem = 0,
                                       cudaStream_t stream = 0);
__host__ __device__ unsigned __cudaPushCallConfiguration(dim3 gridDim,
                                                         dim3 blockDim,
                                                         size_t sharedMem = 0,
                                                         void *stream = 0);

__host__ cudaError_t cudaMalloc(void **devPtr, size_t size);
__host__ cudaError_t
cudaMallocManaged(void **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal);
__host__ cudaError_t cudaMallocHost(void **ptr, size_t size);
__host__ cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                   unsigned int flags);
__host__ cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch,
                                     size_t width, size_t height);
__host__ cudaError_t cudaFree(void *devPtr);
__host__ cudaError_t cudaFreeHost(void *ptr);
__host__ cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__host__ cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__host__ cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__host__ cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                                     cudaStream_t stream = 0);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ __device__ cudaError_t cudaGetLastError(void);
__host__ __device__ cudaError_t cudaPeekAtLastError(void);
__host__ __device__ const char *cudaGetErrorString(cudaError_t error);
__host__ __device__ const char *cudaGetErrorName(cudaError_t error);
__host__ cudaError_t cudaSetDevice(int device);
__host__ __device__ cudaError_t cudaGetDevice(int *device);
__host__ __device__ cudaError_t cudaGetDeviceCount(int *count);
__host__ cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__host__ __device__ cudaError_t cudaDeviceGetAttribute(int *value,
                                                       enum cudaDeviceAttr attr,
                                                       int device);
__host__ cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__host__ cudaError_t
cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__host__ cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                               unsigned int flags);
__host__ __device__ cudaError_t cudaStreamDestroy(cudaStream_t stream);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *event);
__host__ __device__ cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                         unsigned int flags);
__host__ __device__ cudaError_t cudaEventRecord(cudaEvent_t event,
                                                cudaStream_t stream = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t event);
__host__ cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__host__ __device__ cudaError_t cudaEventDestroy(cudaEvent_t event);
__host__ cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__host__ cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache cacheConfig);
__host__ cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__host__ cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                 dim3 gridDim, dim3 blockDim,
                                                 void **args, size_t sharedMem,
                                                 cudaStream_t stream);
__host__ __device__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
} // extern "C"

// The C++ conveniences of the toolkit's cuda_runtime.h.
template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
// The extensible launch (driver_types.h, cuda_runtime.h).
typedef struct cudaLaunchAttribute_st {
  int id;
  char pad[4];
  union { char raw[64]; } val;
} cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
extern "C" __host__ cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                                    const void *func, void **args);
template <typename... ExpTypes, typename... ActTypes>
static __inline__ __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config, void (*kernel)(ExpTypes...),
                   ActTypes &&...args) {
  return ::cudaLaunchKernelExC(config, (const void *)kernel, (void **)0);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}

//===----------------------------------------------------------------------===//
// Device functions: clang's own headers, as with a real toolkit.
//===----------------------------------------------------------------------===//

// Provides __popc, __clz, __ffs, __fdividef, __threadfence*, __syncthreads_*,
// the __iAtomicAdd-style helpers used below, and __device__ overloads of the
// C math functions (sqrtf, expf, rsqrtf, min/max on int, ...).
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>

// __syncthreads is a clang builtin (BuiltinsNVPTX.def); declaring it is
// harmless and documents where it comes from.
extern "C" __device__ void __syncthreads(void);

// Overloads of min/max beyond clang's (int, int), as the toolkit's
// math_functions.hpp has them.
#define __BC_DEVICE static __device__ __forceinline__
__BC_DEVICE unsigned int min(unsigned int a, unsigned int b) {
  return umin(a, b);
}
__BC_DEVICE unsigned int min(int a, unsigned int b) {
  return umin((unsigned int)a, b);
}
__BC_DEVICE unsigned int min(unsigned int a, int b) {
  return umin(a, (unsigned int)b);
}
__BC_DEVICE long min(long a, long b) { return a < b ? a : b; }
__BC_DEVICE unsigned long min(unsigned long a, unsigned long b) {
  return a < b ? a : b;
}
__BC_DEVICE long long min(long long a, long long b) { return llmin(a, b); }
__BC_DEVICE unsigned long long min(unsigned long long a, unsigned long long b) {
  return ullmin(a, b);
}
__BC_DEVICE float min(float a, float b) { return fminf(a, b); }
__BC_DEVICE double min(double a, double b) { return fmin(a, b); }
__BC_DEVICE double min(float a, double b) { return fmin((double)a, b); }
__BC_DEVICE double min(double a, float b) { return fmin(a, (double)b); }
__BC_DEVICE unsigned int max(unsigned int a, unsigned int b) {
  return umax(a, b);
}
__BC_DEVICE unsigned int max(int a, unsigned int b) {
  return umax((unsigned int)a, b);
}
__BC_DEVICE unsigned int max(unsigned int a, int b) {
  return umax(a, (unsigned int)b);
}
__BC_DEVICE long max(long a, long b) { return a > b ? a : b; }
__BC_DEVICE unsigned long max(unsigned long a, unsigned long b) {
  return a > b ? a : b;
}
__BC_DEVICE long long max(long long a, long long b) { return llmax(a, b); }
__BC_DEVICE unsigned long long max(unsigned long long a, unsigned long long b) {
  return ullmax(a, b);
}
__BC_DEVICE float max(float a, float b) { return fmaxf(a, b); }
__BC_DEVICE double max(double a, double b) { return fmax(a, b); }
__BC_DEVICE double max(float a, double b) { return fmax((double)a, b); }
__BC_DEVICE double max(double a, float b) { return fmax(a, (double)b); }

//===----------------------------------------------------------------------===//
// Atomics, as the toolkit's device_atomic_functions.hpp and
// sm_60_atomic_functions.hpp define them on top of clang's helpers.
//===----------------------------------------------------------------------===//

// Each operation also exists with the _block and _system scopes (sm_60+).
#define __BC_ATOMIC_SCOPES(RET, NAME, PARAMS, HELPER, ARGS)                    \
  __BC_DEVICE RET NAME PARAMS { return HELPER ARGS; }                          \
  __BC_DEVICE RET NAME##_block PARAMS { return HELPER##_block ARGS; }          \
  __BC_DEVICE RET NAME##_system PARAMS { return HELPER##_system ARGS; }
// RET NAME(RET *address, RET val), in three scopes.
#define __BC_ATOMIC(T, NAME, HELPER)                                           \
  __BC_ATOMIC_SCOPES(T, NAME, (T * address, T val), HELPER, (address, val))

__BC_ATOMIC(int, atomicAdd, __iAtomicAdd)
__BC_ATOMIC(unsigned int, atomicAdd, __uAtomicAdd)
__BC_ATOMIC(unsigned long long, atomicAdd, __ullAtomicAdd)
__BC_ATOMIC(float, atomicAdd, __fAtomicAdd)
__BC_ATOMIC(double, atomicAdd, __dAtomicAdd)

__BC_ATOMIC_SCOPES(int, atomicSub, (int *address, int val), __iAtomicAdd,
                   (address, (int)(0u - (unsigned int)val)))
__BC_ATOMIC_SCOPES(unsigned int, atomicSub,
                   (unsigned int *address, unsigned int val), __uAtomicAdd,
                   (address, 0u - val))

__BC_ATOMIC(int, atomicExch, __iAtomicExch)
__BC_ATOMIC(unsigned int, atomicExch, __uAtomicExch)
__BC_ATOMIC(unsigned long long, atomicExch, __ullAtomicExch)
__BC_ATOMIC(float, atomicExch, __fAtomicExch)

__BC_ATOMIC(int, atomicMin, __iAtomicMin)
__BC_ATOMIC(unsigned int, atomicMin, __uAtomicMin)
__BC_ATOMIC(long long, atomicMin, __illAtomicMin)
__BC_ATOMIC(unsigned long long, atomicMin, __ullAtomicMin)
__BC_ATOMIC(int, atomicMax, __iAtomicMax)
__BC_ATOMIC(unsigned int, atomicMax, __uAtomicMax)
__BC_ATOMIC(long long, atomicMax, __illAtomicMax)
__BC_ATOMIC(unsigned long long, atomicMax, __ullAtomicMax)

__BC_ATOMIC(unsigned int, atomicInc, __uAtomicInc)
__BC_ATOMIC(unsigned int, atomicDec, __uAtomicDec)

__BC_ATOMIC(int, atomicAnd, __iAtomicAnd)
__BC_ATOMIC(unsigned int, atomicAnd, __uAtomicAnd)
__BC_ATOMIC(unsigned long long, atomicAnd, __ullAtomicAnd)
__BC_ATOMIC(int, atomicOr, __iAtomicOr)
__BC_ATOMIC(unsigned int, atomicOr, __uAtomicOr)
__BC_ATOMIC(unsigned long long, atomicOr, __ullAtomicOr)
__BC_ATOMIC(int, atomicXor, __iAtomicXor)
__BC_ATOMIC(unsigned int, atomicXor, __uAtomicXor)
__BC_ATOMIC(unsigned long long, atomicXor, __ullAtomicXor)

__BC_ATOMIC_SCOPES(int, atomicCAS, (int *address, int compare, int val),
                   __iAtomicCAS, (address, compare, val))
__BC_ATOMIC_SCOPES(unsigned long long, atomicCAS,
                   (unsigned long long *address, unsigned long long compare,
                    unsigned long long val),
                   __ullAtomicCAS, (address, compare, val))
#undef __BC_ATOMIC
#undef __BC_ATOMIC_SCOPES
// clang has no _block/_system variant of __uAtomicCAS.
__BC_DEVICE unsigned int atomicCAS(unsigned int *address, unsigned int compare,
                                   unsigned int val) {
  return __uAtomicCAS(address, compare, val);
}
__BC_DEVICE unsigned int atomicCAS_block(unsigned int *address,
                                         unsigned int compare,
                                         unsigned int val) {
  return __uAtomicCAS(address, compare, val);
}
__BC_DEVICE unsigned int atomicCAS_system(unsigned int *address,
                                          unsigned int compare,
                                          unsigned int val) {
  return __uAtomicCAS(address, compare, val);
}

//===----------------------------------------------------------------------===//
// Address-space queries and conversions (sm_20_intrinsics), cache-hinted
// loads and stores (sm_32_intrinsics).
//===----------------------------------------------------------------------===//

__BC_DEVICE unsigned int __isGlobal(const void *p) {
  return __nvvm_isspacep_global(p);
}
__BC_DEVICE unsigned int __isShared(const void *p) {
  return __nvvm_isspacep_shared(p);
}
__BC_DEVICE unsigned int __isConstant(const void *p) {
  return __nvvm_isspacep_const(p);
}
__BC_DEVICE unsigned int __isLocal(const void *p) {
  return __nvvm_isspacep_local(p);
}

// The toolkit has one overload per scalar and vector type; a template
// accepts the same calls.
template <typename T> __BC_DEVICE T __ldcg(const T *ptr) { return *ptr; }
template <typename T> __BC_DEVICE T __ldca(const T *ptr) { return *ptr; }
template <typename T> __BC_DEVICE T __ldcs(const T *ptr) { return *ptr; }
template <typename T> __BC_DEVICE T __ldlu(const T *ptr) { return *ptr; }
template <typename T> __BC_DEVICE T __ldcv(const T *ptr) { return *ptr; }
template <typename T> __BC_DEVICE void __stwb(T *ptr, T value) { *ptr = value; }
template <typename T> __BC_DEVICE void __stcg(T *ptr, T value) { *ptr = value; }
template <typename T> __BC_DEVICE void __stcs(T *ptr, T value) { *ptr = value; }
template <typename T> __BC_DEVICE void __stwt(T *ptr, T value) { *ptr = value; }

//===----------------------------------------------------------------------===//
// Device-side C library, as the wrapper declares it.
//===----------------------------------------------------------------------===//

extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute((nothrow));
__device__ void *malloc(size_t) __attribute((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *__message, const char *__file,
                             unsigned __line, const char *__function,
                             size_t __charSize);
__device__ static inline void __assert_fail(const char *__message,
                                            const char *__file, unsigned __line,
                                            const char *__function) {
  __assertfail(__message, __file, __line, __function, sizeof(char));
}
__device__ int printf(const char *, ...);
} // extern "C"

namespace std {
__device__ static inline void free(void *__ptr) { ::free(__ptr); }
__device__ static inline void *malloc(size_t __size) {
  return ::malloc(__size);
}
} // namespace std

// Generic <-> address-space conversions (CUDA 11+): declared here because
// clang's intrinsics header calls __cvta_generic_to_shared; defined below on
// that header's helpers.
__BC_DEVICE size_t __cvta_generic_to_global(const void *p);
__BC_DEVICE size_t __cvta_generic_to_shared(const void *p);
__BC_DEVICE size_t __cvta_generic_to_constant(const void *p);
__BC_DEVICE size_t __cvta_generic_to_local(const void *p);
__BC_DEVICE void *__cvta_global_to_generic(size_t a);
__BC_DEVICE void *__cvta_shared_to_generic(size_t a);
__BC_DEVICE void *__cvta_constant_to_generic(size_t a);
__BC_DEVICE void *__cvta_local_to_generic(size_t a);

// std:: device math overloads, the warp intrinsics (__shfl*_sync, __syncwarp,
// __ballot_sync, __activemask, __ldg, __match*_sync, __reduce_*_sync, ...),
// and complex-arithmetic helpers. The intrinsics header includes
// "crt/sm_70_rt.hpp", which this directory provides.
#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
#include <__clang_cuda_complex_builtins.h>

__BC_DEVICE size_t __cvta_generic_to_global(const void *p) {
  return __nv_cvta_generic_to_global_impl(p);
}
__BC_DEVICE size_t __cvta_generic_to_shared(const void *p) {
  return __nv_cvta_generic_to_shared_impl(p);
}
__BC_DEVICE size_t __cvta_generic_to_constant(const void *p) {
  return __nv_cvta_generic_to_constant_impl(p);
}
__BC_DEVICE size_t __cvta_generic_to_local(const void *p) {
  return __nv_cvta_generic_to_local_impl(p);
}
__BC_DEVICE void *__cvta_global_to_generic(size_t a) {
  return __nv_cvta_global_to_generic_impl(a);
}
__BC_DEVICE void *__cvta_shared_to_generic(size_t a) {
  return __nv_cvta_shared_to_generic_impl(a);
}
__BC_DEVICE void *__cvta_constant_to_generic(size_t a) {
  return __nv_cvta_constant_to_generic_impl(a);
}
__BC_DEVICE void *__cvta_local_to_generic(size_t a) {
  return __nv_cvta_local_to_generic_impl(a);
}

//===----------------------------------------------------------------------===//
// __half and __nv_bfloat16: 2-byte structs, and their pairs 4-byte structs,
// with the toolkit's layout and the common conversions and operators.
//===----------------------------------------------------------------------===//

#define __BC_HD static __inline__ __host__ __device__

typedef struct __align__(2) __half_raw { unsigned short x; } __half_raw;
typedef struct __align__(4) __half2_raw { unsigned short x, y; } __half2_raw;

__BC_HD unsigned short __bc_float_to_half_bits(float f) {
  return __builtin_bit_cast(unsigned short, (_Float16)f);
}
__BC_HD float __bc_half_bits_to_float(unsigned short h) {
  return (float)__builtin_bit_cast(_Float16, h);
}

struct __align__(2) __half {
protected:
  unsigned short __x;

public:
  __half() = default;
  __host__ __device__ constexpr __half(const __half_raw &hr) : __x(hr.x) {}
  __host__ __device__ __half(float f) : __x(__bc_float_to_half_bits(f)) {}
  __host__ __device__ __half(double f)
      : __x(__bc_float_to_half_bits((float)f)) {}
  __host__ __device__ __half(int i) : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half(unsigned int i)
      : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half(short i)
      : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half(unsigned short i)
      : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half(long long i)
      : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half(unsigned long long i)
      : __x(__bc_float_to_half_bits((float)i)) {}
  __host__ __device__ __half &operator=(const __half_raw &hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ operator __half_raw() const {
    __half_raw r;
    r.x = __x;
    return r;
  }
  __host__ __device__ operator float() const {
    return __bc_half_bits_to_float(__x);
  }
};

struct __align__(4) __half2 {
  __half x, y;
  __half2() = default;
  __host__ __device__ constexpr __half2(const __half &a, const __half &b)
      : x(a), y(b) {}
  __host__ __device__ __half2(const __half2_raw &h2r) {
    __half_raw lo, hi;
    lo.x = h2r.x;
    hi.x = h2r.y;
    x = __half(lo);
    y = __half(hi);
  }
  __host__ __device__ operator __half2_raw() const {
    __half2_raw r;
    r.x = static_cast<__half_raw>(x).x;
    r.y = static_cast<__half_raw>(y).x;
    return r;
  }
};

typedef __half half;
typedef __half2 half2;

__BC_HD __half __float2half(const float a) { return __half(a); }
__BC_HD __half __float2half_rn(const float a) { return __half(a); }
__BC_HD __half __double2half(const double a) { return __half(a); }
__BC_HD __half __int2half_rn(const int i) { return __half(i); }
__BC_HD __half __uint2half_rn(const unsigned int i) { return __half(i); }
__BC_HD float __half2float(const __half a) { return static_cast<float>(a); }
__BC_HD int __half2int_rn(const __half a) { return (int)static_cast<float>(a); }
__BC_HD int __half2int_rz(const __half a) { return (int)static_cast<float>(a); }
__BC_HD __half2 __float2half2_rn(const float a) {
  return __half2(__half(a), __half(a));
}
__BC_HD __half2 __floats2half2_rn(const float a, const float b) {
  return __half2(__half(a), __half(b));
}
__BC_HD __half2 __float22half2_rn(const float2 a) {
  return __half2(__half(a.x), __half(a.y));
}
__BC_HD float2 __half22float2(const __half2 a) {
  return make_float2(static_cast<float>(a.x), static_cast<float>(a.y));
}
__BC_HD float __low2float(const __half2 a) { return static_cast<float>(a.x); }
__BC_HD float __high2float(const __half2 a) { return static_cast<float>(a.y); }
__BC_HD __half __low2half(const __half2 a) { return a.x; }
__BC_HD __half __high2half(const __half2 a) { return a.y; }
__BC_HD __half2 __halves2half2(const __half a, const __half b) {
  return __half2(a, b);
}
__BC_HD __half2 __half2half2(const __half a) { return __half2(a, a); }
__BC_HD __half2 __lows2half2(const __half2 a, const __half2 b) {
  return __half2(a.x, b.x);
}
__BC_HD __half2 __highs2half2(const __half2 a, const __half2 b) {
  return __half2(a.y, b.y);
}
__BC_HD short __half_as_short(const __half h) {
  return (short)static_cast<__half_raw>(h).x;
}
__BC_HD unsigned short __half_as_ushort(const __half h) {
  return static_cast<__half_raw>(h).x;
}
__BC_HD __half __short_as_half(const short i) {
  __half_raw r;
  r.x = (unsigned short)i;
  return __half(r);
}
__BC_HD __half __ushort_as_half(const unsigned short i) {
  __half_raw r;
  r.x = i;
  return __half(r);
}

// Arithmetic on __half: through float, as the toolkit does on older GPUs.
#define __BC_HALF_BINARY(NAME, OP)                                             \
  __BC_HD __half NAME(const __half a, const __half b) {                        \
    return __half(static_cast<float>(a) OP static_cast<float>(b));             \
  }                                                                            \
  __BC_HD __half2 NAME##2(const __half2 a, const __half2 b) {                  \
    return __half2(NAME(a.x, b.x), NAME(a.y, b.y));                            \
  }
__BC_HALF_BINARY(__hadd, +)
__BC_HALF_BINARY(__hsub, -)
__BC_HALF_BINARY(__hmul, *)
__BC_HALF_BINARY(__hdiv, /)
#undef __BC_HALF_BINARY
__BC_HD __half __hfma(const __half a, const __half b, const __half c) {
  return __half(static_cast<float>(a) * static_cast<float>(b) +
                static_cast<float>(c));
}
__BC_HD __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c) {
  return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
__BC_HD __half __hneg(const __half a) { return __half(-static_cast<float>(a)); }
__BC_HD __half __hmax(const __half a, const __half b) {
  return static_cast<float>(a) > static_cast<float>(b) ? a : b;
}
__BC_HD __half __hmin(const __half a, const __half b) {
  return static_cast<float>(a) < static_cast<float>(b) ? a : b;
}

#define __BC_HALF_OPERATORS(T)                                                 \
  __BC_HD T operator+(const T &a, const T &b) { return __hadd(a, b); }         \
  __BC_HD T operator-(const T &a, const T &b) { return __hsub(a, b); }         \
  __BC_HD T operator*(const T &a, const T &b) { return __hmul(a, b); }         \
  __BC_HD T operator/(const T &a, const T &b) { return __hdiv(a, b); }         \
  __BC_HD T &operator+=(T &a, const T &b) { return a = __hadd(a, b); }         \
  __BC_HD T &operator-=(T &a, const T &b) { return a = __hsub(a, b); }         \
  __BC_HD T &operator*=(T &a, const T &b) { return a = __hmul(a, b); }         \
  __BC_HD T &operator/=(T &a, const T &b) { return a = __hdiv(a, b); }         \
  __BC_HD T operator-(const T &a) { return __hneg(a); }                        \
  __BC_HD T operator+(const T &a) { return a; }
__BC_HALF_OPERATORS(__half)
#define __BC_HALF_COMPARE(OP)                                                  \
  __BC_HD bool operator OP(const __half &a, const __half &b) {                 \
    return static_cast<float>(a) OP static_cast<float>(b);                     \
  }
__BC_HALF_COMPARE(==)
__BC_HALF_COMPARE(!=)
__BC_HALF_COMPARE(<)
__BC_HALF_COMPARE(>)
__BC_HALF_COMPARE(<=)
__BC_HALF_COMPARE(>=)
#undef __BC_HALF_COMPARE
__BC_HD __half2 __hneg2(const __half2 a) { return __half2(-a.x, -a.y); }
#define __BC_HALF2_OPERATOR(OP, FN)                                            \
  __BC_HD __half2 operator OP(const __half2 &a, const __half2 &b) {            \
    return FN(a, b);                                                           \
  }                                                                            \
  __BC_HD __half2 &operator OP##=(__half2 &a, const __half2 &b) {              \
    return a = FN(a, b);                                                       \
  }
__BC_HALF2_OPERATOR(+, __hadd2)
__BC_HALF2_OPERATOR(-, __hsub2)
__BC_HALF2_OPERATOR(*, __hmul2)
__BC_HALF2_OPERATOR(/, __hdiv2)
#undef __BC_HALF2_OPERATOR
__BC_HD __half2 operator-(const __half2 &a) { return __hneg2(a); }
#undef __BC_HALF_OPERATORS

typedef struct __align__(2) __nv_bfloat16_raw {
  unsigned short x;
} __nv_bfloat16_raw;
typedef struct __align__(4) __nv_bfloat162_raw {
  unsigned short x, y;
} __nv_bfloat162_raw;

// Round to nearest even on the upper 16 bits of the float (NaNs aside).
__BC_HD unsigned short __bc_float_to_bf16_bits(float f) {
  unsigned int u = __builtin_bit_cast(unsigned int, f);
  u += 0x7fffu + ((u >> 16) & 1u);
  return (unsigned short)(u >> 16);
}
__BC_HD float __bc_bf16_bits_to_float(unsigned short b) {
  return __builtin_bit_cast(float, (unsigned int)b << 16);
}

struct __align__(2) __nv_bfloat16 {
protected:
  unsigned short __x;

public:
  __nv_bfloat16() = default;
  __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr)
      : __x(hr.x) {}
  __host__ __device__ __nv_bfloat16(float f)
      : __x(__bc_float_to_bf16_bits(f)) {}
  __host__ __device__ __nv_bfloat16(double f)
      : __x(__bc_float_to_bf16_bits((float)f)) {}
  __host__ __device__ __nv_bfloat16(int i)
      : __x(__bc_float_to_bf16_bits((float)i)) {}
  __host__ __device__ __nv_bfloat16(unsigned int i)
      : __x(__bc_float_to_bf16_bits((float)i)) {}
  __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) {
    __x = hr.x;
    return *this;
  }
  __host__ __device__ operator __nv_bfloat16_raw() const {
    __nv_bfloat16_raw r;
    r.x = __x;
    return r;
  }
  __host__ __device__ operator float() const {
    return __bc_bf16_bits_to_float(__x);
  }
};

struct __align__(4) __nv_bfloat162 {
  __nv_bfloat16 x, y;
  __nv_bfloat162() = default;
  __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &a,
                                               const __nv_bfloat16 &b)
      : x(a), y(b) {}
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

__BC_HD __nv_bfloat16 __float2bfloat16(const float a) {
  return __nv_bfloat16(a);
}
__BC_HD __nv_bfloat16 __float2bfloat16_rn(const float a) {
  return __nv_bfloat16(a);
}
__BC_HD float __bfloat162float(const __nv_bfloat16 a) {
  return static_cast<float>(a);
}
__BC_HD __nv_bfloat162 __float2bfloat162_rn(const float a) {
  return __nv_bfloat162(__nv_bfloat16(a), __nv_bfloat16(a));
}
__BC_HD __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b) {
  return __nv_bfloat162(__nv_bfloat16(a), __nv_bfloat16(b));
}
__BC_HD __nv_bfloat162 __float22bfloat162_rn(const float2 a) {
  return __nv_bfloat162(__nv_bfloat16(a.x), __nv_bfloat16(a.y));
}
__BC_HD float2 __bfloat1622float2(const __nv_bfloat162 a) {
  return make_float2(static_cast<float>(a.x), static_cast<float>(a.y));
}
__BC_HD __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a,
                                          const __nv_bfloat16 b) {
  return __nv_bfloat162(a, b);
}
__BC_HD __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
__BC_HD __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }

// Shuffles of the 2- and 4-byte half types (clang's intrinsics cover the
// built-in arithmetic types).
#define __BC_SHUFFLE_ONE(T, BITS_T, NAME, OFFSET_T)                            \
  __BC_DEVICE T NAME(unsigned int mask, T var, OFFSET_T offset,                \
                     int width = warpSize) {                                   \
    unsigned int bits = __builtin_bit_cast(BITS_T, var);                       \
    return __builtin_bit_cast(T, (BITS_T)NAME(mask, bits, offset, width));     \
  }
#define __BC_SHUFFLE_AS_UINT(T, BITS_T)                                        \
  __BC_SHUFFLE_ONE(T, BITS_T, __shfl_sync, int)                                \
  __BC_SHUFFLE_ONE(T, BITS_T, __shfl_up_sync, unsigned int)                    \
  __BC_SHUFFLE_ONE(T, BITS_T, __shfl_down_sync, unsigned int)                  \
  __BC_SHUFFLE_ONE(T, BITS_T, __shfl_xor_sync, int)
__BC_SHUFFLE_AS_UINT(__half, unsigned short)
__BC_SHUFFLE_AS_UINT(__half2, unsigned int)
__BC_SHUFFLE_AS_UINT(__nv_bfloat16, unsigned short)
__BC_SHUFFLE_AS_UINT(__nv_bfloat162, unsigned int)
#undef __BC_SHUFFLE_AS_UINT
#undef __BC_SHUFFLE_ONE

// Declared only: their bodies would not add anything to the AST.
__device__ __half atomicAdd(__half *address, __half val);
__device__ __half2 atomicAdd(__half2 *address, __half2 val);
__device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val);
__device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address,
                                    __nv_bfloat162 val);

#undef __BC_HD
#undef __BC_DEVICE

// As the wrapper leaves it: user code tests __CUDACC__ to pick CUDA paths.
#define __CUDACC__

#endif // BANKCHECK_CUDA_PRELUDE_H
