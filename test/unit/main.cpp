//===- main.cpp - Catch2 main for the unit tests --------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
