//===- Wmma.cpp - nvcuda::wmma loads and stores on shared memory ----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// `wmma::load_matrix_sync` and `store_matrix_sync` reach the compiler as
/// builtins (`__hmma_m16n16k16_ld_a(dst, src, ldm, layout)`, ...). Which
/// instructions they become on sm_90 was read from the SASS of
/// harness/forms/wmma.cu and wmma_layouts.cu, and their wavefronts measured
/// there:
///
///   f16 / s8 / u8 matrix_a, matrix_b    LDSM (.trans for the transposed
///                                       layouts), one 8x8 matrix per 8 rows of
///                                       16 bytes, grouped .x4 (or .x2)
///   u4, s4, b1 operands                 LDSM.x1: lanes 0-7 give the 8 rows of 16 bytes
///   bf16, tf32, f64 operands and every  per lane LDS/STS (generic LD/ST where the
///   accumulator (f16, f32, i32, f64)    pointer is not known to be shared), by the
///                                       measured table of BankModel/WmmaLayouts.cpp
///
/// Memory rows are `ldm` elements apart; the row of a row-major operand is a
/// matrix row, of a column-major one a column.
//===----------------------------------------------------------------------===//
#include "BankModel/WmmaLayouts.h"
#include "Frontend/WalkerState.h"

#include "llvm/Support/Regex.h"

namespace bankcheck::frontend {

using namespace clang;
using symbolic::Expr;

struct WmmaOp {
  unsigned M = 0, N = 0, K = 0;
  char Operand = 0; ///< 'a', 'b', 'c'
  bool Store = false;
  unsigned ElemBytes = 0; ///< 0: a type the model does not know, or under a byte
  unsigned ElemBits = 0;
  std::string Type;
};

namespace {

/// The element's size of the types the model knows (0: another).
void setElementSize(WmmaOp &O) {
  static constexpr std::pair<const char *, unsigned> Bits[] = {
      {"f16", 16}, {"bf16", 16}, {"s8", 8}, {"u8", 8}, {"tf32", 32}, {"f64", 64}, {"u4", 4}, {"s4", 4}, {"b1", 1}};
  O.ElemBits = 0;
  for (auto [T, B] : Bits)
    if (O.Type == T)
      O.ElemBits = B;
  if ((O.Type == "f32" || O.Type == "i32") && O.Operand == 'c')
    O.ElemBits = 32;
  O.ElemBytes = O.ElemBits % 8 ? 0 : O.ElemBits / 8;
}

std::optional<WmmaOp> parse(StringRef Name) {
  static const llvm::Regex Re("^__(h|i|d|b)?mma_(bf16_|tf32_)?m([0-9]+)n([0-9]+)k([0-9]+)_(ld|st)_(a|b|c)(_[a-z0-9]+)?$");
  llvm::SmallVector<StringRef, 9> G;
  if (!Re.match(Name, &G))
    return std::nullopt;
  WmmaOp O;
  G[3].getAsInteger(10, O.M);
  G[4].getAsInteger(10, O.N);
  G[5].getAsInteger(10, O.K);
  O.Store = G[6] == "st";
  O.Operand = G[7][0];
  std::string Suffix = G[8].empty() ? "" : G[8].drop_front().str();
  StringRef Family = G[1], Special = G[2];
  if (!Special.empty()) {
    O.Type = Special.drop_back().str();
  } else if (Family == "h") {
    O.Type = O.Operand == 'c' ? Suffix : "f16";
  } else if (Family == "i") {
    O.Type = O.Operand == 'c' ? "i32" : Suffix;
  } else {
    O.Type = Family == "d" ? "f64" : Suffix.empty() ? "b1" : Suffix;
  }
  if (O.Operand == 'c' && (O.Type == "tf32" || O.Type == "bf16"))
    O.Type = "f32"; // their accumulators are float
  setElementSize(O);
  if (O.Type == "f16" && O.Operand != 'c' && Family != "h")
    O.ElemBytes = 0;
  return O;
}
} // namespace

namespace {
/// The first call of a wmma builtin (__hmma_..., __imma_...) under S.
const CallExpr *builtinIn(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = C->getDirectCallee(); F && F->getDeclName().isIdentifier() &&
                                                     parse(F->getName()))
      return C;
  for (const Stmt *Child : S->children())
    if (const CallExpr *C = builtinIn(Child))
      return C;
  return nullptr;
}

/// The fragment type of a wmma::load_matrix_sync / store_matrix_sync call:
/// fragment<Use, M, N, K, T, Layout>.
std::optional<WmmaOp> fromFragment(QualType FragT, bool Store, std::optional<bool> &ColMajor) {
  FragT = FragT.getNonReferenceType().getCanonicalType();
  const auto *RD = dyn_cast_or_null<ClassTemplateSpecializationDecl>(FragT->getAsCXXRecordDecl());
  if (!RD || RD->getName() != "fragment")
    return std::nullopt;
  const TemplateArgumentList &A = RD->getTemplateArgs();
  if (A.size() < 5 || A[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  WmmaOp O;
  O.Store = Store;
  const CXXRecordDecl *Use = A[0].getAsType()->getAsCXXRecordDecl();
  StringRef UseName = Use ? Use->getName() : "";
  O.Operand = UseName == "matrix_a" ? 'a' : UseName == "matrix_b" ? 'b' : UseName == "accumulator" ? 'c' : 0;
  if (!O.Operand)
    return std::nullopt;
  for (unsigned I = 1; I <= 3; ++I)
    if (A[I].getKind() != TemplateArgument::Integral)
      return std::nullopt;
  O.M = unsigned(A[1].getAsIntegral().getZExtValue());
  O.N = unsigned(A[2].getAsIntegral().getZExtValue());
  O.K = unsigned(A[3].getAsIntegral().getZExtValue());
  if (A[4].getKind() != TemplateArgument::Type)
    return std::nullopt;
  QualType T = A[4].getAsType().getCanonicalType();
  std::string TN = T.getAsString();
  if (TN.find("half") != std::string::npos && TN.find("bfloat") == std::string::npos)
    O.Type = "f16";
  else if (T->isSpecificBuiltinType(BuiltinType::SChar) || T->isSpecificBuiltinType(BuiltinType::Char_S))
    O.Type = "s8";
  else if (T->isSpecificBuiltinType(BuiltinType::UChar) || T->isSpecificBuiltinType(BuiltinType::Char_U))
    O.Type = "u8";
  else if (O.Operand == 'c' && T->isSpecificBuiltinType(BuiltinType::Float))
    O.Type = "f32";
  else if (O.Operand == 'c' && T->isSpecificBuiltinType(BuiltinType::Int))
    O.Type = "i32";
  else if (T->isSpecificBuiltinType(BuiltinType::Double))
    O.Type = "f64";
  else if (const auto *R = T->getAsCXXRecordDecl(); R && R->getIdentifier())
    O.Type = R->getName() == "__nv_bfloat16" ? "bf16" : R->getName().str(); // tf32, u4, s4, b1
  else
    O.Type = TN;
  setElementSize(O); // the element's size from its name, as for the builtins
  if (O.Operand != 'c' && A.size() >= 6 && A[5].getKind() == TemplateArgument::Type) {
    const CXXRecordDecl *L = A[5].getAsType()->getAsCXXRecordDecl();
    if (L && L->getName() == "row_major")
      ColMajor = false;
    else if (L && L->getName() == "col_major")
      ColMajor = true;
  }
  return O;
}
} // namespace

std::optional<Value> Walker::wmmaFragmentCall(const CallExpr *C, const FunctionDecl *FD) {
  const auto *NS = dyn_cast<NamespaceDecl>(FD->getDeclContext());
  if (!NS || NS->getName() != "wmma" || C->getNumArgs() < 3)
    return std::nullopt;
  bool Store = FD->getName() == "store_matrix_sync";
  std::optional<bool> ColMajor;
  std::optional<WmmaOp> O = fromFragment(C->getArg(Store ? 1 : 0)->getType(), Store, ColMajor);
  if (!O)
    return std::nullopt;
  std::optional<Expr> Layout;
  if (ColMajor)
    Layout = Expr::constant(*ColMajor ? 1 : 0);
  // A profiler attributes the instructions to the builtin's line inside the
  // toolkit's wmma header (when the function has a body there).
  struct Restore {
    report::FileLoc &L;
    ~Restore() { L = report::FileLoc(); }
  } R{PendingProfileLoc};
  const FunctionDecl *Def = nullptr;
  if (FD->hasBody(Def) && Def)
    if (const CallExpr *B = builtinIn(Def->getBody()))
      PendingProfileLoc = toFileLoc(Ctx.getSourceManager().getExpansionLoc(B->getBeginLoc()),
                                    Ctx.getSourceManager());
  return wmmaEmit(C, *O, C->getArg(Store ? 0 : 1), C->getArg(2),
                  C->getNumArgs() >= 4 ? C->getArg(3) : nullptr, Layout,
                  "wmma::" + FD->getName().str() + " (" + O->Type + ")");
}

std::optional<Value> Walker::wmmaAccess(const CallExpr *C, const FunctionDecl *FD) {
  std::optional<WmmaOp> O = parse(FD->getName());
  if (!O || C->getNumArgs() < 4)
    return std::nullopt;
  return wmmaEmit(C, *O, C->getArg(O->Store ? 0 : 1), C->getArg(2), C->getArg(3), std::nullopt,
                  FD->getName().str());
}

std::optional<Value> Walker::wmmaEmit(const CallExpr *C, const WmmaOp &Op, const clang::Expr *PtrArg,
                                      const clang::Expr *LdmArg, const clang::Expr *LayoutArg,
                                      std::optional<Expr> FixedLayout, const std::string &Name) {
  const WmmaOp *O = &Op;
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<SharedRef> P = pointer(PtrArg);
  for (unsigned I = 0; I < C->getNumArgs(); ++I)
    if (C->getArg(I) != PtrArg && C->getArg(I) != LdmArg && C->getArg(I) != LayoutArg && C->getArg(I)->isPRValue())
      rvalue(C->getArg(I));
  Expr Ldm = intValue(LdmArg);
  Expr Layout = FixedLayout ? *FixedLayout : LayoutArg ? intValue(LayoutArg) : Expr::constant(0);
  if (!P)
    return Value(); // not shared memory
  if (Layout.isConst())
    if (std::optional<Value> V = wmmaMeasured(C, *O, *P, Ldm, Layout.constValue() != 0, Name))
      return V;
  if (!O->ElemBytes || !Layout.isConst()) {
    Result.Skipped.push_back({toFileLoc(SM.getExpansionLoc(C->getBeginLoc()), SM),
                              "wmma " + std::string(O->Store ? "store" : "load") + " of a " + O->Type +
                                  " fragment ('" + Name + "') on shared memory is not modelled: its bank "
                                  "conflicts are not analysed"});
    return Value();
  }
  bool ColMajor = Layout.constValue() != 0;
  const char *Kind = O->Store ? "store" : "load";
  Expr Lane = laneExpr();
  Expr E = Expr::constant(O->ElemBytes);
  auto At = [&](Expr Row, Expr Col) { // byte offset of element (memory row, element)
    return P->Offset + (Row * Ldm + Col) * E;
  };
  unsigned Index = 0;
  if (O->Operand == 'c') { // a kind wmmaBlockLayout's table lacks
    Result.Skipped.push_back({toFileLoc(SM.getExpansionLoc(C->getBeginLoc()), SM),
                              "wmma " + std::string(Kind) + " of an accumulator of " + std::to_string(O->M) +
                                  "x" + std::to_string(O->N) + " " + O->Type + " (" +
                                  (ColMajor ? "column" : "row") + "-major, '" + Name +
                                  "') on shared memory is not modelled: its lanes' layout was not measured"});
    return Value();
  }
  if (O->Store)
    return std::nullopt;
  // matrix_a is M x K, matrix_b is K x N; its memory rows follow the layout.
  unsigned Rows = O->Operand == 'a' ? O->M : O->K, Cols = O->Operand == 'a' ? O->K : O->N;
  unsigned MemRows = ColMajor ? Cols : Rows, RowBytes = (ColMajor ? Rows : Cols) * O->ElemBytes;
  unsigned Chunks = RowBytes / 16, ChunkElems = 16 / O->ElemBytes;
  if (MemRows % 8 || RowBytes % 16 || !Chunks) {
    Result.Skipped.push_back({toFileLoc(SM.getExpansionLoc(C->getBeginLoc()), SM),
                              "wmma load '" + Name + "': fragment shape not modelled"});
    return Value();
  }
  // One LDSM.x4 per 16 memory rows x 2 chunks (x2 when the tile has one
  // chunk column or 8 rows): lane l gives matrix l/8's row l%8.
  for (unsigned R0 = 0; R0 < MemRows; R0 += 16)
    for (unsigned C0 = 0; C0 < Chunks; C0 += 2) {
      unsigned RowBlocks = std::min(2u, (MemRows - R0) / 8), ChunkCols = std::min(2u, Chunks - C0);
      unsigned Matrices = RowBlocks * ChunkCols;
      Expr M = Expr::binary(symbolic::Op::Div, Lane, Expr::constant(8));
      Expr RowIn = Expr::binary(symbolic::Op::Mod, Lane, Expr::constant(8)) +
                   Expr::binary(symbolic::Op::Mod, M, Expr::constant(RowBlocks)) * 8;
      Expr Chunk = Expr::binary(symbolic::Op::Div, M, Expr::constant(RowBlocks));
      if (Matrices == 1)
        Chunk = Expr::constant(0);
      SharedRef L = *P;
      L.Offset = At(RowIn + Expr::constant(R0), (Chunk + Expr::constant(C0)) * ChunkElems);
      recordAt(L, C, Index++, C->getBeginLoc(), Kind, 16, bank::matrixForm(false, Matrices), Name);
    }
  return Value();
}

std::optional<Value> Walker::wmmaMeasured(const CallExpr *C, const WmmaOp &O, const SharedRef &P, const Expr &Ldm,
                                          bool ColMajor, const std::string &Name) {
  const char *Kind = O.Store ? "store" : "load";
  Expr Lane = laneExpr();
  Expr G = Expr::binary(symbolic::Op::Div, Lane, Expr::constant(4));
  Expr T = Expr::binary(symbolic::Op::Mod, Lane, Expr::constant(4));
  unsigned Index = 0;
  // Sub-byte operands: one ldmatrix .x1 of the 8 rows of 16 bytes.
  if ((O.ElemBits == 4 || O.ElemBits == 1) && O.Operand != 'c' && !O.Store) {
    Expr RowBytes = Ldm * Expr::constant(O.ElemBits) / Expr::constant(8);
    SharedRef L = P;
    L.Offset = P.Offset + Expr::binary(symbolic::Op::Mod, Lane, Expr::constant(8)) * RowBytes;
    recordAt(L, C, Index, C->getBeginLoc(), Kind, 16, bank::Form::LDSM_X1, Name);
    return Value();
  }
  const bank::BlockLayout *B = bank::wmmaBlockLayout({O.Type, O.Operand, O.M, O.N, O.K, ColMajor});
  if (!B || !O.ElemBytes)
    return std::nullopt;
  // The tile in memory coordinates: memory rows, and elements along one.
  unsigned Rows = O.Operand == 'a' ? O.M : O.Operand == 'b' ? O.K : O.M;
  unsigned Cols = O.Operand == 'a' ? O.K : O.N;
  if (ColMajor)
    std::swap(Rows, Cols);
  auto Quad = [&](const bank::QuadTerm &Q, unsigned Base) {
    return G * Expr::constant(Q.G) + T * Expr::constant(Q.T) + Expr::constant(std::int64_t(Q.C) + Base);
  };
  const Expr E = Expr::constant(O.ElemBytes);
  for (unsigned R0 = 0; R0 < Rows; R0 += B->BlockRows)
    for (unsigned C0 = 0; C0 < Cols; C0 += B->BlockCols)
      for (unsigned A = 0; A < B->NumAccesses; ++A) {
        const bank::LaneAccess &X = B->Accesses[A];
        SharedRef L = P;
        L.Offset = P.Offset + (Quad(X.Row, R0) * Ldm + Quad(X.Col, C0)) * E;
        recordAt(L, C, Index++, C->getBeginLoc(), Kind, X.Elements * O.ElemBytes,
                 O.Store ? bank::Form::STS : bank::Form::LDS, Name);
      }
  return Value();
}

} // namespace bankcheck::frontend
