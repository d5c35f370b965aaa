//===- FindingBuilder.cpp - Analyse one site and describe the result ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/FindingBuilder.h"

#include "BankModel/AccessAnalysis.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>

namespace bankcheck::frontend {

using namespace clang;

namespace {
/// The lanes of Mask as ranges: "0-3", "0, 2, 5-7".
std::string laneRanges(std::uint32_t Mask) {
  std::string S;
  for (unsigned L = 0; L < bank::WarpSize;) {
    if (!(Mask >> L & 1)) {
      ++L;
      continue;
    }
    unsigned E = L;
    while (E + 1 < bank::WarpSize && (Mask >> (E + 1) & 1))
      ++E;
    S += (S.empty() ? "" : ", ") + std::to_string(L) + (E > L ? "-" + std::to_string(E) : "");
    L = E + 1;
  }
  return S;
}
} // namespace

std::string formatList(const std::vector<std::uint64_t> &V) {
  std::string S;
  if (V.size() > 4) {
    std::int64_t Step = std::int64_t(V[1]) - std::int64_t(V[0]);
    bool Arith = true;
    for (std::size_t I = 2; I < V.size(); ++I)
      Arith &= std::int64_t(V[I]) - std::int64_t(V[I - 1]) == Step;
    if (Arith)
      return std::to_string(V[0]) + ", " + std::to_string(V[1]) + ", \u2026, " + std::to_string(V.back());
  }
  for (std::size_t I = 0; I < V.size(); ++I) {
    if (I) S += ", ";
    S += std::to_string(V[I]);
  }
  return S;
}

namespace {
std::string kernelName(const FunctionDecl &K) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy P = K.getASTContext().getPrintingPolicy();
  P.SuppressScope = false;
  K.getNameForDiagnostic(OS, P, /*Qualified=*/true);
  return OS.str();
}

std::string fixed2(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.2f", V);
  return Buf;
}

std::string shapeText(const bank::BlockShape &S) {
  return "(" + std::to_string(S.X) + ", " + std::to_string(S.Y) + ", " + std::to_string(S.Z) + ")";
}
} // namespace

bank::AccessQuery queryFor(const LaunchConfig &Config, const AccessSite &Site,
                           const KernelResult &Walk,
                           const std::map<const clang::VarDecl *, std::int64_t> &Extents) {
  bank::AccessQuery Q;
  Q.AccessBytes = Site.AccessBytes;
  Q.F = Site.Form.value_or(Site.Kind == "store" ? bank::Form::STS : bank::Form::LDS);
  Q.Shape = Config.Shape;
  if (!Config.Unresolved.empty())
    Q.ShapeUnknownWhy = "the shape of that launch is not known";
  Q.Instances = Site.Instances;
  for (const auto &[Array, L] : Walk.Layouts) {
    auto It = Extents.find(Array);
    Q.Bindings.push_back({L.Inner, It == Extents.end() ? L.InnerExtent : It->second});
  }
  return Q;
}

namespace {
report::BoundsDiagnostic boundsDiagnostic(const report::Finding &F, const bank::OutOfBounds &B,
                                          std::optional<std::int64_t> ArrayBytes,
                                          const LaunchConfig &Config, const FunctionDecl &Kernel) {
  report::BoundsDiagnostic D;
  D.Warp = B.Warp;
  D.Iteration = B.Label;
  D.Lane = B.Lane;
  D.Byte = B.Byte;
  D.ArrayBytes = ArrayBytes;
  std::string Who = "lane " + std::to_string(B.Lane);
  if (B.Warp)
    Who += " of warp " + std::to_string(*B.Warp);
  if (!B.Label.empty())
    Who += " (" + B.Label + ")";
  std::string Verb = F.Kind == "load" ? "reads" : F.Kind == "store" ? "writes" : "accesses";
  std::string Range = "bytes [" + std::to_string(B.Byte) + ", " +
                      std::to_string(B.Byte + std::int64_t(F.AccessBytes)) + ")";
  std::string Where = B.Byte < 0 ? "before the start of the array"
                                 : "past the end of the " + std::to_string(ArrayBytes.value_or(0)) +
                                       "-byte array";
  D.Message = "out-of-bounds shared " + F.Kind + " of '" + F.Array + "': " + Who + " " + Verb + " " +
              Range + ", " + Where;
  if (Config.Shape)
    D.Notes.push_back({report::FileLoc(), "block shape " + shapeText(*Config.Shape) + " from " +
                                              Config.Source});
  else
    D.Notes.push_back({report::FileLoc(), "for any block shape whose blockDim.x is a multiple of 32 "
                                          "(no launch, annotation or --block-dim gives it)"});
  if (Kernel.getTemplateSpecializationArgs())
    D.Notes.push_back({report::FileLoc(), "in instantiation '" + F.Kernel + "'"});
  D.Notes.push_back({F.ArrayDecl, "'" + F.Array + "' declared here"});
  return D;
}
} // namespace

report::Finding buildFinding(const FunctionDecl &Kernel, const LaunchConfig &Config,
                             const AccessSite &Site, const KernelResult &Walk,
                             ASTContext &Ctx) {
  const symbolic::SymbolTable &Symbols = Walk.Symbols;
  report::Finding F;
  F.Loc = Site.Loc;
  F.Kernel = kernelName(Kernel);
  F.Array = nameOf(Site.Array);
  F.ArrayDecl = toFileLoc(Site.Array->getLocation(), Ctx.getSourceManager());
  QualType ET = Site.Array->getType();
  while (const clang::ArrayType *AT = Ctx.getAsArrayType(ET))
    ET = AT->getElementType();
  F.ElementType = ET.getAsString(Ctx.getPrintingPolicy());
  F.Kind = Site.Kind;
  F.AccessBytes = Site.AccessBytes;
  F.Instruction = std::string(bank::rule(Site.Form.value_or(bank::Form::LDS)).Name);
  F.Part = Site.Part;
  F.ProfileLoc = Site.ProfileLoc;
  for (const auto &[Path, Line] : Site.CallLines) {
    report::FileLoc L;
    L.Path = Path;
    L.Line = Line;
    F.CallSites.push_back(L);
  }
  if (Config.Shape)
    F.BlockDim = std::array<unsigned, 3>{Config.Shape->X, Config.Shape->Y, Config.Shape->Z};
  F.BlockDimSource = Config.Source;

  std::string What = "shared " + Site.Kind +
                     (F.Instruction == "LDS" || F.Instruction == "STS" || F.Instruction == "ATOMS"
                          ? ""
                          : " (" + F.Instruction + ")") +
                     " of '" + F.Array + "'";
  if (!Site.Unmodelled.empty()) {
    F.Status = "unknown";
    F.Reason = Site.Unmodelled;
    F.Message = "cannot decide bank conflicts of " + What + ": " + F.Reason;
    return F;
  }
  bank::AccessQuery Q = queryFor(Config, Site, Walk);
  if (!Site.Array->hasExternalStorage() && !Site.Array->getType()->isIncompleteType() &&
      !Site.Array->getType()->isDependentType())
    Q.ArrayBytes = Ctx.getTypeSizeInChars(Site.Array->getType()).getQuantity();
  bank::AccessResult R = bank::analyzeAccess(Q, Symbols);
  if (Q.F == bank::Form::LDGSTS) {
    // cp.async's shared writes also depend on when the global data arrives:
    // the model gives this warp's cost alone, a lower bound (measured up to
    // 2.6x that with several warps in flight, docs/bank-model.md).
    if (R.St == bank::Status::Clean && !R.NeverExecuted) {
      R.St = bank::Status::Unknown;
      R.Reason = "cp.async writes of one warp alone take the ideal " + std::to_string(R.Ideal) +
                 " wavefronts here, but with other warps in flight they can take more (the order in "
                 "which global data arrives is not known statically)";
    } else if (R.St == bank::Status::Conflict) {
      R.Assumptions.push_back("one warp alone: with other warps in flight cp.async can take more wavefronts");
    }
  }
  if (R.Bounds)
    F.OutOfBounds = boundsDiagnostic(F, *R.Bounds, Q.ArrayBytes, Config, Kernel);
  F.Status = bank::statusName(R.St);
  F.WavefrontsWorst = R.WorstWavefronts;
  F.WavefrontsMean = R.MeanWavefronts;
  F.IdealWavefronts = R.Ideal;
  F.Degree = R.Degree;
  F.Reason = R.Reason;
  F.Assumptions = R.Assumptions;
  for (const std::string &A : Site.Assumptions)
    F.Assumptions.push_back(A);
  if (R.Worst) {
    F.HasWorst = true;
    F.WorstWarp = R.Worst->Warp;
    F.WorstIteration = R.Worst->Label;
    F.WorstValues = R.Worst->Values;
    for (unsigned L = 0; L < bank::WarpSize; ++L)
      if (R.Worst->Lanes[L].Active)
        F.WorstLanes.set(L, R.Worst->Lanes[L].Byte);
  }
  std::string Counts = "(" + std::to_string(R.WorstWavefronts) + " wavefronts, ideal " +
                       std::to_string(R.Ideal) + ")";
  switch (R.St) {
  case bank::Status::Conflict:
    F.Message = std::to_string(R.Degree) + "-way bank conflict on " + What + " " + Counts;
    break;
  case bank::Status::Possible:
    F.Message = "possible " + std::to_string(R.Degree) + "-way bank conflict on " + What + " " +
                Counts + ": " + R.Reason;
    break;
  case bank::Status::Unknown:
    F.Message = "cannot decide bank conflicts of " + What + ": " + R.Reason;
    break;
  case bank::Status::Clean:
    F.Message = "no bank conflict on " + What;
    break;
  }
  if (!F.isDiagnostic())
    return F;

  // Notes: who collides, with which shape, where the array is declared.
  const bank::Witness &W = *R.Worst;
  bank::BankCollision C = bank::worstBank(W.Lanes, Site.AccessBytes, Q.F);
  std::vector<std::uint64_t> Lanes, Words;
  for (unsigned L = 0; L < bank::WarpSize; ++L)
    if (C.LaneMask & (1u << L))
      Lanes.push_back(L);
  for (unsigned I = 0; I < C.NumWords; ++I)
    Words.push_back(C.Words[I]);
  std::string Where;
  if (W.Warp)
    Where = "in warp " + std::to_string(*W.Warp);
  else
    Where = "in every warp";
  if (!W.Label.empty())
    Where += " (" + W.Label + ")";
  if (!W.Values.empty())
    Where += " with " + W.Values;
  // A copy whose global source splits a phase into more runs than its banks
  // need wavefronts: the runs are the cost, not a bank.
  bank::SourceRuns S = bank::worstSourceRuns({W.Lanes, Site.AccessBytes, Q.F, W.Source});
  const unsigned BanksAlone = S.Runs > 1 ? bank::wavefronts(W.Lanes, Site.AccessBytes, Q.F) : 0;
  if (S.Runs > 1 && W.Wavefronts > BanksAlone) {
    std::string Runs;
    for (std::size_t I = 0; I < S.LaneMasks.size(); ++I)
      Runs += (I ? I + 1 == S.LaneMasks.size() ? " and " : "; " : "") + laneRanges(S.LaneMasks[I]);
    F.WorstSourceRuns = "phase " + std::to_string(S.Phase) + ": lanes " + Runs + " copy from " +
                        std::to_string(S.Runs) + " separate runs of global memory, one wavefront each";
    F.Notes.push_back({F.Loc, Where + ", " + F.WorstSourceRuns + " (the shared side alone takes " +
                                  std::to_string(BanksAlone) + " wavefronts)"});
  } else {
    F.Notes.push_back({F.Loc, Where + ", lanes " + formatList(Lanes) + " -> bank " + std::to_string(C.Bank) +
                                  ", words " + formatList(Words) +
                                  (Site.AccessBytes > 4 ? " (phase " + std::to_string(C.Phase) + ")" : "")});
  }
  if (!Site.FormNote.empty())
    F.Notes.push_back({F.Loc, "issued as " + F.Instruction + ": " + Site.FormNote});
  if (!Site.PiecesNote.empty())
    F.Notes.push_back({F.Loc, Site.PiecesNote});
  if (!Site.Opcode.empty())
    F.Notes.push_back({F.Loc, "inline PTX '" + Site.Opcode + "', issued as " + F.Instruction});
  if (Config.Shape)
    F.Notes.push_back({report::FileLoc(), "block shape " + shapeText(*Config.Shape) + " from " +
                                              Config.Source});
  if (!Config.Unresolved.empty())
    F.Notes.push_back({report::FileLoc(), Config.Unresolved});
  for (const std::string &A : F.Assumptions)
    F.Notes.push_back({report::FileLoc(), "assuming " + A});
  if (Kernel.getTemplateSpecializationArgs())
    F.Notes.push_back({report::FileLoc(), "in instantiation '" + F.Kernel + "'"});
  if (R.MeanWavefronts > 0 && !Site.Instances.empty())
    F.Notes.push_back({report::FileLoc(), "mean " + fixed2(R.MeanWavefronts) +
                                              " wavefronts per warp instruction over the block's "
                                              "warps and loop iterations"});
  F.Notes.push_back({F.ArrayDecl, "'" + F.Array + "' declared here"});
  return F;
}

} // namespace bankcheck::frontend
