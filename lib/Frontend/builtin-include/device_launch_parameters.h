//===- device_launch_parameters.h - threadIdx and friends -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Stand-in for the toolkit's <device_launch_parameters.h> when bankcheck
/// parses without a CUDA toolkit. Everything it declares is in
/// bankcheck_cuda_prelude.h.
//===----------------------------------------------------------------------===//

#ifndef BANKCHECK_DEVICE_LAUNCH_PARAMETERS_H
#define BANKCHECK_DEVICE_LAUNCH_PARAMETERS_H

#ifndef BANKCHECK_CUDA_PRELUDE_H
#include "bankcheck_cuda_prelude.h"
#endif

#endif // BANKCHECK_DEVICE_LAUNCH_PARAMETERS_H
