//===- Html.h - A self-contained HTML report of findings --------*- C++ -*-===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Findings as one HTML page that needs nothing else: inline CSS, inline SVG,
/// no script, no URL other than in-page `#finding-N` links, so opening it
/// makes no network request. The page has
///   - a summary: counts by status (table#counts), the files that could not
///     be analysed, and one row per finding (table#findings: location,
///     kernel, array, kind, width, status, degree, wavefronts);
///   - per conflict or possible conflict (Finding::isDiagnostic()), an
///     article#finding-N with the message, the bank map of the worst warp as
///     one inline <svg class="bankmap"> (32 bank columns x one row per
///     wavefront, the colliding banks tinted, a legend), notes and fix-its.
/// All text is escaped as HTML (& < > " ').
//===----------------------------------------------------------------------===//
#ifndef BANKCHECK_REPORT_HTML_H
#define BANKCHECK_REPORT_HTML_H

#include "Report/BankMap.h"
#include "Report/Finding.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace bankcheck::report {

void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version);

/// Text as HTML/XML character data or attribute value: & < > " ' as entities.
std::string escapeHtml(llvm::StringRef Text);

/// One <svg class="bankmap"> element (no XML prolog, no xmlns: it is meant
/// for inline use in HTML): the bank map of the access, one
/// <g class="wavefront"> per wavefront, with a legend under the grid.
/// Caption becomes the SVG's <title> (escaped here).
std::string renderBankMapSvg(const LaneOffsets &Lanes, unsigned AccessBytes,
                             const std::string &Caption);

} // namespace bankcheck::report

#endif
