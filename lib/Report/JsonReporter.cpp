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

void writeAccess(llvm::json::OStream &J, const Finding &F);
} // namespace

// The document is streamed: each access is written as it comes, so memory does not grow with a
// whole tree of the report (its keys in sorted order, as llvm::json prints an object: the text is
// that of the whole value).
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
        writeAccess(J, F);
    });
    J.attribute("files", std::move(FileArr));
    J.attribute("summary", std::move(Sum));
    J.attribute("tool", "bankcheck");
    J.attribute("version", Version);
  });
  OS << "\n";
}

namespace {
// One access, its keys written in sorted order (as llvm::json prints an
// object) without building the object; the nested values are small.
void writeAccess(llvm::json::OStream &J, const Finding &F) {
  J.object([&] {
    J.attribute("access_bytes", F.AccessBytes);
    if (F.AfterFixLanes) {
      llvm::json::Array Lanes;
      for (const auto &L : *F.AfterFixLanes)
        Lanes.push_back(L ? llvm::json::Value(static_cast<std::int64_t>(*L)) : llvm::json::Value(nullptr));
      J.attribute("after_fix", llvm::json::Object{{"lanes", std::move(Lanes)},
                                                  {"wavefronts_worst", F.AfterFixWavefronts},
                                                  {"ideal_wavefronts", F.AfterFixIdeal}});
    } else {
      J.attribute("after_fix", nullptr);
    }
    J.attribute("array", F.Array);
    J.attribute("array_decl", loc(F.ArrayDecl));
    J.attributeArray("assumptions", [&] {
      for (const std::string &A : F.Assumptions)
        J.value(A);
    });
    J.attribute("below_min_degree", F.BelowThreshold);
    if (F.BlockDim)
      J.attribute("block_dim", llvm::json::Array{(*F.BlockDim)[0], (*F.BlockDim)[1], (*F.BlockDim)[2]});
    else
      J.attribute("block_dim", nullptr);
    J.attribute("block_dim_source", F.BlockDimSource);
    if (!F.CallSites.empty())
      J.attributeArray("call_sites", [&] {
        for (const FileLoc &L : F.CallSites)
          J.value(llvm::json::Object{{"file", L.Path}, {"line", L.Line}});
      });
    J.attribute("column", F.Loc.Column);
    J.attribute("degree", F.Degree);
    J.attribute("element_type", F.ElementType);
    J.attribute("file", F.Loc.Path);
    J.attributeArray("fixes", [&] {
      for (const TextEdit &E : F.Fixes)
        J.value(llvm::json::Object{{"file", E.Loc.Path}, {"line", E.Loc.Line}, {"column", E.Loc.Column},
                                   {"offset", E.Loc.Offset}, {"length", E.Length},
                                   {"replacement", E.Text}});
    });
    J.attribute("ideal_wavefronts", F.IdealWavefronts);
    J.attribute("instruction", F.Instruction);
    J.attribute("kernel", F.Kernel);
    J.attribute("kind", F.Kind);
    J.attribute("line", F.Loc.Line);
    J.attributeArray("notes", [&] {
      for (const Note &N : F.Notes) {
        llvm::json::Object NO{{"message", N.Message}};
        if (N.Loc.valid()) {
          NO["file"] = N.Loc.Path;
          NO["line"] = N.Loc.Line;
          NO["column"] = N.Loc.Column;
        }
        J.value(std::move(NO));
      }
    });
    if (F.OutOfBounds) {
      const BoundsDiagnostic &B = *F.OutOfBounds;
      llvm::json::Object OB{{"check", B.CheckId}, {"message", B.Message}, {"lane", B.Lane},
                            {"iteration", B.Iteration}, {"byte", B.Byte}, {"suppressed", B.Suppressed}};
      OB["warp"] = B.Warp ? llvm::json::Value(*B.Warp) : llvm::json::Value(nullptr);
      OB["array_bytes"] = B.ArrayBytes ? llvm::json::Value(*B.ArrayBytes) : llvm::json::Value(nullptr);
      J.attribute("out_of_bounds", std::move(OB));
    } else {
      J.attribute("out_of_bounds", nullptr);
    }
    if (F.ProfileLoc.valid()) {
      J.attribute("profile_file", F.ProfileLoc.Path);
      J.attribute("profile_line", F.ProfileLoc.Line);
    }
    J.attribute("reason", F.Reason);
    J.attribute("status", F.Status);
    J.attribute("suppressed", F.Suppressed);
    J.attribute("wavefronts_mean", F.WavefrontsMean);
    J.attribute("wavefronts_worst", F.WavefrontsWorst);
    J.attribute("widths", F.WidthFrom.empty() ? "source" : F.WidthFrom);
    if (F.HasWorst) {
      llvm::json::Array Lanes;
      for (const auto &L : F.WorstLanes)
        Lanes.push_back(L ? llvm::json::Value(static_cast<std::int64_t>(*L)) : llvm::json::Value(nullptr));
      llvm::json::Object W{{"iteration", F.WorstIteration}, {"values", F.WorstValues},
                           {"lanes", std::move(Lanes)}};
      W["warp"] = F.WorstWarp ? llvm::json::Value(*F.WorstWarp) : llvm::json::Value(nullptr);
      J.attribute("worst", std::move(W));
    } else {
      J.attribute("worst", nullptr);
    }
  });
}
} // namespace

} // namespace bankcheck::report
