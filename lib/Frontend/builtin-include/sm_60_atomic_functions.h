//===- sm_60_atomic_functions.h - Scoped atomics -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <sm_60_atomic_functions.h> when bankcheck parses
/// without a CUDA toolkit. Everything it declares is in
/// bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_SM_60_ATOMIC_FUNCTIONS_H
#define BANKCHECK_SM_60_ATOMIC_FUNCTIONS_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_SM_60_ATOMIC_FUNCTIONS_H
