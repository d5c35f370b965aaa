//===- texture_fetch_functions.h - Empty on purpose -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// clang 19's __clang_cuda_runtime_wrapper.h includes this file, which CUDA
/// 13 removed. With a real toolkit, bankcheck puts a directory holding only
/// this empty file on an -isystem path; without a toolkit it is simply one
/// more built-in header.
//===----------------------------------------------------------------------===//
