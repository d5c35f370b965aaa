//===- DryRunDiff.cpp - The unified diff --fix-dry-run prints -------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "DryRunDiff.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <vector>

namespace bankcheck::tool {

namespace {
std::vector<std::string> splitLines(const std::string &T) {
  std::vector<std::string> L;
  std::size_t Pos = 0;
  while (Pos < T.size()) {
    std::size_t End = T.find('\n', Pos);
    L.push_back(T.substr(Pos, End == std::string::npos ? std::string::npos : End - Pos + 1));
    if (End == std::string::npos)
      break;
    Pos = End + 1;
  }
  return L;
}

void emit(std::string &Out, char Sign, const std::string &Line) {
  Out += Sign;
  Out += Line;
  if (Line.empty() || Line.back() != '\n')
    Out += "\n\\ No newline at end of file\n";
}

std::string range(std::size_t Start, std::size_t Count) {
  return std::to_string(Count ? Start + 1 : Start) + "," + std::to_string(Count);
}
} // namespace

std::string diffPath(const std::string &Path, const std::string &Cwd) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, true);
  llvm::SmallString<256> Dir(Cwd);
  llvm::sys::path::remove_dots(Dir, true);
  llvm::StringRef Rel(Abs);
  if (!Dir.empty() && Rel.consume_front(Dir) && Rel.consume_front("/"))
    return Rel.str();
  return std::string(Abs);
}

std::string contextDiff(const std::string &Path, const std::string &Old, const std::string &New, unsigned Context) {
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  std::string Name = diffPath(Path, std::string(Cwd));
  bool Relative = !llvm::sys::path::is_absolute(Name);
  std::string Out = "--- " + (Relative ? "a/" + Name : Name) + "\n+++ " + (Relative ? "b/" + Name : Name) + "\n";
  std::vector<std::string> A = splitLines(Old), B = splitLines(New);
  if (A.size() != B.size()) {
    Out += "@@ -" + range(0, A.size()) + " +" + range(0, B.size()) + " @@\n";
    for (const std::string &L : A)
      emit(Out, '-', L);
    for (const std::string &L : B)
      emit(Out, '+', L);
    return Out;
  }
  std::vector<std::size_t> Changed;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (A[I] != B[I])
      Changed.push_back(I);
  // Hunks: changed lines closer than 2 * Context apart share one.
  for (std::size_t H = 0; H < Changed.size();) {
    std::size_t Last = H;
    while (Last + 1 < Changed.size() && Changed[Last + 1] - Changed[Last] <= 2 * Context)
      ++Last;
    std::size_t Begin = Changed[H] > Context ? Changed[H] - Context : 0;
    std::size_t End = std::min(A.size(), Changed[Last] + Context + 1);
    Out += "@@ -" + range(Begin, End - Begin) + " +" + range(Begin, End - Begin) + " @@\n";
    // Within a hunk: runs of changed lines as - then +, the rest as context.
    for (std::size_t I = Begin; I < End;) {
      if (A[I] == B[I]) {
        emit(Out, ' ', A[I++]);
        continue;
      }
      std::size_t J = I;
      while (J < End && A[J] != B[J])
        ++J;
      for (std::size_t K = I; K < J; ++K)
        emit(Out, '-', A[K]);
      for (std::size_t K = I; K < J; ++K)
        emit(Out, '+', B[K]);
      I = J;
    }
    H = Last + 1;
  }
  return Out;
}

} // namespace bankcheck::tool
