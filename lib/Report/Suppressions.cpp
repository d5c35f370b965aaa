//===- Suppressions.cpp - clang-tidy's NOLINT comments ---------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Suppressions.h"
#include "Report/CheckSelection.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <string>

namespace bankcheck::report {

namespace {
enum class Directive { NoLint, NextLine, Begin, End };

std::optional<Directive> directiveNamed(llvm::StringRef Name) {
  if (Name == "NOLINT") return Directive::NoLint;
  if (Name == "NOLINTNEXTLINE") return Directive::NextLine;
  if (Name == "NOLINTBEGIN") return Directive::Begin;
  if (Name == "NOLINTEND") return Directive::End;
  return std::nullopt;
}

/// clang-tidy's GlobList without negative globs: items split at ',' (or a
/// newline), trimmed; a leading '-' marks a negative glob, which NOLINT drops.
bool checkListContains(llvm::StringRef Globs, llvm::StringRef Check) {
  do {
    Globs = Globs.trim();
    bool Negative = Globs.consume_front("-");
    std::size_t Cut = Globs.find_first_of(",\n");
    llvm::StringRef Glob = Globs.substr(0, Cut).trim();
    Globs = Cut == llvm::StringRef::npos ? llvm::StringRef() : Globs.substr(Cut + 1);
    if (!Negative && tidyGlobMatch(Glob.str(), Check.str()))
      return true;
  } while (!Globs.empty());
  return false;
}

struct Token {
  Directive Kind;
  std::size_t Pos;                   ///< of the 'N' of NOLINT
  std::optional<llvm::StringRef> Checks; ///< none: every check, as "*"

  bool suppresses(llvm::StringRef Check) const {
    return checkListContains(Checks.value_or("*"), Check);
  }
  /// The check list as NOLINTBEGIN and NOLINTEND compare it: items trimmed.
  std::optional<std::string> normalizedChecks() const {
    if (!Checks)
      return std::nullopt;
    llvm::SmallVector<llvm::StringRef> Items;
    Checks->split(Items, ',');
    for (llvm::StringRef &I : Items)
      I = I.trim();
    return llvm::join(Items, ",");
  }
};

/// Every NOLINT directive in Text, in order. Positions are relative to Text.
llvm::SmallVector<Token> scan(llvm::StringRef Text) {
  llvm::SmallVector<Token> Tokens;
  std::size_t Pos = 0;
  while (Pos < Text.size()) {
    std::size_t Start = Text.find("NOLINT", Pos);
    if (Start == llvm::StringRef::npos)
      break;
    // The directive's name runs over the letters after NOLINT (NEXTLINE, ...).
    Pos = Start + 6;
    while (Pos < Text.size() && llvm::isAlpha(Text[Pos]))
      ++Pos;
    std::optional<Directive> Kind = directiveNamed(Text.slice(Start, Pos));
    if (!Kind)
      continue;
    std::optional<llvm::StringRef> Checks;
    if (Pos < Text.size() && Text[Pos] == '(') {
      std::size_t Close = Text.find_first_of("\n)", ++Pos);
      if (Close != llvm::StringRef::npos && Text[Close] == ')') {
        Checks = Text.slice(Pos, Close);
        Pos = Close + 1;
      }
    }
    Tokens.push_back({*Kind, Start, Checks});
  }
  return Tokens;
}

bool lineHas(llvm::StringRef Line, Directive Kind, llvm::StringRef Check) {
  return llvm::any_of(scan(Line),
                      [&](const Token &T) { return T.Kind == Kind && T.suppresses(Check); });
}

/// Whether Pos lies strictly inside a matched NOLINTBEGIN/NOLINTEND pair that
/// covers Check. Pairs nest: an END closes the innermost open BEGIN when the
/// check lists agree, and is ignored (clang-tidy reports it) otherwise.
bool insideBlock(llvm::StringRef Text, std::size_t Pos, llvm::StringRef Check) {
  llvm::SmallVector<Token> Open;
  for (const Token &T : scan(Text)) {
    if (T.Kind == Directive::Begin) {
      Open.push_back(T);
    } else if (T.Kind == Directive::End && !Open.empty() &&
               Open.back().normalizedChecks() == T.normalizedChecks()) {
      const Token Begin = Open.pop_back_val();
      if (Begin.Pos < Pos && Pos < T.Pos && Begin.suppresses(Check))
        return true;
    }
  }
  return false;
}
} // namespace

bool isSuppressed(llvm::StringRef FileText, unsigned Line, unsigned Column,
                  llvm::StringRef CheckId) {
  if (Line == 0)
    return false;
  // Lines end at '\n', as in clang-tidy (a '\r' before it stays in the line).
  std::size_t LineStart = 0;
  for (unsigned L = 1; L < Line; ++L) {
    LineStart = FileText.find('\n', LineStart);
    if (LineStart == llvm::StringRef::npos)
      return false;
    ++LineStart;
  }
  std::size_t LineEnd = std::min(FileText.find('\n', LineStart), FileText.size());
  std::size_t Pos = std::min<std::size_t>(LineStart + (Column ? Column - 1 : 0), LineEnd);

  if (lineHas(FileText.slice(LineStart, LineEnd), Directive::NoLint, CheckId))
    return true;
  if (LineStart > 0) {
    std::size_t PrevStart = FileText.find_last_of('\n', LineStart - 1) + 1; // npos + 1 == 0
    if (lineHas(FileText.slice(PrevStart, LineStart - 1), Directive::NextLine, CheckId))
      return true;
  }
  return insideBlock(FileText, Pos, CheckId);
}

bool isSuppressed(llvm::StringRef FileText, unsigned Line, llvm::StringRef CheckId) {
  return isSuppressed(FileText, Line, /*Column=*/1, CheckId);
}

} // namespace bankcheck::report
