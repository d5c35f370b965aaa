//===- math_functions.h - device math -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <math_functions.h> when bankcheck parses without
/// a CUDA toolkit. Everything it declares is in bankcheck_cuda_prelude.h. (The
/// math itself comes from clang's __clang_cuda_math.h.)
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_MATH_FUNCTIONS_H
#define BANKCHECK_MATH_FUNCTIONS_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_MATH_FUNCTIONS_H
