//===- Html.h - A self-contained HTML report of findings --------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Findings as one HTML page that needs nothing else: inline CSS, an inline
/// script, no URL other than in-page `#finding-N` links, so opening it makes
/// no network request. The page has
///   - a summary: counts by status (table#counts), the files that could not
///     be analysed, and one row per finding (table#findings: location,
///     kernel, array, kind, width, status, degree, wavefronts), sorted by a
///     click on a heading and filtered by text and status;
///   - per conflict or possible conflict (Finding::isDiagnostic()), an
///     article#finding-N with the message, the source line, the facts, the
///     bank map of the worst warp and, with a padding fix-it, of the same warp
///     after it (figure[data-map], drawn by the script as
///     <svg class="bankmap">: 32 bank columns x one <g class="wavefront">
///     per wavefront, the colliding banks tinted), notes and fix-its.
/// All text is escaped as HTML (& < > " ').
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_HTML_H
#define BANKCHECK_REPORT_HTML_H

#include "Report/BankMap.h"
#include "Report/Finding.h"
#include "Report/Reporters.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace bankcheck::report {

/// Read gives the source lines shown in the articles (none without it).
void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version,
               const SourceReader &Read = nullptr);

/// Text as HTML/XML character data or attribute value: & < > " ' as entities.
std::string escapeHtml(llvm::StringRef Text);

/// The bank map of an access as the page's script reads it: the colliding
/// banks' mask, then per wavefront, in order, ";", its phase ("<p>[+<q>]:")
/// where it differs from the previous row's (the first row's from 0), and the
/// busy banks "<bank>.<first lane>.<word / 32>[.<lane mask, hex, when
/// several>]" separated by ','. Characters that need no escaping in an attribute.
std::string bankMapData(const LaneOffsets &Lanes, unsigned AccessBytes);

} // namespace bankcheck::report

#endif
