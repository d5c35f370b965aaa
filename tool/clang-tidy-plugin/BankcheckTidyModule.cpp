//===- BankcheckTidyModule.cpp - bankcheck as a clang-tidy plugin ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A clang-tidy module, loaded with `clang-tidy -load=libBankcheckTidyModule.so`,
/// that registers the checks `bankcheck-bank-conflict` and
/// `bankcheck-out-of-bounds`. Each matches the TranslationUnitDecl once and
/// hands the whole AST to the same analysis the bankcheck command runs
/// (frontend::analyzeTranslationUnit, computed once per translation unit and
/// shared by both); each finding that bankcheck would print as a warning
/// becomes a clang-tidy warning with the same message, notes and padding
/// fix-its.
///
/// What clang-tidy does instead of bankcheck: the command line (the user
/// passes the device-only CUDA flags after `--`, see docs/integration.md),
/// NOLINT comments, -header-filter and -fix. What stays bankcheck's: the
/// `.bankcheck.yaml` of the main file (block shapes by kernel, MinDegree).
///
/// Options (`CheckOptions` in .clang-tidy, or -config):
///   bankcheck-bank-conflict.BlockDim   "X[,Y[,Z]]", as --block-dim, for both
///                                      checks (one analysis serves both); default none.
///                                      bankcheck-out-of-bounds.BlockDim is read
///                                      when it is not set; set both, they must agree
///   bankcheck-bank-conflict.MinDegree  2..32, as --min-degree; default: the
///                                      .bankcheck.yaml's MinDegree (2)
/// The diagnostics are the bankcheck command's text form
/// (report::groupDiagnostics): one per check and place, the same notes.
///
/// The module links clang-cpp and LLVM shared, as Debian's clang-tidy-19
/// does, and none of tool/: the bankcheck command's llvm::cl options would
/// be registered twice in clang-tidy's process.
//===----------------------------------------------------------------------===//
#include "Frontend/Analysis.h"
#include "Frontend/Config.h"
#include "Frontend/LaunchConfigs.h"
#include "Report/DiagnosticGroups.h"
#include "Report/Finding.h"
#include "Report/Reporters.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "clang-tidy/ClangTidyModule.h"
#include "clang-tidy/ClangTidyModuleRegistry.h"
#include "clang/AST/ASTContext.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <set>
#include <string>
#include <tuple>

using namespace clang;
using namespace clang::ast_matchers;

namespace bankcheck::tidymodule {

namespace {

/// The SourceLocation of a report::FileLoc, by file and byte offset (the
/// file is one the parse loaded); by line and column when the offset does not
/// fit. Invalid when the file is unknown to this translation unit.
SourceLocation toSourceLocation(const report::FileLoc &L, SourceManager &SM) {
  if (L.Path.empty())
    return {};
  llvm::Expected<FileEntryRef> File = SM.getFileManager().getFileRef(L.Path);
  if (!File) {
    llvm::consumeError(File.takeError());
    return {};
  }
  FileID FID = SM.translateFile(*File);
  if (FID.isInvalid())
    return {};
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(FID);
  if (Buffer && L.Offset <= Buffer->getBufferSize())
    return SM.getComposedLoc(FID, L.Offset);
  if (L.Line != 0)
    return SM.translateLineCol(FID, L.Line, L.Column == 0 ? 1 : L.Column);
  return {};
}

/// A padding edit as a fix-it hint; none when the bytes are no longer the
/// ones the analysis saw (the edit would not apply cleanly).
std::optional<FixItHint> toFixIt(const report::TextEdit &E, SourceManager &SM) {
  SourceLocation Begin = toSourceLocation(E.Loc, SM);
  if (Begin.isInvalid())
    return std::nullopt;
  if (!E.Expected.empty()) {
    std::pair<FileID, unsigned> Decomposed = SM.getDecomposedLoc(Begin);
    StringRef Data = SM.getBufferData(Decomposed.first);
    if (Data.substr(Decomposed.second, E.Length) != E.Expected)
      return std::nullopt;
  }
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(E.Length)), E.Text);
}

} // namespace

/// The analysis of one translation unit, shared by the module's checks: the
/// first check to run on a TU computes it, the others reuse it.
struct SharedAnalysis {
  const ASTContext *Ctx = nullptr;
  std::string Key; ///< the options it was computed with
  frontend::TUResult TU;
  std::vector<report::Finding> Findings; ///< TU's, sorted
};
SharedAnalysis &lastAnalysis() {
  static SharedAnalysis A;
  return A;
}

/// Both checks: bankcheck-bank-conflict and bankcheck-out-of-bounds. Each
/// reads its own options (BlockDim, MinDegree) and emits its own diagnostics.
class BankcheckCheck : public clang::tidy::ClangTidyCheck {
public:
  BankcheckCheck(StringRef Name, clang::tidy::ClangTidyContext *Context, bool Bounds)
      : ClangTidyCheck(Name, Context), Bounds(Bounds), Self(Name.str()),
        MinDegree(OptionsView(ConflictId, Context->getOptions().CheckOptions, Context).get<unsigned>("MinDegree")) {
    // One block shape for both checks: bankcheck-bank-conflict.BlockDim, else
    // bankcheck-out-of-bounds.BlockDim.
    const clang::tidy::ClangTidyOptions::OptionMap &All = Context->getOptions().CheckOptions;
    std::string Conflict = OptionsView(ConflictId, All, Context).get("BlockDim", "").str();
    std::string OfBounds = OptionsView(BoundsId, All, Context).get("BlockDim", "").str();
    BlockDim = Conflict.empty() ? OfBounds : Conflict;
    BlockDimOption = std::string(Conflict.empty() && !OfBounds.empty() ? BoundsId : ConflictId) + ".BlockDim";
    if (!Conflict.empty() && !OfBounds.empty() && Conflict != OfBounds)
      Mismatch = "'" + Conflict + "' and '" + OfBounds + "'";
  }
  static constexpr const char *ConflictId = "bankcheck-bank-conflict";
  static constexpr const char *BoundsId = "bankcheck-out-of-bounds";

  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

  void storeOptions(clang::tidy::ClangTidyOptions::OptionMap &Opts) override {
    if (Bounds)
      return; // the options are bankcheck-bank-conflict's
    Options.store(Opts, "BlockDim", BlockDim);
    if (MinDegree)
      Options.store(Opts, "MinDegree", *MinDegree);
  }

  void registerMatchers(MatchFinder *Finder) override {
    // Once per translation unit: the analysis walks every kernel itself.
    Finder->addMatcher(translationUnitDecl().bind("tu"), this);
  }

  void check(const MatchFinder::MatchResult &Result) override {
    if (!Result.Nodes.getNodeAs<TranslationUnitDecl>("tu"))
      return;
    ASTContext &Ctx = *Result.Context;
    SourceManager &SM = *Result.SourceManager;
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // as bankcheck: do not trust a broken AST

    frontend::AnalysisOptions Opts;
    if (!Mismatch.empty()) {
      configurationDiag("options 'bankcheck-bank-conflict.BlockDim' and 'bankcheck-out-of-bounds.BlockDim' "
                        "differ (%0): one block shape serves both checks")
          << Mismatch;
      return;
    }
    if (!BlockDim.empty()) {
      std::string Why;
      Opts.BlockDim = frontend::parseBlockDim(BlockDim, Why);
      if (!Opts.BlockDim) {
        configurationDiag("invalid value '%0' for option '%1': %2") << BlockDim << BlockDimOption << Why;
        return;
      }
    }
    // The .bankcheck.yaml found upward from the main file, as bankcheck reads it.
    if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
      std::string Error;
      if (!frontend::configForFile(std::string(Main->getName()), Opts.FileConfig, Error)) {
        configurationDiag("%0") << Error;
        return;
      }
    }
    if (MinDegree && (*MinDegree < 2 || *MinDegree > 32)) {
      configurationDiag("invalid value '%0' for option '%1.MinDegree': takes a value in 2..32")
          << *MinDegree << Self;
      return;
    }
    unsigned Threshold = MinDegree ? *MinDegree : Opts.FileConfig.MinDegree;

    SharedAnalysis &A = lastAnalysis();
    if (A.Ctx != &Ctx || A.Key != BlockDim + "/" + std::to_string(Threshold)) {
      A.Ctx = &Ctx;
      A.Key = BlockDim + "/" + std::to_string(Threshold);
      A.TU = frontend::TUResult();
      frontend::analyzeTranslationUnit(Ctx, Opts, A.TU);
      A.Findings.assign(std::make_move_iterator(A.TU.Findings.begin()), std::make_move_iterator(A.TU.Findings.end()));
      A.TU.Findings.clear();
      // The shape came from this option, not from a command line.
      for (report::Finding &F : A.Findings) {
        nameShapeSource(F.Notes);
        if (F.OutOfBounds)
          nameShapeSource(F.OutOfBounds->Notes);
        F.BelowThreshold = F.Degree < Threshold; // NOLINT is clang-tidy's to apply
      }
      report::sortFindings(A.Findings);
    }
    // What the bankcheck command prints, this check's part of it.
    std::vector<report::GroupedDiagnostic> Diags = report::groupDiagnostics(A.Findings, /*ShowUnknown=*/false);
    emit(Diags, SM, Bounds ? report::GroupedDiagnostic::OutOfBounds : report::GroupedDiagnostic::BankConflict);
  }

  // A later translation unit's ASTContext may reuse the address: forget the
  // analysis when this one ends.
  void onEndOfTranslationUnit() override {
    lastAnalysis() = SharedAnalysis();
  }

private:
  void nameShapeSource(std::vector<report::Note> &Notes) const {
    for (report::Note &N : Notes) {
      std::size_t At = N.Message.find(" from --block-dim");
      if (At != std::string::npos && N.Message.rfind("block shape ", 0) == 0)
        N.Message.replace(At, std::string(" from --block-dim").size(), " from option '" + BlockDimOption + "'");
    }
  }

  void emit(const std::vector<report::GroupedDiagnostic> &Diags, SourceManager &SM,
            report::GroupedDiagnostic::Kind Which) {
    // Every access of a conflicting array carries the same padding edit;
    // clang-tidy drops identical fix-its on several warnings as overlapping,
    // so each edit rides on the first warning that has it.
    std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Emitted;
    for (const report::GroupedDiagnostic &D : Diags) {
      if (D.What != Which)
        continue;
      const report::Finding &F = *D.Shown;
      SourceLocation Loc = toSourceLocation(F.Loc, SM);
      if (Loc.isInvalid())
        continue;
      {
        // The fix-its ride on the warning itself, so that -fix applies them
        // (fix-its on notes need --fix-notes).
        DiagnosticBuilder B = diag(Loc, "%0") << (Which == report::GroupedDiagnostic::OutOfBounds
                                                      ? F.OutOfBounds->Message
                                                      : F.Message);
        if (Which == report::GroupedDiagnostic::BankConflict)
          for (const report::TextEdit &E : F.Fixes)
            if (Emitted.insert({E.Loc.Path, E.Loc.Offset, E.Length, E.Text}).second)
              if (std::optional<FixItHint> Hint = toFixIt(E, SM))
                B << *Hint;
      }
      for (const report::Note &N : D.Notes)
        diag(toSourceLocation(N.Loc, SM), "%0", DiagnosticIDs::Note) << N.Message;
    }
  }

  const bool Bounds;
  const std::string Self;
  const std::optional<unsigned> MinDegree;
  std::string BlockDim, BlockDimOption, Mismatch;
};

class BankConflictCheck : public BankcheckCheck {
public:
  BankConflictCheck(StringRef Name, clang::tidy::ClangTidyContext *Context)
      : BankcheckCheck(Name, Context, /*Bounds=*/false) {}
};

class OutOfBoundsCheck : public BankcheckCheck {
public:
  OutOfBoundsCheck(StringRef Name, clang::tidy::ClangTidyContext *Context)
      : BankcheckCheck(Name, Context, /*Bounds=*/true) {}
};

class BankcheckModule : public clang::tidy::ClangTidyModule {
public:
  void addCheckFactories(clang::tidy::ClangTidyCheckFactories &Factories) override {
    Factories.registerCheck<BankConflictCheck>("bankcheck-bank-conflict");
    Factories.registerCheck<OutOfBoundsCheck>("bankcheck-out-of-bounds");
  }
};

} // namespace bankcheck::tidymodule

namespace clang::tidy {

// Registered when clang-tidy -load=... dlopens the module.
static ClangTidyModuleRegistry::Add<bankcheck::tidymodule::BankcheckModule>
    X("bankcheck-module", "Adds bankcheck-bank-conflict (shared-memory bank conflicts in CUDA kernels) "
                          "and bankcheck-out-of-bounds (shared accesses proven outside their array).");

// The anchor clang-tidy's own modules use, so that a static link of this
// module into a clang-tidy binary can force it in (ClangTidyForceLinker.h).
volatile int BankcheckModuleAnchorSource = 0;

} // namespace clang::tidy
