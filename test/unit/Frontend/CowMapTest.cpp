//===- CowMapTest.cpp -----------------------------------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/CowMap.h"

#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <string>
#include <vector>

using bankcheck::frontend::CowMap;

TEST_CASE("a copy shares the storage until one of the two is written", "[frontend]") {
  CowMap<int, std::string> A;
  CHECK(A.empty());
  CHECK(A.find(1) == A.end());
  A[1] = "one";
  A[2] = "two";
  CowMap<int, std::string> B = A;
  CHECK(B.sharesStorageWith(A));
  CHECK(B.find(1)->second == "one");
  B[1] = "uno"; // B's own storage from here; A unchanged
  CHECK_FALSE(B.sharesStorageWith(A));
  CHECK(A.find(1)->second == "one");
  CHECK(B.find(1)->second == "uno");
  CHECK(B.count(2) == 1);
  // Writing the only owner does not copy.
  const std::string *Before = &B.find(2)->second;
  B[2] += "!";
  CHECK(&B.find(2)->second == Before);
  CowMap<int, std::string> C = std::move(B);
  CHECK(C.size() == 2);
  C.mut().erase(1);
  CHECK(C.count(1) == 0);
  CHECK(A.count(1) == 1);
  C.swap(A);
  CHECK(C.size() == 2);
  CHECK(A.size() == 1);
  A.clear();
  CHECK(A.empty());
}

TEST_CASE("copies, writes and erasures agree with std::map", "[frontend]") {
  // Random operations on a few maps that copy each other, against the same
  // operations on std::maps copied by value.
  std::mt19937 Rng(7);
  std::vector<CowMap<int, int>> Cow(4);
  std::vector<std::map<int, int>> Ref(4);
  for (int Step = 0; Step < 20000; ++Step) {
    const unsigned I = Rng() % 4, J = Rng() % 4;
    const int K = int(Rng() % 16), V = int(Rng() % 1000);
    switch (Rng() % 5) {
    case 0:
      Cow[I] = Cow[J];
      Ref[I] = Ref[J];
      break;
    case 1:
    case 2:
      Cow[I][K] = V;
      Ref[I][K] = V;
      break;
    case 3:
      Cow[I].mut().erase(K);
      Ref[I].erase(K);
      break;
    default:
      Cow[I].swap(Cow[J]);
      Ref[I].swap(Ref[J]);
      break;
    }
    for (unsigned M = 0; M < 4; ++M)
      REQUIRE(Cow[M].get() == Ref[M]);
  }
}
