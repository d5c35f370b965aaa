//===- PtxLexer.cpp - Tokens of PTX text and inline-asm templates ---------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Ptx/PtxLexer.h"

namespace bankcheck::ptx {

namespace {

bool isIdentStart(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_' || C == '$';
}
bool isDigit(char C) { return C >= '0' && C <= '9'; }
bool isIdentChar(char C) { return isIdentStart(C) || isDigit(C); }
int hexValue(char C) {
  if (isDigit(C))
    return C - '0';
  if (C >= 'a' && C <= 'f')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'F')
    return C - 'A' + 10;
  return -1;
}

class Lexer {
public:
  Lexer(llvm::StringRef Text, LexMode Mode) : Text(Text), Mode(Mode) {}

  std::vector<Token> run() {
    std::vector<Token> Tokens;
    Tokens.reserve(Text.size() / 4 + 1);
    while (true) {
      skipSpace();
      if (Pos >= Text.size())
        break;
      size_t Start = Pos;
      Tokens.push_back(next());
      Tokens.back().Raw = Text.slice(Start, Pos);
    }
    Token EndTok;
    EndTok.Line = Line;
    EndTok.Text = EndTok.Raw = Text.substr(Text.size());
    Tokens.push_back(EndTok);
    return Tokens;
  }

private:
  llvm::StringRef Text;
  LexMode Mode;
  size_t Pos = 0;
  unsigned Line = 1;

  char peek(size_t Ahead = 0) const { return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0'; }

  void skipSpace() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (C == '\n') {
        ++Line;
        ++Pos;
      } else if (C == ' ' || C == '\t' || C == '\r' || C == '\v' || C == '\f') {
        ++Pos;
      } else if (Mode == LexMode::AsmTemplate && C == '\\' && (peek(1) == 'n' || peek(1) == 't')) {
        // A template copied from source text with its escapes still written.
        if (peek(1) == 'n')
          ++Line;
        Pos += 2;
      } else {
        return;
      }
    }
  }

  Token make(TokenKind Kind, size_t Begin, size_t End) {
    Token T;
    T.Kind = Kind;
    T.Text = Text.slice(Begin, End);
    T.Line = Line;
    return T;
  }

  /// Consumes identifier characters, '.', "::" and (in a template) "%=".
  void wordTail() {
    while (Pos < Text.size()) {
      char C = Text[Pos];
      if (isIdentChar(C) || C == '.')
        ++Pos;
      else if (C == ':' && peek(1) == ':')
        Pos += 2;
      else if (Mode == LexMode::AsmTemplate && C == '%' && peek(1) == '=')
        Pos += 2;
      else
        return;
    }
  }

  Token next() {
    size_t Begin = Pos;
    char C = Text[Pos];
    if (C == '/' && peek(1) == '/')
      return comment(Begin, Text.find('\n', Pos), 2, 0);
    if (C == '/' && peek(1) == '*') {
      size_t Close = Text.find("*/", Pos + 2);
      return comment(Begin, Close == llvm::StringRef::npos ? Close : Close + 2, 2, 2);
    }
    if (C == '"')
      return string(Begin);
    if (C == '%')
      return percent(Begin);
    if (isDigit(C))
      return number(Begin);
    if (isIdentStart(C) || (C == '.' && isIdentStart(peek(1)))) {
      ++Pos;
      wordTail();
      return make(TokenKind::Word, Begin, Pos);
    }
    ++Pos;
    return make(TokenKind::Punct, Begin, Pos);
  }

  Token comment(size_t Begin, size_t End, size_t Open, size_t Close) {
    if (End == llvm::StringRef::npos)
      End = Text.size();
    unsigned StartLine = Line;
    for (size_t I = Begin; I < End; ++I)
      if (Text[I] == '\n')
        ++Line;
    Pos = End;
    Token T;
    T.Kind = TokenKind::Comment;
    size_t BodyEnd = End - Close >= Begin + Open ? End - Close : Begin + Open;
    if (Close && !Text.slice(Begin, End).ends_with("*/"))
      BodyEnd = End; // unterminated block comment
    T.Text = Text.slice(Begin + Open, BodyEnd).trim();
    T.Line = StartLine;
    return T;
  }

  Token string(size_t Begin) {
    ++Pos;
    size_t BodyBegin = Pos;
    while (Pos < Text.size() && Text[Pos] != '"' && Text[Pos] != '\n') {
      if (Text[Pos] == '\\' && Pos + 1 < Text.size() && Text[Pos + 1] != '\n')
        ++Pos;
      ++Pos;
    }
    Token T = make(TokenKind::String, BodyBegin, Pos);
    if (Pos < Text.size() && Text[Pos] == '"')
      ++Pos;
    return T;
  }

  Token percent(size_t Begin) {
    ++Pos; // the '%'
    if (Mode == LexMode::Module) {
      if (isIdentStart(peek())) {
        size_t NameBegin = Pos;
        wordTail();
        return make(TokenKind::Register, NameBegin, Pos);
      }
      return make(TokenKind::Punct, Begin, Pos);
    }
    // Template: %% is a literal '%'.
    if (peek() == '%') {
      ++Pos;
      if (isIdentStart(peek())) {
        size_t NameBegin = Pos;
        wordTail();
        return make(TokenKind::Register, NameBegin, Pos);
      }
      return make(TokenKind::Punct, Pos - 1, Pos);
    }
    if (isDigit(peek())) {
      size_t DigitsBegin = Pos;
      while (isDigit(peek()))
        ++Pos;
      return make(TokenKind::AsmOperand, DigitsBegin, Pos);
    }
    if (peek() == '[') {
      size_t Close = Text.find(']', Pos);
      size_t NameBegin = Pos + 1;
      bool Valid = Close != llvm::StringRef::npos && Close > NameBegin;
      for (size_t I = NameBegin; Valid && I < Close; ++I)
        Valid = isIdentChar(Text[I]);
      if (Valid) {
        Pos = Close + 1;
        return make(TokenKind::AsmOperand, NameBegin, Close);
      }
      return make(TokenKind::Punct, Begin, Pos);
    }
    if (peek() == '=') {
      // %= (a number unique to the asm statement) used alone, as in a label.
      ++Pos;
      wordTail();
      return make(TokenKind::Word, Begin, Pos);
    }
    if (isIdentStart(peek()) && isDigit(peek(1))) {
      // An operand modifier, GCC style: %c2 is operand 2.
      ++Pos;
      size_t DigitsBegin = Pos;
      while (isDigit(peek()))
        ++Pos;
      if (!isIdentChar(peek()) && peek() != '.')
        return make(TokenKind::AsmOperand, DigitsBegin, Pos);
      Pos = Begin + 1;
    }
    if (isIdentStart(peek())) {
      // A register written without the %% escape: invalid, but readable.
      size_t NameBegin = Pos;
      wordTail();
      return make(TokenKind::Register, NameBegin, Pos);
    }
    return make(TokenKind::Punct, Begin, Pos);
  }

  /// Accumulates digits of Base into T; flags overflow past 64 bits.
  void digits(Token &T, unsigned Base) {
    std::uint64_t V = 0;
    while (Pos < Text.size()) {
      int D = hexValue(Text[Pos]);
      if (D < 0 || static_cast<unsigned>(D) >= Base)
        break;
      if (V > (UINT64_MAX - static_cast<unsigned>(D)) / Base)
        T.Overflow = true;
      V = V * Base + static_cast<unsigned>(D);
      ++Pos;
    }
    T.Value = static_cast<std::int64_t>(V);
  }

  Token number(size_t Begin) {
    Token T;
    T.Kind = TokenKind::Integer;
    T.Line = Line;
    char C1 = peek(1);
    if (Text[Pos] == '0' && (C1 == 'f' || C1 == 'F' || C1 == 'd' || C1 == 'D') &&
        hexValue(peek(2)) >= 0) {
      Pos += 2;
      while (hexValue(peek()) >= 0)
        ++Pos;
      T.Kind = TokenKind::Float;
    } else if (Text[Pos] == '0' && (C1 == 'x' || C1 == 'X') && hexValue(peek(2)) >= 0) {
      Pos += 2;
      digits(T, 16);
    } else if (Text[Pos] == '0' && (C1 == 'b' || C1 == 'B') && (peek(2) == '0' || peek(2) == '1')) {
      Pos += 2;
      digits(T, 2);
    } else {
      size_t Save = Pos;
      digits(T, 10);
      if (peek() == '.' || peek() == 'e' || peek() == 'E') {
        // A decimal float: digits . digits [e [+-] digits]
        if (peek() == '.') {
          ++Pos;
          while (isDigit(peek()))
            ++Pos;
        }
        if ((peek() == 'e' || peek() == 'E') &&
            (isDigit(peek(1)) || ((peek(1) == '+' || peek(1) == '-') && isDigit(peek(2))))) {
          Pos += 2;
          while (isDigit(peek()))
            ++Pos;
        }
        T.Kind = TokenKind::Float;
        T.Overflow = false;
      } else if (Text[Save] == '0' && Pos - Save > 1) {
        Pos = Save; // a leading 0 means octal
        T.Overflow = false;
        digits(T, 8);
        while (isDigit(peek())) { // 089: not octal; keep the digits in one token
          T.Overflow = true;
          ++Pos;
        }
      }
    }
    if (T.Kind == TokenKind::Integer && (peek() == 'U' || peek() == 'u'))
      ++Pos;
    T.Text = Text.slice(Begin, Pos);
    return T;
  }
};

} // namespace

std::vector<Token> lex(llvm::StringRef Text, LexMode Mode) { return Lexer(Text, Mode).run(); }

} // namespace bankcheck::ptx
