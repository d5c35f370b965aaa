//===- builtin_types.h - vector and driver types -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <builtin_types.h> when bankcheck parses without a
/// CUDA toolkit. Everything it declares is in bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_BUILTIN_TYPES_H
#define BANKCHECK_BUILTIN_TYPES_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_BUILTIN_TYPES_H
