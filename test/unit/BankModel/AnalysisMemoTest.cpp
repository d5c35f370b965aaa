//===- AnalysisMemoTest.cpp - Results of access analyses asked again ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "BankModel/AccessAnalysis.h"
#include "BankModel/AnalysisMemo.h"

#include <catch2/catch.hpp>

using namespace bankcheck;
using namespace bankcheck::symbolic;
using bank::Status;

namespace {
Expr tx() { return Expr::var(SymbolTable::threadIdx(0)); }
Expr c(std::int64_t V) { return Expr::constant(V); }

bank::AccessQuery query(Expr Offset, std::string Label = "", std::vector<bank::Guard> G = {}) {
  bank::AccessQuery Q;
  Q.AccessBytes = 4;
  Q.Shape = bank::BlockShape{64, 1, 1};
  bank::AccessInstance I;
  I.ByteOffset = std::move(Offset);
  I.Label = std::move(Label);
  I.Guards = std::move(G);
  Q.Instances.push_back(I);
  return Q;
}
SymbolId add(SymbolTable &T, const char *Name, SymbolKind K, std::int64_t Modulus = 1, std::int64_t Rem = 0,
             const char *Reason = "") {
  Symbol S;
  S.Name = Name;
  S.Kind = K;
  S.Modulus = Modulus;
  S.Rem = Rem;
  S.Reason = Reason;
  return T.add(S);
}
std::uint64_t hits() { return bank::analysisMemoStats().Hits; }
} // namespace

TEST_CASE("a question asked again is answered from the memo, the same answer", "[memo]") {
  bank::clearAnalysisMemo();
  SymbolTable T;
  bank::AccessQuery Q = query(tx() * c(64));
  bank::AccessResult A = bank::analyzeAccess(Q, T);
  CHECK(hits() == 0);
  bank::AccessResult B = bank::analyzeAccess(Q, T);
  CHECK(hits() == 1);
  CHECK(A.St == Status::Conflict);
  CHECK(B.St == A.St);
  CHECK(B.Degree == A.Degree);
  CHECK(B.Work == A.Work);
  REQUIRE(B.Worst);
  for (unsigned L = 0; L < bank::WarpSize; ++L) {
    CHECK(B.Worst->Lanes[L].Active == A.Worst->Lanes[L].Active);
    CHECK(B.Worst->Lanes[L].Byte == A.Worst->Lanes[L].Byte);
  }
}

TEST_CASE("the memo tells apart symbols of one number with other facts", "[memo]") {
  // Both tables number their first symbol alike; only its facts differ, and
  // with them the verdict: n odd makes tx * n a permutation of the banks.
  bank::clearAnalysisMemo();
  SymbolTable Any, Odd;
  SymbolId N1 = add(Any, "n", SymbolKind::Uniform);
  SymbolId N2 = add(Odd, "n", SymbolKind::Uniform, 2, 1);
  REQUIRE(N1 == N2);
  bank::AccessQuery Q = query(tx() * Expr::var(N1) * c(4));
  bank::AccessResult A = bank::analyzeAccess(Q, Any);
  bank::AccessResult B = bank::analyzeAccess(Q, Odd);
  CHECK(hits() == 0);
  CHECK(A.St == Status::Possible);
  CHECK(B.St == Status::Clean);

  // A reason is part of a symbol's description: it is what an unknown says.
  SymbolTable R1, R2;
  SymbolId V1 = add(R1, "v", SymbolKind::LaneOpaque, 1, 0, "value loaded from 'a[i]'");
  SymbolId V2 = add(R2, "v", SymbolKind::LaneOpaque, 1, 0, "value loaded from 'b[i]'");
  REQUIRE(V1 == V2);
  bank::AccessQuery P = query(Expr::var(V1) * c(4));
  bank::AccessResult X = bank::analyzeAccess(P, R1);
  bank::AccessResult Y = bank::analyzeAccess(P, R2);
  CHECK(hits() == 0);
  CHECK(X.St == Status::Unknown);
  CHECK(X.Reason.find("a[i]") != std::string::npos);
  CHECK(Y.Reason.find("b[i]") != std::string::npos);
}

TEST_CASE("the memo tells apart tables of other sizes and guards of other texts", "[memo]") {
  bank::clearAnalysisMemo();
  SymbolTable Small, Large;
  add(Large, "unused", SymbolKind::Uniform);
  bank::AccessQuery Q = query(tx() * c(8));
  bank::analyzeAccess(Q, Small);
  bank::analyzeAccess(Q, Large);
  CHECK(hits() == 0);

  // A guard no lane can evaluate is assumed to hold, in its own words.
  SymbolTable T;
  SymbolId F = add(T, "flag", SymbolKind::Uniform);
  bank::AccessQuery G1 = query(tx() * c(8), "", {bank::Guard{Expr::var(F), "flag"}});
  bank::AccessQuery G2 = query(tx() * c(8), "", {bank::Guard{Expr::var(F), "p->flag"}});
  bank::AccessResult A = bank::analyzeAccess(G1, T);
  bank::AccessResult B = bank::analyzeAccess(G2, T);
  CHECK(hits() == 0);
  REQUIRE(A.Assumptions.size() == 1);
  REQUIRE(B.Assumptions.size() == 1);
  CHECK(A.Assumptions[0].find("'flag'") != std::string::npos);
  CHECK(B.Assumptions[0].find("'p->flag'") != std::string::npos);
}

TEST_CASE("labels and bound extents' names do not split the memo; a hit names its own instance", "[memo]") {
  bank::clearAnalysisMemo();
  // Two kernels written alike: each array's extent is its own symbol, of
  // the same number, bound to the same value; the loop's line differs.
  SymbolTable T1, T2;
  SymbolId E1 = add(T1, "tile1.extent", SymbolKind::Layout);
  SymbolId E2 = add(T2, "tile2.extent", SymbolKind::Layout);
  REQUIRE(E1 == E2);
  auto Q = [&](SymbolId E, const char *Line) {
    bank::AccessQuery R;
    R.AccessBytes = 4;
    R.Shape = bank::BlockShape{32, 1, 1};
    R.Bindings = {{E, 32}};
    for (int K = 0; K < 2; ++K) {
      bank::AccessInstance I;
      I.ByteOffset = (tx() * Expr::var(E) + c(K)) * c(4);
      I.Label = "iteration " + std::to_string(K) + " of the loop at line " + Line;
      R.Instances.push_back(I);
    }
    return R;
  };
  bank::AccessResult A = bank::analyzeAccess(Q(E1, "10"), T1);
  bank::AccessResult B = bank::analyzeAccess(Q(E2, "20"), T2);
  CHECK(hits() == 1);
  CHECK(A.St == Status::Conflict);
  CHECK(B.St == Status::Conflict);
  CHECK(B.Degree == 32);
  REQUIRE(A.Worst);
  REQUIRE(B.Worst);
  CHECK(A.Worst->Label == "iteration 0 of the loop at line 10");
  CHECK(B.Worst->Label == "iteration 0 of the loop at line 20");
  CHECK(B.Worst->Instance == A.Worst->Instance);

  // An extent bound to another value is another question.
  bank::AccessQuery Padded = Q(E2, "20");
  Padded.Bindings = {{E2, 33}};
  bank::AccessResult P = bank::analyzeAccess(Padded, T2);
  CHECK(hits() == 1);
  CHECK(P.St == Status::Clean);
}
