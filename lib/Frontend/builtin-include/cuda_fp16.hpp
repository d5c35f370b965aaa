//===- cuda_fp16.hpp - __half and __half2 -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda_fp16.hpp> when bankcheck parses without a CUDA
/// toolkit. Everything it declares is in bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_FP16_HPP
#define BANKCHECK_CUDA_FP16_HPP

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_CUDA_FP16_HPP
