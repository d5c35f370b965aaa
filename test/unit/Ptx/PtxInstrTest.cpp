//===- PtxInstrTest.cpp - What a PTX instruction does to shared memory -----===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxInstr.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace bankcheck::ptx;

namespace {
/// The classified only instruction of an asm template.
PtxInstr cls(const std::string &Text) {
  PtxParseOptions O;
  O.Mode = LexMode::AsmTemplate;
  PtxParseResult R = parsePtx(Text, O);
  REQUIRE(R.Statements.size() == 1);
  return classify(R.Statements[0]);
}
std::string joined(const std::vector<std::string> &Parts) {
  std::string S;
  for (const std::string &P : Parts)
    S += "." + P;
  return S;
}
} // namespace

TEST_CASE("shared loads and stores are LDS and STS of vector count times element size", "[ptx][instr]") {
  PtxInstr L = cls("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];");
  CHECK(L.Class == PtxClass::Load);
  CHECK(L.Space == PtxSpace::Shared);
  CHECK(L.Form == PtxForm::LDS);
  CHECK(L.VectorCount == 4);
  CHECK(L.ElementType == "u32");
  CHECK(L.BytesPerAddress == 16);
  CHECK(L.AddressLanes == 32);
  CHECK(L.AddressOperand == 1);
  PtxInstr S = cls("st.shared::cta.v2.f64 [%0], {%1,%2};");
  CHECK(S.Class == PtxClass::Store);
  CHECK(S.Form == PtxForm::STS);
  CHECK(S.BytesPerAddress == 16);
  CHECK(S.AddressOperand == 0);
  CHECK(cls("ld.shared.u8 %0, [%1];").BytesPerAddress == 1);
  CHECK(cls("ld.shared.b16 %0, [%1];").BytesPerAddress == 2);
  CHECK(cls("ld.shared.v2.f16x2 {%0,%1}, [%2];").BytesPerAddress == 8);
  CHECK(cls("ld.shared.b128 %0, [%1];").BytesPerAddress == 16);
}

TEST_CASE("volatile and relaxed shared accesses keep their form", "[ptx][instr]") {
  PtxInstr V = cls("ld.volatile.shared.u32 %0, [%1];");
  CHECK(V.Form == PtxForm::LDS);
  CHECK(V.Volatile);
  CHECK(cls("st.relaxed.cta.shared.u32 [%0], %1;").Form == PtxForm::STS);
  // ".cluster" alone is a scope, not the distributed state space.
  CHECK(cls("ld.acquire.cluster.shared::cta.u32 %0, [%1];").Form == PtxForm::LDS);
}

TEST_CASE("each state space is recognised; only CTA shared memory is modelled", "[ptx][instr]") {
  CHECK(cls("ld.global.nc.v4.f32 {%0,%1,%2,%3}, [%4];").Space == PtxSpace::Global);
  CHECK(cls("ld.global.nc.v4.f32 {%0,%1,%2,%3}, [%4];").Form == PtxForm::None);
  CHECK(cls("ld.local.u32 %0, [%1];").Space == PtxSpace::Local);
  CHECK(cls("ld.param.u64 %0, [%1];").Space == PtxSpace::Param);
  CHECK(cls("ld.const.u32 %0, [%1];").Space == PtxSpace::Const);
  PtxInstr Cluster = cls("ld.shared::cluster.u32 %0, [%1];");
  CHECK(Cluster.Space == PtxSpace::SharedCluster);
  CHECK(Cluster.Form == PtxForm::Unmodelled);
  CHECK(Cluster.Reason.find("distributed shared memory") != std::string::npos);
  PtxInstr Generic = cls("st.u32 [%0], %1;");
  CHECK(Generic.Space == PtxSpace::Generic);
  CHECK(Generic.Form == PtxForm::Unmodelled);
  CHECK(Generic.Reason == "generic: may be shared");
  CHECK(Generic.BytesPerAddress == 4);
}

TEST_CASE("a generic access proven shared becomes LDS, STS or ATOMS", "[ptx][instr]") {
  PtxInstr G = asSharedAccess(cls("st.v2.f32 [%0], {%1,%2};"));
  CHECK(G.Space == PtxSpace::Shared);
  CHECK(G.Form == PtxForm::STS);
  CHECK(G.BytesPerAddress == 8);
  CHECK(G.Modifiers == std::vector<std::string>{"v2", "f32"}); // as written
  CHECK(G.Reason.empty());
  CHECK(asSharedAccess(cls("atom.add.u32 %0, [%1], %2;")).Form == PtxForm::ATOMS);
  CHECK(asSharedAccess(cls("ld.global.u32 %0, [%1];")).Space == PtxSpace::Global); // unchanged
}

TEST_CASE("shared atomics and reductions are ATOMS with their operation and type", "[ptx][instr]") {
  PtxInstr Red = cls("red.shared.add.u32 [%0], %1;");
  CHECK(Red.Class == PtxClass::Atomic);
  CHECK(Red.Form == PtxForm::ATOMS);
  REQUIRE(Red.Atomic);
  CHECK(Red.Atomic->Reduction);
  CHECK(Red.Atomic->Op == "add");
  CHECK(Red.Atomic->Type == "u32");
  CHECK(Red.Atomic->NumSources == 2);
  CHECK(Red.AddressOperand == 0);
  PtxInstr Cas = cls("atom.shared.cas.b32 %0, [%1], %2, %3;");
  CHECK(Cas.Form == PtxForm::ATOMS);
  CHECK_FALSE(Cas.Atomic->Reduction);
  CHECK(Cas.Atomic->Op == "cas");
  CHECK(Cas.Atomic->NumSources == 3);
  CHECK(Cas.AddressOperand == 1);
  CHECK(Cas.BytesPerAddress == 4);
  CHECK(cls("atom.shared.exch.b64 %0, [%1], %2;").BytesPerAddress == 8);
  CHECK(cls("atom.relaxed.cta.shared.max.s32 %0, [%1], %2;").Atomic->Op == "max");
  CHECK(cls("atom.shared.add.noftz.f16x2 %0, [%1], %2;").BytesPerAddress == 4);
  CHECK(cls("atom.shared::cluster.add.u32 %0, [%1], %2;").Form == PtxForm::Unmodelled);
  CHECK(cls("atom.add.u32 %0, [%1], %2;").Reason == "generic: may be shared");
  CHECK(cls("atom.global.add.u32 %0, [%1], %2;").Form == PtxForm::None);
}

TEST_CASE("ldmatrix .x1/.x2/.x4 takes 8/16/32 row addresses of 16 bytes, in any modifier order", "[ptx][instr]") {
  std::vector<std::string> Mods = {"sync", "aligned", "m8n8", "x2", "trans", "shared", "b16"};
  std::sort(Mods.begin(), Mods.end());
  unsigned Orders = 0;
  do {
    PtxInstr I = cls("ldmatrix" + joined(Mods) + " {%0,%1}, [%2];");
    CHECK(I.Class == PtxClass::MatrixLoad);
    CHECK(I.Form == PtxForm::LDSM);
    CHECK(I.AddressLanes == 16);
    CHECK(I.BytesPerAddress == 16);
    CHECK(I.Matrix->Trans);
    CHECK(I.AddressOperand == 1);
    ++Orders;
  } while (std::next_permutation(Mods.begin(), Mods.end()) && Orders < 200);
  for (unsigned X : {1u, 2u, 4u}) {
    PtxInstr I = cls("ldmatrix.sync.aligned.m8n8.x" + std::to_string(X) + ".shared.b16 {%0}, [%1];");
    CHECK(I.AddressLanes == 8 * X);
    CHECK(I.Matrix->Matrices == X);
    CHECK_FALSE(I.Matrix->Trans);
  }
}

TEST_CASE("stmatrix has ldmatrix's address layout, its address first", "[ptx][instr]") {
  PtxInstr S = cls("stmatrix.sync.aligned.x4.trans.m8n8.shared.b16 [%0], {%1,%2,%3,%4};");
  CHECK(S.Class == PtxClass::MatrixStore);
  CHECK(S.Form == PtxForm::STSM);
  CHECK(S.AddressLanes == 32);
  CHECK(S.BytesPerAddress == 16);
  CHECK(S.Matrix->Trans);
  CHECK(S.Matrix->Shape == "m8n8");
  CHECK(S.AddressOperand == 0);
}

TEST_CASE("ldmatrix b8 forms and stmatrix .m16n8 are recognised but not modelled", "[ptx][instr]") {
  PtxInstr A = cls("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%0,%1}, [%2];");
  CHECK(A.Class == PtxClass::MatrixLoad);
  CHECK(A.Form == PtxForm::Unmodelled);
  CHECK(A.Reason.find("b8") != std::string::npos);
  PtxInstr B = cls("ldmatrix.sync.aligned.m8n16.x2.shared.b8x16.b6x16_p32 {%0,%1}, [%2];");
  CHECK(B.Form == PtxForm::Unmodelled);
  CHECK(B.Matrix->Type == "b8x16.b6x16_p32");
  PtxInstr C = cls("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%0], {%1};");
  CHECK(C.Form == PtxForm::Unmodelled);
  CHECK(C.Reason.find("m16n8") != std::string::npos);
}

TEST_CASE("ldmatrix without a state space uses a generic address of shared memory", "[ptx][instr]") {
  PtxInstr I = cls("ldmatrix.sync.aligned.m8n8.x4.b16 {%0,%1,%2,%3}, [%4];");
  CHECK(I.Form == PtxForm::LDSM);
  CHECK(I.Space == PtxSpace::Generic);
}

TEST_CASE("cp.async is LDGSTS with its copy size, cache mode and optional operands", "[ptx][instr]") {
  PtxInstr A = cls("cp.async.cg.shared.global [%0], [%1], 16;");
  CHECK(A.Class == PtxClass::AsyncCopy);
  CHECK(A.Form == PtxForm::LDGSTS);
  CHECK(A.Space == PtxSpace::Shared);
  CHECK(A.BytesPerAddress == 16);
  CHECK(A.Copy->CacheGlobal);
  CHECK_FALSE(A.Copy->CacheAll);
  CHECK(A.Copy->SrcSizeOperand == -1);
  CHECK(A.AddressOperand == 0);
  PtxInstr B = cls("cp.async.ca.shared.global.L2::128B [%0], [%1], %2, %3;");
  CHECK(B.Form == PtxForm::LDGSTS);
  CHECK(B.Copy->CacheAll);
  CHECK(B.Copy->CpSize == 0);
  CHECK(B.Copy->CpSizeOperand == 2);
  CHECK(B.Copy->SrcSizeOperand == 3);
  CHECK(B.Copy->CachePolicyOperand == -1);
  CHECK(B.BytesPerAddress == 0);
  PtxInstr C = cls("cp.async.ca.shared::cta.global.L2::cache_hint [%0], [%1], 8, %2;");
  CHECK(C.BytesPerAddress == 8);
  CHECK(C.Copy->CachePolicyOperand == 3);
  CHECK(C.Copy->SrcSizeOperand == -1);
  PtxInstr D = cls("cp.async.ca.shared.global.L2::cache_hint [%0], [%1], 4, %2, %3;");
  CHECK(D.Copy->SrcSizeOperand == 3);
  CHECK(D.Copy->CachePolicyOperand == 4);
  CHECK(cls("cp.async.ca.shared.global [%0], [%1], 12;").Form == PtxForm::Unmodelled);
}

TEST_CASE("cp.async groups and barriers are synchronisation, not accesses", "[ptx][instr]") {
  for (const char *T : {"cp.async.commit_group;", "cp.async.wait_group 0;", "cp.async.wait_all;", "bar.sync 0;",
                        "barrier.sync.aligned 0;", "bar.warp.sync -1;", "membar.cta;", "fence.proxy.async.shared::cta;",
                        "cp.async.bulk.commit_group;", "cp.async.bulk.wait_group.read 0;", "wgmma.fence.sync.aligned;",
                        "wgmma.commit_group.sync.aligned;", "wgmma.wait_group.sync.aligned 0;"}) {
    PtxInstr I = cls(T);
    INFO(T);
    CHECK(I.Class == PtxClass::Sync);
    CHECK(I.Form == PtxForm::None);
  }
}

TEST_CASE("known shared instructions that are not modelled say why", "[ptx][instr]") {
  struct Case {
    const char *Text;
    const char *Reason;
  } Cases[] = {
      {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];",
       "cp.async.bulk"},
      {"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];", "cp.async.bulk"},
      {"cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 [%0], [%1], %2;", "cp.reduce.async.bulk"},
      {"wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0,%1}, %2, %3, 1, 1, 1, 0, 0;", "descriptors"},
      {"mbarrier.try_wait.parity.shared::cta.b64 %0, [%1], %2;", "mbarrier"},
      {"mbarrier.init.shared.b64 [%0], %1;", "mbarrier"},
      {"cp.async.mbarrier.arrive.noinc.shared.b64 [%0];", "mbarrier"},
      {"mapa.shared::cluster.u32 %0, %1, %2;", "distributed shared memory"},
      {"tcgen05.ld.sync.aligned.16x64b.x1.b32 {%0}, [%1];", "tcgen05"},
      {"red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%0], %1, [%2];",
       "red.async"},
      {"st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%0], %1, [%2];", "st.async"},
      {"multimem.ld_reduce.relaxed.sys.global.add.f32 %0, [%1];", "multimem"},
  };
  for (const Case &C : Cases) {
    INFO(C.Text);
    PtxInstr I = cls(C.Text);
    CHECK(I.Form == PtxForm::Unmodelled);
    CHECK(I.Reason.find(C.Reason) != std::string::npos);
    CHECK(I.touchesShared());
  }
  CHECK(cls("cp.async.bulk.tensor.2d.shared::cluster.global.tile [%0], [%1, {%2, %3}], [%4];").Class ==
        PtxClass::AsyncCopy);
  CHECK(cls("wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0}, %1, %2, 1, 1, 1, 0, 0;").Space ==
        PtxSpace::Shared);
}

TEST_CASE("shared-window conversions and special-register reads are classified", "[ptx][instr]") {
  PtxInstr To = cls("cvta.to.shared.u64 %0, %1;");
  CHECK(To.Class == PtxClass::SharedWindow);
  CHECK(To.Form == PtxForm::None);
  CHECK(cls("cvta.shared.u64 %0, %1;").Class == PtxClass::SharedWindow);
  CHECK(cls("cvta.to.global.u64 %0, %1;").Class == PtxClass::Other);
  for (const char *R : {"laneid", "warpid", "tid.x", "tid.y", "tid.z", "ntid.x", "nwarpid"}) {
    PtxInstr I = cls(std::string("mov.u32 %0, %%") + R + ";");
    INFO(R);
    CHECK(I.Class == PtxClass::SpecialRead);
    CHECK(I.SpecialRegister == R);
  }
  CHECK(cls("mov.u32 %0, %%clock;").Class == PtxClass::Other);
}

TEST_CASE("unknown opcodes are other, with the opcode kept", "[ptx][instr]") {
  PtxInstr I = cls("frobnicate.sync.b32 %0, %1;");
  CHECK(I.Class == PtxClass::Other);
  CHECK(I.Form == PtxForm::None);
  CHECK(I.Opcode == "frobnicate.sync.b32");
  CHECK(I.Base == "frobnicate");
}

TEST_CASE("the first operand is a destination except for stores, branches and barriers", "[ptx][instr]") {
  auto Writes = [](const std::string &T) {
    PtxParseOptions O;
    O.Mode = LexMode::AsmTemplate;
    return writesFirstOperand(parsePtx(T, O).Statements.at(0));
  };
  CHECK(Writes("mov.u32 %0, %1;"));
  CHECK(Writes("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"));
  CHECK(Writes("bar.red.popc.u32 %0, 0, %1;"));
  CHECK_FALSE(Writes("st.shared.u32 [%0], %1;"));
  CHECK_FALSE(Writes("bar.sync %0;"));
  CHECK_FALSE(Writes("bra LAB;"));
  CHECK_FALSE(Writes("red.shared.add.u32 [%0], %1;"));
}

TEST_CASE("element types have their PTX sizes", "[ptx][instr]") {
  CHECK(ptxTypeBytes("b8") == 1);
  CHECK(ptxTypeBytes("bf16") == 2);
  CHECK(ptxTypeBytes("f16x2") == 4);
  CHECK(ptxTypeBytes("u64") == 8);
  CHECK(ptxTypeBytes("b128") == 16);
  CHECK(ptxTypeBytes("pred") == 0);
  CHECK(ptxTypeBytes("v4") == 0);
}
