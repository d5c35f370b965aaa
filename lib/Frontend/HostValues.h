//===- HostValues.h - Values of host expressions at a launch -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// What host code gives a launch: the block shape (an integer or a dim3,
/// built by constructor, copied, assigned member by member, the blockDim of
/// a cudaLaunchConfig_t) and the kernel (named, a function pointer, an entry
/// of a table). Expressions are read as written: constants, macros,
/// constexpr, locals and their arithmetic; a parameter is read at each call
/// of its function (launch wrappers), given as a Chain of calls. A value
/// that depends on a run-time choice (`n > 64 ? 128 : 64`, a local assigned
/// in a branch) is the few values it can take, marked RunTime; anything else
/// is not known, with the reason.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_HOSTVALUES_H
#define BANKCHECK_FRONTEND_HOSTVALUES_H

#include "Frontend/HostFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FoldingSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace bankcheck::frontend {

/// A function entered at a call: its parameters take that call's arguments.
struct Frame {
  const clang::FunctionDecl *F = nullptr;
  const clang::CallExpr *Call = nullptr;
};
/// Calls from the launch outwards: Chain[0] is the call of the function
/// holding the launch, Chain[1] the call of that call's function, ...
using Chain = llvm::ArrayRef<Frame>;

/// The values an expression can take.
template <class T> struct Choices {
  std::vector<T> Values;  ///< distinct; empty: not known (see Why)
  bool RunTime = false;   ///< the value is chosen at run time among Values
  std::string Why;        ///< why not known
  /// A parameter of this function was needed and no call of it is in the
  /// chain: read it again at each of its calls.
  const clang::FunctionDecl *Unbound = nullptr;
  bool known() const { return !Values.empty(); }
};

using Dims = std::array<std::int64_t, 3>;

class HostValues {
public:
  explicit HostValues(clang::ASTContext &Ctx);
  ~HostValues();

  /// At most this many values are followed (else: not known).
  static constexpr std::size_t MaxChoices = 8;

  Choices<std::int64_t> ints(const clang::Expr *E, Chain C);
  /// A dim3 (or an integer: (n, 1, 1)).
  Choices<Dims> dims(const clang::Expr *E, Chain C);
  /// The member Member of an object (`cfg.blockDim` of `&cfg`).
  Choices<Dims> dimsOfMember(const clang::Expr *Object, const std::string &Member, Chain C) {
    Work = 0;
    Choosers.clear();
    return dimsOfPart(Object, llvm::ArrayRef<std::string>(Member), C, 0);
  }
  /// Integer locals that took several values in the last question: a shape
  /// built from one twice (`dim3 b(t, 512 / t)`) takes them together, which
  /// the caller gets by asking again with each value pinned.
  const std::map<const clang::VarDecl *, std::vector<std::int64_t>> &choosers() const { return Choosers; }
  void pin(std::map<const clang::VarDecl *, std::int64_t> Values) { Pinned = std::move(Values); }
  /// The __global__ functions an expression can name.
  Choices<const clang::FunctionDecl *> kernels(const clang::Expr *E, Chain C);

  /// Integer variables a launch's enclosing `switch` cases fix, with the
  /// values that reach it (`switch (threads) { case 512: k<<<g, b>>>(); }`:
  /// threads is 512 there): of the function F holding the launch, per call,
  /// found once per function (HostSwitches.cpp). Only variables that nothing
  /// in F changes, so that every read of them in F sees that value.
  using CaseValues = std::map<const clang::VarDecl *, std::vector<std::int64_t>>;
  const CaseValues *casesAt(const clang::CallExpr *Launch, const clang::FunctionDecl *F);
  /// Reads of these variables take these values (one each) until cleared.
  void setCases(std::map<const clang::VarDecl *, std::int64_t> Values) {
    Cases = std::move(Values);
    CasesRead = false;
  }
  /// Whether a question since setCases read one of them.
  bool casesRead() const { return CasesRead; }
  /// A write at the end of Path (statements above Ref) that a case of a
  /// switch on one of those variables holds, and that the variable's value
  /// never reaches: the launch's `case 5:` of `switch (n)` sees no write of
  /// another switch on n's `case 1:` (HostSwitches.cpp).
  bool excludedByCase(const std::vector<const clang::Stmt *> &Path, const clang::Stmt *Ref);

  /// Branch decisions (HostConditions.cpp). A condition over values nothing
  /// in its function changes has one truth for the whole call, keyed by its
  /// form (`colors <= 3` is `colors > 3` negated); any other condition of an
  /// `if` outside every loop is a decision of that `if` alone (it runs at
  /// most once). True: the condition holds (the then-branch runs).
  using Decisions = std::map<llvm::FoldingSetNodeID, bool>;
  /// What holds wherever Launch runs, from the conditions around it in F and
  /// the early returns (`if (c) return;`) before it; found once per function.
  /// The assertions before Launch in F (HostImplications.cpp) hold from
  /// then on where their guards do; F null: none.
  const Decisions &decisionsAt(const clang::CallExpr *Launch, const clang::FunctionDecl *F);
  /// Questions from now on read these decisions: a write in a branch they
  /// rule out does not reach, one in a branch they choose runs; a condition
  /// they do not decide and could is recorded (undecided()) for the caller
  /// to ask again under each answer.
  void decide(Decisions D) {
    Decided = std::move(D);
    Undecided.clear();
    applyImplications();
  }
  const Decisions &decided() const { return Decided; }
  const std::vector<llvm::FoldingSetNodeID> &undecided() const { return Undecided; }
  /// Whether the decisions can hold together: none of the conditions they
  /// decide has, read through C, only the other truth (`checkBounds ==
  /// true` with `bool checkBounds = n % (32 * ipt) != 0` where `n % 128 ==
  /// 0` and ipt is 4 is a path that never runs).
  bool feasible(Chain C);
  /// What Ask gives on each path: asked under Base (what holds where the
  /// launch runs), then, for each decision it needed and lacked, under both
  /// answers, leaving out the paths that are not feasible: `bx` set in both
  /// branches of an `if` is set on every path, and a branch another decision
  /// rules out gives nothing. Past MaxQuestions, what Base alone gives.
  Choices<Dims> onEachPath(const Decisions &Base, Chain C, llvm::function_ref<Choices<Dims>()> Ask);
  static constexpr unsigned MaxQuestions = 32;
  /// Off: no decision is read or recorded (a chain of calls that enters a
  /// function twice, whose conditions are not one call's).
  void setDeciding(bool On) { Deciding = On; }

private:
  /// Every reference to a local in its function, with the statements above
  /// it: found once per local (a host function may launch thousands of times).
  struct Occurrence {
    const clang::DeclRefExpr *Ref;
    std::vector<const clang::Stmt *> Path;
  };
  const std::vector<Occurrence> &refsOf(const clang::VarDecl *VD, const clang::FunctionDecl *F);
  /// How O uses its local: a read (false), an assignment of Value to the
  /// part Members, or a change not followed (Changed).
  bool writeAt(const Occurrence &O, std::vector<std::string> &Members, const clang::Expr *&Value, bool &Changed);
  /// No assignment, op=, ++, address taken or non-const reference in VD's function.
  bool neverChanged(const clang::VarDecl *VD);
  /// The elements a range-based for's variable takes, one per iteration: a
  /// braced list (`for (int t : {256, 128})`) or a const table; nullptr
  /// when it is something else or the variable is changed in the function.
  const clang::InitListExpr *rangeOf(const clang::VarDecl *VD);
  /// The array `T[N] = {...}` that AS indexes when its elements are only read
  /// (a local whose every use is an element read, or a const array).
  const clang::VarDecl *readOnlyTable(const clang::ArraySubscriptExpr *AS);

  /// A write to a local or to one of its members, in source order.
  struct Write {
    std::vector<std::string> Members; ///< `b.x = ...`: {"x"}; whole object: {}
    const clang::Expr *Value = nullptr;
    bool Unconditional = false; ///< on every path from the declaration to the use
    bool IsInit = false;
  };
  /// The writes of VD that reach Use, or a reason they cannot be followed.
  bool writesOf(const clang::VarDecl *VD, const clang::Expr *Use, std::vector<Write> &Out, std::string &Why, Chain C,
                unsigned Depth);
  /// The part Members of the object E is (nullptr when it cannot be named).
  Choices<Dims> dimsOfPart(const clang::Expr *E, llvm::ArrayRef<std::string> Members, Chain C, unsigned Depth);
  Choices<Dims> dimsOfLocal(const clang::VarDecl *VD, llvm::ArrayRef<std::string> Members,
                            const clang::Expr *Use, Chain C, unsigned Depth);
  Choices<std::int64_t> ints(const clang::Expr *E, Chain C, unsigned Depth);
  Choices<Dims> dims(const clang::Expr *E, Chain C, unsigned Depth);
  Choices<const clang::FunctionDecl *> kernels(const clang::Expr *E, Chain C, unsigned Depth);
  /// A parameter: the argument of the call in the chain, or Unbound.
  const clang::Expr *argumentOf(const clang::ParmVarDecl *P, Chain C, Chain &Outer,
                                const clang::FunctionDecl *&Unbound);

  clang::ASTContext &Ctx;
  /// Nested reads past this are not followed.
  static constexpr unsigned MaxDepth = 24;
  /// Steps taken since the last public call; past MaxWork nothing more is
  /// followed (a chain of conditional reassignments doubles the work per link).
  unsigned Work = 0;
  static constexpr unsigned MaxWork = 20000;
  std::map<const clang::VarDecl *, std::vector<Occurrence>> RefsOf;
  std::set<const clang::VarDecl *> TooDeep; ///< a reference too deep to keep its path
  std::map<const clang::VarDecl *, std::int64_t> Cases;
  bool CasesRead = false;
  std::map<const clang::FunctionDecl *, std::map<const clang::CallExpr *, CaseValues>> CasesOf;
  std::map<const clang::VarDecl *, std::vector<std::int64_t>> Choosers;
  std::map<const clang::VarDecl *, std::int64_t> Pinned;

  enum class Truth { False, True, Unknown };
  /// A condition's truth under Decided, or from the values of the locals it
  /// reads (`imgsPerThread != 4`); a decision it needs and lacks is recorded
  /// in Undecided.
  Truth truth(const clang::Expr *Cond, Chain C, unsigned Depth);
  /// A comparison of a value with a constant, from the bounds the decided
  /// comparisons of the same value give (`n > 3` under `n > 8`).
  Truth orderedTruth(const clang::Expr *Cond);
  /// The values the decided comparisons of X with constants leave it
  /// (HostOrderings.cpp), and the one value when they leave one.
  struct Range;
  std::optional<Range> decidedRange(const clang::Expr *X);
  std::optional<std::int64_t> decidedValue(const clang::Expr *X);
  /// Which branch of If, a statement of F, runs (Unknown: either).
  Truth branchOf(const clang::IfStmt *If, const clang::FunctionDecl *F, Chain C, unsigned Depth);
  /// The decision a condition over unchanged values is (Negated: it is the
  /// key's negation), false when it reads anything else.
  bool decisionKey(const clang::Expr *E, llvm::FoldingSetNodeID &Key, bool &Negated);
  bool unchangedValue(const clang::Expr *E);
  /// Records in D what Cond being Holds decides.
  void assume(const clang::Expr *Cond, bool Holds, Decisions &D, unsigned Depth = 0);
  /// Past this nesting of `&&`, `||` and `!` a condition's terms are not
  /// read (a chain of thousands of them stays linear), and past this many
  /// decisions a question needs, the others are not recorded (only the
  /// first is asked both ways at a time).
  static constexpr unsigned MaxLogicDepth = 64, MaxUndecided = 16;
  unsigned LogicDepth = 0;
  /// E's value modulo M is R (M 0: E is R; M 1: nothing is known), from
  /// the decisions: `x % 64 == 0` makes x 0 mod 64 and x / 8 0 mod 8;
  /// `x % 16 == 0` and `x % 32 != 0` make x 16 mod 32.
  struct Residue {
    std::int64_t R = 0, M = 1;
  };
  Residue residueOf(const clang::Expr *E, Chain C, unsigned Depth);
  /// The implications before the launch being asked about (decisionsAt):
  /// the first ImpliedCount of *Implied, those of the function whose facts
  /// are ImpliedFacts.
  const std::vector<Implication> *Implied = nullptr;
  std::size_t ImpliedCount = 0;
  const FunctionFacts *ImpliedFacts = nullptr;
  /// An implication decided what a decision had decided otherwise: the
  /// path never runs.
  bool Contradicted = false;
  /// Adds to Decided what the implications whose guards it decides give.
  void applyImplications();
  /// Whether Decided makes Cond's truth Holds (without recording anything).
  bool holdsUnder(const clang::Expr *Cond, bool Holds, unsigned Depth = 0);
  /// A form of E that two expressions of the same value share: a local
  /// read as its initialiser, a value the decisions fix as that constant,
  /// `x / 1`, `x * 1` and `x + 0` as x (false: E is not read so).
  bool sameValueForm(const clang::Expr *E, llvm::FoldingSetNodeID &Form, Chain C, unsigned Depth);
  /// Two decided atoms of the same form, decided differently.
  bool formsContradict(Chain C);
  Decisions Decided;
  std::vector<llvm::FoldingSetNodeID> Undecided;
  /// The condition each key was made from, and whether it is the key negated.
  std::map<llvm::FoldingSetNodeID, std::pair<const clang::Expr *, bool>> KeyExprs;
  /// A key's condition read as `X op C` (orderedTruth), once per condition:
  /// X's profile, the comparison, the constant; none where it is not one.
  struct KeyComparison {
    llvm::FoldingSetNodeID Value;
    clang::BinaryOperatorKind Op;
    std::int64_t C;
  };
  std::map<const clang::Expr *, std::optional<KeyComparison>> KeyComparisons;
  bool Deciding = true;
  unsigned Nesting = 0; ///< truth() reading values inside truth()
  static constexpr unsigned MaxNesting = 3;
  struct ConditionFacts;
  std::unique_ptr<ConditionFacts> Facts;
  std::map<const clang::FunctionDecl *, std::map<const clang::CallExpr *, Decisions>> DecisionsOf;
  std::map<const clang::VarDecl *, bool> Unchanged;
};

/// Joins two sets of choices (RunTime when both are known and differ).
template <class T> Choices<T> joinChoices(Choices<T> A, const Choices<T> &B) {
  if (!A.Unbound && B.Unbound)
    A.Unbound = B.Unbound;
  if (!A.known() || !B.known()) {
    if (A.Why.empty())
      A.Why = B.Why;
    A.Values.clear();
    return A;
  }
  std::size_t Before = A.Values.size();
  for (const T &V : B.Values)
    if (std::find(A.Values.begin(), A.Values.end(), V) == A.Values.end())
      A.Values.push_back(V);
  A.RunTime |= B.RunTime || A.Values.size() != Before || A.Values.size() != B.Values.size();
  return A;
}

} // namespace bankcheck::frontend

#endif
