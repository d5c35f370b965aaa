//===- SymbolTableTest.cpp ------------------------------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Symbolic/SymbolTable.h"

#include <catch2/catch.hpp>

using namespace bankcheck::symbolic;

namespace {
Symbol unknown(std::string Stem, std::uint32_t Number, std::string Reason) {
  Symbol S;
  S.Name = SymbolName(std::move(Stem), Number);
  S.Kind = SymbolKind::LaneOpaque;
  S.Reason = std::move(Reason);
  return S;
}
} // namespace

TEST_CASE("a numbered name prints its stem, '#' and the number; a plain name prints as given", "[symbolic]") {
  CHECK(SymbolName("R_Q[i][0]", 12).str() == "R_Q[i][0]#12");
  CHECK(SymbolName("load", 1).str() == "load#1");
  CHECK(SymbolName("n").str() == "n");
  CHECK(SymbolName().str().empty());
  std::string Out = "x = ";
  SymbolName("k", 3).appendTo(Out);
  CHECK(Out == "x = k#3");
  SymbolTable T;
  CHECK(T.get(SymbolTable::threadIdx(1)).Name.str() == "threadIdx.y");
  CHECK(print(Expr::var(T.add(unknown("a[i]", 7, "why"))) + 1, T) == "a[i]#7 + 1");
}

TEST_CASE("symbols that say the same thing share one copy of the text", "[symbolic]") {
  SymbolTable T;
  SymbolId A = T.add(unknown("R_Q[i][0]", 1, "conversion 'R_Q[i][0]' (floating point or unmodelled)"));
  SymbolId B = T.add(unknown("R_Q[i][0]", 2, "conversion 'R_Q[i][0]' (floating point or unmodelled)"));
  SymbolId C = T.add(unknown("other", 3, "something else"));
  CHECK(T.get(A).Name.str() == "R_Q[i][0]#1");
  CHECK(T.get(B).Name.str() == "R_Q[i][0]#2");
  CHECK(&T.get(A).Reason.str() == &T.get(B).Reason.str());
  CHECK(&T.get(A).Reason.str() != &T.get(C).Reason.str());
  CHECK(T.get(C).Reason.str() == "something else");
  Symbol Plain;
  Plain.Kind = SymbolKind::Uniform;
  CHECK(T.get(T.add(Plain)).Reason.empty());
  // The pool of recent texts starts again when full; texts in use keep theirs.
  for (int I = 0; I < 40000; ++I)
    (void)SharedText("text " + std::to_string(I));
  SymbolId D = T.add(unknown("R_Q[i][0]", 4, "conversion 'R_Q[i][0]' (floating point or unmodelled)"));
  CHECK(T.get(A).Reason.str() == "conversion 'R_Q[i][0]' (floating point or unmodelled)");
  CHECK(T.get(D).Reason.str() == T.get(A).Reason.str());
  CHECK(T.get(D).Name.str() == "R_Q[i][0]#4");
}

TEST_CASE("a table of many symbols keeps every id, in this layer and in the one below", "[symbolic]") {
  SymbolTable Base;
  const std::size_t N = 100000;
  for (std::uint32_t I = 1; I <= N; ++I)
    Base.add(unknown("v", I, I % 2 ? "odd" : "even"));
  SymbolTable Layer(&Base);
  const SymbolId First = Layer.add(unknown("w", 1, "layer"));
  CHECK(First == Base.size());
  CHECK(Base.size() == N + 12);
  // Every id still names its symbol after the table grew through many chunks.
  bool Same = true;
  for (std::uint32_t I = 1; I <= N; ++I)
    Same &= Base.get(SymbolId(11 + I)).Name.str() == "v#" + std::to_string(I) &&
            Layer.get(SymbolId(11 + I)).Reason.str() == (I % 2 ? "odd" : "even");
  CHECK(Same);
  CHECK(Layer.get(First).Name.str() == "w#1");
  CHECK(Layer.get(SymbolTable::gridDim(2)).Name.str() == "gridDim.z");
  SymbolTable Copy = Base;
  Copy.add(unknown("c", 1, "odd"));
  CHECK(Copy.get(SymbolId(N + 12)).Name.str() == "c#1");
  CHECK(Copy.get(SymbolId(N + 11)).Name.str() == "v#" + std::to_string(N));
}
