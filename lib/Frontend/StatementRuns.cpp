//===- StatementRuns.cpp - Accesses of consecutive statements -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Frontend/StatementRuns.h"
#include "Frontend/BodyParents.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <memory>
#include <set>

namespace bankcheck::frontend {

using namespace clang;

std::vector<std::vector<std::size_t>> linkStatements(const std::vector<BlockStatement> &Block,
                                                     const std::map<unsigned, unsigned> &StoredArray) {
  std::set<unsigned> Keys;
  for (const BlockStatement &S : Block)
    for (const auto &[Site, Key] : S.Sites)
      Keys.insert(Key);
  std::vector<std::vector<std::size_t>> Runs;
  for (unsigned K : Keys) {
    std::vector<std::size_t> Run;
    unsigned Statements = 0;
    auto close = [&] {
      if (Statements >= 2)
        Runs.push_back(Run);
      Run.clear();
      Statements = 0;
    };
    auto Stored = StoredArray.find(K);
    for (const BlockStatement &S : Block) {
      bool ReadsStored = Stored != StoredArray.end() &&
                         std::find(S.Reads.begin(), S.Reads.end(), Stored->second) != S.Reads.end();
      std::vector<std::size_t> Mine;
      for (const auto &[Site, Key] : S.Sites)
        if (Key == K)
          Mine.push_back(Site);
      bool OtherStores = false;
      for (std::size_t St : S.Stores)
        OtherStores |= std::find(Mine.begin(), Mine.end(), St) == Mine.end();
      if (Mine.empty()) {
        if (!S.Plain || S.Barrier || OtherStores || ReadsStored)
          close(); // a statement between that orders memory or branches
        continue;
      }
      if (!S.Plain || S.Barrier || OtherStores) {
        close(); // linked to neither side
        continue;
      }
      if (ReadsStored)
        close(); // its loads come before its store: linked to the next only
      Run.insert(Run.end(), Mine.begin(), Mine.end());
      ++Statements;
    }
    close();
  }
  return Runs;
}

namespace {
/// A call the compiler cannot move memory accesses across, as far as this
/// search knows: barriers, fences and waits by name, calls through pointers,
/// and functions with a body outside the system headers (their accesses are
/// not in this block).
bool ordersMemory(const CallExpr &CE, const SourceManager &SM) {
  const FunctionDecl *FD = CE.getDirectCallee();
  if (!FD)
    return true;
  std::string Name = FD->getNameAsString();
  for (const char *W : {"sync", "fence", "barrier", "arrive", "wait", "sleep"})
    if (llvm::StringRef(Name).contains_insensitive(W))
      return true;
  const FunctionDecl *Def = nullptr;
  return FD->hasBody(Def) && !SM.isInSystemHeader(Def->getLocation());
}

bool hasBarrier(const Stmt *S, const SourceManager &SM) {
  if (!S || isa<LambdaExpr>(S))
    return false; // a lambda's body runs where it is called
  if (isa<AsmStmt>(S))
    return true;
  if (const auto *CE = dyn_cast<CallExpr>(S); CE && ordersMemory(*CE, SM))
    return true;
  for (const Stmt *C : S->children())
    if (hasBarrier(C, SM))
      return true;
  return false;
}

bool plainStatement(const Stmt *S) { return isa<Expr>(S) || isa<DeclStmt>(S) || isa<NullStmt>(S); }

/// The statement of a block that holds E, and whether E is evaluated
/// whenever that statement is (not under `?:`, `&&`, `||`, a branch or a
/// loop of the statement).
struct Place {
  const CompoundStmt *Block = nullptr;
  unsigned Index = 0;
  bool Plain = true;
};

std::optional<Place> placeOf(const Stmt *E, const ParentMap &PM) {
  Place P;
  const Stmt *Cur = E;
  for (unsigned Depth = 0; Cur && Depth < 4096; ++Depth) {
    const Stmt *Up = PM.getParent(Cur);
    if (!Up)
      return std::nullopt;
    if (const auto *CS = dyn_cast<CompoundStmt>(Up)) {
      P.Block = CS;
      P.Plain &= plainStatement(Cur);
      for (const Stmt *Child : CS->body()) {
        if (Child == Cur)
          return P;
        ++P.Index;
      }
      return std::nullopt;
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(Up); CO && Cur != CO->getCond())
      P.Plain = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(Up); BO && BO->isLogicalOp() && Cur == BO->getRHS())
      P.Plain = false;
    if (isa<LambdaExpr>(Up) || !(isa<Expr>(Up) || isa<DeclStmt>(Up)))
      P.Plain = false;
    Cur = Up;
  }
  return std::nullopt;
}
} // namespace

unsigned arrayId(const KernelResult &Walk, const VarDecl *Array) {
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I)
    if (Walk.Sites[I].Array == Array)
      return unsigned(I);
  return unsigned(Walk.Sites.size());
}

std::vector<std::vector<std::size_t>> statementRuns(const KernelResult &Walk,
                                                    const std::map<std::size_t, unsigned> &Candidates,
                                                    const std::map<unsigned, unsigned> &StoredArray,
                                                    ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // The parents within the candidates' functions (only their blocks are runs).
  BodyParents Maps;
  std::set<const FunctionDecl *> Funcs;
  for (const auto &[Site, Key] : Candidates)
    Funcs.insert(Walk.Sites[Site].Func);
  std::map<const CompoundStmt *, std::vector<BlockStatement>> Blocks;
  auto statementOf = [&](const Place &P) -> BlockStatement & {
    std::vector<BlockStatement> &B = Blocks[P.Block];
    if (B.empty())
      for (const Stmt *Child : P.Block->body()) {
        B.emplace_back();
        B.back().Plain = plainStatement(Child);
        B.back().Barrier = hasBarrier(Child, SM);
      }
    return B[P.Index];
  };
  // The candidates first (their blocks), then every store in those blocks.
  for (const auto &[Site, Key] : Candidates) {
    const AccessSite &S = Walk.Sites[Site];
    const ParentMap *PM = Maps.of(S.Func);
    if (!S.Where || !PM)
      continue;
    std::optional<Place> P = placeOf(S.Where, *PM);
    if (!P)
      continue;
    BlockStatement &B = statementOf(*P);
    if (P->Plain && !S.Where->getType().isVolatileQualified())
      B.Sites.push_back({Site, Key});
    else
      B.Plain = false;
  }
  for (std::size_t I = 0; I < Walk.Sites.size(); ++I) {
    const AccessSite &S = Walk.Sites[I];
    const ParentMap *PM = Funcs.count(S.Func) ? Maps.of(S.Func) : nullptr;
    if (!S.Where || !PM)
      continue;
    std::optional<Place> P = placeOf(S.Where, *PM);
    if (!P || !Blocks.count(P->Block))
      continue;
    if (S.Kind != "load")
      statementOf(*P).Stores.push_back(I);
    if (S.Kind != "store") // loads, and the read of an atomic or a compound assignment's load site
      statementOf(*P).Reads.push_back(arrayId(Walk, S.Array));
  }
  std::vector<std::vector<std::size_t>> Runs;
  for (const auto &[Block, Statements] : Blocks)
    for (std::vector<std::size_t> &R : linkStatements(Statements, StoredArray))
      Runs.push_back(std::move(R));
  std::sort(Runs.begin(), Runs.end()); // blocks are keyed by address: an order that does not depend on it
  return Runs;
}

} // namespace bankcheck::frontend
