//===- AccessForms.cpp - Which instruction a source access is issued as ---===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Chooses the instruction form (lib/BankModel/InstructionForms.h) of every
/// access the walk recorded without one: loads are LDS, stores STS, and shared
/// atomics the SASS that nvcc 13 emits for them on sm_90 (docs/bank-model.md):
///   atomicCAS                              ATOMS.CAS
///   atomicAdd of float / double / 64-bit   a CAS loop (LDS + ATOMS.CAST.SPIN)
///   64-bit min/max/and/or/xor              the same kind of loop
///   atomicAdd/Sub, p the same in a warp    one lane adds the warp's sum
///                                          (ATOMS.POPC.INC, or REDUX + ATOMS.ADD)
///   other atomics (64-bit exch: ATOMS.64)  ATOMS
//===----------------------------------------------------------------------===//
#include "Frontend/AccessForms.h"

#include "clang/AST/Expr.h"

namespace bankcheck::frontend {

using namespace clang;

namespace {
bool uniformAddress(const AccessSite &S, const KernelResult &Walk) {
  for (const bank::AccessInstance &I : S.Instances)
    if (Walk.Symbols.isLaneVarying(I.ByteOffset))
      return false;
  return !S.Instances.empty();
}

FormChoice atomicForm(const AccessSite &S, const KernelResult &Walk, ASTContext &Ctx) {
  const auto *C = dyn_cast_or_null<CallExpr>(S.Where);
  const FunctionDecl *FD = C ? C->getDirectCallee() : nullptr;
  if (!FD || C->getNumArgs() == 0)
    return {bank::Form::ATOMS, ""};
  StringRef Name = FD->getName();
  QualType T = C->getArg(0)->getType();
  if (T->isPointerType())
    T = T->getPointeeType();
  bool Floating = T->isRealFloatingType() || T->isVectorType() ||
                  (T->isRecordType() && !T->isIntegralOrEnumerationType());
  bool Wide = !T->isIncompleteType() && Ctx.getTypeSizeInChars(T).getQuantity() == 8;
  if (Name.contains("CAS") || Name.contains("compare_exchange"))
    return {bank::Form::ATOMS_CAS, "a shared compare-and-swap takes two passes per phase"};
  bool Add = Name.starts_with("atomicAdd") || Name.starts_with("__atomic_fetch_add") ||
             Name.starts_with("__atomic_add_fetch");
  if ((Add && (Floating || Wide)) || (Wide && !Name.contains("Exch") && !Name.contains("exchange")))
    return {bank::Form::CAS_LOOP,
            std::string("a ") + (Floating ? "floating-point" : "64-bit") +
                " atomicAdd on shared memory is a compare-and-swap loop (LDS + ATOMS.CAST.SPIN): "
                "lanes sharing a bank retry one round each"};
  bool Sub = Name.starts_with("atomicSub");
  if ((Add || Sub) && !Floating && uniformAddress(S, Walk))
    return {bank::Form::ATOMS_POPC_INC,
            "on an address the compiler proves warp-uniform, the warp's additions are summed and one lane "
            "adds them (ATOMS.POPC.INC, or ATOMS.ADD after a warp reduction)"};
  return {bank::Form::ATOMS, "shared atomics are not broadcast: lanes on one word are served one at a time"};
}
} // namespace

FormChoice formOf(const AccessSite &S, const KernelResult &Walk, ASTContext &Ctx) {
  if (S.Kind == "store")
    return {bank::Form::STS, ""};
  if (S.Kind == "atomic")
    return atomicForm(S, Walk, Ctx);
  return {bank::Form::LDS, ""};
}

void assignForms(KernelResult &Walk, ASTContext &Ctx) {
  for (AccessSite &S : Walk.Sites) {
    if (S.Form)
      continue;
    FormChoice C = formOf(S, Walk, Ctx);
    S.Form = C.F;
    S.FormNote = C.Note;
    if (S.Unmodelled.empty() && S.AccessBytes && !bank::formHasWidth(C.F, S.AccessBytes))
      S.Unmodelled = "a " + std::to_string(S.AccessBytes) + "-byte " + std::string(bank::rule(C.F).Name) +
                     " is not a form the model knows (widths " + std::string(bank::rule(C.F).Widths) + ")";
  }
}

} // namespace bankcheck::frontend
