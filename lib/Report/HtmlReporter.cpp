//===- HtmlReporter.cpp - A self-contained HTML report --------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
///
/// The page is written in one pass: head with inline CSS, summary tables,
/// then one article per diagnostic with its bank map as inline SVG. Nothing
/// on the page names a URL other than in-page anchors (the inline SVG needs
/// no xmlns in HTML), so a browser opening it fetches nothing.
///
//===----------------------------------------------------------------------===//
#include "Report/Html.h"

#include "Report/Reporters.h"

#include "llvm/Support/Format.h"

#include <algorithm>

namespace bankcheck::report {

std::string escapeHtml(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&': Out += "&amp;"; break;
    case '<': Out += "&lt;"; break;
    case '>': Out += "&gt;"; break;
    case '"': Out += "&quot;"; break;
    case '\'': Out += "&#39;"; break;
    default: Out += C;
    }
  }
  return Out;
}

namespace {
constexpr unsigned NumBanks = 32;

// SVG geometry, in pixels.
constexpr unsigned LabelW = 172, CellW = 26, CellH = 20, HeadH = 26, RightPad = 12;
constexpr unsigned SvgW = LabelW + NumBanks * CellW + RightPad;

// Colors: a lane served, a lane on a colliding bank, the colliding column.
const char *LaneFill = "#dbe8fb", *LaneStroke = "#5b84c4", *HotFill = "#f7c1bc",
           *HotStroke = "#c0392b", *HotColumn = "#fdecea", *IdleDot = "#b4bac4", *Ink = "#1d2330",
           *MutedInk = "#5a6272";

std::string num(double V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("%.1f", V);
  if (S.size() > 2 && S.compare(S.size() - 2, 2, ".0") == 0)
    S.resize(S.size() - 2);
  return S;
}

std::string laneList(std::uint32_t Mask) {
  std::string S;
  for (unsigned L = 0; L < 32; ++L)
    if ((Mask >> L) & 1u)
      S += (S.empty() ? "" : ", ") + std::to_string(L);
  return S;
}

/// A lane box: the rectangle and its label, with a tooltip.
void laneBox(std::string &Out, unsigned X, unsigned Y, const std::string &Label, bool Hot,
             const std::string &Tooltip) {
  Out += "<g class=\"lane" + std::string(Hot ? " hot" : "") + "\"><title>" + escapeHtml(Tooltip) +
         "</title><rect x=\"" + std::to_string(X + 2) + "\" y=\"" + std::to_string(Y + 2) +
         "\" width=\"" + std::to_string(CellW - 4) + "\" height=\"" + std::to_string(CellH - 4) +
         "\" rx=\"3\" fill=\"" + (Hot ? HotFill : LaneFill) + "\" stroke=\"" +
         (Hot ? HotStroke : LaneStroke) + "\"/><text x=\"" + std::to_string(X + CellW / 2) +
         "\" y=\"" + std::to_string(Y + CellH / 2 + 4) + "\" text-anchor=\"middle\" font-size=\"11\">" +
         escapeHtml(Label) + "</text></g>";
}

std::string legend(unsigned Y, unsigned MaxWords) {
  std::string Out = "<g class=\"legend\" font-size=\"11\" fill=\"" + std::string(Ink) + "\">";
  unsigned X = 8;
  auto Text = [&](const std::string &S) {
    Out += "<text x=\"" + std::to_string(X) + "\" y=\"" + std::to_string(Y + CellH / 2 + 4) +
           "\">" + escapeHtml(S) + "</text>";
    X += static_cast<unsigned>(S.size() * 6.6) + 22;
  };
  laneBox(Out, X, Y, "5", false, "lane 5");
  X += CellW + 4;
  Text("lane 5's word");
  laneBox(Out, X, Y, "5*", false, "broadcast");
  X += CellW + 4;
  Text("broadcast: lane 5 and others on one word");
  Out += "<circle cx=\"" + std::to_string(X + CellW / 2) + "\" cy=\"" +
         std::to_string(Y + CellH / 2) + "\" r=\"1.6\" fill=\"" + IdleDot + "\"/>";
  X += CellW + 4;
  Text("idle bank");
  if (MaxWords > 1) {
    Out += "<rect x=\"" + std::to_string(X) + "\" y=\"" + std::to_string(Y) + "\" width=\"" +
           std::to_string(CellW) + "\" height=\"" + std::to_string(CellH) + "\" fill=\"" +
           HotColumn + "\"/>";
    laneBox(Out, X, Y, "5", true, "a lane on a colliding bank");
    X += CellW + 4;
    Text("colliding bank: " + std::to_string(MaxWords) + " words in one phase");
  }
  return Out + "</g>";
}
} // namespace

std::string renderBankMapSvg(const LaneOffsets &Lanes, unsigned AccessBytes,
                             const std::string &Caption) {
  BankMap M = computeBankMap(Lanes, AccessBytes);
  unsigned Rows = std::max(1u, M.wavefronts());
  unsigned GridH = Rows * CellH;
  unsigned LegendY = HeadH + GridH + 12;
  unsigned SvgH = LegendY + CellH + 8;
  std::string W = std::to_string(SvgW), H = std::to_string(SvgH);

  std::string Out = "<svg class=\"bankmap\" width=\"" + W + "\" height=\"" + H +
                    "\" viewBox=\"0 0 " + W + " " + H + "\" role=\"img\" aria-label=\"" +
                    escapeHtml(Caption) + "\" data-wavefronts=\"" +
                    std::to_string(M.wavefronts()) + "\" data-colliding-banks=\"" +
                    formatBankList(M.CollidingBanks) +
                    "\" font-family=\"ui-monospace, SFMono-Regular, Menlo, Consolas, monospace\">";
  Out += "<title>" + escapeHtml(Caption) + "</title>";

  // Colliding columns, tinted behind the header and the grid.
  for (unsigned B = 0; B < NumBanks; ++B)
    if (M.colliding(B))
      Out += "<rect class=\"colliding\" x=\"" + std::to_string(LabelW + B * CellW) +
             "\" y=\"2\" width=\"" + std::to_string(CellW) + "\" height=\"" +
             std::to_string(HeadH - 2 + GridH) + "\" fill=\"" + HotColumn + "\"/>";

  // Header: bank numbers.
  Out += "<g class=\"banks\" font-size=\"11\" text-anchor=\"middle\">";
  Out += "<text x=\"" + std::to_string(LabelW - 8) + "\" y=\"" + std::to_string(HeadH - 9) +
         "\" text-anchor=\"end\" fill=\"" + MutedInk + "\">bank</text>";
  for (unsigned B = 0; B < NumBanks; ++B)
    Out += "<text x=\"" + std::to_string(LabelW + B * CellW + CellW / 2) + "\" y=\"" +
           std::to_string(HeadH - 9) + "\"" +
           (M.colliding(B) ? " fill=\"" + std::string(HotStroke) + "\" font-weight=\"bold\""
                           : " fill=\"" + std::string(MutedInk) + "\"") +
           ">" + std::to_string(B) + "</text>";
  Out += "</g>";

  if (M.Rows.empty())
    Out += "<text x=\"" + std::to_string(LabelW) + "\" y=\"" + std::to_string(HeadH + 14) +
           "\" font-size=\"11\">no active lane</text>";
  for (std::size_t I = 0; I < M.Rows.size(); ++I) {
    const BankRow &R = M.Rows[I];
    unsigned Y = HeadH + static_cast<unsigned>(I) * CellH;
    if (I > 0 && R.FirstPhase != M.Rows[I - 1].FirstPhase)
      Out += "<line class=\"phase\" x1=\"8\" x2=\"" + std::to_string(SvgW - RightPad) + "\" y1=\"" +
             std::to_string(Y) + "\" y2=\"" + std::to_string(Y) +
             "\" stroke=\"#8a909c\" stroke-dasharray=\"3 3\"/>";
    Out += "<g class=\"wavefront\" data-phase=\"" + std::to_string(R.FirstPhase) +
           (R.LastPhase > R.FirstPhase ? "+" + std::to_string(R.LastPhase) : std::string()) +
           "\" data-wavefront=\"" + std::to_string(R.Wavefront) + "\">";
    Out += "<text x=\"" + std::to_string(LabelW - 8) + "\" y=\"" + std::to_string(Y + CellH / 2 + 4) +
           "\" text-anchor=\"end\" font-size=\"11\" fill=\"" + Ink + "\">" + rowLabel(R) + "</text>";
    for (unsigned B = 0; B < NumBanks; ++B) {
      const BankCell &C = R.Cells[B];
      unsigned X = LabelW + B * CellW;
      if (C.idle()) {
        Out += "<circle cx=\"" + std::to_string(X + CellW / 2) + "\" cy=\"" +
               std::to_string(Y + CellH / 2) + "\" r=\"1.6\" fill=\"" + IdleDot + "\"/>";
        continue;
      }
      std::string Tip = "bank " + std::to_string(B) + ", " + rowLabel(R) + ": " +
                        (C.broadcast() ? "lanes " : "lane ") + laneList(C.LaneMask) + ", word " +
                        std::to_string(C.Word) + " (bytes " + std::to_string(C.Word * 4) + "-" +
                        std::to_string(C.Word * 4 + 3) + ")" + (C.broadcast() ? ", broadcast" : "");
      laneBox(Out, X, Y, std::to_string(C.firstLane()) + (C.broadcast() ? "*" : ""),
              M.colliding(B), Tip);
    }
    Out += "</g>";
  }
  Out += legend(LegendY, M.MaxWords);
  return Out + "</svg>";
}

namespace {
const char *Css = R"css(
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif;
       margin: 24px 32px; color: #1d2330; background: #fff; }
h1 { font-size: 22px; margin: 0 0 2px; }
h2 { font-size: 18px; margin: 30px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #d5d9e0; }
h3 { font-size: 15px; margin: 0 0 4px; }
h4 { font-size: 13px; margin: 12px 0 4px; color: #5a6272; }
p.meta { color: #5a6272; margin: 0; }
table { border-collapse: collapse; margin: 8px 0; }
th, td { border: 1px solid #d5d9e0; padding: 3px 9px; text-align: left; vertical-align: top; }
th { background: #f2f4f7; font-weight: 600; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace;
       font-size: 12.5px; }
a { color: #1f5fbf; }
.badge { display: inline-block; padding: 0 8px; border-radius: 9px; font-size: 12px; font-weight: 600; }
.badge.conflict { background: #fde2e1; color: #a4161a; }
.badge.possible { background: #fff0c7; color: #7a5200; }
.badge.unknown { background: #e8eaf0; color: #3d4455; }
.badge.clean { background: #dcf3e3; color: #1b6b35; }
.badge.suppressed { background: #ececec; color: #666; }
article.finding { border: 1px solid #d5d9e0; border-left: 4px solid #c0392b; border-radius: 6px;
                  padding: 12px 16px; margin: 16px 0; }
article.finding.possible { border-left-color: #d49a00; }
p.loc { margin: 0 0 6px; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 1px 14px; margin: 6px 0; }
dl.facts dt { color: #5a6272; }
dl.facts dd { margin: 0; }
figure { margin: 10px 0; overflow-x: auto; }
figcaption { color: #5a6272; font-size: 12.5px; margin-bottom: 4px; }
svg.bankmap { display: block; }
ul { margin: 4px 0; padding-left: 22px; }
)css";

std::string locText(const FileLoc &L) {
  if (!L.valid())
    return "";
  return L.Path + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
}

std::string badge(const Finding &F) {
  std::string S = F.Status.empty() ? "unknown" : F.Status;
  std::string Out = "<span class=\"badge " + escapeHtml(S) + "\">" + escapeHtml(S) + "</span>";
  if (F.Suppressed)
    Out += " <span class=\"badge suppressed\">suppressed</span>";
  else if (F.BelowThreshold)
    Out += " <span class=\"badge suppressed\">below min degree</span>";
  return Out;
}

bool decided(const Finding &F) { return F.Status == "conflict" || F.Status == "possible" || F.Status == "clean"; }

std::string code(const std::string &S) { return "<code>" + escapeHtml(S) + "</code>"; }

void fact(llvm::raw_ostream &OS, const char *Term, const std::string &HtmlValue) {
  OS << "<dt>" << Term << "</dt><dd>" << HtmlValue << "</dd>\n";
}

void writeArticle(llvm::raw_ostream &OS, const Finding &F, std::size_t Index) {
  OS << "<article class=\"finding " << escapeHtml(F.Status) << "\" id=\"finding-" << Index << "\">\n";
  OS << "<h3>" << badge(F) << " " << escapeHtml(F.Message) << "</h3>\n";
  OS << "<p class=\"loc\">" << code(locText(F.Loc)) << "</p>\n";
  OS << "<dl class=\"facts\">\n";
  fact(OS, "kernel", code(F.Kernel));
  std::string Array = code(F.Array);
  if (!F.ElementType.empty())
    Array += " (" + code(F.ElementType) + ")";
  if (F.ArrayDecl.valid())
    Array += ", declared at " + code(locText(F.ArrayDecl));
  fact(OS, "array", Array);
  fact(OS, "access", escapeHtml(F.Kind) + ", " + std::to_string(F.AccessBytes) + " bytes per lane");
  std::string Block = F.BlockDim ? std::to_string((*F.BlockDim)[0]) + " \u00d7 " +
                                       std::to_string((*F.BlockDim)[1]) + " \u00d7 " +
                                       std::to_string((*F.BlockDim)[2])
                                 : std::string("unknown (blockDim.x assumed a multiple of 32)");
  if (!F.BlockDimSource.empty())
    Block += ", from " + F.BlockDimSource;
  fact(OS, "block", escapeHtml(Block));
  fact(OS, "wavefronts",
       std::to_string(F.WavefrontsWorst) + " in the worst warp, " + num(F.WavefrontsMean) +
           " on average; ideal " + std::to_string(F.IdealWavefronts) + " (" +
           std::to_string(F.Degree) + "-way)");
  if (F.HasWorst) {
    std::string Worst = F.WorstWarp ? "warp " + std::to_string(*F.WorstWarp) : "the worst warp";
    for (const std::string *Part : {&F.WorstIteration, &F.WorstValues})
      if (!Part->empty())
        Worst += ", " + *Part;
    fact(OS, "worst case", escapeHtml(Worst));
  }
  if (!F.Reason.empty())
    fact(OS, "reason", escapeHtml(F.Reason));
  OS << "</dl>\n";

  if (F.HasWorst) {
    std::string Caption = "Bank map of " +
                          (F.WorstWarp ? "warp " + std::to_string(*F.WorstWarp) : "the worst warp") +
                          ": " + std::to_string(F.WavefrontsWorst) + " wavefronts (rows) over 32 banks (columns)";
    OS << "<figure>\n<figcaption>" << escapeHtml(Caption) << "</figcaption>\n"
       << renderBankMapSvg(F.WorstLanes, F.AccessBytes, Caption) << "\n</figure>\n";
  }

  if (!F.Notes.empty()) {
    OS << "<h4>Notes</h4>\n<ul class=\"notes\">\n";
    for (const Note &N : F.Notes) {
      OS << "<li>";
      if (N.Loc.valid())
        OS << code(locText(N.Loc)) << ": ";
      OS << escapeHtml(N.Message) << "</li>\n";
    }
    OS << "</ul>\n";
  }
  if (!F.Fixes.empty()) {
    OS << "<h4>Fix-its</h4>\n<ul class=\"fixes\">\n";
    for (const TextEdit &E : F.Fixes) {
      OS << "<li>" << code(locText(E.Loc)) << ": ";
      if (E.Length == 0)
        OS << "insert " << code(E.Text);
      else
        OS << "replace " << code(E.Expected.empty() ? std::to_string(E.Length) + " bytes" : E.Expected)
           << " with " << code(E.Text);
      OS << "</li>\n";
    }
    OS << "</ul>\n";
  }
  if (!F.Assumptions.empty()) {
    OS << "<h4>Assumptions</h4>\n<ul class=\"assumptions\">\n";
    for (const std::string &A : F.Assumptions)
      OS << "<li>" << escapeHtml(A) << "</li>\n";
    OS << "</ul>\n";
  }
  OS << "</article>\n";
}
} // namespace

void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version) {
  Summary S = summarize(Findings);
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
     << "<meta name=\"generator\" content=\"bankcheck " << escapeHtml(Version) << "\">\n"
     << "<title>bankcheck report</title>\n<style>" << Css << "</style>\n</head>\n<body>\n";
  OS << "<header>\n<h1>bankcheck report</h1>\n<p class=\"meta\">bankcheck " << escapeHtml(Version)
     << " \u00b7 " << Files.size() << (Files.size() == 1 ? " file" : " files") << " \u00b7 "
     << Findings.size() << (Findings.size() == 1 ? " access" : " accesses") << "</p>\n</header>\n";

  // Summary: counts by status, failed files, every finding.
  OS << "<section id=\"summary\">\n<h2>Summary</h2>\n<table id=\"counts\">\n<thead><tr>"
     << "<th>accesses</th><th><span class=\"badge conflict\">conflict</span></th>"
     << "<th><span class=\"badge possible\">possible</span></th>"
     << "<th><span class=\"badge unknown\">unknown</span></th>"
     << "<th><span class=\"badge clean\">clean</span></th>"
     << "<th><span class=\"badge suppressed\">suppressed</span></th>"
     << "<th><span class=\"badge suppressed\">below min degree</span></th></tr></thead>\n<tbody><tr>"
     << "<td class=\"num\">" << Findings.size() << "</td><td class=\"num\">" << S.Conflict
     << "</td><td class=\"num\">" << S.Possible << "</td><td class=\"num\">" << S.Unknown
     << "</td><td class=\"num\">" << S.Clean << "</td><td class=\"num\">" << S.Suppressed
     << "</td><td class=\"num\">" << S.BelowThreshold << "</td></tr></tbody>\n</table>\n";

  unsigned Failed = 0;
  for (const FileStatus &F : Files)
    Failed += !F.Ok;
  if (Failed) {
    OS << "<h3>Files that could not be analysed</h3>\n<ul class=\"file-errors\">\n";
    for (const FileStatus &F : Files)
      if (!F.Ok)
        OS << "<li>" << code(F.Path) << ": " << escapeHtml(F.Error) << "</li>\n";
    OS << "</ul>\n";
  }

  OS << "<table id=\"findings\">\n<thead><tr><th>location</th><th>kernel</th><th>array</th>"
     << "<th>kind</th><th>width</th><th>status</th><th>degree</th><th>wavefronts</th></tr></thead>\n<tbody>\n";
  for (std::size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    std::string Loc = code(locText(F.Loc));
    if (F.isDiagnostic())
      Loc = "<a href=\"#finding-" + std::to_string(I) + "\">" + Loc + "</a>";
    OS << "<tr class=\"" << escapeHtml(F.Status) << "\" title=\"" << escapeHtml(F.Message) << "\"><td>"
       << Loc << "</td><td>" << code(F.Kernel) << "</td><td>" << code(F.Array) << "</td><td>"
       << escapeHtml(F.Kind) << "</td><td class=\"num\">" << F.AccessBytes << " B</td><td>"
       << badge(F) << "</td><td class=\"num\">";
    if (F.Status == "conflict" || F.Status == "possible")
      OS << F.Degree << "-way";
    else
      OS << "\u2014";
    OS << "</td><td class=\"num\">";
    if (decided(F))
      OS << F.WavefrontsWorst << " (ideal " << F.IdealWavefronts << ")";
    else
      OS << "\u2014";
    OS << "</td></tr>\n";
  }
  OS << "</tbody>\n</table>\n</section>\n";

  // One article per diagnostic, with its bank map.
  bool Any = false;
  for (const Finding &F : Findings)
    Any |= F.isDiagnostic();
  OS << "<section id=\"conflicts\">\n<h2>Conflicts</h2>\n";
  if (!Any)
    OS << "<p>No bank conflict was found.</p>\n";
  for (std::size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].isDiagnostic())
      writeArticle(OS, Findings[I], I);
  OS << "</section>\n";

  // Out-of-bounds accesses: the message and where.
  bool AnyBounds = false;
  for (const Finding &F : Findings)
    AnyBounds |= F.hasBoundsDiagnostic();
  if (AnyBounds) {
    OS << "<section id=\"out-of-bounds\">\n<h2>Out-of-bounds accesses</h2>\n<ul>\n";
    for (const Finding &F : Findings)
      if (F.hasBoundsDiagnostic())
        OS << "<li>" << code(locText(F.Loc)) << ": " << escapeHtml(F.OutOfBounds->Message) << "</li>\n";
    OS << "</ul>\n</section>\n";
  }

  // Undecided accesses: the reason only.
  bool AnyUnknown = false;
  for (const Finding &F : Findings)
    AnyUnknown |= F.Status == "unknown" && !F.Suppressed;
  if (AnyUnknown) {
    OS << "<section id=\"unknown\">\n<h2>Undecided accesses</h2>\n<ul>\n";
    for (const Finding &F : Findings)
      if (F.Status == "unknown" && !F.Suppressed)
        OS << "<li>" << code(locText(F.Loc)) << ": " << escapeHtml(F.Message) << "</li>\n";
    OS << "</ul>\n</section>\n";
  }
  OS << "</body>\n</html>\n";
}

} // namespace bankcheck::report
