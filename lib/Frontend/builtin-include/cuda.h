//===- cuda.h - CUDA driver API stand-in -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda.h> when bankcheck parses without a CUDA
/// toolkit. CUDA_VERSION is defined by the prelude; this adds the driver API's
/// most common handle types.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_H
#define BANKCHECK_CUDA_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;

#endif // BANKCHECK_CUDA_H
