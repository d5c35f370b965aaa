//===- NvccCompat.cpp - Source that nvcc accepts and Clang rejects --------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A small scanner over the text that knows comments, string and character
/// literals and identifiers: enough to find the constructs of NvccCompat.h
/// in code and nowhere else. No Clang types.
//===----------------------------------------------------------------------===//
#include "Frontend/NvccCompat.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

namespace bankcheck::frontend {

namespace {
bool isIdentChar(char C) { return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$'; }
bool isBlank(char C) { return C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' || C == '\v'; }

/// S[I] is a space or tab beside another one or beside one of Neighbours:
/// taking it away joins no two tokens (never the blank of `unsigned int`,
/// `- -x`, `/ /`). The rewrites that need room on a line take such blanks.
bool blankJoinsNothing(std::string_view S, std::size_t I, std::string_view Neighbours) {
  auto Free = [&](char C) { return C == ' ' || C == '\t' || Neighbours.find(C) != std::string_view::npos; };
  return (S[I] == ' ' || S[I] == '\t') && ((I > 0 && Free(S[I - 1])) || (I + 1 < S.size() && Free(S[I + 1])));
}

/// Code positions: Code[i] is true when Text[i] is outside comments and literals.
std::vector<bool> codeMask(const std::string &T) {
  std::vector<bool> Code(T.size(), false);
  std::size_t I = 0, N = T.size();
  while (I < N) {
    char C = T[I];
    if (C == '/' && I + 1 < N && T[I + 1] == '/') {
      while (I < N && T[I] != '\n')
        ++I;
    } else if (C == '/' && I + 1 < N && T[I + 1] == '*') {
      std::size_t E = T.find("*/", I + 2);
      I = E == std::string::npos ? N : E + 2;
    } else if (C == '"' || C == '\'') {
      // Raw strings R"d( ... )d" are rare in CUDA code; a plain scan is kept.
      Code[I] = true; // the opening quote is where a literal starts
      ++I;
      while (I < N && T[I] != C && T[I] != '\n') {
        if (T[I] == '\\')
          ++I;
        ++I;
      }
      if (I < N) {
        Code[I] = true; // and the closing one where it ends
        ++I;
      }
    } else {
      Code[I] = true;
      ++I;
    }
  }
  return Code;
}

/// Calls F(I, C) for each code character of [Begin, End) outside string and
/// character literals (the opening quote is passed, its contents are not);
/// stops where F returns false. Returns where it stopped (End: the end).
template <typename Fn>
std::size_t forEachCode(const std::string &T, const std::vector<bool> &Code, std::size_t Begin, std::size_t End,
                        Fn F) {
  bool InLiteral = false;
  char Quote = 0;
  for (std::size_t I = Begin; I < End; ++I) {
    if (!Code[I])
      continue;
    char C = T[I];
    if (InLiteral) {
      InLiteral = C != Quote;
      continue;
    }
    if (C == '"' || C == '\'') {
      InLiteral = true;
      Quote = C;
    }
    if (!F(I, C))
      return I;
  }
  return End;
}

/// The end (one past) of the parenthesised group starting at Open, or npos.
std::size_t matchParen(const std::string &T, const std::vector<bool> &Code, std::size_t Open) {
  int Depth = 0;
  std::size_t At = forEachCode(T, Code, Open, T.size(), [&](std::size_t, char C) {
    if (C == '(')
      ++Depth;
    return !(C == ')' && --Depth == 0);
  });
  return At == T.size() ? std::string::npos : At + 1;
}

const std::set<std::string> DeclPrefix = {"extern", "static", "const", "volatile", "__shared__",
                                          "__device__", "__constant__", "__managed__"};
const std::set<std::string> CudaSpace = {"__shared__", "__device__", "__constant__", "__managed__"};

/// `<prefix words> alignas(...)` at A (the 'a' of alignas) ending at E.
bool moveAlignas(std::string &T, const std::vector<bool> &Code, std::size_t A, std::size_t E,
                 std::vector<CompatEdit> &Out) {
  std::size_t S = A;
  bool Cuda = false;
  std::size_t I = A;
  while (true) {
    std::size_t J = I;
    while (J > 0 && isBlank(T[J - 1]) && Code[J - 1])
      --J;
    std::size_t WEnd = J;
    while (J > 0 && isIdentChar(T[J - 1]) && Code[J - 1])
      --J;
    if (J == WEnd)
      break;
    std::string W = T.substr(J, WEnd - J);
    if (!DeclPrefix.count(W) || (J > 0 && isIdentChar(T[J - 1])))
      break;
    Cuda |= CudaSpace.count(W) != 0;
    S = J;
    I = J;
  }
  if (!Cuda || S == A)
    return false;
  std::string Prefix = T.substr(S, A - S), Align = T.substr(A, E - A);
  T.replace(S, E - S, Align + Prefix);
  Out.push_back({S, "'" + Prefix.substr(0, Prefix.find_last_not_of(" \t\r\n") + 1) + " " + Align +
                        "' read as '" + Align + " " +
                        Prefix.substr(0, Prefix.find_last_not_of(" \t\r\n") + 1) + "'"});
  return true;
}

/// The operand lists of the asm statement whose '(' is at Open.
void commaOperands(std::string &T, const std::vector<bool> &Code, std::size_t Open, std::size_t End,
                   std::vector<CompatEdit> &Out) {
  int Depth = 0, Section = 0;
  forEachCode(T, Code, Open, End, [&](std::size_t I, char C) {
    if (C == '(') {
      ++Depth;
    } else if (C == ')') {
      --Depth;
      // The end of an output or input operand: another one right after it
      // with only blanks between is a missing comma.
      if (Depth == 1 && (Section == 1 || Section == 2)) {
        std::size_t J = I + 1;
        while (J < End && isBlank(T[J]))
          ++J;
        if (J > I + 1 && J < End && Code[J] && (T[J] == '"' || T[J] == '[')) {
          T[I + 1] = ',';
          Out.push_back({I + 1, "asm operands without a comma between them"});
        }
      }
    } else if (C == ':' && Depth == 1) {
      ++Section;
    }
    return true;
  });
}
bool isLetter(char C) { return std::isalpha(static_cast<unsigned char>(C)) != 0; }

/// In the template of the asm statement [Open, End) that has operands, the
/// first `%name` (a PTX special register: `%laneid`, `%smid`, `%clock`) that
/// nvcc passes on as it is and Clang takes for an operand with a modifier:
/// where its '%' is, or npos. `%%`, `%0`, `%[name]`, `%=` and a modifier
/// before a digit or `[` (`%c0`) are Clang's own.
std::size_t bareRegister(const std::string &T, const std::vector<bool> &Code, std::size_t Open, std::size_t End) {
  int Depth = 0;
  bool Operands = false;
  std::size_t TemplateEnd = End;
  forEachCode(T, Code, Open, End, [&](std::size_t I, char C) {
    if (C == '(')
      ++Depth;
    else if (C == ')')
      --Depth;
    else if (C == ':' && Depth == 1) {
      Operands = true;
      TemplateEnd = I;
      return false;
    }
    return true;
  });
  if (!Operands)
    return std::string::npos; // basic asm: Clang reads no escapes
  for (std::size_t I = Open; I + 2 < TemplateEnd; ++I) {
    if (Code[I] || T[I] != '%')
      continue; // only inside the template's string literals
    if (T[I + 1] == '%') {
      ++I;
      continue;
    }
    if (isLetter(T[I + 1]) && (isLetter(T[I + 2]) || T[I + 2] == '_') && !Code[I + 1] && !Code[I + 2])
      return I;
  }
  return std::string::npos;
}

/// `%laneid` read as `%%laneid` in the asm statement [Open, End): the '%'
/// doubled, and a blank of the statement on the same line (outside its
/// strings, beside punctuation or another blank) taken out to keep the
/// length and every other line's columns. Left alone where there is none.
void escapeRegisters(std::string &T, std::vector<bool> &Code, std::size_t Open, std::size_t End,
                     std::vector<CompatEdit> &Out) {
  for (unsigned Guard = 0; Guard < 64; ++Guard) {
    std::size_t At = bareRegister(T, Code, Open, End);
    if (At == std::string::npos)
      return;
    std::size_t LineBegin = T.rfind('\n', At), LineEnd = T.find('\n', At);
    LineBegin = LineBegin == std::string::npos || LineBegin < Open ? Open : LineBegin;
    LineEnd = LineEnd == std::string::npos || LineEnd > End ? End : LineEnd;
    // A blank that separates nothing: beside another blank or a bracket,
    // comma, colon or quote.
    auto Removable = [&](std::size_t I) {
      return Code[I] && I != 0 && I + 1 < T.size() && blankJoinsNothing(T, I, "()[],:\"");
    };
    std::size_t Blank = std::string::npos;
    for (std::size_t I = At; I > LineBegin && Blank == std::string::npos; --I)
      if (Removable(I - 1))
        Blank = I - 1;
    for (std::size_t I = At; I < LineEnd && Blank == std::string::npos; ++I)
      if (Removable(I))
        Blank = I;
    if (Blank == std::string::npos)
      return;
    std::size_t NameEnd = At + 1;
    while (NameEnd < T.size() && (isIdentChar(T[NameEnd])))
      ++NameEnd;
    Out.push_back({std::min(Blank, At), "'" + T.substr(At, NameEnd - At) + "' in an asm statement with operands read as '%" +
                                            T.substr(At, NameEnd - At) + "'"});
    if (Blank < At) {
      T.erase(Blank, 1);
      T.insert(At - 1, "%");
    } else {
      T.insert(At, "%");
      T.erase(Blank + 1, 1);
    }
    Code = codeMask(T);
  }
}
/// `#define M #pragma unroll` (moderngpu's PRAGMA_UNROLL): nvcc applies the
/// pragma where M is used; Clang reads the '#' there as an error. The
/// pragma (unroll or nounroll, with its count: a hint bankcheck's walk does
/// not read) is blanked out of the macro's body, the rest of the line kept.
void pragmasInMacros(std::string &T, const std::vector<bool> &Code, std::vector<CompatEdit> &Out) {
  const std::size_t N = T.size();
  for (std::size_t Line = 0; Line < N;) {
    std::size_t End = T.find('\n', Line);
    if (End == std::string::npos)
      End = N;
    std::size_t I = Line;
    while (I < End && isBlank(T[I]))
      ++I;
    auto Word = [&](std::size_t &At, std::string_view W) {
      if (T.compare(At, W.size(), W) != 0 || (At + W.size() < End && isIdentChar(T[At + W.size()])))
        return false;
      At += W.size();
      return true;
    };
    auto Blanks = [&](std::size_t &At) {
      while (At < End && (T[At] == ' ' || T[At] == '\t'))
        ++At;
    };
    std::size_t P = I;
    if (P < End && Code[P] && T[P] == '#') {
      ++P;
      Blanks(P);
      if (Word(P, "define")) {
        // The body: after the name (and a parameter list).
        Blanks(P);
        while (P < End && isIdentChar(T[P]))
          ++P;
        if (P < End && T[P] == '(') {
          std::size_t Close = T.find(')', P);
          P = Close == std::string::npos ? End : std::min(End, Close + 1);
        }
        for (; P < End; ++P) {
          if (!Code[P] || T[P] != '#')
            continue;
          std::size_t Q = P + 1;
          Blanks(Q);
          if (!Word(Q, "pragma"))
            continue;
          Blanks(Q);
          std::size_t R = Q;
          if (!Word(R, "unroll") && !Word(R, "nounroll"))
            continue;
          // To the end of the line, a comment or a continuation.
          std::size_t Stop = P;
          while (Stop < End && Code[Stop] && T[Stop] != '\\' && T[Stop] != '\r' &&
                 !(T[Stop] == '/' && Stop + 1 < End && (T[Stop + 1] == '/' || T[Stop + 1] == '*')))
            ++Stop;
          std::string Pragma = T.substr(P, Stop - P);
          Pragma.erase(Pragma.find_last_not_of(" \t") + 1);
          Out.push_back({P, "'" + Pragma + "' in the body of a macro read as nothing (nvcc applies it where the "
                                           "macro is used; an unrolling hint does not change the analysis)"});
          for (std::size_t K = P; K < Stop; ++K)
            T[K] = ' ';
          break;
        }
      }
    }
    Line = End + 1;
  }
}
} // namespace

bool mayRewriteForClang(std::string_view T) {
  return T.find("alignas") != std::string_view::npos || T.find("asm") != std::string_view::npos ||
         T.find("unroll") != std::string_view::npos;
}

std::vector<CompatEdit> rewriteForClang(std::string &T) {
  std::vector<CompatEdit> Out;
  if (!mayRewriteForClang(T))
    return Out;
  std::vector<bool> Code = codeMask(T);
  if (T.find("unroll") != std::string::npos)
    pragmasInMacros(T, Code, Out);
  std::size_t I = 0, N = T.size();
  while (I < N) {
    if (!Code[I] || !isIdentChar(T[I]) || (I > 0 && isIdentChar(T[I - 1]) && Code[I - 1])) {
      ++I;
      continue;
    }
    std::size_t E = I;
    while (E < N && Code[E] && isIdentChar(T[E]))
      ++E;
    const std::string_view W(T.data() + I, E - I); // T is not changed before W's last use
    std::size_t P = E;
    if (W == "alignas" || W == "asm" || W == "__asm__" || W == "__asm") {
      // Skip blanks (and the asm qualifiers) to the opening parenthesis.
      while (true) {
        while (P < N && Code[P] && isBlank(T[P]))
          ++P;
        std::size_t Q = P;
        while (Q < N && Code[Q] && isIdentChar(T[Q]))
          ++Q;
        const std::string_view Qual(T.data() + P, Q - P);
        if (W != "alignas" && (Qual == "volatile" || Qual == "__volatile__" || Qual == "inline" || Qual == "goto"))
          P = Q;
        else
          break;
      }
      if (P < N && Code[P] && T[P] == '(') {
        std::size_t Close = matchParen(T, Code, P);
        if (Close != std::string::npos) {
          if (W == "alignas")
            moveAlignas(T, Code, I, Close, Out);
          else {
            commaOperands(T, Code, P, Close, Out);
            escapeRegisters(T, Code, P, Close, Out);
          }
          I = Close;
          continue;
        }
      }
    }
    I = E;
  }
  std::stable_sort(Out.begin(), Out.end(),
                   [](const CompatEdit &A, const CompatEdit &B) { return A.Offset < B.Offset; });
  return Out;
}

std::vector<CompatEdit> insertTemplateKeywords(std::string &T, const std::vector<std::size_t> &Names) {
  std::vector<std::size_t> Sorted = Names;
  std::sort(Sorted.begin(), Sorted.end());
  std::vector<CompatEdit> Out;
  std::set<std::size_t> LinesDone;
  // Once: an edit only trades blanks for `$S ` on its own line, which moves
  // no quote or comment, so what is code stays where it was on later lines.
  const std::vector<bool> Code = codeMask(T);
  for (std::size_t At : Sorted) {
    if (At >= T.size() || !isIdentChar(T[At]) || (At > 0 && isIdentChar(T[At - 1])))
      continue;
    std::size_t NameEnd = At;
    while (NameEnd < T.size() && isIdentChar(T[NameEnd]))
      ++NameEnd;
    std::size_t Less = NameEnd;
    while (Less < T.size() && (T[Less] == ' ' || T[Less] == '\t'))
      ++Less;
    // The separator before the name, which a macro of bankcheck_compat.h
    // takes the place of: `$S ` is `::template`, `$P ` is `->template`,
    // `$M ` is `.template`.
    std::size_t Sep = At;
    while (Sep > 0 && (T[Sep - 1] == ' ' || T[Sep - 1] == '\t'))
      --Sep;
    std::string_view Two = Sep >= 2 ? std::string_view(T).substr(Sep - 2, 2) : std::string_view();
    std::string Of, Macro;
    if (Two == "::" || Two == "->") {
      Of = std::string(Two);
      Macro = Two == "::" ? "$S" : "$P";
      Sep -= 2;
    } else if (Sep >= 1 && T[Sep - 1] == '.') {
      Of = ".";
      Macro = "$M";
      Sep -= 1;
    }
    if (Less >= T.size() || T[Less] != '<' || Of.empty())
      continue;
    const std::size_t LineBegin = T.rfind('\n', At) == std::string::npos ? 0 : T.rfind('\n', At) + 1;
    if (Sep < LineBegin || !LinesDone.insert(LineBegin).second)
      continue;
    // The macro and a blank in place of the separator (and the blanks after
    // it), a blank before it too after a word (`$` continues an identifier);
    // what more that needs, blanks of the line before it pay for.
    std::string Span = (Sep > 0 && isIdentChar(T[Sep - 1]) ? " " : "") + Macro + " ";
    std::size_t Need = Span.size() > At - Sep ? Span.size() - (At - Sep) : 0;
    Span.append(At - Sep + Need - Span.size(), ' ');
    // A blank that separates nothing: at the start of the line, beside
    // another blank, or beside a bracket, comma or semicolon (never one in
    // `> >`).
    std::string Line = T.substr(LineBegin, Sep - LineBegin);
    std::size_t Taken = 0;
    for (std::size_t I = Line.size(); I-- > 0 && Taken < Need;) {
      if (!(Line[I] == ' ' || Line[I] == '\t') || !Code[LineBegin + I])
        continue;
      bool AtStart = Line.find_first_not_of(" \t") > I;
      if (AtStart || blankJoinsNothing(Line, I, "()[]{},;")) {
        Line.erase(I, 1); // what is left decides the next one (`a,  b` keeps one blank)
        ++Taken;
      }
    }
    if (Taken < Need)
      continue;
    T.replace(LineBegin, At - LineBegin, Line + Span);
    const std::string Name = T.substr(At, NameEnd - At);
    Out.push_back({At, "'" + Of + Name + "<' read as '" + Of + "template " + Name +
                           "<' (a member template of a dependent type named without the 'template' keyword)"});
  }
  return Out;
}

std::size_t templateNameFrom(std::string_view T, std::size_t At) {
  auto SkipBlanks = [&](std::size_t I) {
    while (I < T.size() && (T[I] == ' ' || T[I] == '\t'))
      ++I;
    return I;
  };
  auto SeparatorAt = [&](std::size_t I) -> std::size_t { // its length, or 0
    if (T.substr(I, 2) == "::" || T.substr(I, 2) == "->")
      return 2;
    return I < T.size() && T[I] == '.' ? 1 : 0;
  };
  bool AfterSeparator = (At >= 1 && T[At - 1] == '.') || (At >= 2 && SeparatorAt(At - 2) == 2);
  if (T.substr(At, 2) == "::") { // `::X<...>::f`: the global qualifier
    At = SkipBlanks(At + 2);
    AfterSeparator = true;
  }
  for (unsigned Part = 0; Part < 16; ++Part) {
    if (At >= T.size() || !isIdentChar(T[At]) || std::isdigit(static_cast<unsigned char>(T[At])))
      return std::string::npos;
    const std::size_t Name = At;
    while (At < T.size() && isIdentChar(T[At]))
      ++At;
    At = SkipBlanks(At);
    if (At < T.size() && T[At] == '<') {
      // Its template arguments (or what Clang read as a comparison),
      // balanced on this line; a qualifier's when a separator follows.
      int Angle = 0, Paren = 0;
      for (; At < T.size() && T[At] != '\n' && T[At] != ';'; ++At) {
        Paren += T[At] == '(' || T[At] == '[';
        Paren -= T[At] == ')' || T[At] == ']';
        if (Paren == 0)
          Angle += T[At] == '<' ? 1 : T[At] == '>' ? -1 : 0;
        if (Angle == 0 && Paren == 0)
          break;
      }
      if (At >= T.size() || T[At] != '>')
        return std::string::npos;
      At = SkipBlanks(At + 1);
      if (!SeparatorAt(At))
        return AfterSeparator ? Name : std::string::npos;
    }
    std::size_t L = SeparatorAt(At);
    if (!L)
      return std::string::npos;
    At = SkipBlanks(At + L);
    AfterSeparator = true;
  }
  return std::string::npos;
}

} // namespace bankcheck::frontend
