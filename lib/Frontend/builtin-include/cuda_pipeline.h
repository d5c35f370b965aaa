//===- cuda_pipeline.h - nvcuda::experimental::pipeline -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda_pipeline.h> when bankcheck parses without
/// a CUDA toolkit: the primitives, plus the pipeline object and memcpy_async
/// of the C++ interface, declared only.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_PIPELINE_H
#define BANKCHECK_CUDA_PIPELINE_H

#include <cuda_pipeline_primitives.h>

namespace nvcuda {
namespace experimental {

class pipeline {
public:
  __device__ pipeline();
  __device__ void commit();
  __device__ void commit_and_wait();
  __device__ void wait_prior(unsigned int Prior);
};

template <class T>
__device__ void memcpy_async(T &Dst, const T &Src, pipeline &Pipe);
template <size_t DstAlign, size_t SrcAlign, class T>
__device__ void memcpy_async(T *Dst, const T *Src, pipeline &Pipe);

} // namespace experimental
} // namespace nvcuda

#endif // BANKCHECK_CUDA_PIPELINE_H
