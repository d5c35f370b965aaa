//===- WarpFixture.h - Unknowns and a warp's lanes for the evaluator tests -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_TEST_WARPFIXTURE_H
#define BANKCHECK_TEST_WARPFIXTURE_H

#include "Symbolic/Evaluate.h"
#include "Symbolic/SymbolTable.h"

#include <array>

namespace bankcheck::symbolic::test {

/// Two unknowns (u0 >= 0, u1 anything) and a function f over the builtins,
/// and a warp of 8 x 4 lanes (threadIdx.y from FirstY), some of which are
/// not evaluated (a null environment).
struct WarpFixture {
  SymbolTable Base;
  SymbolId U0 = 0, U1 = 0, Fn = 0;
  std::array<Env, 32> Envs;
  std::array<const Env *, 32> Lanes{};
  explicit WarpFixture(std::int64_t FirstY) {
    Symbol U;
    U.Kind = SymbolKind::Uniform;
    U.Name = "u0";
    U.Min = 0;
    U0 = Base.add(U);
    U.Name = "u1";
    U.Min.reset();
    U1 = Base.add(U);
    U.Name = "f";
    Fn = Base.add(U);
    for (unsigned L = 0; L < 32; ++L) {
      Envs[L].bind(SymbolTable::threadIdx(0), L % 8);
      Envs[L].bind(SymbolTable::threadIdx(1), L / 8 + FirstY);
      Lanes[L] = L % 7 == 3 ? nullptr : &Envs[L];
    }
  }
};

} // namespace bankcheck::symbolic::test

#endif
