//===- PtxParser.cpp - PTX statements: instructions, directives, scopes ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxParser.h"

#include "llvm/ADT/StringSwitch.h"

#include <climits>

namespace bankcheck::ptx {

bool PtxStatement::hasModifier(llvm::StringRef M) const {
  for (const std::string &X : Modifiers)
    if (X == M)
      return true;
  return false;
}

namespace {

/// Directives that end at the end of their line (they take no `;`).
bool isLineDirective(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases(".loc", ".file", ".version", ".target", ".address_size", ".section", true)
      .Cases(".b8", ".b16", ".b32", ".b64", ".dwarf", true)
      .Default(false);
}

/// Nesting of operand lists ({...} and (...)) read before giving up.
constexpr unsigned MaxListDepth = 8;
/// Problems recorded before the rest are counted only.
constexpr size_t MaxProblems = 64;

class Parser {
public:
  Parser(llvm::StringRef Text, const PtxParseOptions &Options) : Options(Options) {
    // Comments are dropped, except the markers of inline asm in compiled PTX,
    // which are emitted as statements where they stood.
    std::vector<Token> All = lex(Text, Options.Mode);
    Toks.reserve(All.size());
    for (const Token &T : All) {
      if (T.Kind != TokenKind::Comment) {
        Toks.push_back(T);
        continue;
      }
      if (Options.Mode != LexMode::Module)
        continue;
      if (T.Text == "begin inline asm")
        Markers.push_back({Toks.size(), T.Line, PtxStatement::Kind::AsmBegin});
      else if (T.Text == "end inline asm")
        Markers.push_back({Toks.size(), T.Line, PtxStatement::Kind::AsmEnd});
    }
  }

  PtxParseResult run() {
    Result.Statements.reserve(Toks.size() / 4 + 1);
    while (cur().Kind != TokenKind::End) {
      emitMarkers();
      statement();
    }
    emitMarkers();
    if (Dropped)
      Result.Problems.push_back(std::to_string(Dropped) + " more problems");
    return std::move(Result);
  }

private:
  struct Marker {
    size_t Index;
    unsigned Line;
    PtxStatement::Kind K;
  };
  const PtxParseOptions &Options;
  std::vector<Token> Toks;
  std::vector<Marker> Markers;
  size_t NextMarker = 0;
  size_t P = 0;
  size_t Dropped = 0;
  PtxParseResult Result;

  const Token &cur() const { return Toks[P]; }
  const Token &ahead(size_t N) const { return Toks[P + N < Toks.size() ? P + N : Toks.size() - 1]; }
  void advance() {
    if (Toks[P].Kind != TokenKind::End)
      ++P;
  }
  bool atEnd() const { return cur().Kind == TokenKind::End; }

  void problem(unsigned Line, const std::string &What) {
    if (Result.Problems.size() >= MaxProblems) {
      ++Dropped;
      return;
    }
    Result.Problems.push_back("line " + std::to_string(Line) + ": " + What);
  }

  void emitMarkers() {
    while (NextMarker < Markers.size() && Markers[NextMarker].Index <= P) {
      PtxStatement S;
      S.K = Markers[NextMarker].K;
      S.Line = Markers[NextMarker].Line;
      Result.Statements.push_back(std::move(S));
      ++NextMarker;
    }
  }

  void push(PtxStatement::Kind K, unsigned Line, llvm::StringRef Name = "") {
    PtxStatement S;
    S.K = K;
    S.Line = Line;
    S.Opcode = Name.str();
    Result.Statements.push_back(std::move(S));
  }

  /// Skips a broken statement up to its `;` (consumed) or a brace (kept).
  void skipToEnd() {
    while (!atEnd() && !cur().is(';') && !cur().is('{') && !cur().is('}'))
      advance();
    if (cur().is(';'))
      advance();
  }

  void statement() {
    const Token &T = cur();
    if (T.is('{') || T.is('}')) {
      push(T.is('{') ? PtxStatement::Kind::ScopeOpen : PtxStatement::Kind::ScopeClose, T.Line);
      advance();
      return;
    }
    if (T.is(';')) {
      advance();
      return;
    }
    if (T.Kind == TokenKind::Word && T.Text[0] != '.' && ahead(1).is(':')) {
      push(PtxStatement::Kind::Label, T.Line, T.Text);
      advance();
      advance();
      return;
    }
    if (T.Kind == TokenKind::Word && T.Text[0] == '.') {
      directive();
      return;
    }
    if (T.Kind == TokenKind::Word || T.is('@')) {
      instruction();
      return;
    }
    problem(T.Line, "unexpected '" + T.Raw.str() + "' at the start of a statement");
    advance();
  }

  void directive() {
    PtxStatement S;
    S.K = PtxStatement::Kind::Directive;
    S.Line = cur().Line;
    S.Opcode = cur().Text.str();
    bool LineOnly = isLineDirective(cur().Text);
    unsigned LastLine = cur().Line;
    advance();
    while (!atEnd()) {
      const Token &T = cur();
      if (T.is(';')) {
        S.EndsWithSemicolon = true;
        advance();
        break;
      }
      if (T.is('{') && !S.Args.empty() && S.Args.back().is('=')) {
        // An initializer: `= {1, 2, {3, 4}}`.
        unsigned Depth = 0;
        do {
          if (cur().is('{'))
            ++Depth;
          else if (cur().is('}'))
            --Depth;
          S.Args.push_back(cur());
          advance();
        } while (Depth && !atEnd() && !cur().is(';'));
        continue;
      }
      if (T.is('{') || T.is('}'))
        break;
      if (LineOnly && T.Line != S.Line)
        break;
      if (T.Line != LastLine && T.Kind == TokenKind::Word && (T.Text == ".loc" || T.Text == ".file"))
        break; // a directive that lost its ';'
      LastLine = T.Line;
      S.Args.push_back(T);
      advance();
    }
    Result.Statements.push_back(std::move(S));
  }

  static void splitOpcode(PtxStatement &S) {
    llvm::StringRef Rest(S.Opcode);
    bool First = true;
    while (!Rest.empty()) {
      auto [Part, Tail] = Rest.split('.');
      Rest = Tail;
      if (Part.empty())
        continue;
      if (First)
        S.Base = Part.str();
      else
        S.Modifiers.push_back(Part.str());
      First = false;
    }
  }

  void instruction() {
    PtxStatement S;
    S.K = PtxStatement::Kind::Instruction;
    S.Line = cur().Line;
    if (cur().is('@')) {
      advance();
      bool Negated = cur().is('!');
      if (Negated)
        advance();
      S.Guard = atom(0, /*AllowOffset=*/false);
      S.Guard.Negated = Negated;
      if (S.Guard.K == PtxOperand::Kind::None) {
        problem(S.Line, "expected a predicate after '@'");
        skipToEnd();
        return;
      }
    }
    if (cur().Kind != TokenKind::Word || cur().Text[0] == '.') {
      problem(S.Line, "expected an opcode");
      skipToEnd();
      return;
    }
    S.Opcode = cur().Text.str();
    splitOpcode(S);
    advance();
    operands(S);
    Result.Statements.push_back(std::move(S));
  }

  void operands(PtxStatement &S) {
    if (cur().is(';')) {
      advance();
      return;
    }
    while (!atEnd() && !cur().is('}')) {
      unsigned Line = cur().Line;
      PtxOperand Op = operand(0);
      if (Op.K == PtxOperand::Kind::None) {
        problem(Line, "unreadable operand '" + cur().Raw.str() + "' of " + S.Opcode);
        skipToEnd();
        return;
      }
      S.Operands.push_back(std::move(Op));
      if (cur().is(',')) {
        advance();
        continue;
      }
      if (cur().is(';')) {
        advance();
        return;
      }
      if (atEnd() || cur().is('}'))
        return;
      problem(cur().Line, "expected ',' or ';' after an operand of " + S.Opcode);
      if (cur().Line != Toks[P - 1].Line)
        return; // a lost ';': the next line is the next statement
      skipToEnd();
      return;
    }
  }

  /// The operand's spelling from token Begin to the current one, without
  /// spaces.
  std::string spelling(size_t Begin) const {
    std::string S;
    for (size_t I = Begin; I < P && I < Toks.size(); ++I)
      S.append(Toks[I].Raw.data(), Toks[I].Raw.size());
    return S;
  }

  PtxOperand operand(unsigned Depth) {
    size_t Begin = P;
    bool Negated = cur().is('!');
    if (Negated)
      advance();
    PtxOperand Op = atom(Depth, /*AllowOffset=*/true);
    if (Op.K != PtxOperand::Kind::None && cur().is('|')) {
      // setp's pair of destinations: %p|%q.
      advance();
      PtxOperand Second = atom(Depth, false);
      PtxOperand Pair;
      Pair.K = PtxOperand::Kind::Vector;
      Pair.Elements.push_back(std::move(Op));
      if (Second.K != PtxOperand::Kind::None)
        Pair.Elements.push_back(std::move(Second));
      Op = std::move(Pair);
    }
    if (Op.K == PtxOperand::Kind::None) {
      P = Begin;
      return Op;
    }
    Op.Negated = Negated;
    Op.Text = spelling(Begin);
    return Op;
  }

  unsigned operandIndex(const Token &T) {
    llvm::StringRef S = T.Text;
    if (!S.empty() && S[0] >= '0' && S[0] <= '9') {
      unsigned long long V = 0;
      if (S.getAsInteger(10, V) || V >= UINT_MAX)
        return ~0u;
      return static_cast<unsigned>(V);
    }
    for (size_t I = 0; I < Options.OperandNames.size(); ++I)
      if (Options.OperandNames[I] == S)
        return static_cast<unsigned>(I);
    problem(T.Line, "no operand is named '" + S.str() + "'");
    return ~0u;
  }

  /// Adds Sign * V to Acc; false on overflow.
  static bool addSigned(std::int64_t &Acc, int Sign, std::int64_t V) {
    return Sign > 0 ? !__builtin_add_overflow(Acc, V, &Acc) : !__builtin_sub_overflow(Acc, V, &Acc);
  }

  /// One operand without a leading '!' or a '|' pair; Text is its spelling.
  PtxOperand atom(unsigned Depth, bool AllowOffset) {
    size_t Begin = P;
    PtxOperand Op = atomBody(Depth, AllowOffset);
    if (Op.K != PtxOperand::Kind::None)
      Op.Text = spelling(Begin);
    return Op;
  }

  PtxOperand atomBody(unsigned Depth, bool AllowOffset) {
    PtxOperand Op;
    const Token &T = cur();
    switch (T.Kind) {
    case TokenKind::Register:
      Op.K = PtxOperand::Kind::Register;
      Op.Name = T.Text.str();
      advance();
      break;
    case TokenKind::AsmOperand:
      Op.K = PtxOperand::Kind::AsmOperand;
      Op.Index = operandIndex(T);
      advance();
      break;
    case TokenKind::Integer:
      Op.K = PtxOperand::Kind::Immediate;
      Op.Imm = T.Value;
      Op.Complex = T.Overflow;
      advance();
      return Op;
    case TokenKind::Float:
      Op.K = PtxOperand::Kind::Float;
      Op.Name = T.Text.str();
      advance();
      return Op;
    case TokenKind::Word:
      if (T.Text[0] == '.')
        return Op;
      Op.K = PtxOperand::Kind::Symbol;
      Op.Name = T.Text.str();
      advance();
      break;
    case TokenKind::Punct:
      if (T.is('-') && ahead(1).Kind == TokenKind::Integer) {
        advance();
        Op.K = PtxOperand::Kind::Immediate;
        Op.Imm = static_cast<std::int64_t>(0ULL - static_cast<std::uint64_t>(cur().Value));
        Op.Complex = cur().Overflow;
        advance();
        return Op;
      }
      if (T.is('-') && ahead(1).Kind == TokenKind::Float) {
        advance();
        Op.K = PtxOperand::Kind::Float;
        Op.Name = "-" + cur().Text.str();
        advance();
        return Op;
      }
      if (T.is('['))
        return address(Depth);
      if ((T.is('{') || T.is('(')) && Depth < MaxListDepth)
        return list(T.is('{') ? '}' : ')', Depth + 1);
      return Op;
    default:
      return Op;
    }
    // sym+8, %r1+4 outside brackets.
    if (AllowOffset && (cur().is('+') || cur().is('-')) && ahead(1).Kind == TokenKind::Integer) {
      int Sign = cur().is('-') ? -1 : 1;
      advance();
      if (cur().Overflow || !addSigned(Op.Imm, Sign, cur().Value))
        Op.Complex = true;
      advance();
    }
    return Op;
  }

  PtxOperand address(unsigned Depth) {
    PtxOperand Op;
    Op.K = PtxOperand::Kind::Address;
    unsigned Line = cur().Line;
    advance(); // '['
    bool HaveBase = false;
    while (true) {
      if (cur().is(']')) {
        advance();
        break;
      }
      if (atEnd() || cur().is(';') || cur().is('}')) {
        problem(Line, "unterminated address");
        Op.Complex = true;
        break;
      }
      int Sign = 1;
      while (cur().is('+') || cur().is('-')) {
        if (cur().is('-'))
          Sign = -Sign;
        advance();
      }
      const Token &T = cur();
      if (T.Kind == TokenKind::Integer) {
        if (T.Overflow || !addSigned(Op.Imm, Sign, T.Value))
          Op.Complex = true;
        advance();
        continue;
      }
      if (T.Kind == TokenKind::Register || T.Kind == TokenKind::AsmOperand ||
          (T.Kind == TokenKind::Word && T.Text[0] != '.')) {
        PtxOperand Term = atom(Depth, false);
        if (!HaveBase && Sign > 0) {
          Op.Elements.push_back(std::move(Term));
          HaveBase = true;
        } else {
          Op.Complex = true;
        }
        continue;
      }
      if ((T.is('{') || T.is('(')) && Depth < MaxListDepth) {
        list(T.is('{') ? '}' : ')', Depth + 1); // texture coordinates
        Op.Complex = true;
        continue;
      }
      if (T.is(']') || T.is(';') || T.is('}') || T.Kind == TokenKind::End)
        continue;
      Op.Complex = true; // ',' or anything else
      advance();
    }
    return Op;
  }

  PtxOperand list(char Close, unsigned Depth) {
    PtxOperand Op;
    Op.K = PtxOperand::Kind::Vector;
    unsigned Line = cur().Line;
    advance(); // '{' or '('
    while (true) {
      if (cur().is(Close)) {
        advance();
        break;
      }
      if (atEnd() || cur().is(';') || (Close == ')' && cur().is('}'))) {
        problem(Line, std::string("unterminated list: expected '") + Close + "'");
        break;
      }
      if (cur().is(',')) {
        advance();
        continue;
      }
      PtxOperand E = operand(Depth);
      if (E.K == PtxOperand::Kind::None) {
        problem(cur().Line, "unreadable list element '" + cur().Raw.str() + "'");
        advance();
        continue;
      }
      Op.Elements.push_back(std::move(E));
    }
    return Op;
  }
};

} // namespace

PtxParseResult parsePtx(llvm::StringRef Text, const PtxParseOptions &Options) {
  return Parser(Text, Options).run();
}

} // namespace bankcheck::ptx
