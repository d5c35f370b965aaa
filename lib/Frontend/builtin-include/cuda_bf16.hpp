//===- cuda_bf16.hpp - __nv_bfloat16 and __nv_bfloat162 -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda_bf16.hpp> when bankcheck parses without a CUDA
/// toolkit. Everything it declares is in bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_BF16_HPP
#define BANKCHECK_CUDA_BF16_HPP

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_CUDA_BF16_HPP
