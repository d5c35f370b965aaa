//===- JsonReporter.cpp - The JSON report (docs/json-format.md) -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Reporters.h"

#include "llvm/Support/JSON.h"

namespace bankcheck::report {

namespace {

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
using llvm::StringRef;
// One access, its keys written in sorted order (as llvm::json prints an
// object) without building the object or its nested values; strings are
// passed as references, not copied into values.
void writeLoc(llvm::json::OStream &J, StringRef Key, const FileLoc &L) {
  J.attributeObject(Key, [&] {
    J.attribute("column", L.Column);
    J.attribute("file", StringRef(L.Path));
    J.attribute("line", L.Line);
  });
}

template <typename Lanes> void writeLanes(llvm::json::OStream &J, const Lanes &Ls) {
  J.attributeArray("lanes", [&] {
    for (const auto &L : Ls)
      if (L)
        J.value(static_cast<std::int64_t>(*L));
      else
        J.value(nullptr);
  });
}

void writeAccess(llvm::json::OStream &J, const Finding &F) {
  J.object([&] {
    J.attribute("access_bytes", F.AccessBytes);
    if (F.AfterFixLanes)
      J.attributeObject("after_fix", [&] {
        J.attribute("ideal_wavefronts", F.AfterFixIdeal);
        writeLanes(J, *F.AfterFixLanes);
        J.attribute("wavefronts_worst", F.AfterFixWavefronts);
      });
    else
      J.attribute("after_fix", nullptr);
    J.attribute("array", StringRef(F.Array));
    writeLoc(J, "array_decl", F.ArrayDecl);
    J.attributeArray("assumptions", [&] {
      for (const std::string &A : F.Assumptions)
        J.value(StringRef(A));
    });
    J.attribute("below_min_degree", F.BelowThreshold);
    if (F.BlockDim)
      J.attributeArray("block_dim", [&] {
        for (unsigned D = 0; D < 3; ++D)
          J.value((*F.BlockDim)[D]);
      });
    else
      J.attribute("block_dim", nullptr);
    J.attribute("block_dim_source", StringRef(F.BlockDimSource));
    if (!F.CallSites.empty())
      J.attributeArray("call_sites", [&] {
        for (const FileLoc &L : F.CallSites)
          J.object([&] {
            J.attribute("file", StringRef(L.Path));
            J.attribute("line", L.Line);
          });
      });
    J.attribute("column", F.Loc.Column);
    J.attribute("degree", F.Degree);
    J.attribute("element_type", StringRef(F.ElementType));
    J.attribute("file", StringRef(F.Loc.Path));
    J.attributeArray("fixes", [&] {
      for (const TextEdit &E : F.Fixes)
        J.object([&] {
          J.attribute("column", E.Loc.Column);
          J.attribute("file", StringRef(E.Loc.Path));
          J.attribute("length", E.Length);
          J.attribute("line", E.Loc.Line);
          J.attribute("offset", E.Loc.Offset);
          J.attribute("replacement", StringRef(E.Text));
        });
    });
    J.attribute("ideal_wavefronts", F.IdealWavefronts);
    J.attribute("instruction", StringRef(F.Instruction));
    J.attribute("kernel", StringRef(F.Kernel));
    J.attribute("kind", StringRef(F.Kind));
    J.attribute("line", F.Loc.Line);
    J.attributeArray("notes", [&] {
      for (const Note &N : F.Notes)
        J.object([&] {
          if (N.Loc.valid()) {
            J.attribute("column", N.Loc.Column);
            J.attribute("file", StringRef(N.Loc.Path));
            J.attribute("line", N.Loc.Line);
          }
          J.attribute("message", StringRef(N.Message));
        });
    });
    if (F.OutOfBounds) {
      const BoundsDiagnostic &B = *F.OutOfBounds;
      J.attributeObject("out_of_bounds", [&] {
        if (B.ArrayBytes)
          J.attribute("array_bytes", *B.ArrayBytes);
        else
          J.attribute("array_bytes", nullptr);
        J.attribute("byte", B.Byte);
        J.attribute("check", StringRef(B.CheckId));
        J.attribute("iteration", StringRef(B.Iteration));
        J.attribute("lane", B.Lane);
        J.attribute("message", StringRef(B.Message));
        J.attribute("suppressed", B.Suppressed);
        if (B.Warp)
          J.attribute("warp", *B.Warp);
        else
          J.attribute("warp", nullptr);
      });
    } else {
      J.attribute("out_of_bounds", nullptr);
    }
    if (F.ProfileLoc.valid()) {
      J.attribute("profile_file", StringRef(F.ProfileLoc.Path));
      J.attribute("profile_line", F.ProfileLoc.Line);
    }
    J.attribute("reason", StringRef(F.Reason));
    J.attribute("status", StringRef(F.Status));
    J.attribute("suppressed", F.Suppressed);
    J.attribute("wavefronts_mean", F.WavefrontsMean);
    J.attribute("wavefronts_worst", F.WavefrontsWorst);
    J.attribute("widths", F.WidthFrom.empty() ? StringRef("source") : StringRef(F.WidthFrom));
    if (F.HasWorst)
      J.attributeObject("worst", [&] {
        J.attribute("iteration", StringRef(F.WorstIteration));
        writeLanes(J, F.WorstLanes);
        J.attribute("values", StringRef(F.WorstValues));
        if (F.WorstWarp)
          J.attribute("warp", *F.WorstWarp);
        else
          J.attribute("warp", nullptr);
      });
    else
      J.attribute("worst", nullptr);
  });
}
} // namespace

} // namespace bankcheck::report
