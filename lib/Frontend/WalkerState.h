//===- WalkerState.h - The abstract interpreter behind walkKernel -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Internal to the front end. Statements are walked apart from expressions:
/// KernelWalker.cpp (locals, branches, returns) and Loops.cpp walk statements;
/// expressions become symbolic values through ConstStmtVisitors, one for
/// rvalues (ValueLowering.cpp) and one each for shared lvalues and pointers
/// (SharedLValues.cpp), which record the accesses they meet
/// (AccessRecording.cpp, Assignments.cpp). Calls go through Calls.cpp, known
/// device functions through the one table of BuiltinCalls.cpp.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_WALKERSTATE_H
#define BANKCHECK_FRONTEND_WALKERSTATE_H

#include "Frontend/CowMap.h"
#include "Frontend/Jumps.h"
#include "Frontend/WalkerVars.h"
#include "Frontend/WalkerValues.h"
#include "Frontend/KernelWalker.h"
#include "Ptx/PtxAsm.h"
#include "Symbolic/Range.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <set>
#include <tuple>

namespace bankcheck::frontend {

struct WmmaOp;

/// Deepest nesting of calls walked in the caller's context (helpers, member
/// functions, lambdas, constructors); deeper calls are opaque, with a remark
/// when they are handed shared memory.
constexpr std::size_t MaxCallDepth = 16;
/// Walker steps (statements and expressions) one kernel walk may take.
constexpr std::uint64_t MaxSteps = 20'000'000;

/// The largest alignment of a shared variable's window address that the
/// analysis assumes to follow bitwise operations on it (SharedWindow.cpp).
constexpr std::int64_t MaxAssumedWindowAlign = 1024;
std::string windowAlignmentAssumption(const clang::VarDecl *A, std::int64_t Align);

class Walker {
public:
  Walker(const clang::FunctionDecl &Kernel, const LaunchConfig &Config, clang::ASTContext &Ctx);
  KernelResult run();

  // --- ValueLowering.cpp: rvalues ---
  /// The value of an rvalue expression; records accesses inside it.
  Value rvalue(const clang::Expr *E);
  symbolic::Expr intValue(const clang::Expr *E);
  /// E is a read of a variable that no constant evaluation can fold.
  static bool readsVariable(const clang::Expr *E);
  /// Lowering E could change nothing but its own value. Integers (a loop's
  /// condition, an index): integer arithmetic on literals, enumerators, thread
  /// coordinates and plain variables (no assignment, call, shared access or
  /// object read on the way). LocalData (an asm operand whose value nothing
  /// reads, walkAsm): also floating values, elements and fields of local
  /// arrays and objects, their bytes read as another type; its variables are
  /// locals that are not parameters (a kernel parameter's symbol is made at
  /// its first read, which stays where it was).
  enum class EffectScope { Integers, LocalData };
  bool effectFree(const clang::Expr *E, EffectScope Scope = EffectScope::Integers);
  /// A fresh unknown (lane-varying or uniform) with the reason; >= 0 when E's
  /// type, or T, is unsigned.
  symbolic::Expr opaque(const clang::Expr *E, bool LaneVarying, std::string Why,
                        clang::QualType T = clang::QualType());
  bool isVarying(const symbolic::Expr &E) const { return Result.Symbols.isLaneVarying(E); }
  /// A value read from memory: f(address) for a fresh unknown function f.
  /// T: the loaded value's type (its bounds are the function's results').
  symbolic::Expr memoryValue(const std::string &What, symbolic::Expr Address,
                             clang::QualType T = clang::QualType());
  void evalChildren(const clang::Stmt *S);
  /// An expression Clang built with errors (a use of a declaration it
  /// rejected): a remark, once; nothing inside it is evaluated.
  void notBuilt(const clang::Expr *E);
  std::set<const clang::Expr *> NotBuilt;
  Value lookupVar(const clang::VarDecl *VD, const clang::Expr *Use);
  /// E names a member (of a member ...) of one of the kernel's by-value
  /// parameters (`params.finished`) that the kernel never assigns nor lets
  /// escape: made by the host, the same in every thread.
  bool hostMadeMember(const clang::Expr *E);
  void setVar(const clang::VarDecl *VD, Value V);
  /// Writes to variables outside any function (`__device__ int g`, a static
  /// local) so far: a helper's are kept when the caller's locals are put back.
  unsigned GlobalWrites = 0;

  // --- SharedWindow.cpp ---
  /// Integer arithmetic on a shared-window address: W op I or I op W for +,
  /// - (window minus integer), ^, |, &; nullopt for anything else. XOR, OR and
  /// AND act on the variable's offset, exact when the variable starts at an
  /// address aligned past the operand's bits: assumed, and said so in the
  /// access's notes; `W & M` with M below that alignment is an integer.
  std::optional<Value> windowArithmetic(symbolic::Op O, const Value &L, const Value &R);
  /// Per variable, the alignment its window address was assumed to have.
  std::map<const clang::VarDecl *, std::int64_t> WindowAlign;

  // --- IntegerTypes.cpp ---
  /// The bounds every value of the integer type T keeps, on S: >= 0 for an
  /// unsigned type; [0, 1] for bool and the type's range for one narrower
  /// than 32 bits (a loaded flag is never 2).
  void boundByType(symbolic::Symbol &S, clang::QualType T) const;
  /// V converted to the integer type T: unsigned types wrap around, signed
  /// ones read the bits back, where V's bounds show that this changes V.
  symbolic::Expr asType(clang::QualType T, symbolic::Expr V, const clang::Expr *Src);
  /// L O R on operands of the integer type T (after the usual conversions):
  /// unknown where O reads the order of a 64-bit unsigned operand that is
  /// held below zero (its wrapped bits).
  symbolic::Expr integerOp(symbolic::Op O, clang::QualType T, symbolic::Expr L, symbolic::Expr R,
                           const clang::Expr *Src);
  const symbolic::RangeHints &rangeHints() const { return Hints; }
  /// The block shape's bounds on threadIdx and blockDim, made once.
  static symbolic::RangeHints hintsFor(const LaunchConfig &Config);
  symbolic::RangeHints Hints;
  /// Bounds of the subtrees asType has looked at (rangeHints() and the
  /// symbols' facts do not change during a walk).
  symbolic::RangeMemo Ranges;
  /// An index into shared memory: one wrapped modulo 2^32 is the same address
  /// as its unwrapped value.
  symbolic::Expr sharedIndex(symbolic::Expr I);

  // --- ThreadIds.cpp, CooperativeGroups.cpp ---
  std::optional<symbolic::Expr> builtinCoordinate(const clang::Expr *E);
  /// threadIdx (blockIdx, blockDim, gridDim) converted to uint3 or dim3.
  std::optional<Value> builtinVector(const clang::CallExpr *C, const clang::FunctionDecl *FD);
  /// The linear thread id in the block and the block's size.
  symbolic::Expr linearThreadId() const;
  symbolic::Expr blockSize() const;
  /// An x, y, z object (dim3, uint3) of three unsigned coordinates.
  static Value vector3(symbolic::Expr X, symbolic::Expr Y, symbolic::Expr Z);
  /// The group an expression of a cooperative-groups type denotes, if known.
  std::optional<ThreadGroup> groupOf(const clang::Expr *E);

  // --- LocalObjects.cpp: local structs and arrays ---
  /// An lvalue in a local object, or nullopt when E is not one (then
  /// nothing has been evaluated).
  std::optional<LocalRef> localRef(const clang::Expr *E);
  /// The value at R (a scalar, or the sub-object of R's type).
  Value readLocal(const LocalRef &R, const clang::Expr *Use);
  /// Stores V (a scalar or an object of R's type) at R.
  void writeLocal(const LocalRef &R, const Value &V);
  /// The value of an expression of class or array type (an initializer, a
  /// constructor call, a copy), as an object; None when not modelled.
  Value objectValue(const clang::Expr *E);
  Value initListObject(const clang::InitListExpr *IL);
  Value constructObject(const clang::CXXConstructExpr *CC);
  /// A struct, class or array the analysis follows as a local object.
  bool isLocalObjectType(clang::QualType T) const;
  /// isLocalObjectType's answers by type (the TU is complete: they hold).
  mutable llvm::DenseMap<const void *, bool> LocalObjectTypes;
  /// Local objects of the function being walked whose address escapes
  /// (&x, a decayed array, a non-const reference, a non-const member call):
  /// they are not followed, since they may change behind the walk's back.
  bool escapes(const clang::VarDecl *VD);
  /// A local integer or pointer whose address or a non-const reference to it
  /// escapes (as for escapes): written through them where no assignment to
  /// it is walked, so no value kept for it holds at any read.
  bool writtenThroughAlias(const clang::VarDecl *VD);
  llvm::DenseMap<const clang::VarDecl *, bool> AliasWritten; ///< its answers (asked at every read)
  /// The reason given for such a local's unknown value.
  static std::string aliasReason(const clang::VarDecl *VD);
  /// True when F's body contains goto or an indirect goto.
  bool hasGoto(const clang::FunctionDecl &F);
  /// What one pass over a function's body finds (LocalEscapes.cpp), kept
  /// by canonical declaration.
  const BodyFacts &bodyFacts(const clang::FunctionDecl &F);
  std::map<const clang::FunctionDecl *, BodyFacts> Bodies;

  // --- SharedLValues.cpp: shared lvalues and pointers ---
  /// A pointer into shared memory, or nullopt (subexpressions still evaluated).
  std::optional<SharedRef> pointer(const clang::Expr *E);
  /// P, kept in VD, which may have been moved through a pointer or reference
  /// to VD: the same variable at an offset not known, by lane.
  SharedRef movedUnseen(const SharedRef &P, const clang::VarDecl *VD, const clang::Expr *Use);
  /// A shared lvalue, or nullopt (subexpressions still evaluated).
  std::optional<SharedRef> sharedLValue(const clang::Expr *E);
  /// sizeof(T) in bytes; symbolic in the array's innermost extent when T is a
  /// row (a sub-array) of the multi-dimensional shared array A.
  symbolic::Expr sizeOf(clang::QualType T, const clang::VarDecl *A);

  // --- AccessRecording.cpp, Assignments.cpp ---
  void record(const SharedRef &L, const clang::Expr *Where, const char *Kind);
  Value assign(const clang::BinaryOperator *B);
  Value incDec(const clang::UnaryOperator *U);

  // --- RowForms.cpp: rows of linearized and extern arrays ---
  /// `s[X * W + Y]` on a 1-D shared array with a named constant W: the index
  /// as X * <W as a Layout symbol> + Y, and the facts the padding needs.
  std::optional<symbolic::Expr> linearizedIndex(const clang::ArraySubscriptExpr *AS,
                                                const clang::VarDecl *A, SharedRef &Out);
  /// The same on an `extern __shared__` array, directly or through a pointer
  /// carved from it at the constant byte offset Base (W may also be a literal);
  /// the row layout is kept per region in Result.Regions, and in
  /// Result.Layouts under Rep (the carved pointer, or A itself).
  std::optional<symbolic::Expr> externRowIndex(const clang::ArraySubscriptExpr *AS,
                                               const clang::VarDecl *A, std::int64_t Base,
                                               const clang::VarDecl *Rep, SharedRef &Out);
  /// Base of `p[...]` when p is a local pointer carved from an extern array at
  /// a constant offset and never reassigned: the offset, p's name and p (the
  /// array itself and an empty name when indexed directly).
  std::optional<std::int64_t> carvedBase(const clang::Expr *Base, const SharedRef &P,
                                         std::string &Via, const clang::VarDecl *&Rep);

  // --- Calls.cpp, BuiltinCalls.cpp ---
  Value call(const clang::CallExpr *C);
  /// A call of a known device function (atomics, min/max, __mul24, ...): its
  /// value, or nullopt when FD is not one (or not in a form handled there).
  std::optional<Value> builtinCall(const clang::CallExpr *C, const clang::FunctionDecl *FD);
  /// builtinCall's table row for each function asked about (-1: none).
  llvm::DenseMap<const clang::FunctionDecl *, int> BuiltinRows;
  /// nvcuda::wmma fragment loads and stores: Wmma.cpp. wmmaFragmentCall
  /// takes wmma::load_matrix_sync / store_matrix_sync (fragment types from
  /// the call), wmmaAccess the toolkit's builtins under them.
  std::optional<Value> wmmaFragmentCall(const clang::CallExpr *C, const clang::FunctionDecl *FD);
  std::optional<Value> wmmaAccess(const clang::CallExpr *C, const clang::FunctionDecl *FD);
  std::optional<Value> wmmaEmit(const clang::CallExpr *C, const struct WmmaOp &O, const clang::Expr *Ptr,
                                const clang::Expr *Ldm, const clang::Expr *Layout,
                                std::optional<symbolic::Expr> FixedLayout, const std::string &Name);
  /// The kinds of bank::wmmaBlockLayout's table and the sub-byte operands
  /// (nullopt: another kind).
  std::optional<Value> wmmaMeasured(const clang::CallExpr *C, const struct WmmaOp &O, const SharedRef &P,
                                    const symbolic::Expr &Ldm, bool ColMajor, const std::string &Name);
  /// Walks FD's body with its parameters bound to Args and the variables of
  /// Bind to their values (a lambda's by-copy captures). Without KeepOuter
  /// the caller's variables are restored afterwards; with it (member
  /// functions, lambdas: `this` and by-reference captures) the values they
  /// were given inside are kept, except for those of Bind.
  /// inlineCall of a helper, or the result of its walk with the same
  /// arguments at the same depth when its body is plain integer arithmetic
  /// (PureCalls.cpp).
  Value pureCall(const clang::FunctionDecl *Def, const clang::CallExpr *C, const std::vector<Value> &Args);
  bool isPureHelper(const clang::FunctionDecl *Def);
  llvm::DenseMap<const clang::FunctionDecl *, bool> PureHelpers;
  struct PureKey {
    const clang::FunctionDecl *FD;
    std::size_t Depth;
    std::vector<Value> Args;
    bool operator==(const PureKey &O) const;
  };
  struct PureKeyHash {
    std::size_t operator()(const PureKey &K) const;
  };
  struct PureResult {
    Value Result;
    std::uint64_t Steps;
  };
  std::unordered_map<PureKey, PureResult, PureKeyHash> PureResults;
  /// BoundAfter (when given) receives the values Bind's variables have when
  /// the body is done (a mutable lambda's copies).
  Value inlineCall(const clang::FunctionDecl *FD, const clang::CallExpr *C,
                   const std::vector<Value> &Args, bool KeepOuter = false,
                   const std::map<const clang::VarDecl *, Value> &Bind = {},
                   std::map<const clang::VarDecl *, Value> *BoundAfter = nullptr);
  /// The arguments of C from argument First on, as FD's parameters take them
  /// (a shared lvalue passed by reference is a pointer, not a load).
  std::vector<Value> callArgs(const clang::CallExpr *C, const clang::FunctionDecl *FD, unsigned First);

  // --- Methods.cpp: member functions, operators, lambdas, `this` ---
  /// A call of a member function, an operator member or a lambda with a
  /// body, walked with `this` bound to its object; nullopt when C is not one.
  std::optional<Value> methodCall(const clang::CallExpr *C, const clang::FunctionDecl *FD);
  /// The closure object a lambda expression makes.
  Value lambdaValue(const clang::LambdaExpr *L);
  /// `this` as a shared pointer, or nullopt.
  std::optional<SharedRef> thisShared() const;
  /// `*this` as a local object, or nullopt.
  std::optional<LocalRef> thisLocal();
  /// The object holding member ME (`o.m`, `this->m`) as a local object, with
  /// ME's offset added; nullopt when not a local object.
  std::optional<LocalRef> memberOwner(const clang::MemberExpr *ME);
  /// A data member of reference (or pointer) type that holds a reference to
  /// shared storage (CUB's `TempStorage &temp_storage`): where it points.
  std::optional<SharedRef> referenceMember(const clang::MemberExpr *ME);
  /// Walks a constructor's body on a fresh temporary object O (its member
  /// initialisers already in O); false when it cannot.
  bool constructorBody(const clang::CXXConstructorDecl *CD, ObjectValue &O);
  std::vector<ThisObject> ThisStack;
  /// `this` as the local object O of class RD (a constructor's object being
  /// made): its writes go to ThisStack's copy.
  LocalRef thisOf(const ObjectValue &O, const clang::CXXRecordDecl *RD);

  /// V, or an unknown when its expression is larger than the analysis
  /// follows (values merged over many branches); What names it in the reason.
  /// What names the value, asked for only when it is too large.
  Value bounded(Value V, llvm::function_ref<std::string()> What);

  // --- KernelWalker.cpp, Loops.cpp: statements ---
  void walkStmt(const clang::Stmt *S);
  void walkCompound(const clang::CompoundStmt *C);
  void walkIf(const clang::IfStmt *I);
  void walkLoop(const clang::Stmt *Init, const clang::Expr *Cond, const clang::Expr *Inc,
                const clang::Stmt *Body, const clang::Stmt *Loop, bool CondFirst);
  /// A range-based for over a braced list of integers, unrolled; others as
  /// their statements, once.
  void walkRangeFor(const clang::CXXForRangeStmt *FR);
  /// Whether an unroll probe may skip the body after the first iteration:
  /// the loop's condition and increment read only locals the body reads and
  /// never changes (and that nothing else can change), or constants.
  /// BodyAssigned: the variables the body assigns (assignedVars(Body)).
  bool probeSkipsBody(const clang::Expr *Cond, const clang::Expr *Inc, const clang::Stmt *Body,
                      const std::set<const clang::VarDecl *> &BodyAssigned);
  /// assignedVars(S) and hasEarlyExit(S), answered once per statement: a
  /// helper's loops are entered again at every call and enclosing iteration
  /// (and a carved pointer's function body is asked about at every use).
  const std::set<const clang::VarDecl *> &assignedIn(const clang::Stmt *S);
  bool earlyExitIn(const clang::Stmt *S);
  /// The integer variables S declares with an initializer: a loop body's
  /// are set again by their declaration before any read in each iteration
  /// (no jump may pass an initialized declaration), so they carry nothing.
  const std::set<const clang::VarDecl *> &initializedIn(const clang::Stmt *S);
  std::unordered_map<const clang::Stmt *, std::set<const clang::VarDecl *>> AssignedCache;
  std::unordered_map<const clang::Stmt *, std::set<const clang::VarDecl *>> InitializedCache;
  /// A symbolic loop's uniformity trial in progress (symbolicLoop): its
  /// statements and the carried integers it checks.
  struct TrialScope {
    const clang::Stmt *Body = nullptr;
    const clang::Expr *Cond = nullptr, *Inc = nullptr;
    std::size_t CallDepth = 0; ///< CallStack's size: a helper's loops are not the trial's statements
    std::set<const clang::VarDecl *> Checked;
    /// The variables that may reach the checked ones (none: not known),
    /// found at the first question (Asked).
    std::optional<std::set<const clang::VarDecl *>> Relevant;
    bool Asked = false;
  };
  std::vector<TrialScope> Trials;
  /// Whether the innermost trial need not walk the loop statement L
  /// (TrialSkips.cpp).
  bool trialSkips(const clang::Stmt *L);
  /// Loops whose walk only computes values and stores to the variables
  /// assignedVars names, by statement (TrialSkips.cpp).
  llvm::DenseMap<const clang::Stmt *, bool> PlainLoops;
  llvm::DenseMap<const clang::Stmt *, bool> EarlyExitCache;
  /// What an unroll probe may skip of a body (probeSkipsBody; with it the
  /// simple body's node count, simpleBodyNodes), by body: both depend only
  /// on the loop's statements and the function's escaping locals.
  struct ProbeSkip {
    bool SkipBody = false;
    std::optional<std::uint64_t> Nodes;
  };
  llvm::DenseMap<const clang::Stmt *, ProbeSkip> ProbeSkipCache;
  bool tryUnroll(const clang::Expr *Cond, const clang::Expr *Inc, const clang::Stmt *Body,
                 const std::set<const clang::VarDecl *> &Carried,
                 const std::set<const clang::VarDecl *> &BodyAssigned, unsigned Line);
  /// Whether every iteration adds the same constant to V, which the loop's
  /// body steps by StepE (null: ++ or --) in one statement and nowhere else.
  bool constantStep(const clang::VarDecl *V, const clang::Expr *StepE);
  void symbolicLoop(const clang::Expr *Cond, const clang::Expr *Inc, const clang::Stmt *Body,
                    const std::set<const clang::VarDecl *> &Carried, unsigned Line);
  void mergeBranches(const VarMap &Before, const VarMap &Then, const VarMap &Else,
                     const symbolic::Expr &Cond);
  bank::Guard makeGuard(const symbolic::Expr &Cond, const clang::Expr *Src);
  const std::string &sourceText(const clang::Expr *E) const;
  /// sourceText's results: a helper's expressions are named again at every
  /// call and unrolled iteration.
  mutable std::unordered_map<const clang::Expr *, std::string> TextCache;
  /// What an asm statement is, whatever its operands' values: its template
  /// as read, and the place a profiler shows its instructions at (none:
  /// the statement's own). Made at its first walk (InlineAsm.cpp).
  struct AsmFacts {
    ptx::PtxAsmResult Read;
    report::FileLoc ProfileAt;
    /// Per operand (outputs, then inputs): true when no shared access or
    /// output of the template reads its value and its expression does nothing
    /// but read locals (an mma's register operands): it is not lowered.
    std::vector<bool> Unread;
  };
  std::unordered_map<const clang::GCCAsmStmt *, AsmFacts> AsmCache;
  const AsmFacts &asmFacts(const clang::GCCAsmStmt *G);
  unsigned lineOf(const clang::Stmt *S) const;
  bool overBudget();

  // --- Switch.cpp ---
  /// Walks a switch with exact per-case guards. Returns the condition under
  /// which lanes return or continue inside it (nullopt: none do): the
  /// enclosing block runs the rest of its statements where it is false.
  std::optional<bank::Guard> walkSwitch(const clang::SwitchStmt *SW);
  /// After a statement walked under Cond: every variable becomes
  /// `Cond ? its new value : its value in Before`.
  void mergeFlow(const VarMap &Before, const symbolic::Expr &Cond);
  /// Non-empty: the control flow around the accesses being recorded is not
  /// modelled (a switch shape, say); they are unknown with this reason.
  std::string FlowUnmodelled;

  // --- GlobalPointers.cpp: pointers into global memory ---
  /// E as a pointer derived from a kernel parameter by pointer arithmetic
  /// (a Global value), or None. Evaluated without recording accesses (the
  /// walk has already seen E's shared uses).
  Value globalPointer(const clang::Expr *E);

  /// The lane index: (linear thread id) % 32, or threadIdx.x % 32 when the
  /// block shape is assumed (blockDim.x a multiple of 32). InlineAsm.cpp.
  symbolic::Expr laneExpr() const;

  // --- InlineAsm.cpp: asm statements ---
  void walkAsm(const clang::AsmStmt *A);
  /// Records one shared instruction of an asm statement (Index: its place in
  /// the template): its own site, with the width and form the PTX gives.
  /// Address: the operand that is the whole address, when one is.
  void recordAsm(const SharedRef &L, const clang::AsmStmt *A, unsigned Index, const char *Kind,
                 unsigned Bytes, bank::Form F, const std::string &Opcode,
                 const clang::Expr *Address = nullptr);
  /// The same for any statement that issues several instructions (a wmma
  /// load or store): site (Key, Index) at Loc.
  void recordAt(const SharedRef &L, const clang::Stmt *Key, unsigned Index, clang::SourceLocation Loc,
                const char *Kind, unsigned Bytes, bank::Form F, const std::string &Opcode);
  /// The instance of the access at the current guards and loop labels.
  void addInstance(AccessSite &S, const SharedRef &L);
  std::map<std::tuple<const clang::Stmt *, unsigned, const clang::VarDecl *>, std::size_t> AsmSiteIndex;
  /// Set while a wmma call is recorded: the line its builtin is attributed to.
  report::FileLoc PendingProfileLoc;

  const clang::FunctionDecl &Kernel;
  const LaunchConfig &Config;
  clang::ASTContext &Ctx;
  KernelResult Result;
  /// The variables' values (see WalkerVars.h).
  WalkerVars Vars;
  /// The values kernel parameters and variables outside any function have
  /// when the kernel starts, made at their first read. Kept outside Vars,
  /// which branches copy and merge: a first read in one branch (the right of
  /// `a || n != 16`) is the same value as a read after the join.
  std::map<const clang::VarDecl *, Value> EntryValues;
  std::vector<bank::Guard> Guards;
  std::vector<std::string> Labels;
  /// The `if (c) break;` conditions met in the body of the loop being
  /// unrolled by walkRangeFor, per loop and switch entered (null: breaks
  /// there leave an inner loop or a switch).
  std::vector<std::vector<std::pair<symbolic::Expr, const clang::Expr *>> *> LoopBreaks;
  /// Per loop and switch entered: whether lanes may leave the loop by
  /// `break` at different iterations (LoopJumps.cpp).
  struct JumpFrame {
    bool Switch = false;
    std::size_t GuardDepth = 0; ///< the guards around the loop
    bool DivergentBreak = false;
    /// The guards around the body (the loop's own condition's included);
    /// JumpSplits: a break or a return leaves some lanes of an iteration in
    /// the loop (its condition, or one around it inside the body, may differ
    /// by lane).
    std::size_t BodyGuardDepth = 0;
    bool JumpSplits = false;
    bool Symbolic = false; ///< a loop walked once for every iteration
  };
  std::vector<JumpFrame> JumpFrames;
  /// Per symbolic loop whose lanes a jump splits, being walked: the index of
  /// its "not left at an earlier iteration" guard in Guards, of its own
  /// condition's (npos: none), and its iteration's symbol. An access whose
  /// offset and other guards read nothing made since that symbol is the
  /// same at every iteration, where the lanes still in are fewer than at
  /// the first: that guard is left out of its instance (addInstance).
  struct LeftGuard {
    std::size_t Index, LoopGuard;
    symbolic::SymbolId Iteration;
  };
  std::vector<LeftGuard> LeftGuards;
  /// Lanes where Cond holds leave the innermost loop by `break` here.
  void noteBreak(const symbolic::Expr &Cond);
  /// Whether a break or return in the symbolic loop being walked leaves
  /// some lanes of an iteration in it (JumpFrame::JumpSplits), learnt by a
  /// walk of the body without recording where no walk has told yet; the
  /// guards now pushed are those around the body.
  bool jumpSplitsLanes(const clang::Stmt *Body, const clang::Expr *Inc);
  /// A loop's body and increment walked once without recording (a uniformity
  /// trial, the walk that learns a jump's split): the lanes that return there
  /// are not taken out (Exits kept); the caller keeps or restores Vars.
  void walkUnrecorded(const clang::Stmt *Body, const clang::Expr *Inc);
  /// A return inside Loops symbolic loops of the function being walked:
  /// marks those whose lanes it splits (JumpFrame::JumpSplits).
  void noteReturnInLoops(unsigned Loops);
  /// loopJumpsModelled(Body) and loopJumpsIn(Body, false, true), once per
  /// body (a loop is entered again at every enclosing iteration).
  struct LoopJumpFacts {
    bool Modelled = true, Continues = false;
  };
  LoopJumpFacts loopJumpFacts(const clang::Stmt *Body);
  llvm::DenseMap<const clang::Stmt *, LoopJumpFacts> LoopJumpCache;
  /// Pushes a frame for the scope and pops it when it ends.
  struct JumpScope {
    Walker &W;
    JumpScope(Walker &W, bool Switch) : W(W) {
      W.JumpFrames.emplace_back();
      W.JumpFrames.back().Switch = Switch;
      W.JumpFrames.back().GuardDepth = W.Guards.size();
    }
    ~JumpScope() { W.JumpFrames.pop_back(); }
  };
  std::map<std::pair<const clang::Expr *, llvm::StringRef>, std::size_t> SiteIndex; ///< kinds are literals
  std::vector<const clang::FunctionDecl *> CallStack;
  /// The call of each CallStack entry (null for a constructor's body): the
  /// lines a profiler may attribute an inlined helper's instructions to.
  std::vector<const clang::Expr *> CallSites;
  /// Values of `return` statements of the helpers being inlined, each with
  /// the condition under which it is reached (the guards inside the helper).
  std::vector<std::vector<std::pair<symbolic::Expr, Value>>> Returns;
  std::vector<std::size_t> ReturnGuardBase;
  /// The lanes that have returned from each function being walked (the
  /// kernel, then each inlined one): the rest of an enclosing block runs
  /// without them. InLoop: inside a symbolic loop, where they are not known.
  struct Exited { symbolic::Expr Cond; std::string Text; unsigned Version = 0, InLoop = 0, Line = 0; };
  std::vector<Exited> Exits;
  void noteReturn(const clang::ReturnStmt *R, symbolic::Expr Path, std::string Text);
  /// The guards of the function being walked, joined (and their texts).
  symbolic::Expr returnPath(std::string *Text) const;
  /// Index values of loads from non-shared arrays through a uniform base
  /// (a kernel parameter or a global), keyed by the subscript expression.
  std::map<const clang::ArraySubscriptExpr *, symbolic::Expr> UniformBaseIndex;
  std::set<const clang::FunctionDecl *> Recursive, WithGoto;
  /// The uses of shared variables in E are not seen after all (an operand
  /// of a conditional the walk does not follow): coverage reports them
  /// unless another evaluation sees them.
  void forgetSharedUses(const clang::Expr *E);
  bool Recording = true;
  unsigned UnrollProduct = 1;
  std::uint64_t Steps = 0;
  /// Thread evaluations spent deciding loop conditions over the block.
  std::uint64_t DecideWork = 0;
  /// Probes (trial runs of a loop to learn its trip count) in progress, and
  /// the work counter (Steps + DecideWork) when the outermost one began.
  unsigned ProbeDepth = 0;
  std::uint64_t ProbeStart = 0;
  unsigned OpaqueCount = 0;
  unsigned RvalueDepth = 0; ///< nesting of rvalue(), bounded by MaxEvalDepth
  /// Clang's constant value of an integral expression (parens stripped):
  /// Value when it folds to a 64-bit signed value, Wide when it folds to a
  /// wider one, None when it does not fold.
  struct Folded {
    enum Kind : unsigned char { None, Value, Wide } K = None;
    std::int64_t V = 0;
  };
  std::unordered_map<const clang::Expr *, Folded> ConstantCache;
  Folded folded(const clang::Expr *E, unsigned Depth = 0);
};

/// The variable a store to E writes, as the walk follows it (through `.`
/// members and subscripts of arrays), or null (through a pointer or `->`).
const clang::VarDecl *storedVariable(const clang::Expr *E);
/// Variables a statement assigns (=, op=, ++, --, or takes the address of).
std::set<const clang::VarDecl *> assignedVars(const clang::Stmt *S);
/// `break;` or `{ break; }`.
bool isBreak(const clang::Stmt *S);
/// The return, break or continue that ends S (S itself, or the last
/// statement of a block, of a block ...), or null.
const clang::Stmt *finalJumpOf(const clang::Stmt *S);
/// finalJumpOf(S) is not null.
bool isJump(const clang::Stmt *S);
/// Whether every break and continue of the loop with this body is one the
/// walk follows: `if (c) <jump>` at the body's top level (LoopJumps.cpp).
bool loopJumpsModelled(const clang::Stmt *Body);
/// Variables an expression names.
std::set<const clang::VarDecl *> referencedVars(const clang::Stmt *S);
/// True when S names each of Vars only to read its value (no assignment, no
/// reference or address taken, no member call, no capture).
bool onlyReads(const clang::Stmt *S, const std::set<const clang::VarDecl *> &Vars);
/// The value that is A where Cond holds and B elsewhere (an unknown when the
/// two cannot be merged: pointers into different variables, say).
Value mergeValue(const symbolic::Expr &Cond, const Value &A, const Value &B);
/// True when A and B are one value: the same kind, expression nodes, object
/// and facts (not compared by structure). A merge writes only values that
/// are not, so that maps sharing storage (VarMap) stay shared.
bool sameValue(const Value &A, const Value &B);
/// Part-wise merge of two objects (see mergeValue).
Value mergeObjects(const symbolic::Expr &Cond, const ObjectValue &A, const ObjectValue &B);
/// A member function (operator, lambda call operator) the walk goes into
/// with `this` bound, wherever it is called: a non-static, non-variadic
/// device (or constexpr, or lambda) function with a body, not of a CUDA
/// scalar class (__half and the like keep their operators opaque). Def: its
/// definition. Methods.cpp.
bool isWalkedMethod(const clang::CXXMethodDecl *MD, const clang::FunctionDecl *&Def);

/// sizeof(T) in bytes, 1 for void and incomplete types (GlobalPointers.cpp).
std::int64_t pointeeBytes(clang::QualType T, clang::ASTContext &Ctx);
/// Where an asm statement is (InlineAsm.cpp).
clang::SourceLocation asmLocation(const clang::AsmStmt *A);
inline bool isShared(const clang::VarDecl *VD) { return VD && VD->hasAttr<clang::CUDASharedAttr>(); }
inline bool isIntegral(clang::QualType T) { return T->isIntegralOrEnumerationType(); }
/// The IR operator of a C binary (or compound assignment) operator.
std::optional<symbolic::Op> binaryOp(clang::BinaryOperatorKind K);

} // namespace bankcheck::frontend

#endif
