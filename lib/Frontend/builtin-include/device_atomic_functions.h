//===- device_atomic_functions.h - atomicAdd and friends -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <device_atomic_functions.h> when bankcheck parses
/// without a CUDA toolkit. Everything it declares is in
/// bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_DEVICE_ATOMIC_FUNCTIONS_H
#define BANKCHECK_DEVICE_ATOMIC_FUNCTIONS_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_DEVICE_ATOMIC_FUNCTIONS_H
