//===- CheckSelection.cpp - clang-tidy's check globs and line filter ------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/CheckSelection.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace bankcheck::report {

const std::vector<std::string> &allChecks() {
  static const std::vector<std::string> Checks = {"bankcheck-bank-conflict", "bankcheck-out-of-bounds"};
  return Checks;
}

bool wildcardMatch(const std::string &P, const std::string &T, bool AnyChar) {
  std::size_t I = 0, J = 0, Star = std::string::npos, Mark = 0;
  while (J < T.size()) {
    if (I < P.size() && ((AnyChar && P[I] == '?') || (P[I] == T[J] && (AnyChar || P[I] != '*')))) {
      ++I, ++J;
    } else if (I < P.size() && P[I] == '*') {
      Star = I++;
      Mark = J;
    } else if (Star != std::string::npos) {
      I = Star + 1;
      J = ++Mark;
    } else {
      return false;
    }
  }
  while (I < P.size() && P[I] == '*')
    ++I;
  return I == P.size();
}

GlobList::GlobList(const std::string &Globs) {
  // As clang-tidy's GlobList: trim, an optional '-', the text up to ',' or
  // '\n', trimmed again; empty globs match nothing.
  llvm::StringRef Rest(Globs);
  do {
    Rest = Rest.trim();
    bool Positive = !Rest.consume_front("-");
    llvm::StringRef Untrimmed = Rest.substr(0, Rest.find_first_of(",\n"));
    Items.push_back({Positive, Untrimmed.trim().str()});
    Rest = Rest.substr(std::min(Rest.size(), Untrimmed.size() + 1));
  } while (!Rest.empty());
}

bool GlobList::contains(const std::string &Name) const {
  for (auto It = Items.rbegin(); It != Items.rend(); ++It)
    if (!It->Glob.empty() && tidyGlobMatch(It->Glob, Name))
      return It->Positive;
  return false;
}

std::vector<std::string> GlobList::unmatchedGlobs() const {
  std::vector<std::string> Out;
  for (const Item &I : Items) {
    if (I.Glob.empty())
      continue;
    bool Any = false;
    for (const std::string &C : allChecks())
      Any |= tidyGlobMatch(I.Glob, C);
    // Negative globs that remove checks of other tools ('-*', '-clang-*')
    // are what clang-tidy command lines hold: only positive ones must match.
    if (!Any && I.Positive)
      Out.push_back(I.Glob);
  }
  return Out;
}

bool LineFilter::parse(const std::string &Json, std::string &Error) {
  Entries.clear();
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(Json);
  if (!V) {
    Error = "invalid JSON: " + llvm::toString(V.takeError());
    return false;
  }
  const llvm::json::Array *Arr = V->getAsArray();
  if (!Arr) {
    Error = "expected a JSON array of {\"name\": ..., \"lines\": [[first, last], ...]}";
    return false;
  }
  for (const llvm::json::Value &E : *Arr) {
    const llvm::json::Object *O = E.getAsObject();
    std::optional<llvm::StringRef> Name = O ? O->getString("name") : std::nullopt;
    if (!Name) {
      Error = "each entry needs a \"name\" string";
      return false;
    }
    LineFilterEntry Entry;
    Entry.Name = Name->str();
    if (const llvm::json::Value *Lines = O->get("lines")) {
      const llvm::json::Array *LA = Lines->getAsArray();
      if (!LA) {
        Error = "\"lines\" of '" + Entry.Name + "' must be an array of [first, last] pairs";
        return false;
      }
      for (const llvm::json::Value &R : *LA) {
        const llvm::json::Array *Pair = R.getAsArray();
        std::optional<int64_t> A = Pair && Pair->size() == 2 ? (*Pair)[0].getAsInteger() : std::nullopt;
        std::optional<int64_t> B = Pair && Pair->size() == 2 ? (*Pair)[1].getAsInteger() : std::nullopt;
        if (!A || !B || *A < 0 || *B < 0) {
          Error = "\"lines\" of '" + Entry.Name + "' must be an array of [first, last] pairs";
          return false;
        }
        Entry.Lines.push_back({unsigned(*A), unsigned(*B)});
      }
    }
    Entries.push_back(std::move(Entry));
  }
  return true;
}

bool LineFilter::passes(const std::string &Path, unsigned Line) const {
  if (Entries.empty())
    return true;
  for (const LineFilterEntry &E : Entries) {
    if (!llvm::StringRef(Path).ends_with(E.Name))
      continue;
    if (E.Lines.empty())
      return true;
    for (const auto &[First, Last] : E.Lines)
      if (First <= Line && Line <= Last)
        return true;
    return false;
  }
  return false;
}

void filterLines(std::vector<Finding> &Findings, std::vector<Note> &Remarks, const LineFilter &Filter) {
  if (Filter.empty())
    return;
  std::vector<Finding> Kept;
  for (Finding &F : Findings)
    if (Filter.passes(F.Loc.Path, F.Loc.Line))
      Kept.push_back(std::move(F));
  Findings = std::move(Kept);
  std::vector<Note> KeptRemarks;
  for (Note &N : Remarks)
    if (!N.Loc.valid() || Filter.passes(N.Loc.Path, N.Loc.Line))
      KeptRemarks.push_back(std::move(N));
  Remarks = std::move(KeptRemarks);
}

void selectChecks(std::vector<Finding> &Findings, const GlobList &Enabled, const GlobList &WarningsAsErrors) {
  for (Finding &F : Findings) {
    F.Disabled = !Enabled.contains(F.CheckId);
    F.AsError = !F.Disabled && WarningsAsErrors.contains(F.CheckId);
    if (F.OutOfBounds && !Enabled.contains(F.OutOfBounds->CheckId))
      F.OutOfBounds.reset();
    if (F.OutOfBounds)
      F.OutOfBounds->AsError = WarningsAsErrors.contains(F.OutOfBounds->CheckId);
  }
}

} // namespace bankcheck::report
