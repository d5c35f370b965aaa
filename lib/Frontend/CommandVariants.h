//===- CommandVariants.h - A file analysed under each of its commands -*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// A file the compilation database compiles several times with other flags
/// (-DTILE=16 and -DTILE=32) is analysed under each of its commands. The
/// findings the same under every command are reported once, as they are;
/// the others each carry a note naming the commands they come from.
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_FRONTEND_COMMANDVARIANTS_H
#define BANKCHECK_FRONTEND_COMMANDVARIANTS_H

#include "Report/Finding.h"

#include <string>
#include <vector>

namespace bankcheck::frontend {

/// PerCommand[I]: the findings under the command Labels[I] describes
/// ("compile command 2 of 2 (-DTILE=16)"). In order: each finding where it
/// first appears.
std::vector<report::Finding> mergeCommandVariants(std::vector<std::vector<report::Finding>> PerCommand,
                                                  const std::vector<std::string> &Labels);

/// The remarks of every command, each once.
std::vector<report::Note> mergeCommandRemarks(std::vector<std::vector<report::Note>> PerCommand);

} // namespace bankcheck::frontend

#endif
