//===- cuda_pipeline_primitives.h - cp.async primitives -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda_pipeline_primitives.h> when bankcheck
/// parses without a CUDA toolkit: the asynchronous global-to-shared copy
/// primitives (cp.async), declared only.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H
#define BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

__device__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                        const void *__restrict__ src_global,
                                        size_t size_and_align,
                                        size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t prior);

#endif // BANKCHECK_CUDA_PIPELINE_PRIMITIVES_H
