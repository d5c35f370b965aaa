//===- KernelFuzzer.cpp - libFuzzer target for the whole pipeline ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Decodes the fuzzer's bytes into a small, syntactically valid CUDA kernel:
/// one to three __shared__ arrays of random rank (1-3), extents and element
/// types (char .. float4), locals, nested loops (constant, blockDim, parameter
/// and huge bounds; `+=`, `*=`, `<<=` steps), ifs, early returns, switch,
/// __device__ helpers, atomics, and index expressions over threadIdx,
/// blockDim, loop counters, parameters and constants with + - * / % << >> ^ &
/// and ?:. The kernel gets a launch, an annotation, or neither. It is written
/// to a temporary .cu file and run through frontend::runAnalysis with the
/// built-in headers (NoToolkit), in process.
///
/// Checks: no crash, no sanitizer report, no "internal error" (the driver's
/// CrashRecoveryContext turns a crash into that per-file error, so it is
/// treated as a crash here), and each finding is well formed (a known status;
/// conflict implies degree >= 2 and worst > ideal wavefronts).
///
/// BANKCHECK_FUZZ_PRINT=1 prints each generated kernel (to turn a crashing
/// input into a .cu reproduction: run the fuzzer on the input with it set).
//===----------------------------------------------------------------------===//
#include "Frontend/Driver.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace bankcheck;

namespace {

struct ElemType {
  const char *Name;
  bool Vector; ///< float2/float4: loads read .x, stores copy an element
  bool Atomic; ///< atomicAdd exists
};
const ElemType Types[] = {{"char", false, false},  {"short", false, false}, {"int", false, true},
                          {"float", false, true},  {"double", false, true}, {"float2", true, false},
                          {"float4", true, false}, {"unsigned", false, true}};

struct Array {
  std::string Name;
  const ElemType *Type;
  std::vector<unsigned> Extents;
};

class Gen {
public:
  explicit Gen(FuzzedDataProvider &P) : P(P) {}

  std::string kernel() {
    std::string Out = "#include <cuda_runtime.h>\n";
    bool Helper = P.ConsumeBool();
    if (Helper)
      Out += "__device__ int helper(int a, int b) {\n  if (a > b) return " + expr(2, {"a", "b"}) +
             ";\n  return " + expr(2, {"a", "b"}) + ";\n}\n";
    bool RecursiveHelper = P.ConsumeIntegralInRange<unsigned>(0, 7) == 0;
    if (RecursiveHelper)
      Out += "__device__ int rec(int a) { return a <= 0 ? 0 : 1 + rec(a - 1); }\n";
    unsigned Shape[3] = {P.ConsumeIntegralInRange<unsigned>(1, 256), 1, 1};
    Shape[1] = P.ConsumeIntegralInRange<unsigned>(1, std::max(1u, 1024 / Shape[0]));
    Shape[2] = P.ConsumeIntegralInRange<unsigned>(1, std::max(1u, 1024 / (Shape[0] * Shape[1])));
    if (P.ConsumeBool()) {
      Shape[0] = P.PickValueInArray({32u, 64u, 128u, 256u, 16u, 8u});
      Shape[1] = P.PickValueInArray({1u, 2u, 4u, 8u});
      Shape[2] = 1;
    }
    unsigned How = P.ConsumeIntegralInRange<unsigned>(0, 2); // launch, annotation, neither
    std::string Dims = std::to_string(Shape[0]) + ", " + std::to_string(Shape[1]) + ", " +
                       std::to_string(Shape[2]);
    if (How == 1)
      Out += "// bankcheck: block-dim(" + Dims + ")\n";
    Out += "__global__ void k(float *out, int n, int m) {\n";
    unsigned NumArrays = P.ConsumeIntegralInRange<unsigned>(1, 3);
    for (unsigned A = 0; A < NumArrays; ++A) {
      Array Arr;
      Arr.Name = "s" + std::to_string(A);
      Arr.Type = &Types[P.ConsumeIntegralInRange<std::size_t>(0, std::size(Types) - 1)];
      unsigned Rank = P.ConsumeIntegralInRange<unsigned>(1, 3);
      std::string Decl = "  __shared__ " + std::string(Arr.Type->Name) + " " + Arr.Name;
      for (unsigned D = 0; D < Rank; ++D) {
        unsigned E = P.ConsumeBool() ? P.PickValueInArray({32u, 33u, 64u, 16u, 8u, 1u, 2u})
                                     : P.ConsumeIntegralInRange<unsigned>(1, 65);
        Arr.Extents.push_back(E);
        Decl += "[" + std::to_string(E) + "]";
      }
      Out += Decl + ";\n";
      Arrays.push_back(Arr);
    }
    Out += "  int t = " + expr(2, Scope) + ";\n";
    Scope.push_back("t");
    if (Helper) {
      Out += "  int h = helper(" + expr(1, Scope) + ", " + expr(1, Scope) + ");\n";
      Scope.push_back("h");
    }
    if (RecursiveHelper) {
      Out += "  int r = rec(" + expr(1, Scope) + ");\n";
      Scope.push_back("r");
    }
    Out += block(0, P.ConsumeIntegralInRange<unsigned>(1, 5));
    Out += "}\n";
    if (How == 0)
      Out += "void launch(float *o) { k<<<1, dim3(" + Dims + ")>>>(o, " +
             std::to_string(P.ConsumeIntegralInRange<int>(-4, 64)) + ", " +
             std::to_string(P.ConsumeIntegralInRange<int>(-4, 64)) + "); }\n";
    return Out;
  }

private:
  FuzzedDataProvider &P;
  std::vector<Array> Arrays;
  std::vector<std::string> Scope = {"threadIdx.x", "threadIdx.y", "threadIdx.z", "blockDim.x",
                                    "n",           "m",           "threadIdx.x", "threadIdx.x"};
  unsigned Loops = 0, Statements = 0;

  std::string constant() {
    switch (P.ConsumeIntegralInRange<unsigned>(0, 5)) {
    case 0: return std::to_string(P.ConsumeIntegralInRange<int>(0, 70));
    case 1: return std::to_string(P.PickValueInArray({32, 33, 31, 16, 8, 4, 2, 1, 0, 64, 128}));
    case 2: return "(" + std::to_string(P.ConsumeIntegralInRange<int>(-70, -1)) + ")";
    case 3: return P.PickValueInArray({"0x7fffffff", "2147483648u", "0x7fffffffffffffffLL",
                                       "(-9223372036854775807LL - 1)", "4294967295u", "65"});
    default: return std::to_string(P.ConsumeIntegralInRange<int>(0, 8));
    }
  }

  std::string expr(unsigned Depth, const std::vector<std::string> &Names) {
    if (Depth == 0 || P.remaining_bytes() == 0 || P.ConsumeIntegralInRange<unsigned>(0, 3) == 0) {
      if (P.ConsumeIntegralInRange<unsigned>(0, 2) == 0)
        return constant();
      return Names[P.ConsumeIntegralInRange<std::size_t>(0, Names.size() - 1)];
    }
    static const char *const Ops[] = {"+", "-", "*", "/", "%", "<<", ">>", "^", "&", "|", "+", "*", "%"};
    unsigned Pick = P.ConsumeIntegralInRange<unsigned>(0, std::size(Ops) + 1);
    if (Pick == std::size(Ops))
      return "(" + expr(Depth - 1, Names) + " < " + expr(Depth - 1, Names) + " ? " + expr(Depth - 1, Names) +
             " : " + expr(Depth - 1, Names) + ")";
    if (Pick == std::size(Ops) + 1)
      return "min(" + expr(Depth - 1, Names) + ", " + expr(Depth - 1, Names) + ")";
    return "(" + expr(Depth - 1, Names) + " " + Ops[Pick] + " " + expr(Depth - 1, Names) + ")";
  }

  std::string cond() {
    static const char *const Rel[] = {"<", "<=", "==", "!=", ">", ">="};
    return expr(2, Scope) + " " + P.PickValueInArray(Rel) + " " + expr(1, Scope);
  }

  /// The element access `s[i][j]`.
  std::string element(const Array &A) {
    std::string S = A.Name;
    for (std::size_t D = 0; D < A.Extents.size(); ++D)
      S += "[" + expr(3, Scope) + "]";
    return S;
  }

  std::string access(const std::string &Ind) {
    const Array &A = Arrays[P.ConsumeIntegralInRange<std::size_t>(0, Arrays.size() - 1)];
    switch (P.ConsumeIntegralInRange<unsigned>(0, 3)) {
    case 0: // load
      return Ind + "out[threadIdx.x] = " + element(A) + (A.Type->Vector ? ".x" : "") + ";\n";
    case 1: // store
      if (A.Type->Vector)
        return Ind + element(A) + " = " + element(A) + ";\n";
      return Ind + element(A) + " = " + expr(1, Scope) + ";\n";
    case 2: // compound / atomic
      if (A.Type->Atomic && P.ConsumeBool())
        return Ind + "atomicAdd(&" + element(A) + ", 1);\n";
      if (A.Type->Vector)
        return Ind + element(A) + ".y += 1.0f;\n";
      return Ind + element(A) + " += 1;\n";
    default: // through a pointer
      return Ind + "{ " + std::string(A.Type->Name) + " *p = &" + element(A) + "; out[0] = " +
             (A.Type->Vector ? "p[" + expr(1, Scope) + "].x" : "p[" + expr(1, Scope) + "]") + "; }\n";
    }
  }

  std::string block(unsigned Depth, unsigned Count) {
    std::string Ind(2 * (Depth + 1), ' ');
    std::string Out;
    for (unsigned I = 0; I < Count && P.remaining_bytes() > 0 && Statements < 24; ++I, ++Statements) {
      unsigned Kind = Depth >= 3 ? 0 : P.ConsumeIntegralInRange<unsigned>(0, 8);
      switch (Kind) {
      case 0: case 1: case 2:
        Out += access(Ind);
        break;
      case 3: {
        if (Loops >= 3) { Out += access(Ind); break; }
        std::string V = "i" + std::to_string(Loops++);
        std::string Init = P.ConsumeBool() ? "0" : expr(1, Scope);
        std::string Bound = P.PickValueInArray({"32", "4", "n", "blockDim.x", "1000000000", "m", "33"});
        if (P.ConsumeIntegralInRange<unsigned>(0, 3) == 0)
          Bound = expr(2, Scope);
        std::string Step = P.PickValueInArray({"++V", "V += 1", "V += 32", "V *= 2", "V += blockDim.x",
                                               "V <<= 1", "V += n", "--V"});
        for (std::size_t At; (At = Step.find('V')) != std::string::npos;)
          Step.replace(At, 1, V);
        if (Step.find("*=") != std::string::npos || Step.find("<<=") != std::string::npos)
          Init = "1";
        std::string Type = P.ConsumeBool() ? "int" : "long";
        Out += Ind + "for (" + Type + " " + V + " = " + Init + "; " + V + " < " + Bound + "; " + Step + ") {\n";
        Scope.push_back(V);
        Out += block(Depth + 1, P.ConsumeIntegralInRange<unsigned>(1, 3));
        Scope.pop_back();
        Out += Ind + "}\n";
        break;
      }
      case 4:
        Out += Ind + "if (" + cond() + ") {\n" + block(Depth + 1, P.ConsumeIntegralInRange<unsigned>(1, 2)) +
               Ind + "}" + (P.ConsumeBool() ? " else {\n" + block(Depth + 1, 1) + Ind + "}\n" : "\n");
        break;
      case 5:
        Out += Ind + "t = " + expr(2, Scope) + ";\n";
        break;
      case 6:
        Out += Ind + "if (" + cond() + ") return;\n";
        break;
      case 7:
        Out += Ind + "switch (" + expr(1, Scope) + " & 3) {\n" + Ind + "case 0:\n" + block(Depth + 1, 1) +
               Ind + "  break;\n" + Ind + "default:\n" + block(Depth + 1, 1) + Ind + "}\n";
        break;
      default:
        Out += Ind + "__syncthreads();\n";
        break;
      }
    }
    return Out;
  }
};

std::string tempFile() {
  static const std::string Path = [] {
    const char *Dir = std::getenv("TMPDIR");
    return std::string(Dir && *Dir ? Dir : "/tmp") + "/bankcheck-kernelfuzz-" + std::to_string(getpid()) + ".cu";
  }();
  return Path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  FuzzedDataProvider P(Data, Size);
  Gen G(P);
  std::string Source = G.kernel();
  if (std::getenv("BANKCHECK_FUZZ_PRINT"))
    std::fprintf(stderr, "---- generated kernel ----\n%s--------------------------\n", Source.c_str());
  const std::string Path = tempFile();
  {
    std::ofstream F(Path, std::ios::binary | std::ios::trunc);
    F << Source;
  }
  frontend::DriverOptions Opts;
  Opts.Files = {Path};
  Opts.NoToolkit = true;
  Opts.Jobs = 1;
  frontend::DriverResult R;
  std::string Error;
  bool Ok = frontend::runAnalysis(Opts, R, Error);
  auto Die = [&](const std::string &Why) {
    std::fprintf(stderr, "\nKernelFuzzer: %s\n---- kernel ----\n%s----------------\n", Why.c_str(), Source.c_str());
    std::abort();
  };
  if (!Ok)
    Die("usage error from runAnalysis: " + Error);
  for (const report::FileStatus &S : R.Files)
    if (!S.Ok && S.Error.find("internal error") != std::string::npos)
      Die("crash caught by the driver: " + S.Error);
  for (const report::Finding &F : R.Findings) {
    std::string Where = F.Loc.Path + ":" + std::to_string(F.Loc.Line) + ":" + std::to_string(F.Loc.Column);
    if (F.Status != "conflict" && F.Status != "clean" && F.Status != "possible" && F.Status != "unknown")
      Die(Where + ": unknown status '" + F.Status + "'");
    if (F.Status == "conflict" && (F.Degree < 2 || F.WavefrontsWorst <= F.IdealWavefronts))
      Die(Where + ": conflict with degree " + std::to_string(F.Degree) + ", " +
          std::to_string(F.WavefrontsWorst) + " wavefronts, ideal " + std::to_string(F.IdealWavefronts));
    if (F.Status == "clean" && F.WavefrontsWorst > F.IdealWavefronts)
      Die(Where + ": clean with " + std::to_string(F.WavefrontsWorst) + " wavefronts > ideal " +
          std::to_string(F.IdealWavefronts));
  }
  return 0;
}
