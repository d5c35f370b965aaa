//===- ParseAction.cpp - One file's parse and analysis as a Clang action -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/ParseAction.h"
#include "Frontend/KernelWalker.h"
#include "Frontend/NvccCompat.h"
#include "Frontend/SystemBodies.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/PreprocessorOptions.h"

namespace bankcheck::frontend {

using namespace clang;

/// A member template of a dependent type named without `template`: Clang
/// either inserts the keyword itself (a fix-it at the name; it then reads
/// the call as a template's), or reads `<` as less-than and says so at the
/// start of the name, or (some instantiations) finds the name's overloads
/// unresolvable (the span ends at the name). The name's place is kept for
/// the second parse, which reads the keyword there (insertTemplateKeywords);
/// a real error stays an error in it.
void ErrorCollector::noteTemplateKeyword(const Diagnostic &Info) {
  if (!Info.hasSourceManager())
    return;
  const SourceManager &SM = Info.getSourceManager();
  SourceLocation Where = Info.getLocation();
  for (const FixItHint &H : Info.getFixItHints())
    if (H.CodeToInsert == "template " && H.RemoveRange.getBegin().isValid())
      Where = H.RemoveRange.getBegin();
  if (Info.getID() == diag::err_ovl_unresolvable) {
    if (Info.getNumRanges() == 0)
      return;
    Where = Info.getRange(0).getEnd(); // a token range: its last token
  }
  if (Where.isInvalid() || !Where.isFileID() || SM.isInSystemHeader(Where))
    return;
  auto [FID, Offset] = SM.getDecomposedLoc(Where);
  OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
  if (!File)
    return;
  std::size_t At = templateNameFrom(SM.getBufferData(FID), Offset);
  if (At == std::string::npos)
    return;
  TemplateKeywords[std::string(File->getName())].push_back(At);
  if (llvm::StringRef Real = File->getFileEntry().tryGetRealPathName(); !Real.empty() && Real != File->getName())
    TemplateKeywords[std::string(Real)].push_back(At);
}

void ErrorCollector::HandleDiagnostic(DiagnosticsEngine::Level Level, const Diagnostic &Info) {
  DiagnosticConsumer::HandleDiagnostic(Level, Info);
  if (Level < DiagnosticsEngine::Error)
    return;
  ++Errors;
  Fatal |= Level == DiagnosticsEngine::Fatal;
  llvm::SmallString<256> Msg;
  Info.FormatDiagnostic(Msg);
  std::string Where;
  ParseError E;
  if (Info.hasSourceManager() && Info.getLocation().isValid()) {
    report::FileLoc L = toFileLoc(Info.getLocation(), Info.getSourceManager());
    if (L.valid())
      Where = L.Path + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column) + ": ";
    E.Loc = Info.getLocation();
  }
  E.Message = Where + "error: " + std::string(Msg);
  // nvcc accepts (and warns at most about) a __shared__ variable of a class
  // with a non-trivial constructor, such as cuda::barrier: Clang keeps the
  // declaration, so the accesses around it are analysed.
  E.Tolerated = Info.getID() == diag::err_shared_var_init;
  if (Info.getID() == diag::err_template_kw_missing || Info.getID() == diag::err_missing_dependent_template_keyword ||
      Info.getID() == diag::err_ovl_unresolvable)
    noteTemplateKeyword(Info);
  if (First.empty())
    First = E.Message;
  if (E.Loc.isValid())
    List.push_back(std::move(E));
  else
    Fatal = true; // an error with no place in the source: trust nothing
}

namespace {
class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(const AnalysisOptions &O, TUResult &R, CompilerInstance &CI, ErrorCollector &E)
      : Opts(O), Result(R), CI(CI), Errors(E) {}
  bool HandleTopLevelDecl(DeclGroupRef G) override {
    for (Decl *D : G)
      if (!D->isFromASTFile() && !reachedFromItsTemplate(D))
        TopLevel.push_back(D);
    return true;
  }
  /// Instantiations made at the end of the parse are handed over as
  /// top-level declarations too; the walks reach those of the file's own
  /// templates through the template, and only those of the preamble's must
  /// be in the scope.
  static bool reachedFromItsTemplate(const Decl *D) {
    const auto *FD = dyn_cast<FunctionDecl>(D);
    if (!FD || !FD->isTemplateInstantiation())
      return false;
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    return Pattern && !Pattern->isFromASTFile();
  }
  /// Bodies no walk needs (host code and some device functions of the
  /// system headers, SystemBodies.h): their declarations are parsed, their
  /// bodies skipped. Clang itself keeps constexpr bodies and those with a
  /// deduced return type.
  bool shouldSkipFunctionBody(Decl *D) override {
    return systemBody(*D, CI.getSourceManager()) != SystemBody::Kept;
  }
  /// Declarations of a precompiled preamble that code generation would need
  /// (inline device functions): not this parse's.
  void HandleInterestingDecl(DeclGroupRef) override {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    // With a preamble, the walks of the whole translation unit cover what
    // this parse read (the file and its own headers), as they would without
    // one, and do not load every declaration of the precompiled headers.
    if (!CI.getPreprocessorOpts().ImplicitPCHInclude.empty())
      Ctx.setTraversalScope(TopLevel);
    if (Opts.LaunchesOnly) {
      const SourceManager &SM = Ctx.getSourceManager();
      for (unsigned I = 0, N = SM.local_sloc_entry_size(); I < N; ++I) {
        const SrcMgr::SLocEntry &E = SM.getLocalSLocEntry(I);
        if (!E.isFile() || E.getFile().getFileCharacteristic() != SrcMgr::C_User)
          continue;
        PresumedLoc P = SM.getPresumedLoc(SourceLocation::getFromRawEncoding(E.getOffset()));
        if (P.isValid())
          Result.Facts.Headers.insert(P.getFilename());
      }
    }
    if (CI.getDiagnostics().hasErrorOccurred()) {
      // Errors inside function bodies leave the other kernels analysable;
      // a fatal error or one outside every body does not.
      if (Errors.Fatal || Errors.List.empty())
        return;
      if (!analyzeTranslationUnit(Ctx, Opts, Result, Errors.List))
        return;
      Errors.Recovered = true;
      const SourceManager &SM = Ctx.getSourceManager();
      for (const ParseError &E : Errors.List)
        if (E.Tolerated)
          Result.Remarks.push_back({toFileLoc(E.Loc, SM),
                                    "accepted as nvcc does: " + E.Message.substr(E.Message.find("error: ") + 7) +
                                        "; Clang keeps the declaration but not the expressions that use it "
                                        "(each is a remark)"});
      return;
    }
    analyzeTranslationUnit(Ctx, Opts, Result);
  }
  const AnalysisOptions &Opts;
  TUResult &Result;
  CompilerInstance &CI;
  ErrorCollector &Errors;
  std::vector<Decl *> TopLevel;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(const AnalysisOptions &O, TUResult &R, ErrorCollector &E) : Opts(O), Result(R), Errors(E) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    CI.getFrontendOpts().SkipFunctionBodies = true; // only where the consumer says so
    return std::make_unique<AnalysisConsumer>(Opts, Result, CI, Errors);
  }
  const AnalysisOptions &Opts;
  TUResult &Result;
  ErrorCollector &Errors;
};

} // namespace

std::unique_ptr<FrontendAction> ActionFactory::create() {
  return std::make_unique<AnalysisAction>(Opts, Result, Errors);
}

} // namespace bankcheck::frontend
