//===- LaunchSizeEdit.cpp - Grow a launch's dynamic shared size -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/LaunchSizeEdit.h"

#include <algorithm>
#include <set>

namespace bankcheck::fix {

namespace {
/// A literal's digits and its suffix ("4096u" -> {"4096", "u"}); decimal only.
std::optional<std::pair<std::string, std::string>> decimal(const std::string &Text) {
  std::size_t N = 0;
  while (N < Text.size() && Text[N] >= '0' && Text[N] <= '9')
    ++N;
  if (N == 0 || (N > 1 && Text[0] == '0'))
    return std::nullopt; // octal, hex and binary literals are left alone
  std::string Suffix = Text.substr(N);
  if (Suffix.find_first_not_of("uUlLzZ") != std::string::npos)
    return std::nullopt;
  return std::make_pair(Text.substr(0, N), Suffix);
}

std::string bytes(std::int64_t N) { return std::to_string(N) + (N == 1 ? " byte" : " bytes"); }
} // namespace

std::optional<SizeEdit> sizeEdit(const LaunchSize &L, const RowPadding &R, std::string &Why) {
  if (!L.Loc.valid()) {
    Why = "the " + L.Where + " passes no dynamic shared-memory size";
    return std::nullopt;
  }
  if (!L.Bytes) {
    Why = "the " + L.Where + " passes '" + L.Text + "', " +
          (L.Why.empty() ? std::string("not a constant expression") : L.Why);
    return std::nullopt;
  }
  std::int64_t Size = *L.Bytes;
  if (R.RowBytes <= 0 || Size <= R.Base || (Size - R.Base) % R.RowBytes != 0) {
    Why = "the " + L.Where + " passes " + bytes(Size) + ", not a whole number of rows of " +
          bytes(R.RowBytes) + " after byte " + std::to_string(R.Base);
    return std::nullopt;
  }
  SizeEdit Out;
  Out.OldBytes = Size;
  Out.Rows = (Size - R.Base) / R.RowBytes;
  Out.NewBytes = Size + Out.Rows * R.PadBytes;
  std::int64_t Growth = Out.Rows * R.PadBytes;
  auto Make = [&](const SizeTerm &T, const std::string &Text) {
    Out.Edit.Loc = T.Loc;
    Out.Edit.Expected = T.Text;
    Out.Edit.Length = T.Text.size();
    Out.Edit.Text = Text;
    return Out;
  };
  // A term spelled as the stride: the row length itself.
  for (const SizeTerm &T : L.Terms)
    if (T.Named && T.Text == R.Stride && T.Value == R.RowElements && T.Coef * R.Pad == Growth && T.Loc.valid())
      return Make(T, "(" + T.Text + " + " + std::to_string(R.Pad) + ")");
  // A literal factor with the row length's value.
  for (const SizeTerm &T : L.Terms)
    if (auto D = decimal(T.Text); D && !T.Named && T.Value == R.RowElements && T.Coef * R.Pad == Growth &&
                                  T.Loc.valid())
      return Make(T, std::to_string(T.Value + R.Pad) + D->second);
  // The whole size, a literal.
  for (const SizeTerm &T : L.Terms)
    if (auto D = decimal(T.Text); D && !T.Named && T.Coef == 1 && T.Text == L.Text && T.Loc.valid())
      return Make(T, std::to_string(Out.NewBytes) + D->second);
  Why = "the " + L.Where + " passes '" + L.Text + "' (" + bytes(Size) + "), in which no term is the row length '" +
        R.Stride + "' as a factor of the rows" + (L.Why.empty() ? "" : " (" + L.Why + ")");
  return std::nullopt;
}

namespace {
bool sameEdit(const report::TextEdit &A, const report::TextEdit &B) {
  return A.Loc.Path == B.Loc.Path && A.Loc.Offset == B.Loc.Offset && A.Length == B.Length && A.Text == B.Text;
}
} // namespace

void extendRowsFixes(std::vector<report::Finding> &Findings, const std::vector<FileLaunchSizes> &Files) {
  for (std::size_t I = 0; I < Files.size(); ++I) {
    if (!Files[I].Fixes)
      continue;
    for (const RowsFix &X : *Files[I].Fixes) {
      if (X.Edits.empty())
        continue;
      std::set<std::pair<std::string, unsigned>> Covered;
      for (const report::FileLoc &L : X.Covered)
        Covered.insert({L.Path, L.Offset});
      std::vector<report::TextEdit> Extra;
      std::string Why, Grown;
      for (std::size_t J = 0; J < Files.size() && Why.empty(); ++J) {
        if (J == I || !Files[J].Launches)
          continue;
        for (const std::string &Key : X.Kernels) {
          auto It = Files[J].Launches->find(Key);
          if (It == Files[J].Launches->end())
            continue;
          for (const LaunchSize &L : It->second) {
            if (!Why.empty())
              break;
            if (!Files[J].Analysed) {
              Why = "the kernel is also launched at " + L.Where +
                    ", in a file this run does not analyse (analyse it too, so that --fix can edit its size)";
              break;
            }
            if (!Covered.insert({L.Loc.Path, L.Loc.Offset}).second)
              continue;
            std::optional<SizeEdit> E = sizeEdit(L, X.Rows, Why);
            if (E && E->NewBytes > X.MaxBytes)
              Why = "the " + L.Where + " would pass " + std::to_string(E->NewBytes) + " bytes, over the " +
                    std::to_string(X.MaxBytes) + " bytes the kernel may have";
            else if (E) {
              Extra.push_back(E->Edit);
              Grown += std::string(Grown.empty() ? "" : ", ") + "the " + L.Where + " from " +
                       std::to_string(E->OldBytes) + " to " + std::to_string(E->NewBytes) + " bytes ('" +
                       E->Edit.Expected + "' -> '" + E->Edit.Text + "')";
            }
          }
        }
      }
      for (report::Finding &F : Findings) {
        auto Holds = [&](const report::TextEdit &E) {
          return std::any_of(X.Edits.begin(), X.Edits.end(), [&](const report::TextEdit &O) { return sameEdit(E, O); });
        };
        if (std::none_of(F.Fixes.begin(), F.Fixes.end(), [&](const report::TextEdit &E) { return sameEdit(E, X.Edits.front()); }))
          continue;
        if (Why.empty()) {
          for (const report::TextEdit &E : Extra)
            if (std::none_of(F.Fixes.begin(), F.Fixes.end(), [&](const report::TextEdit &O) { return sameEdit(E, O); }))
              F.Fixes.push_back(E);
          if (!Grown.empty())
            F.Notes.push_back({X.NoteLoc, "the kernel's launches in the other files grow with the rows of " + X.What +
                                              " too: " + Grown});
          continue;
        }
        F.Fixes.erase(std::remove_if(F.Fixes.begin(), F.Fixes.end(), Holds), F.Fixes.end());
        if (F.Fixes.empty())
          for (report::Note &N : F.Notes)
            N.ShowsFix = false;
        F.Notes.push_back({X.NoteLoc, "no fix-it for the rows of " + X.What + " after all: " + Why});
      }
    }
  }
}

} // namespace bankcheck::fix
