//===- InstructionForms.cpp - The table of sm_90 shared instruction forms -===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// Each row was measured with harness/forms/ on an H200 (docs/bank-model.md,
/// "Instruction forms"); the unit test InstructionFormsTest replays the
/// recorded counters through these rows.
//===----------------------------------------------------------------------===//
#include "BankModel/InstructionForms.h"

#include <array>

namespace bankcheck::bank {

namespace {
using P = PhaseLayout;
using C = Counting;
// clang-format off
constexpr std::array<FormRule, NumForms> Table = {{
  // form              name             kind      SASS             lanes bytes phases        counting           merge passes sim    all   widths
  {Form::LDS,           "LDS",           "load",   "LDS",           32,   0,  P::ByWidth,   C::DistinctWords,  true,  1,  false, false, "1, 2, 4, 8, 16"},
  {Form::STS,           "STS",           "store",  "STS",           32,   0,  P::ByWidth,   C::DistinctWords,  false, 1,  false, false, "1, 2, 4, 8, 16"},
  {Form::ATOMS,         "ATOMS",         "atomic", "ATOMS",         32,   0,  P::Atomic,    C::LaneWords,      false, 1,  false, false, "4, 8"},
  {Form::ATOMS_CAS,     "ATOMS.CAS",     "atomic", "ATOMS.CAS",     32,   0,  P::Atomic,    C::LaneWords,      false, 2,  false, false, "4, 8"},
  {Form::ATOMS_POPC_INC,"ATOMS.POPC.INC","atomic", "ATOMS.POPC.INC",32,   0,  P::Atomic,    C::LaneWords,      false, 1,  false, false, "4, 8"},
  {Form::CAS_LOOP,      "ATOMS.CAST.SPIN","atomic","ATOMS.CAST.SPIN",32,  0,  P::Atomic,    C::LaneWords,      false, 2,  true,  false, "4, 8"},
  {Form::LDSM_X1,       "LDSM.x1",       "load",   "LDSM.16.M88",    8,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::LDSM_X2,       "LDSM.x2",       "load",   "LDSM.16.M88.2", 16,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::LDSM_X4,       "LDSM.x4",       "load",   "LDSM.16.M88.4", 32,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::STSM_X1,       "STSM.x1",       "store",  "STSM.16.M88",    8,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::STSM_X2,       "STSM.x2",       "store",  "STSM.16.M88.2", 16,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::STSM_X4,       "STSM.x4",       "store",  "STSM.16.M88.4", 32,  16,  P::PerMatrix, C::DistinctWords,  false, 1,  false, true,  "16"},
  {Form::LDGSTS,        "LDGSTS",        "copy",   "LDGSTS",        32,   0,  P::ByWidth,   C::LaneWords,      false, 1,  false, false, "4, 8, 16"},
}};
// clang-format on
} // namespace

const FormRule &rule(Form F) { return Table[static_cast<unsigned>(F)]; }

std::optional<Form> formNamed(std::string_view Name) {
  for (const FormRule &R : Table)
    if (R.Name == Name)
      return R.F;
  return std::nullopt;
}

Form matrixForm(bool Store, unsigned Matrices) {
  unsigned I = Matrices >= 4 ? 2 : Matrices == 2 ? 1 : 0;
  static constexpr Form Loads[] = {Form::LDSM_X1, Form::LDSM_X2, Form::LDSM_X4};
  static constexpr Form Stores[] = {Form::STSM_X1, Form::STSM_X2, Form::STSM_X4};
  return Store ? Stores[I] : Loads[I];
}

bool formHasWidth(Form F, unsigned Bytes) {
  const FormRule &R = rule(F);
  if (R.FixedBytes)
    return Bytes == R.FixedBytes;
  std::string_view W = R.Widths;
  std::string B = std::to_string(Bytes);
  for (std::size_t Pos = 0; Pos < W.size();) {
    std::size_t End = W.find(',', Pos);
    std::string_view Part = W.substr(Pos, End == std::string_view::npos ? W.npos : End - Pos);
    while (!Part.empty() && Part.front() == ' ')
      Part.remove_prefix(1);
    if (Part == B)
      return true;
    if (End == std::string_view::npos)
      break;
    Pos = End + 1;
  }
  return false;
}

} // namespace bankcheck::bank
