//===- JsonReporter.cpp - The JSON report (docs/json-format.md) -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Reporters.h"

#include "llvm/Support/JSON.h"

namespace bankcheck::report {

namespace {
llvm::json::Value loc(const FileLoc &L) {
  return llvm::json::Object{{"file", L.Path}, {"line", L.Line}, {"column", L.Column}};
}

llvm::json::Object accessObject(const Finding &F);
} // namespace

// The document is streamed: each access is built as a value, printed and freed before the next,
// so memory does not grow with a whole tree of the report (objects print their keys sorted, as
// llvm::json does for a whole value: the text is the same).
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version,
               const SharedCoverage &Coverage) {
  llvm::json::Array FileArr;
  for (const FileStatus &F : Files) {
    llvm::json::Object O{{"file", F.Path}, {"status", F.Ok ? "ok" : "error"}};
    if (!F.Ok)
      O["error"] = F.Error;
    FileArr.push_back(std::move(O));
  }
  Summary S = summarize(Findings);
  llvm::json::Object Sum{{"accesses", Findings.size()},
                         {"conflict", S.Conflict},
                         {"possible", S.Possible},
                         {"unknown", S.Unknown},
                         {"clean", S.Clean},
                         {"suppressed", S.Suppressed},
                         {"below_min_degree", S.BelowThreshold},
                         {"shared_uses", llvm::json::Object{{"seen", Coverage.Seen},
                                                            {"analysed", Coverage.Analysed},
                                                            {"unanalysed", Coverage.Unanalysed},
                                                            {"not_reached", Coverage.NotReached}}}};
  llvm::json::OStream J(OS, 2);
  // Keys in sorted order, as llvm::json prints an object.
  J.object([&] {
    J.attributeArray("accesses", [&] {
      for (const Finding &F : Findings)
        J.value(accessObject(F));
    });
    J.attribute("files", std::move(FileArr));
    J.attribute("summary", std::move(Sum));
    J.attribute("tool", "bankcheck");
    J.attribute("version", Version);
  });
  OS << "\n";
}

namespace {
llvm::json::Object accessObject(const Finding &F) {
    llvm::json::Object O;
    O["file"] = F.Loc.Path;
    O["line"] = F.Loc.Line;
    O["column"] = F.Loc.Column;
    O["kernel"] = F.Kernel;
    O["array"] = F.Array;
    O["array_decl"] = loc(F.ArrayDecl);
    O["element_type"] = F.ElementType;
    O["kind"] = F.Kind;
    O["access_bytes"] = F.AccessBytes;
    O["instruction"] = F.Instruction;
    O["widths"] = F.WidthFrom.empty() ? "source" : F.WidthFrom;
    if (!F.CallSites.empty()) {
      llvm::json::Array CS;
      for (const FileLoc &L : F.CallSites)
        CS.push_back(llvm::json::Object{{"file", L.Path}, {"line", L.Line}});
      O["call_sites"] = std::move(CS);
    }
    if (F.ProfileLoc.valid()) {
      O["profile_file"] = F.ProfileLoc.Path;
      O["profile_line"] = F.ProfileLoc.Line;
    }
    if (F.BlockDim)
      O["block_dim"] = llvm::json::Array{(*F.BlockDim)[0], (*F.BlockDim)[1], (*F.BlockDim)[2]};
    else
      O["block_dim"] = nullptr;
    O["block_dim_source"] = F.BlockDimSource;
    O["status"] = F.Status;
    O["wavefronts_worst"] = F.WavefrontsWorst;
    O["wavefronts_mean"] = F.WavefrontsMean;
    O["ideal_wavefronts"] = F.IdealWavefronts;
    O["degree"] = F.Degree;
    O["reason"] = F.Reason;
    O["suppressed"] = F.Suppressed;
    O["below_min_degree"] = F.BelowThreshold;
    llvm::json::Array As;
    for (const std::string &A : F.Assumptions)
      As.push_back(A);
    O["assumptions"] = std::move(As);
    llvm::json::Array Notes;
    for (const Note &N : F.Notes) {
      llvm::json::Object NO{{"message", N.Message}};
      if (N.Loc.valid()) {
        NO["file"] = N.Loc.Path;
        NO["line"] = N.Loc.Line;
        NO["column"] = N.Loc.Column;
      }
      Notes.push_back(std::move(NO));
    }
    O["notes"] = std::move(Notes);
    llvm::json::Array Fixes;
    for (const TextEdit &E : F.Fixes)
      Fixes.push_back(llvm::json::Object{{"file", E.Loc.Path}, {"line", E.Loc.Line}, {"column", E.Loc.Column},
                                         {"offset", E.Loc.Offset}, {"length", E.Length},
                                         {"replacement", E.Text}});
    O["fixes"] = std::move(Fixes);
    if (F.AfterFixLanes) {
      llvm::json::Array Lanes;
      for (const auto &L : *F.AfterFixLanes)
        Lanes.push_back(L ? llvm::json::Value(static_cast<std::int64_t>(*L)) : llvm::json::Value(nullptr));
      O["after_fix"] = llvm::json::Object{{"lanes", std::move(Lanes)},
                                          {"wavefronts_worst", F.AfterFixWavefronts},
                                          {"ideal_wavefronts", F.AfterFixIdeal}};
    } else {
      O["after_fix"] = nullptr;
    }
    if (F.OutOfBounds) {
      const BoundsDiagnostic &B = *F.OutOfBounds;
      llvm::json::Object OB{{"check", B.CheckId}, {"message", B.Message}, {"lane", B.Lane},
                            {"iteration", B.Iteration}, {"byte", B.Byte}, {"suppressed", B.Suppressed}};
      OB["warp"] = B.Warp ? llvm::json::Value(*B.Warp) : llvm::json::Value(nullptr);
      OB["array_bytes"] = B.ArrayBytes ? llvm::json::Value(*B.ArrayBytes) : llvm::json::Value(nullptr);
      O["out_of_bounds"] = std::move(OB);
    } else {
      O["out_of_bounds"] = nullptr;
    }
    if (F.HasWorst) {
      llvm::json::Array Lanes;
      for (const auto &L : F.WorstLanes)
        Lanes.push_back(L ? llvm::json::Value(static_cast<std::int64_t>(*L)) : llvm::json::Value(nullptr));
      llvm::json::Object W{{"iteration", F.WorstIteration}, {"values", F.WorstValues},
                           {"lanes", std::move(Lanes)}};
      W["warp"] = F.WorstWarp ? llvm::json::Value(*F.WorstWarp) : llvm::json::Value(nullptr);
      O["worst"] = std::move(W);
    } else {
      O["worst"] = nullptr;
    }
    return O;
}
} // namespace

} // namespace bankcheck::report
