//===- LaunchSizeEdit.cpp - Grow a launch's dynamic shared size -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Fix/LaunchSizeEdit.h"

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

} // namespace bankcheck::fix
