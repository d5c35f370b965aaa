//===- CooperativeGroups.cpp - Thread ranks of cooperative groups ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// The ranks and sizes of cooperative groups, from their definitions, for the
/// toolkit's <cooperative_groups.h> and the built-in stand-in alike: the
/// member functions are recognised by name in namespace cooperative_groups,
/// never walked (BuiltinCalls.cpp dispatches them here). A group object is
/// a local object carrying a ThreadGroup:
///   this_thread_block(): rank = x + y*Dx + z*Dx*Dy, size = Dx*Dy*Dz;
///   this_grid():         rank = block_rank * block size + block rank of the thread;
///   tiled_partition<N>(parent) and tiled_partition(parent, N):
///                        rank = parent rank % N, size = N,
///                        meta_group_rank = parent rank / N,
///                        meta_group_size = ceil(parent size / N).
/// A group the analysis cannot follow (a coalesced_group, whose ranks depend
/// on which lanes are active) gives unknown ranks, with the reason.
//===----------------------------------------------------------------------===//
#include "Frontend/CooperativeGroups.h"

#include "Frontend/WalkerState.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;
using symbolic::SymbolId;
using symbolic::SymbolTable;

namespace {
bool inCooperativeGroups(const DeclContext *DC) {
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC); NS && NS->getName() == "cooperative_groups")
      return true;
  return false;
}

const CXXRecordDecl *recordOf(QualType T) {
  return T.isNull() ? nullptr : T.getNonReferenceType()->getAsCXXRecordDecl();
}

/// The object a member function is called on (null for a static call
/// without one), and the method's class.
const clang::Expr *objectOf(const CallExpr *C) {
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(C))
    return MC->getImplicitObjectArgument();
  if (const auto *ME = dyn_cast<MemberExpr>(C->getCallee()->IgnoreParenImpCasts()))
    return ME->getBase(); // a static member function called through an object
  return nullptr;
}

Value groupObject(const ThreadGroup &G) {
  ObjectValue O;
  O.Group = G;
  return Value::object(std::move(O));
}

ThreadGroup blockGroup(const Walker &W) {
  ThreadGroup G;
  G.Rank = W.linearThreadId();
  G.Size = W.blockSize();
  G.MetaRank = Expr::constant(0);
  G.MetaSize = Expr::constant(1);
  G.Block = true;
  return G;
}
} // namespace

bool isCooperativeGroupsType(QualType T) {
  const CXXRecordDecl *RD = recordOf(T);
  return RD && inCooperativeGroups(RD->getDeclContext());
}

bool isCooperativeGroupsFunction(const FunctionDecl *FD) { return inCooperativeGroups(FD->getDeclContext()); }

Expr Walker::linearThreadId() const {
  Expr X = Expr::var(SymbolTable::threadIdx(0)), Y = Expr::var(SymbolTable::threadIdx(1));
  Expr Z = Expr::var(SymbolTable::threadIdx(2));
  Expr Dx = Expr::var(SymbolTable::blockDim(0)), Dy = Expr::var(SymbolTable::blockDim(1));
  return X + Y * Dx + Z * (Dx * Dy);
}

Expr Walker::blockSize() const {
  return Expr::var(SymbolTable::blockDim(0)) * Expr::var(SymbolTable::blockDim(1)) *
         Expr::var(SymbolTable::blockDim(2));
}

std::optional<ThreadGroup> Walker::groupOf(const clang::Expr *E) {
  const clang::Expr *X = E->IgnoreParens();
  while (true) {
    if (const auto *CE = dyn_cast<ImplicitCastExpr>(X);
        CE && (CE->getCastKind() == CK_NoOp || CE->getCastKind() == CK_DerivedToBase ||
               CE->getCastKind() == CK_UncheckedDerivedToBase)) {
      X = CE->getSubExpr()->IgnoreParens();
    } else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(X)) {
      X = MT->getSubExpr()->IgnoreParens();
    } else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(X)) {
      X = BT->getSubExpr()->IgnoreParens();
    } else {
      break;
    }
  }
  Value V;
  if (X->isGLValue()) {
    if (std::optional<LocalRef> R = localRef(X))
      V = readLocal(*R, X);
  } else {
    V = objectValue(X);
  }
  if (V.K == Value::Obj && V.O->Group)
    return V.O->Group;
  // There is one thread block: any thread_block object is it.
  if (const CXXRecordDecl *RD = recordOf(X->getType()); RD && RD->getName() == "thread_block" &&
                                                       inCooperativeGroups(RD->getDeclContext()))
    return blockGroup(*this);
  return std::nullopt;
}

namespace {
std::optional<Value> thisThreadBlock(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 0)
    return std::nullopt; // this_thread_block(scratch): a block too, but not modelled
  return groupObject(blockGroup(W));
}

std::optional<Value> thisGrid(Walker &W, const CallExpr *C, const FunctionDecl *) {
  if (C->getNumArgs() != 0)
    return std::nullopt;
  Expr Bx = Expr::var(SymbolTable::blockIdx(0)), By = Expr::var(SymbolTable::blockIdx(1));
  Expr Bz = Expr::var(SymbolTable::blockIdx(2));
  Expr Gx = Expr::var(SymbolTable::gridDim(0)), Gy = Expr::var(SymbolTable::gridDim(1));
  Expr Gz = Expr::var(SymbolTable::gridDim(2));
  ThreadGroup G;
  G.Rank = (Bx + By * Gx + Bz * (Gx * Gy)) * W.blockSize() + W.linearThreadId();
  G.Size = Gx * Gy * Gz * W.blockSize();
  G.MetaRank = Expr::constant(0);
  G.MetaSize = Expr::constant(1);
  return groupObject(G);
}

std::optional<Value> tiledPartition(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  Expr N;
  if (C->getNumArgs() == 1) {
    const TemplateArgumentList *TA = FD->getTemplateSpecializationArgs();
    if (!TA || TA->size() < 1 || TA->get(0).getKind() != TemplateArgument::Integral)
      return std::nullopt;
    N = Expr::constant(TA->get(0).getAsIntegral().getExtValue());
  } else if (C->getNumArgs() != 2) {
    return std::nullopt;
  }
  std::optional<ThreadGroup> P = W.groupOf(C->getArg(0));
  if (N.isNull())
    N = W.intValue(C->getArg(1));
  if (!P)
    return Value::object(ObjectValue()); // a tile of a group the analysis does not follow
  ThreadGroup G;
  G.Rank = P->Rank % N;
  G.Size = N;
  G.MetaRank = P->Rank / N;
  G.MetaSize = (P->Size + (N + -1)) / N;
  return groupObject(G);
}

enum class Member { Rank, Size, MetaRank, MetaSize, ThreadIndex, GroupIndex, DimThreads, Sync };

/// g.thread_rank(), thread_rank(g) and the like.
std::optional<Value> groupMember(Walker &W, const CallExpr *C, const FunctionDecl *FD, Member M) {
  const clang::Expr *Obj = isa<CXXMethodDecl>(FD) ? objectOf(C) : (C->getNumArgs() == 1 ? C->getArg(0) : nullptr);
  if (!isa<CXXMethodDecl>(FD) && !Obj)
    return std::nullopt;
  std::optional<ThreadGroup> G;
  if (Obj)
    G = W.groupOf(Obj);
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD); MD && MD->getParent()->getName() == "thread_block")
    G = blockGroup(W); // cg::thread_block::thread_rank()
  if (M == Member::Sync)
    return Value();
  auto Unknown = [&] {
    return Value::integer(
        W.opaque(C, true, "'" + W.sourceText(C) + "': the ranks of this cooperative group are not known here"));
  };
  if (!G)
    return Unknown();
  auto Vector = [&](SymbolId (*Of)(unsigned)) {
    if (!G->Block)
      return Unknown();
    return Walker::vector3(Expr::var(Of(0)), Expr::var(Of(1)), Expr::var(Of(2)));
  };
  switch (M) {
  case Member::Rank: return Value::integer(G->Rank);
  case Member::Size: return Value::integer(G->Size);
  case Member::MetaRank: return Value::integer(G->MetaRank);
  case Member::MetaSize: return Value::integer(G->MetaSize);
  case Member::ThreadIndex: return Vector(&SymbolTable::threadIdx);
  case Member::GroupIndex: return Vector(&SymbolTable::blockIdx);
  case Member::DimThreads: return Vector(&SymbolTable::blockDim);
  case Member::Sync: break;
  }
  return Value();
}
} // namespace

std::optional<Value> cgThisThreadBlock(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return thisThreadBlock(W, C, FD);
}
std::optional<Value> cgThisGrid(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return thisGrid(W, C, FD);
}
std::optional<Value> cgTiledPartition(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return tiledPartition(W, C, FD);
}
std::optional<Value> cgThreadRank(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::Rank);
}
std::optional<Value> cgSize(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::Size);
}
std::optional<Value> cgMetaGroupRank(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::MetaRank);
}
std::optional<Value> cgMetaGroupSize(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::MetaSize);
}
std::optional<Value> cgThreadIndex(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::ThreadIndex);
}
std::optional<Value> cgGroupIndex(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::GroupIndex);
}
std::optional<Value> cgDimThreads(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::DimThreads);
}
std::optional<Value> cgSync(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  return groupMember(W, C, FD, Member::Sync);
}

std::optional<Value> cgAsGroup(Walker &W, const CallExpr *C, const FunctionDecl *) {
  const clang::Expr *Obj = objectOf(C);
  std::optional<ThreadGroup> G = Obj ? W.groupOf(Obj) : std::nullopt;
  return G ? groupObject(*G) : Value();
}

std::optional<Value> cgOther(Walker &W, const CallExpr *C, const FunctionDecl *FD) {
  // Shuffles, votes, reductions, copies: the arguments are evaluated, the
  // result is data; the body is not walked.
  bool PassesShared = false;
  if (const clang::Expr *Obj = objectOf(C); Obj && Obj->isPRValue())
    W.rvalue(Obj);
  for (const clang::Expr *A : C->arguments()) {
    if (A->isGLValue()) {
      if (!W.localRef(A))
        PassesShared |= W.sharedLValue(A).has_value();
      continue;
    }
    PassesShared |= W.rvalue(A).K == Value::Ptr;
  }
  std::string What = FD->getNameAsString();
  if (PassesShared)
    W.Result.Skipped.push_back({toFileLoc(W.Ctx.getSourceManager().getExpansionLoc(C->getBeginLoc()),
                                          W.Ctx.getSourceManager()),
                                "shared memory passed to cooperative groups' '" + What +
                                    "': its accesses are not analysed"});
  if (C->getType()->isVoidType() || C->getType()->isRecordType())
    return Value();
  return Value::integer(W.opaque(C, true, "result of cooperative groups' '" + What + "'"));
}

} // namespace bankcheck::frontend
