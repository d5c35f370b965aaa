//===- PtxModule.cpp - Shared-memory instructions of a compiled PTX module ===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxModule.h"

#include "Ptx/PtxParser.h"

#include <algorithm>
#include <climits>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace bankcheck::ptx {

namespace {

/// Definitions visited when tracing one address.
constexpr unsigned TraceBudget = 64;
/// Inline frames followed for one location.
constexpr unsigned MaxInlineDepth = 32;

unsigned toUnsigned(const Token &T) {
  if (T.Kind != TokenKind::Integer || T.Overflow || T.Value < 0 || T.Value > UINT_MAX)
    return 0;
  return static_cast<unsigned>(T.Value);
}

struct LocEntry {
  PtxLoc Loc;
  std::string FunctionLabel;
  bool Inlined = false;
  PtxLoc InlinedAt;
};
using LocKey = std::tuple<unsigned, unsigned, unsigned>;
LocKey keyOf(const PtxLoc &L) { return {L.File, L.Line, L.Column}; }

/// Reads `.loc F L C[, function_name LABEL, inlined_at F L C]`.
std::optional<LocEntry> parseLoc(const std::vector<Token> &Args) {
  if (Args.size() < 2)
    return std::nullopt;
  LocEntry E;
  E.Loc.File = toUnsigned(Args[0]);
  E.Loc.Line = toUnsigned(Args[1]);
  E.Loc.Column = Args.size() > 2 ? toUnsigned(Args[2]) : 0;
  for (size_t K = 3; K < Args.size(); ++K) {
    if (Args[K].Text == "function_name" && K + 1 < Args.size()) {
      E.FunctionLabel = Args[K + 1].Text.str();
    } else if (Args[K].Text == "inlined_at" && K + 2 < Args.size()) {
      E.Inlined = true;
      E.InlinedAt.File = toUnsigned(Args[K + 1]);
      E.InlinedAt.Line = toUnsigned(Args[K + 2]);
      E.InlinedAt.Column = K + 3 < Args.size() ? toUnsigned(Args[K + 3]) : 0;
    }
  }
  return E;
}

/// What tracing an address found.
struct Trace {
  std::string Symbol;         ///< the variable the chain starts from
  bool ViaCvtaShared = false; ///< the chain passes cvta.shared (window -> generic)
  bool NotShared = false;     ///< the chain passes cvta.global/local/const/param
  bool decided() const { return !Symbol.empty() || ViaCvtaShared || NotShared; }
};

class ModuleReader {
public:
  explicit ModuleReader(PtxModule &M) : M(M) {}

  void run(const std::vector<PtxStatement> &Statements) {
    for (const PtxStatement &S : Statements)
      statement(S);
    resolveNames();
  }

private:
  PtxModule &M;
  int Depth = 0;
  // Functions.
  std::optional<PtxFunction> PendingFunction;
  bool InFunction = false;
  int FunctionDepth = 0;
  std::string Function;
  // Sections (.debug_str holds the names that .loc's function_name refers to).
  bool PendingSection = false, InSection = false;
  int SectionDepth = 0;
  std::string StringLabel, StringBytes;
  std::map<std::string, std::string> DebugStrings;
  bool InAsm = false;
  // Source locations.
  PtxLoc Loc;
  std::vector<PtxInlineFrame> Chain;
  std::vector<LocEntry> Group; ///< the .loc directives since the last instruction
  std::map<LocKey, LocEntry> Seen;
  // Definitions in the current function, by register.
  std::vector<const PtxStatement *> Instrs;
  std::unordered_map<std::string, std::vector<size_t>> DefsOf;

  void statement(const PtxStatement &S) {
    switch (S.K) {
    case PtxStatement::Kind::Directive:
      directive(S);
      break;
    case PtxStatement::Kind::Label:
      if (InSection) {
        StringLabel = S.Opcode;
        StringBytes.clear();
      }
      break;
    case PtxStatement::Kind::ScopeOpen:
      if (PendingFunction && !InFunction && !InSection)
        beginFunction();
      else if (PendingSection && !InSection && !InFunction) {
        InSection = true;
        SectionDepth = Depth;
      }
      PendingSection = false;
      ++Depth;
      break;
    case PtxStatement::Kind::ScopeClose:
      if (Depth > 0)
        --Depth;
      if (InFunction && Depth == FunctionDepth)
        InFunction = false;
      if (InSection && Depth == SectionDepth)
        InSection = false;
      break;
    case PtxStatement::Kind::AsmBegin:
      InAsm = true;
      break;
    case PtxStatement::Kind::AsmEnd:
      InAsm = false;
      break;
    case PtxStatement::Kind::Instruction:
      if (!InSection)
        instruction(S);
      break;
    }
  }

  void beginFunction() {
    InFunction = true;
    FunctionDepth = Depth;
    Function = PendingFunction->Name;
    M.Functions.push_back(*PendingFunction);
    PendingFunction.reset();
    Loc = PtxLoc();
    Chain.clear();
    Group.clear();
    Seen.clear();
    Instrs.clear();
    DefsOf.clear();
  }

  void directive(const PtxStatement &S) {
    const std::vector<Token> &A = S.Args;
    if (S.Opcode == ".loc") {
      location(A);
    } else if (S.Opcode == ".file") {
      if (!A.empty() && A.size() >= 2 && A[1].Kind == TokenKind::String)
        M.Files[toUnsigned(A[0])] = A[1].Text.str();
    } else if (S.Opcode == ".version" && !A.empty()) {
      M.Version = A[0].Raw.str();
      for (size_t K = 1; K < A.size(); ++K)
        M.Version += A[K].Raw.str();
    } else if (S.Opcode == ".target" && !A.empty()) {
      M.Target = A[0].Text.str();
    } else if (S.Opcode == ".address_size" && !A.empty()) {
      M.AddressSize = toUnsigned(A[0]);
    } else if (S.Opcode == ".section") {
      PendingSection = true;
    } else if (S.Opcode == ".b8" && InSection && !StringLabel.empty()) {
      for (const Token &T : A) {
        if (T.Kind != TokenKind::Integer)
          continue;
        if (T.Value == 0) {
          DebugStrings[StringLabel] = StringBytes;
          StringLabel.clear();
          break;
        }
        StringBytes += static_cast<char>(T.Value & 0xff);
      }
    } else if (!header(S)) {
      sharedDeclaration(S);
    }
  }

  /// A function header: `.visible .entry name(...)`, `.func (.param ...) name(...)`.
  /// False for other directives.
  bool header(const PtxStatement &S) {
    std::vector<Token> All;
    Token First;
    First.Kind = TokenKind::Word;
    First.Text = S.Opcode;
    All.push_back(First);
    All.insert(All.end(), S.Args.begin(), S.Args.end());
    for (size_t K = 0; K < All.size(); ++K) {
      bool Entry = All[K].Text == ".entry";
      if (!Entry && All[K].Text != ".func")
        continue;
      size_t N = K + 1;
      if (!Entry && N < All.size() && All[N].is('(')) // the return parameters
        while (N < All.size() && !All[N].is(')'))
          ++N;
      while (N < All.size() && (All[N].Kind != TokenKind::Word || All[N].Text[0] == '.'))
        ++N;
      if (N >= All.size() || S.EndsWithSemicolon || InFunction)
        return true; // a prototype, or a header we cannot read
      PtxFunction F;
      F.Name = All[N].Text.str();
      F.Kernel = Entry;
      F.Line = S.Line;
      PendingFunction = F;
      return true;
    }
    return false;
  }

  /// `.shared .align 16 .b8 name[4096];`, `.extern .shared .align 16 .b8 name[];`
  void sharedDeclaration(const PtxStatement &S) {
    bool Shared = S.Opcode == ".shared", Extern = S.Opcode == ".extern";
    for (const Token &T : S.Args) {
      Shared |= T.Text == ".shared";
      Extern |= T.Text == ".extern";
    }
    if (!Shared)
      return;
    const std::vector<Token> &A = S.Args;
    PtxSharedVariable V;
    V.Function = InFunction ? Function : "";
    V.Extern = Extern;
    V.Line = S.Line;
    unsigned ElementBytes = 1;
    for (size_t K = 0; K < A.size(); ++K) {
      const Token &T = A[K];
      if (T.Text == ".align" && K + 1 < A.size()) {
        V.Align = toUnsigned(A[++K]);
      } else if (T.Kind == TokenKind::Word && T.Text[0] == '.') {
        if (unsigned B = ptxTypeBytes(T.Text.drop_front()))
          ElementBytes = B;
      } else if (T.Kind == TokenKind::Word || T.is(',')) {
        if (!V.Name.empty())
          M.SharedVariables.push_back(V);
        V.Name = T.Kind == TokenKind::Word ? T.Text.str() : "";
        V.Bytes = ElementBytes;
      } else if (T.is('[') && !V.Name.empty()) {
        std::uint64_t N = K + 1 < A.size() ? toUnsigned(A[K + 1]) : 0;
        if (N == 0 || __builtin_mul_overflow(V.Bytes, N, &V.Bytes))
          V.Bytes = 0; // name[]: sized at launch
      } else if (T.is('=')) {
        break;
      }
    }
    if (!V.Name.empty())
      M.SharedVariables.push_back(V);
  }

  void location(const std::vector<Token> &Args) {
    std::optional<LocEntry> E = parseLoc(Args);
    if (!E)
      return;
    std::vector<PtxInlineFrame> NewChain;
    const LocEntry *X = &*E;
    while (X->Inlined && NewChain.size() < MaxInlineDepth) {
      NewChain.push_back({X->FunctionLabel, X->InlinedAt});
      const LocEntry *Caller = nullptr;
      for (auto It = Group.rbegin(); It != Group.rend() && !Caller; ++It)
        if (keyOf(It->Loc) == keyOf(X->InlinedAt))
          Caller = &*It;
      if (!Caller) {
        auto It = Seen.find(keyOf(X->InlinedAt));
        if (It != Seen.end())
          Caller = &It->second;
      }
      if (!Caller || Caller == X)
        break;
      X = Caller;
    }
    Loc = E->Loc;
    Chain = std::move(NewChain);
    Seen[keyOf(E->Loc)] = *E;
    Group.push_back(std::move(*E));
  }

  const PtxStatement *lastDef(const std::string &Reg, size_t Before, size_t &Index) const {
    auto It = DefsOf.find(Reg);
    if (It == DefsOf.end())
      return nullptr;
    auto Pos = std::lower_bound(It->second.begin(), It->second.end(), Before);
    if (Pos == It->second.begin())
      return nullptr;
    Index = *(Pos - 1);
    return Instrs[Index];
  }

  Trace trace(const PtxOperand &Op, size_t Before, unsigned &Budget) const {
    Trace R;
    if (Budget == 0)
      return R;
    --Budget;
    if (Op.K == PtxOperand::Kind::Symbol) {
      R.Symbol = Op.Name;
      return R;
    }
    size_t Index = 0;
    const PtxStatement *D = Op.K == PtxOperand::Kind::Register ? lastDef("%" + Op.Name, Before, Index) : nullptr;
    if (!D)
      return R;
    auto Src = [&](size_t K) -> Trace {
      return K < D->Operands.size() ? trace(D->Operands[K], Index, Budget) : Trace();
    };
    const std::string &B = D->Base;
    if (B == "mov" || B == "cvt" || B == "sub")
      return Src(1);
    if (B == "add") {
      Trace L = Src(1);
      return L.decided() ? L : Src(2);
    }
    if (B == "mad")
      return Src(3);
    if (B == "cvta") {
      PtxInstr C = classify(*D);
      if (D->hasModifier("to"))
        return Src(1);
      if (C.Space == PtxSpace::Shared) {
        R = Src(1);
        R.ViaCvtaShared = true;
        return R;
      }
      R.NotShared = C.Space == PtxSpace::Global || C.Space == PtxSpace::Local ||
                    C.Space == PtxSpace::Const || C.Space == PtxSpace::Param;
    }
    return R;
  }

  bool isSharedVariable(const std::string &Name) const {
    return std::any_of(M.SharedVariables.begin(), M.SharedVariables.end(), [&](const PtxSharedVariable &V) {
      return V.Name == Name && (V.Function.empty() || V.Function == Function);
    });
  }

  /// Opcodes that may have a shared form; the others need no classification.
  static bool mayTouchShared(const PtxStatement &S) {
    static const char *const Bases[] = {"ld",      "st",       "atom", "red",     "ldmatrix", "stmatrix", "cp",
                                        "wgmma",   "mbarrier", "mapa", "tcgen05", "multimem", "cvta"};
    for (const char *B : Bases)
      if (S.Base == B)
        return true;
    return false;
  }

  void instruction(const PtxStatement &S) {
    Group.clear();
    size_t Index = Instrs.size();
    if (mayTouchShared(S)) {
      PtxInstr I = classify(S);
      if (I.touchesShared())
        access(std::move(I), Index);
    }
    if (writesFirstOperand(S)) {
      const PtxOperand &D = S.Operands[0];
      if (D.K == PtxOperand::Kind::Register)
        DefsOf["%" + D.Name].push_back(Index);
      for (const PtxOperand &E : D.Elements)
        if (E.K == PtxOperand::Kind::Register)
          DefsOf["%" + E.Name].push_back(Index);
    }
    Instrs.push_back(&S);
  }

  void access(PtxInstr I, size_t Index) {
    PtxModuleAccess A;
    PtxAddress Addr;
    Trace T;
    if (I.AddressOperand >= 0 && static_cast<size_t>(I.AddressOperand) < I.Operands.size()) {
      const PtxOperand &Op = I.Operands[I.AddressOperand];
      Addr.Text = Op.Text;
      Addr.Displacement = Op.Imm;
      unsigned Budget = TraceBudget;
      if (const PtxOperand *Base = Op.addressBase())
        T = trace(*Base, Index, Budget);
    }
    bool Plain = I.Class == PtxClass::Load || I.Class == PtxClass::Store || I.Class == PtxClass::Atomic;
    if (I.Space == PtxSpace::Generic && Plain) {
      if (T.NotShared)
        return; // a pointer into global, local or constant memory
      if (T.ViaCvtaShared) {
        I = asSharedAccess(I);
        A.ViaGeneric = true;
      }
    }
    if (isSharedVariable(T.Symbol))
      Addr.BaseSymbol = T.Symbol;
    I.Address = std::move(Addr);
    A.Function = InFunction ? Function : "";
    A.Loc = Loc;
    A.InlineChain = Chain;
    A.Instr = std::move(I);
    A.InInlineAsm = InAsm;
    M.Accesses.push_back(std::move(A));
  }

  void resolveNames() {
    auto Path = [&](PtxLoc &L) {
      auto It = M.Files.find(L.File);
      if (It != M.Files.end())
        L.Path = It->second;
    };
    for (PtxModuleAccess &A : M.Accesses) {
      Path(A.Loc);
      for (PtxInlineFrame &F : A.InlineChain) {
        Path(F.CallSite);
        auto It = DebugStrings.find(F.Function);
        if (It != DebugStrings.end())
          F.Function = It->second;
      }
    }
  }
};

} // namespace

PtxModule readPtxModule(llvm::StringRef Text) {
  PtxParseOptions Options;
  Options.Mode = LexMode::Module;
  PtxParseResult Parsed = parsePtx(Text, Options);
  PtxModule M;
  M.Problems = std::move(Parsed.Problems);
  ModuleReader(M).run(Parsed.Statements);
  return M;
}

} // namespace bankcheck::ptx
