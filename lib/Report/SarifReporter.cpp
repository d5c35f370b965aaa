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
///               warning, as docs/checks/bankcheck-bank-conflict.md promises;
///               only with SarifOptions::IncludeUnknown, --sarif-unknown)
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
#include "llvm/Support/MD5.h"
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

  /// The URI text that names the file in this log (relative under the base).
  std::string uriOf(const std::string &Path) const {
    llvm::json::Object A = artifact(Path);
    return A.getString("uri")->str();
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
      R["level"] = F.AsError ? "error" : "warning";
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
    R["level"] = B.AsError ? "error" : "warning";
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

/// The rule's help as text and markdown (what code scanning shows), and
/// helpUri when a base for the docs pages is known.
void addHelp(llvm::json::Object &Rule, const std::string &Id, const std::string &Text,
             const std::string &Markdown, const std::string &HelpBase) {
  std::string Page = HelpBase.empty() ? std::string() : HelpBase + (HelpBase.back() == '/' ? "" : "/") + Id + ".md";
  Rule["help"] = llvm::json::Object{
      {"text", Text}, {"markdown", Markdown + (Page.empty() ? "" : "\n\n[" + Id + "](" + Page + ")")}};
  if (!Page.empty())
    Rule["helpUri"] = Page;
}

constexpr const char *BankConflictMarkdown =
    "Lanes of one warp that touch **different words in the same bank** are served one wavefront after "
    "another: an *n*-way bank conflict makes the access up to 32 times slower.\n\n"
    "```cuda\n"
    "__shared__ float tile[32][32];\n"
    "out[i] = tile[threadIdx.x][threadIdx.y];   // 32-way: every lane in bank threadIdx.y\n"
    "```\n\n"
    "Change the index so that the lanes touch different banks, or pad the innermost dimension "
    "(`float tile[32][33]`): bankcheck proposes such padding as a fix when it is proven to lower the "
    "conflict on every access of the array. The notes name the colliding lanes, banks and words, and the "
    "block shape the verdict holds for.";
constexpr const char *OutOfBoundsMarkdown =
    "A lane of the warp reads or writes bytes **outside the `__shared__` array**, for the block shape "
    "analysed and with every condition on its path evaluated (no assumption).\n\n"
    "```cuda\n"
    "__shared__ float v[32];\n"
    "x = v[threadIdx.x + 1];   // lane 31 reads v[32]\n"
    "```\n\n"
    "Such accesses read or clobber other shared variables, or fault. Check the index against the "
    "array's extents and the block shape, or guard the access.";

llvm::json::Object bankConflictRule(const std::string &HelpBase) {
  llvm::json::Object Rule{
      {"id", BankConflictId},
      {"name", "SharedMemoryBankConflict"},
      {"shortDescription",
       llvm::json::Object{{"text", "Bank conflict on a CUDA __shared__ access"}}},
      {"fullDescription",
       llvm::json::Object{
           {"text", "A warp's access to a __shared__ variable is split into more wavefronts "
                    "than a conflict-free access of the same width would take: an n-way bank "
                    "conflict, up to 32 times slower."}}},
      {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
      {"properties", llvm::json::Object{{"tags", llvm::json::Array{"cuda", "performance"}}}}};
  addHelp(Rule, BankConflictId, "Lanes of one warp that touch different words in the same bank are served "
                    "one wavefront after another. Change the index so that the lanes touch "
                    "different banks, or pad the innermost dimension of the array (for "
                    "example float tile[32][33] instead of tile[32][32]); bankcheck proposes "
                    "such padding as a fix when it removes the conflict for every access.", BankConflictMarkdown, HelpBase);
  return Rule;
}
llvm::json::Object outOfBoundsRule(const std::string &HelpBase) {
  llvm::json::Object Rule{
      {"id", OutOfBoundsId},
      {"name", "SharedMemoryOutOfBounds"},
      {"shortDescription",
       llvm::json::Object{{"text", "CUDA __shared__ access outside its array"}}},
      {"fullDescription",
       llvm::json::Object{
           {"text", "A lane of a warp reads or writes bytes before the start or past the end of "
                    "a __shared__ array, for the block shape analysed and with every condition "
                    "on its path evaluated (no assumption)."}}},
      {"defaultConfiguration", llvm::json::Object{{"level", "warning"}}},
      {"properties", llvm::json::Object{{"tags", llvm::json::Array{"cuda", "correctness"}}}}};
  addHelp(Rule, OutOfBoundsId, "Out-of-bounds shared accesses read or clobber other shared variables or "
                    "fault. Check the index bounds against the array's extents and the block "
                    "shape, or guard the access.", OutOfBoundsMarkdown, HelpBase);
  return Rule;
}
} // namespace

namespace {
/// Source lines for fingerprints, each file read once.
class Lines {
public:
  explicit Lines(const SourceReader &Read) : Read(Read) {}
  std::string at(const FileLoc &L) {
    auto It = Files.find(L.Path);
    if (It == Files.end()) {
      std::string Text;
      if (!Read || !Read(L.Path, Text))
        Text.clear();
      It = Files.emplace(L.Path, std::move(Text)).first;
    }
    llvm::SmallVector<llvm::StringRef, 0> All;
    llvm::StringRef(It->second).split(All, '\n');
    if (L.Line == 0 || L.Line > All.size())
      return "";
    // Blanks collapsed: re-indenting the line keeps the fingerprint.
    std::string Out;
    for (llvm::StringRef Word : llvm::split(All[L.Line - 1], ' '))
      for (llvm::StringRef W : llvm::split(Word.trim(), '\t'))
        if (!W.trim().empty())
          Out += (Out.empty() ? "" : " ") + W.trim().str();
    return Out;
  }

private:
  const SourceReader &Read;
  std::map<std::string, std::string> Files;
};

std::string md5Hex(const std::string &Text) {
  llvm::MD5 Hash;
  Hash.update(Text);
  llvm::MD5::MD5Result R;
  Hash.final(R);
  return std::string(R.digest().str());
}
} // namespace

void writeSarif(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
                const std::vector<FileStatus> &Files, const std::string &Version, const SarifOptions &Opts) {
  Writer W(Opts.BaseDir);
  Lines Source(Opts.Read);
  std::map<std::string, unsigned> Seen; // fingerprint -> results so far
  auto Fingerprint = [&](llvm::json::Object &R, const Finding &F, const std::string &RuleId,
                         const std::string &Message) {
    std::string Shape = F.BlockDim ? std::to_string((*F.BlockDim)[0]) + "," + std::to_string((*F.BlockDim)[1]) +
                                         "," + std::to_string((*F.BlockDim)[2])
                                   : "-";
    std::string Key = RuleId + "\n" + (F.Loc.valid() ? W.uriOf(F.Loc.Path) : "") + "\n" + F.Kernel + "\n" +
                      Shape + "\n" + F.Array + "\n" + F.Kind + "\n" + std::to_string(F.Part) + "\n" + Message +
                      "\n" + Source.at(F.Loc);
    std::string Hash = md5Hex(Key);
    unsigned Rank = ++Seen[Hash];
    R["partialFingerprints"] = llvm::json::Object{{"bankcheckFingerprint/v1", Hash + ":" + std::to_string(Rank)}};
  };

  // The bank-conflict rule is always described; any other check id gets a
  // bare rule so that every result's ruleIndex points into rules.
  std::vector<std::string> RuleIds{BankConflictId};
  llvm::json::Array Rules{bankConflictRule(Opts.HelpBase)};
  bool AnyBounds = false;
  for (const Finding &F : Findings)
    AnyBounds |= F.hasBoundsDiagnostic();
  if (AnyBounds) {
    RuleIds.push_back(OutOfBoundsId);
    Rules.push_back(outOfBoundsRule(Opts.HelpBase));
  }
  for (const Finding &F : Findings)
    if (llvm::find(RuleIds, F.CheckId) == RuleIds.end()) {
      RuleIds.push_back(F.CheckId);
      Rules.push_back(llvm::json::Object{{"id", F.CheckId}});
    }

  llvm::json::Array Results;
  for (const Finding &F : Findings)
  {
    if (F.isDiagnostic() || (F.Status == "unknown" && Opts.IncludeUnknown && !F.Disabled)) {
      llvm::json::Object R = W.result(F, RuleIds);
      Fingerprint(R, F, F.CheckId, F.Message);
      Results.push_back(std::move(R));
    }
    if (F.hasBoundsDiagnostic()) {
      llvm::json::Object R = W.boundsResult(F, RuleIds);
      Fingerprint(R, F, F.OutOfBounds->CheckId, F.OutOfBounds->Message);
      Results.push_back(std::move(R));
    }
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
