//===- ApplyEdits.cpp - Apply fix-its to files, safely --------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/ApplyEdits.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>

namespace bankcheck::fix {

std::vector<FileEdits> mergeEdits(const std::vector<report::TextEdit> &All,
                                  std::vector<std::string> &Errors) {
  std::map<std::string, std::vector<report::TextEdit>> ByFile;
  for (const report::TextEdit &E : All)
    ByFile[E.Loc.Path].push_back(E);
  std::vector<FileEdits> Out;
  for (auto &[Path, Edits] : ByFile) {
    std::sort(Edits.begin(), Edits.end(), [](const report::TextEdit &A, const report::TextEdit &B) {
      return std::tie(A.Loc.Offset, A.Length, A.Text) < std::tie(B.Loc.Offset, B.Length, B.Text);
    });
    FileEdits F;
    F.Path = Path;
    for (const report::TextEdit &E : Edits) {
      if (!F.Edits.empty()) {
        const report::TextEdit &Last = F.Edits.back();
        if (Last.Loc.Offset == E.Loc.Offset && Last.Length == E.Length && Last.Text == E.Text)
          continue; // the same edit, from another access or instantiation
        if (E.Loc.Offset < Last.Loc.Offset + Last.Length ||
            (E.Loc.Offset == Last.Loc.Offset && E.Length == 0 && Last.Length == 0)) {
          Errors.push_back(Path + ":" + std::to_string(E.Loc.Line) + ":" + std::to_string(E.Loc.Column) +
                           ": error: conflicting fix-its ('" + Last.Text + "' and '" + E.Text +
                           "'); neither is applied");
          F.Edits.pop_back();
          continue;
        }
      }
      F.Edits.push_back(E);
    }
    if (!F.Edits.empty())
      Out.push_back(std::move(F));
  }
  return Out;
}

bool applyEdits(const std::string &Text, const FileEdits &F, std::string &Out, std::string &Error) {
  Out.clear();
  std::size_t Pos = 0;
  for (const report::TextEdit &E : F.Edits) {
    if (E.Loc.Offset < Pos || std::size_t(E.Loc.Offset) + E.Length > Text.size()) {
      Error = F.Path + ": error: fix-it outside the file; the file changed since it was analysed";
      return false;
    }
    if (Text.compare(E.Loc.Offset, E.Length, E.Expected) != 0) {
      Error = F.Path + ":" + std::to_string(E.Loc.Line) + ":" + std::to_string(E.Loc.Column) +
              ": error: the file changed since it was analysed; not modified";
      return false;
    }
    Out.append(Text, Pos, E.Loc.Offset - Pos);
    Out += E.Text;
    Pos = E.Loc.Offset + E.Length;
  }
  Out.append(Text, Pos, std::string::npos);
  return true;
}

bool writeFileAtomically(const std::string &Path, const std::string &Contents, std::string &Error) {
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Path, Real)) {
    Error = Path + ": error: cannot resolve the path";
    return false;
  }
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Real, Status)) {
    Error = Path + ": error: cannot read the file's status";
    return false;
  }
  // No write bit at all counts as read-only even for root, who could write it.
  if ((Status.permissions() & llvm::sys::fs::all_write) == 0 ||
      llvm::sys::fs::access(Real, llvm::sys::fs::AccessMode::Write)) {
    Error = Path + ": error: the file is read-only; not modified";
    return false;
  }
  llvm::SmallString<256> Model(Real);
  Model += ".bankcheck-%%%%%%";
  int FD;
  llvm::SmallString<256> Tmp;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Model, FD, Tmp)) {
    Error = Path + ": error: cannot create a temporary file beside it: " + EC.message();
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Contents;
    OS.flush();
    if (OS.has_error()) {
      Error = Path + ": error: writing the temporary file failed";
      OS.clear_error();
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  llvm::sys::fs::setPermissions(Tmp, Status.permissions());
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Real)) {
    llvm::sys::fs::remove(Tmp);
    Error = Path + ": error: cannot replace the file: " + EC.message();
    return false;
  }
  return true;
}

namespace {
std::vector<std::string> lines(const std::string &T) {
  std::vector<std::string> L;
  std::size_t Pos = 0;
  while (Pos < T.size()) {
    std::size_t End = T.find('\n', Pos);
    if (End == std::string::npos) {
      L.push_back(T.substr(Pos));
      break;
    }
    L.push_back(T.substr(Pos, End - Pos + 1));
    Pos = End + 1;
  }
  return L;
}
} // namespace

std::string unifiedDiff(const std::string &Path, const std::string &Old, const std::string &New) {
  std::vector<std::string> A = lines(Old), B = lines(New);
  std::string Out = "--- " + Path + "\n+++ " + Path + "\n";
  if (A.size() != B.size()) { // edits never add lines; print the whole file if they do
    Out += "@@ -1," + std::to_string(A.size()) + " +1," + std::to_string(B.size()) + " @@\n";
    for (const std::string &L : A) Out += "-" + L + (L.empty() || L.back() != '\n' ? "\n" : "");
    for (const std::string &L : B) Out += "+" + L + (L.empty() || L.back() != '\n' ? "\n" : "");
    return Out;
  }
  for (std::size_t I = 0; I < A.size(); ++I) {
    if (A[I] == B[I])
      continue;
    std::size_t J = I;
    while (J < A.size() && A[J] != B[J])
      ++J;
    Out += "@@ -" + std::to_string(I + 1) + "," + std::to_string(J - I) + " +" + std::to_string(I + 1) +
           "," + std::to_string(J - I) + " @@\n";
    for (std::size_t K = I; K < J; ++K) Out += "-" + A[K] + (A[K].back() == '\n' ? "" : "\n\\ No newline at end of file\n");
    for (std::size_t K = I; K < J; ++K) Out += "+" + B[K] + (B[K].back() == '\n' ? "" : "\n\\ No newline at end of file\n");
    I = J - 1;
  }
  return Out;
}

} // namespace bankcheck::fix
