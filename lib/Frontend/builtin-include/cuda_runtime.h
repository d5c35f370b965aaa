//===- cuda_runtime.h - CUDA runtime API stand-in -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <cuda_runtime.h> when bankcheck parses without a
/// CUDA toolkit. Everything it declares is in bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_CUDA_RUNTIME_H
#define BANKCHECK_CUDA_RUNTIME_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_CUDA_RUNTIME_H
