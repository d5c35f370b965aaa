//===- PtxModuleTest.cpp - Shared-memory instructions of compiled PTX ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
// The .ptx inputs were recorded from the .cu files beside them by
// Inputs/record.sh (nvcc 13 and clang-19).
#include "Ptx/PtxModule.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace bankcheck::ptx;

namespace {
std::string input(const std::string &Name) {
  std::ifstream In(std::string(BANKCHECK_PTX_INPUTS) + "/" + Name);
  REQUIRE(In.good());
  std::stringstream S;
  S << In.rdbuf();
  return S.str();
}
std::vector<const PtxModuleAccess *> accessesIn(const PtxModule &M, const std::string &Function) {
  std::vector<const PtxModuleAccess *> R;
  for (const PtxModuleAccess &A : M.Accesses)
    if (A.Function == Function)
      R.push_back(&A);
  return R;
}
std::string where(const PtxModuleAccess &A) {
  return A.Loc.Path + ":" + std::to_string(A.Loc.Line) + ":" + std::to_string(A.Loc.Column);
}
} // namespace

TEST_CASE("nvcc: the module header, files, kernels and shared variables", "[ptx][module]") {
  PtxModule M = readPtxModule(input("transpose.nvcc.ptx"));
  CHECK(M.Problems.empty());
  CHECK(M.Version == "9.0");
  CHECK(M.Target == "sm_90");
  CHECK(M.AddressSize == 64);
  CHECK(M.Files.at(1) == "transpose.cu");
  REQUIRE(M.Functions.size() == 2);
  CHECK(M.Functions[0].Name == "_Z15transposePaddedPfPKfii");
  CHECK(M.Functions[0].Kernel);
  REQUIRE(M.SharedVariables.size() == 2);
  CHECK(M.SharedVariables[0].Name == "_ZZ15transposePaddedPfPKfiiE4Tile");
  CHECK(M.SharedVariables[0].Bytes == 32 * 33 * 4);
  CHECK(M.SharedVariables[0].Align == 4);
  CHECK(M.SharedVariables[0].Function == "_Z15transposePaddedPfPKfii");
  CHECK(M.SharedVariables[1].Bytes == 32 * 32 * 4);
}

TEST_CASE("nvcc: the unrolled transpose stores and loads, at their lines, with row offsets", "[ptx][module]") {
  PtxModule M = readPtxModule(input("transpose.nvcc.ptx"));
  std::vector<const PtxModuleAccess *> P = accessesIn(M, "_Z15transposePaddedPfPKfii");
  REQUIRE(P.size() == 8);
  for (int J = 0; J < 4; ++J) {
    INFO(J);
    CHECK(P[J]->Instr.Form == PtxForm::STS);
    CHECK(where(*P[J]) == "transpose.cu:11:5");
    CHECK(P[J]->Instr.Address->Displacement == J * 8 * 33 * 4); // Tile[threadIdx.y + J][threadIdx.x]
    CHECK(P[4 + J]->Instr.Form == PtxForm::LDS);
    CHECK(where(*P[4 + J]) == "transpose.cu:16:5");
    CHECK(P[4 + J]->Instr.Address->Displacement == J * 8 * 4); // Tile[threadIdx.x][threadIdx.y + J]
    CHECK(P[J]->Instr.Address->BaseSymbol == "_ZZ15transposePaddedPfPKfiiE4Tile");
    CHECK(P[J]->InlineChain.empty());
  }
  CHECK(P[1]->Instr.Address->Text == "[%r15+1056]");
  CHECK(P[0]->Instr.BytesPerAddress == 4);
  std::vector<const PtxModuleAccess *> N = accessesIn(M, "_Z14transposeNaivePfPKfi");
  REQUIRE(N.size() == 2);
  CHECK(where(*N[1]) == "transpose.cu:23:3");
}

TEST_CASE("nvcc: float4 accesses are 16 bytes, adjacent aligned scalars merge into 8", "[ptx][module]") {
  PtxModule M = readPtxModule(input("vectors.nvcc.ptx"));
  CHECK(M.Problems.empty());
  std::vector<const PtxModuleAccess *> V = accessesIn(M, "_Z11vectorLoadsP6float4PKS_");
  REQUIRE(V.size() == 2);
  CHECK(V[0]->Instr.Opcode == "st.shared.v4.u32");
  CHECK(V[1]->Instr.Form == PtxForm::LDS);
  CHECK(V[1]->Instr.BytesPerAddress == 16);
  CHECK(V[1]->Instr.VectorCount == 4);

  std::vector<const PtxModuleAccess *> A = accessesIn(M, "_Z15adjacentScalarsPfPKf");
  REQUIRE(A.size() == 3);
  const PtxModuleAccess &Merged = *A[2];
  CHECK(Merged.Instr.Opcode == "ld.shared.v2.f32");
  CHECK(Merged.Instr.BytesPerAddress == 8);
  // Inside pairSum (line 8), inlined into the kernel at line 23.
  CHECK(where(Merged) == "vectors.cu:8:3");
  REQUIRE(Merged.InlineChain.size() == 1);
  CHECK(Merged.InlineChain[0].Function == "_Z7pairSumPKfj");
  CHECK(Merged.InlineChain[0].CallSite.Line == 23);
  CHECK(Merged.InlineChain[0].CallSite.Path == "vectors.cu");

  std::vector<const PtxModuleAccess *> U = accessesIn(M, "_Z17adjacentUnalignedPfPKf");
  REQUIRE(U.size() == 4);
  CHECK(U[2]->Instr.BytesPerAddress == 4);
  CHECK(U[3]->Instr.Address->Displacement == 4);
}

TEST_CASE("nvcc: an unrolled row walk is widened to four 16-byte loads", "[ptx][module]") {
  PtxModule M = readPtxModule(input("vectors.nvcc.ptx"));
  std::vector<const PtxModuleAccess *> W = accessesIn(M, "_Z10widenedRowPfPKf");
  REQUIRE(W.size() == 5);
  for (int K = 0; K < 4; ++K) {
    CHECK(W[1 + K]->Instr.Opcode == "ld.shared.v4.f32");
    CHECK(W[1 + K]->Instr.Address->Displacement == 16 * K);
    CHECK(W[1 + K]->Loc.Line == 41);
  }
}

TEST_CASE("nvcc: a helper inlined into a helper gives a two-frame chain", "[ptx][module]") {
  PtxModule M = readPtxModule(input("vectors.nvcc.ptx"));
  std::vector<const PtxModuleAccess *> N = accessesIn(M, "_Z13nestedHelpersPfPKf");
  REQUIRE_FALSE(N.empty());
  const PtxModuleAccess &L = *N.back();
  CHECK(L.Instr.Opcode == "ld.shared.v4.f32"); // four adjacent scalars merged
  CHECK(L.Loc.Line == 8);
  REQUIRE(L.InlineChain.size() == 2);
  CHECK(L.InlineChain[0].Function == "_Z7pairSumPKfj");
  CHECK(L.InlineChain[0].CallSite.Line == 53);
  CHECK(L.InlineChain[1].Function == "_Z7quadSumPKfj");
  CHECK(L.InlineChain[1].CallSite.Line == 61);
  // nvcc also writes negative displacements as "+-".
  bool Negative = false;
  for (const PtxModuleAccess *A : N)
    Negative |= A->Instr.Address->Displacement == -2048 && A->Instr.Address->Text == "[%r34+-2048]";
  CHECK(Negative);
}

TEST_CASE("nvcc and clang: volatile shared accesses", "[ptx][module]") {
  for (const char *File : {"vectors.nvcc.ptx", "vectors.clang.ptx"}) {
    INFO(File);
    PtxModule M = readPtxModule(input(File));
    std::vector<const PtxModuleAccess *> V = accessesIn(M, "_Z12volatileReadPi");
    REQUIRE(V.size() == 2);
    CHECK(V[1]->Instr.Opcode == "ld.volatile.shared.u32");
    CHECK(V[1]->Instr.Form == PtxForm::LDS);
    CHECK(V[1]->Instr.Volatile);
    CHECK(V[1]->Loc.Line == 49);
    CHECK(V[1]->Instr.Address->BaseSymbol == "_ZZ12volatileReadPiE4Flag");
  }
}

TEST_CASE("clang: columns, 64-bit shared addresses and unmerged scalars", "[ptx][module]") {
  PtxModule M = readPtxModule(input("vectors.clang.ptx"));
  CHECK(M.Problems.empty());
  CHECK(M.Version == "8.5");
  std::vector<const PtxModuleAccess *> A = accessesIn(M, "_Z15adjacentScalarsPfPKf");
  REQUIRE(A.size() == 4);
  CHECK(A[2]->Instr.Opcode == "ld.shared.f32");
  CHECK(where(*A[2]) == "vectors.cu:8:10");
  CHECK(where(*A[3]) == "vectors.cu:8:21");
  CHECK(A[2]->Instr.Address->Text == "[%rd10]");
  CHECK(A[2]->Instr.Address->BaseSymbol == "_ZZ15adjacentScalarsPfPKfE1S");
  CHECK(A[2]->InlineChain.empty()); // clang-19 writes no inlined_at
  std::vector<const PtxModuleAccess *> V = accessesIn(M, "_Z11vectorLoadsP6float4PKS_");
  REQUIRE(V.size() == 4); // a float4 as two 8-byte halves
  for (const PtxModuleAccess *X : V)
    CHECK(X->Instr.BytesPerAddress == 8);
}

TEST_CASE("nvcc and clang: every shared atomic with its operation", "[ptx][module]") {
  for (const char *File : {"atomics.nvcc.ptx", "atomics.clang.ptx"}) {
    INFO(File);
    PtxModule M = readPtxModule(input(File));
    CHECK(M.Problems.empty());
    std::vector<std::string> Ops;
    for (const PtxModuleAccess &A : M.Accesses)
      if (A.Instr.Form == PtxForm::ATOMS)
        Ops.push_back(A.Instr.Atomic->Op + "." + A.Instr.Atomic->Type);
    CHECK(Ops == std::vector<std::string>{"add.u32", "add.u32", "max.s32", "exch.b32", "cas.b32", "add.f32",
                                          "add.u32"});
  }
  PtxModule N = readPtxModule(input("atomics.nvcc.ptx"));
  const PtxModuleAccess *Cas = nullptr;
  for (const PtxModuleAccess &A : N.Accesses)
    if (A.Instr.Atomic && A.Instr.Atomic->Op == "cas")
      Cas = &A;
  REQUIRE(Cas);
  CHECK(Cas->Instr.Atomic->NumSources == 3);
  CHECK(Cas->Instr.Address->BaseSymbol == "_ZZ13sharedAtomicsPiPfPKiE6Counts");
  // atomicCAS is inlined from the toolkit's header; the chain leads back to line 17.
  REQUIRE(Cas->InlineChain.size() == 1);
  CHECK(Cas->InlineChain[0].CallSite.Line == 17);
  CHECK(Cas->InlineChain[0].Function.find("atomicCAS") != std::string::npos);
  CHECK(llvm::StringRef(Cas->Loc.Path).ends_with("device_atomic_functions.hpp"));
}

TEST_CASE("nvcc and clang: inline ldmatrix, stmatrix and cp.async are found and marked", "[ptx][module]") {
  for (const char *File : {"tensor_asm.nvcc.ptx", "tensor_asm.clang.ptx"}) {
    INFO(File);
    PtxModule M = readPtxModule(input(File));
    CHECK(M.Problems.empty());
    REQUIRE(M.Accesses.size() == 5);
    const PtxModuleAccess &Copy = M.Accesses[0];
    CHECK(Copy.Instr.Form == PtxForm::LDGSTS);
    CHECK(Copy.Instr.BytesPerAddress == 16);
    CHECK(Copy.InInlineAsm);
    CHECK(Copy.Loc.Line == 17);
    CHECK(Copy.Instr.Address->BaseSymbol == "_ZZ12ldmatrixTilePjPK6__halfE4Tile");
    const PtxModuleAccess &X4 = M.Accesses[1];
    CHECK(X4.Instr.Form == PtxForm::LDSM);
    CHECK(X4.Instr.AddressLanes == 32);
    CHECK(X4.InInlineAsm);
    const PtxModuleAccess &X2 = M.Accesses[2];
    CHECK(X2.Instr.AddressLanes == 16);
    CHECK(X2.Instr.Matrix->Trans);
    CHECK(X2.Instr.Address->Displacement == 128);
    CHECK(X2.Instr.Address->BaseSymbol == "_ZZ12ldmatrixTilePjPK6__halfE4Tile");
    const PtxModuleAccess &St = M.Accesses[3];
    CHECK(St.Instr.Form == PtxForm::STSM);
    CHECK(St.Instr.Matrix->Trans);
    CHECK(M.Accesses[4].Instr.Form == PtxForm::LDS);
    CHECK_FALSE(M.Accesses[4].InInlineAsm);
  }
}

TEST_CASE("a pointer selected between shared and global memory stays generic", "[ptx][module]") {
  for (const char *File : {"generic.nvcc.ptx", "generic.clang.ptx"}) {
    INFO(File);
    PtxModule M = readPtxModule(input(File));
    std::vector<const PtxModuleAccess *> G = accessesIn(M, "_Z12genericStorePfPKfi");
    REQUIRE(G.size() == 2);
    CHECK(G[0]->Instr.Opcode == "st.f32");
    CHECK(G[0]->Instr.Space == PtxSpace::Generic);
    CHECK(G[0]->Instr.Form == PtxForm::Unmodelled);
    CHECK(G[0]->Instr.Reason == "generic: may be shared");
    CHECK_FALSE(G[0]->ViaGeneric);
    CHECK(G[0]->Loc.Line == 17);
    CHECK(G[1]->Instr.Form == PtxForm::LDS);
  }
}

TEST_CASE("a helper that is not inlined: clang keeps its store generic, nvcc makes it shared", "[ptx][module]") {
  PtxModule C = readPtxModule(input("generic.clang.ptx"));
  REQUIRE(C.Functions.size() == 3);
  CHECK(C.Functions[0].Name == "_Z7storeToPff");
  CHECK_FALSE(C.Functions[0].Kernel);
  std::vector<const PtxModuleAccess *> H = accessesIn(C, "_Z7storeToPff");
  REQUIRE(H.size() == 1);
  CHECK(H[0]->Instr.Space == PtxSpace::Generic); // its pointer is a parameter
  PtxModule N = readPtxModule(input("generic.nvcc.ptx"));
  std::vector<const PtxModuleAccess *> S = accessesIn(N, "_Z7storeToPff");
  REQUIRE(S.size() == 1);
  CHECK(S[0]->Instr.Form == PtxForm::STS);
  CHECK(S[0]->Instr.Address->BaseSymbol == "_ZZ9viaHelperPfPKfE1S"); // declared at module scope
}

// Hand-written: the compilers fold cvta.shared into the access at -O3.
TEST_CASE("a generic access whose pointer comes from cvta.shared is a shared access", "[ptx][module]") {
  PtxModule M = readPtxModule(".visible .entry k()\n{\n"
                              ".shared .align 4 .b8 S[1024];\n"
                              ".loc 1 5 7\n"
                              "mov.u32 %r1, S;\n"
                              "{ .reg .b64 %tmp;\n cvt.u64.u32 %tmp, %r1;\n cvta.shared.u64 %rd1, %tmp; }\n"
                              "mul.wide.u32 %rd2, %r2, 4;\n"
                              "add.s64 %rd3, %rd1, %rd2;\n"
                              "st.v2.f32 [%rd3+8], {%f1, %f2};\n"
                              "ld.param.u64 %rd4, [k_param_0];\n"
                              "cvta.to.global.u64 %rd5, %rd4;\n"
                              "cvta.global.u64 %rd6, %rd5;\n"
                              "st.f32 [%rd6], %f1;\n"
                              "}\n.file 1 \"k.cu\"\n");
  CHECK(M.Problems.empty());
  REQUIRE(M.Accesses.size() == 1); // the store through cvta.global is not shared
  const PtxModuleAccess &A = M.Accesses[0];
  CHECK(A.ViaGeneric);
  CHECK(A.Instr.Space == PtxSpace::Shared);
  CHECK(A.Instr.Form == PtxForm::STS);
  CHECK(A.Instr.BytesPerAddress == 8);
  CHECK(A.Instr.Address->BaseSymbol == "S");
  CHECK(A.Instr.Address->Displacement == 8);
  CHECK(where(A) == "k.cu:5:7");
}

TEST_CASE("extern shared buffers, .func return values and unmodelled instructions", "[ptx][module]") {
  PtxModule M = readPtxModule(".extern .shared .align 16 .b8 dyn[];\n"
                              ".visible .func (.param .b32 func_retval0) f(.param .b64 f_param_0)\n{\n"
                              "mov.u32 %r1, dyn;\n"
                              "ld.shared::cluster.u32 %r2, [%r1];\n"
                              "mbarrier.try_wait.parity.shared::cta.b64 %p1, [%r1], %r3;\n"
                              "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1}, %rd1, %rd2, 1, 1, 1, 0, 0;\n"
                              "ld.shared.u32 %r4, [dyn+16];\n"
                              "}\n");
  CHECK(M.Problems.empty());
  REQUIRE(M.SharedVariables.size() == 1);
  CHECK(M.SharedVariables[0].Extern);
  CHECK(M.SharedVariables[0].Bytes == 0);
  CHECK(M.SharedVariables[0].Align == 16);
  REQUIRE(M.Functions.size() == 1);
  CHECK(M.Functions[0].Name == "f");
  REQUIRE(M.Accesses.size() == 4);
  CHECK(M.Accesses[0].Instr.Reason.find("distributed shared memory") != std::string::npos);
  CHECK(M.Accesses[1].Instr.Reason.find("mbarrier") != std::string::npos);
  CHECK(M.Accesses[2].Instr.Reason.find("descriptors") != std::string::npos);
  CHECK(M.Accesses[3].Instr.Address->BaseSymbol == "dyn");
  CHECK(M.Accesses[3].Instr.Address->Text == "[dyn+16]");
  CHECK(M.Accesses[3].Loc.File == 0); // no .loc
}

TEST_CASE("truncated and garbage modules read without crashing", "[ptx][module]") {
  std::string Full = input("tensor_asm.nvcc.ptx");
  for (size_t Cut = 0; Cut < Full.size(); Cut += 97) {
    PtxModule M = readPtxModule(llvm::StringRef(Full).take_front(Cut));
    CHECK(M.Accesses.size() <= 5);
  }
  PtxModule G = readPtxModule("}}}} .loc .loc 1 .file \"x\n{{{ .entry ( ld.shared [ ");
  CHECK(G.Accesses.size() <= 1);
}
