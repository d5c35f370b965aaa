//===- SarifReporter.cpp - The SARIF 2.1.0 report --------------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
///
/// How a Finding's Status maps onto SARIF's result.kind and result.level.
/// SARIF (3.27.9, 3.27.10) allows a level other than "none" only with kind
/// "fail"; GitHub code scanning shows "error", "warning" and "note".
///
///   conflict -> kind "fail",   level "warning"   (the text form's warning)
///   possible -> kind "fail",   level "warning"   (also a warning in the text
///               form; the message begins with "possible" and
///               properties["bankcheck.status"] says "possible")
///   unknown  -> kind "review", level "none"      (the text form's remark: the
///               analysis could not decide, a person has to look; never a
///               warning, as docs/checks/bankcheck-bank-conflict.md promises)
///   clean    -> no result
///
//===----------------------------------------------------------------------===//
#include "Report/Sarif.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <map>

namespace bankcheck::report {

namespace {
constexpr const char *SchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json";
constexpr const char *BankConflictId = "bankcheck-bank-conflict";
constexpr const char *OutOfBoundsId = "bankcheck-out-of-bounds";
constexpr const char *BaseId = "SRCROOT";

/// Absolute, without `.` or `..` components, with '/' separators.
std::string normalizePath(llvm::StringRef Path) {
  llvm::SmallString<256> P(Path);
  llvm::sys::fs::make_absolute(P);
  llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  llvm::sys::path::native(P, llvm::sys::path::Style::posix);
  return std::string(P);
}

/// Percent-encodes everything but RFC 3986's unreserved characters and '/'.
std::string encodePath(llvm::StringRef Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (llvm::isAlnum(C) || C == '-' || C == '.' || C == '_' || C == '~' || C == '/') {
      Out += static_cast<char>(C);
    } else {
      Out += '%';
      Out += llvm::hexdigit(C >> 4, /*LowerCase=*/false);
      Out += llvm::hexdigit(C & 15, /*LowerCase=*/false);
    }
  }
  return Out;
}

std::string fileUri(llvm::StringRef AbsPath) { return "file://" + encodePath(AbsPath); }

class Writer {
public:
  explicit Writer(const std::string &BaseDir) {
    if (BaseDir.empty())
      return;
    Base = normalizePath(BaseDir);
    while (Base.size() > 1 && Base.back() == '/')
      Base.pop_back();
  }

  bool hasBase() const { return !Base.empty(); }

  /// run.originalUriBaseIds: a base URI must end with '/' (SARIF 3.14.14).
  llvm::json::Object baseIds() const {
    std::string Uri = fileUri(Base);
    if (Uri.back() != '/')
      Uri += '/';
    return llvm::json::Object{{BaseId, llvm::json::Object{{"uri", Uri}}}};
  }

  llvm::json::Object artifact(const std::string &Path) const {
    std::string Abs = normalizePath(Path);
    if (hasBase()) {
      llvm::StringRef Rel(Abs);
      std::string Prefix = Base == "/" ? Base : Base + "/";
      if (Rel.consume_front(Prefix) && !Rel.empty())
        return llvm::json::Object{{"uri", encodePath(Rel)}, {"uriBaseId", BaseId}};
    }
    return llvm::json::Object{{"uri", fileUri(Abs)}};
  }

  llvm::json::Object physical(const FileLoc &L) const {
    llvm::json::Object Region{{"startLine", L.Line}};
    if (L.Column != 0)
      Region["startColumn"] = L.Column;
    return llvm::json::Object{{"artifactLocation", artifact(L.Path)},
                              {"region", std::move(Region)}};
  }

  llvm::json::Object location(const FileLoc &L) const {
    return llvm::json::Object{{"physicalLocation", physical(L)}};
  }

  /// One fix with a change per file, in the order the files first appear.
  llvm::json::Object fix(const Finding &F) const {
    std::vector<std::string> Order;
    std::map<std::string, llvm::json::Array> ByFile;
    for (const TextEdit &E : F.Fixes) {
      auto [It, New] = ByFile.try_emplace(E.Loc.Path);
      if (New)
        Order.push_back(E.Loc.Path);
      // Edits never span lines (they replace an extent), so the deleted region
      // is [Column, Column + Length) on Line; Length 0 is an insertion point.
      llvm::json::Object Deleted{{"startLine", E.Loc.Line},
                                 {"startColumn", E.Loc.Column},
                                 {"endColumn", E.Loc.Column + E.Length}};
      It->second.push_back(llvm::json::Object{{"deletedRegion", std::move(Deleted)},
                                              {"insertedContent",
                                               llvm::json::Object{{"text", E.Text}}}});
    }
    llvm::json::Array Changes;
    for (const std::string &Path : Order)
      Changes.push_back(llvm::json::Object{{"artifactLocation", artifact(Path)},
                                           {"replacements", std::move(ByFile[Path])}});
    llvm::json::Object Fix{{"artifactChanges", std::move(Changes)}};
    for (const Note &N : F.Notes)
      if (N.ShowsFix) {
        Fix["description"] = llvm::json::Object{{"text", N.Message}};
        break;
      }
    return Fix;
  }

  /// Notes with a place become the result's related locations; the others
  /// are returned, for the property bag, so that nothing the text form
  /// prints is lost.
  llvm::json::Array addNotes(llvm::json::Object &R, const std::vector<Note> &Notes) const {
    llvm::json::Array Related, LooseNotes;
    unsigned Id = 0;
    for (const Note &N : Notes) {
      if (N.Loc.valid()) {
        llvm::json::Object L = location(N.Loc);
        L["id"] = Id++;
        L["message"] = llvm::json::Object{{"text", N.Message}};
        Related.push_back(std::move(L));
      } else {
        LooseNotes.push_back(N.Message);
      }
    }
    if (!Related.empty())
      R["relatedLocations"] = std::move(Related);
    return LooseNotes;
  }

  llvm::json::Object result(const Finding &F, const std::vector<std::string> &RuleIds) const {
    llvm::json::Object R;
    R["ruleId"] = F.CheckId;
    for (std::size_t I = 0; I < RuleIds.size(); ++I)
      if (RuleIds[I] == F.CheckId)
        R["ruleIndex"] = I;
    if (F.Status == "unknown") {
      R["kind"] = "review";
      R["level"] = "none";
    } else {
      R["kind"] = "fail";
      R["level"] = "warning";
    }
    R["message"] = llvm::json::Object{{"text", F.Message}};
    if (F.Loc.valid())
      R["locations"] = llvm::json::Array{location(F.Loc)};

    llvm::json::Array LooseNotes = addNotes(R, F.Notes);
    if (!F.Fixes.empty())
      R["fixes"] = llvm::json::Array{fix(F)};

    llvm::json::Object P{{"bankcheck.status", F.Status},
                         {"kernel", F.Kernel},
                         {"array", F.Array},
                         {"kind", F.Kind},
                         {"accessBytes", F.AccessBytes},
                         {"wavefrontsWorst", F.WavefrontsWorst},
                         {"idealWavefronts", F.IdealWavefronts},
                         {"degree", F.Degree}};
    if (F.BlockDim)
      P["blockDim"] = llvm::json::Array{(*F.BlockDim)[0], (*F.BlockDim)[1], (*F.BlockDim)[2]};
    if (!F.BlockDimSource.empty())
      P["blockDimSource"] = F.BlockDimSource;
    if (!F.Reason.empty())
      P["reason"] = F.Reason;
    if (!F.Assumptions.empty()) {
      llvm::json::Array As;
      for (const std::string &A : F.Assumptions)
        As.push_back(A);
      P["assumptions"] = std::move(As);
    }
    if (!LooseNotes.empty())
      P["notes"] = std::move(LooseNotes);
    R["properties"] = std::move(P);
    return R;
  }

  /// The bankcheck-out-of-bounds result of an access.
  llvm::json::Object boundsResult(const Finding &F, const std::vector<std::string> &RuleIds) const {
    const BoundsDiagnostic &B = *F.OutOfBounds;
    llvm::json::Object R;
    R["ruleId"] = B.CheckId;
    for (std::size_t I = 0; I < RuleIds.size(); ++I)
      if (RuleIds[I] == B.CheckId)
        R["ruleIndex"] = I;
    R["kind"] = "fail";
    R["level"] = "warning";
    R["message"] = llvm::json::Object{{"text", B.Message}};
    if (F.Loc.valid())
      R["locations"] = llvm::json::Array{location(F.Loc)};
    llvm::json::Array LooseNotes = addNotes(R, B.Notes);
    llvm::json::Object P{{"kernel", F.Kernel}, {"array", F.Array},   {"kind", F.Kind},
                         {"accessBytes", F.AccessBytes}, {"lane", B.Lane}, {"byte", B.Byte}};
    if (B.Warp)
      P["warp"] = *B.Warp;
    if (!B.Iteration.empty())
      P["iteration"] = B.Iteration;
    if (B.ArrayBytes)
      P["arrayBytes"] = *B.ArrayBytes;
    if (!LooseNotes.empty())
      P["notes"] = std::move(LooseNotes);
    R["properties"] = std::move(P);
    return R;
  }

private:
  std::string Base; ///< normalized, no trailing '/' (unless it is "/")
};

llvm::json::Object bankConflictRule() {
  return llvm::json::Object{
      {"id", BankConflictId},
      {"name", "SharedMemoryBankConflict"},
      {"shortDescription",
       llvm::json::Object{{"text", "Bank conflict on a CUDA __shared__ access"}}},
      {"fullDescription",
       llvm::json::Object{
           {"text", "A warp's access to a __shared__ variable is split into more wavefronts "
                    "than a conflict-free access of the same width would take: an n-way bank "
                    "conflict, up to 32 times slower."}}},
      {"help",
       llvm::json::Object{
           {"text", "Lanes of one warp that touch different words in the same bank are served "
                    "one wavefront after another. Change the index so that the lanes touch "
                    "different banks, or pad the innermost dimension of the array (for "
                    "example float tile[32][33] instead of tile[32][32]); bankcheck proposes "
                    "such padding as a fix when it removes the conflict for every access."}}},
      {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
      {"properties", llvm::json::Object{{"tags", llvm::json::Array{"cuda", "performance"}}}}};
}
llvm::json::Object outOfBoundsRule() {
  return llvm::json::Object{
      {"id", OutOfBoundsId},
      {"name", "SharedMemoryOutOfBounds"},
      {"shortDescription",
       llvm::json::Object{{"text", "CUDA __shared__ access outside its array"}}},
      {"fullDescription",
       llvm::json::Object{
           {"text", "A lane of a warp reads or writes bytes before the start or past the end of "
                    "a __shared__ array, for the block shape analysed and with every condition "
                    "on its path evaluated (no assumption)."}}},
      {"help",
       llvm::json::Object{
           {"text", "Out-of-bounds shared accesses read or clobber other shared variables or "
                    "fault. Check the index bounds against the array's extents and the block "
                    "shape, or guard the access."}}},
      {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
      {"properties", llvm::json::Object{{"tags", llvm::json::Array{"cuda", "correctness"}}}}};
}
} // namespace

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<FileStatus> &Files, const std::string &Version,
                const std::string &BaseDir) {
  Writer W(BaseDir);

  // The bank-conflict rule is always described; any other check id gets a
  // bare rule so that every result's ruleIndex points into rules.
  std::vector<std::string> RuleIds{BankConflictId};
  llvm::json::Array Rules{bankConflictRule()};
  bool AnyBounds = false;
  for (const Finding &F : Findings)
    AnyBounds |= F.hasBoundsDiagnostic();
  if (AnyBounds) {
    RuleIds.push_back(OutOfBoundsId);
    Rules.push_back(outOfBoundsRule());
  }
  for (const Finding &F : Findings)
    if (llvm::find(RuleIds, F.CheckId) == RuleIds.end()) {
      RuleIds.push_back(F.CheckId);
      Rules.push_back(llvm::json::Object{{"id", F.CheckId}});
    }

  llvm::json::Array Results;
  for (const Finding &F : Findings)
  {
    if (F.isDiagnostic() || F.Status == "unknown")
      Results.push_back(W.result(F, RuleIds));
    if (F.hasBoundsDiagnostic())
      Results.push_back(W.boundsResult(F, RuleIds));
  }

  bool Ok = true;
  llvm::json::Array Notifications;
  for (const FileStatus &S : Files) {
    if (S.Ok)
      continue;
    Ok = false;
    llvm::json::Object PL{{"artifactLocation", W.artifact(S.Path)}};
    Notifications.push_back(llvm::json::Object{
        {"level", "error"},
        {"message", llvm::json::Object{{"text", S.Error.empty() ? "analysis failed" : S.Error}}},
        {"locations",
         llvm::json::Array{llvm::json::Object{{"physicalLocation", std::move(PL)}}}}});
  }
  llvm::json::Object Invocation{{"executionSuccessful", Ok}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = std::move(Notifications);

  llvm::json::Object Run{
      {"tool",
       llvm::json::Object{{"driver", llvm::json::Object{{"name", "bankcheck"},
                                                        {"version", Version},
                                                        {"rules", std::move(Rules)}}}}},
      {"invocations", llvm::json::Array{std::move(Invocation)}},
      {"results", std::move(Results)}};
  if (W.hasBase())
    Run["originalUriBaseIds"] = W.baseIds();

  llvm::json::Object Root{{"$schema", SchemaUri},
                          {"version", "2.1.0"},
                          {"runs", llvm::json::Array{std::move(Run)}}};
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
}

} // namespace bankcheck::report
