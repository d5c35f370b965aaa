//===- HtmlReporter.cpp - A self-contained HTML report --------------------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
///
/// The page is written in one pass: head with inline CSS, summary tables,
/// then one article per diagnostic with its source line and the compact data
/// of its bank maps, which the inline script at the end draws as SVG (the
/// page stays small: a few hundred bytes per map). Nothing on the page names
/// a URL other than in-page anchors, so a browser opening it fetches nothing.
///
//===----------------------------------------------------------------------===//
#include "Report/Html.h"

#include "Report/Reporters.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <cstdio>
#include <map>

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

std::string bankMapData(const LaneOffsets &Lanes, unsigned AccessBytes) {
  BankMap M = computeBankMap(Lanes, AccessBytes);
  std::string Out = std::to_string(M.CollidingBanks);
  std::string Phase = "0";
  for (const BankRow &R : M.Rows) {
    // Rows are the wavefronts in order; a row names its phase where it changes.
    std::string This = std::to_string(R.FirstPhase);
    if (R.LastPhase > R.FirstPhase)
      This += "+" + std::to_string(R.LastPhase);
    Out += ";";
    if (This != Phase)
      Out += This + ":";
    Phase = This;
    bool First = true;
    for (unsigned B = 0; B < 32; ++B) {
      const BankCell &C = R.Cells[B];
      if (C.idle())
        continue;
      // The word is bank + 32 * row of words: the row is enough.
      Out += (First ? "" : ",") + std::to_string(B) + "." + std::to_string(C.firstLane()) + "." +
             std::to_string(C.Word / 32);
      if (C.broadcast()) {
        char Hex[16];
        std::snprintf(Hex, sizeof Hex, "%x", C.LaneMask);
        Out += std::string(".") + Hex;
      }
      First = false;
    }
  }
  return Out;
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
#findings th { cursor: pointer; user-select: none; }
#findings th[aria-sort=ascending]::after { content: " \25b4"; }
#findings th[aria-sort=descending]::after { content: " \25be"; }
#findings td:first-child, #findings td:nth-child(2), #findings td:nth-child(3), code, pre {
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 12.5px; }
td.n, #findings td:nth-child(n+5) { text-align: right; font-variant-numeric: tabular-nums; }
a { color: #1f5fbf; }
.badge, #findings td:nth-child(6) { display: inline-block; padding: 0 8px; border-radius: 9px; font-size: 12px; font-weight: 600; }
#findings td:nth-child(6) { display: table-cell; border-radius: 0; text-align: left; }
.conflict .badge, tr.conflict td:nth-child(6) { background: #fde2e1; color: #a4161a; }
.possible .badge, tr.possible td:nth-child(6) { background: #fff0c7; color: #7a5200; }
.unknown .badge, tr.unknown td:nth-child(6) { background: #e8eaf0; color: #3d4455; }
.clean .badge, tr.clean td:nth-child(6) { background: #dcf3e3; color: #1b6b35; }
.badge.suppressed, tr.suppressed td:nth-child(6) { background: #ececec; color: #666; }
.tools { margin: 8px 0; display: flex; gap: 12px; align-items: center; }
article.finding { border: 1px solid #d5d9e0; border-left: 4px solid #c0392b; border-radius: 6px;
                  padding: 12px 16px; margin: 16px 0; }
article.finding.possible { border-left-color: #d49a00; }
p.loc { margin: 0 0 6px; }
pre.src { background: #f6f8fa; padding: 4px 8px; margin: 6px 0; overflow-x: auto; }
pre.src b { color: #5a6272; font-weight: normal; margin-right: 10px; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 1px 14px; margin: 6px 0; }
dl.facts dt { color: #5a6272; }
dl.facts dd { margin: 0; }
figure { margin: 10px 0; overflow-x: auto; }
figcaption { color: #5a6272; font-size: 12.5px; margin-bottom: 4px; }
svg.bankmap { display: block; font: 11px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
svg.bankmap .colliding { fill: #fdecea; }
svg.bankmap .banks text { fill: #5a6272; text-anchor: middle; }
svg.bankmap .banks text.hot { fill: #c0392b; font-weight: bold; }
svg.bankmap .wavefront > text { fill: #1d2330; text-anchor: end; }
svg.bankmap .lane rect { x: 2px; y: 2px; width: 22px; height: 16px; rx: 3px; fill: #dbe8fb; stroke: #5b84c4; }
svg.bankmap .lane.hot rect { fill: #f7c1bc; stroke: #c0392b; }
svg.bankmap .lane text { text-anchor: middle; }
svg.bankmap line { stroke: #8a909c; stroke-dasharray: 3 3; }
svg.bankmap .grid { stroke: #eceef2; stroke-dasharray: none; }
ul { margin: 4px 0; padding-left: 22px; }
.legend span { display: inline-block; margin-right: 16px; }
.legend i { display: inline-block; width: 18px; height: 12px; border-radius: 3px; vertical-align: middle;
            margin-right: 4px; background: #dbe8fb; border: 1px solid #5b84c4; }
.legend i.hot { background: #f7c1bc; border-color: #c0392b; }
)css";

// Draws each figure's bank map from its data-map (HtmlReporter.cpp, bankMapData):
// "<colliding banks mask>;[<phase>[+<phase>]:]<bank>.<lane>.<word / 32>[.<lane mask>],...;...", one
// ';' per wavefront. The first maps are drawn at once, the others as they scroll into view.
// Sorts table#findings by a clicked column and filters its rows. No request is made.
const char *Script = R"js(
(function () {
  var CW = 26, CH = 20, LW = 172, HH = 26, W = LW + 32 * CW + 12;
  function lanes(mask) {
    var out = [];
    for (var l = 0; l < 32; l++) if ((mask >>> l) & 1) out.push(l);
    return out.join(", ");
  }
  function draw(fig) {
    var parts = fig.getAttribute("data-map").split(";"), hot = +parts[0], rows = parts.slice(1);
    var h = HH + Math.max(1, rows.length) * CH + 6, s = [];
    s.push('<svg class="bankmap' + (fig.classList.contains("after") ? " after" : "") + '" width="' + W +
           '" height="' + h + '" viewBox="0 0 ' + W + " " + h + '" role="img" data-wavefronts="' + rows.length + '">');
    for (var b = 0; b < 32; b++) {
      var x = LW + b * CW;
      s.push('<line class="grid" x1="' + (x + CW / 2) + '" x2="' + (x + CW / 2) + '" y1="' + HH + '" y2="' + h + '"/>');
      if ((hot >>> b) & 1) s.push('<rect class="colliding" x="' + x + '" y="2" width="' + CW + '" height="' + (h - 4) + '"/>');
    }
    s.push('<g class="banks"><text x="' + (LW - 8) + '" y="17" style="text-anchor:end">bank</text>');
    for (b = 0; b < 32; b++)
      s.push('<text x="' + (LW + b * CW + CW / 2) + '" y="17"' + (((hot >>> b) & 1) ? ' class="hot"' : "") + ">" + b + "</text>");
    s.push("</g>");
    var phase = "0";
    rows.forEach(function (row, i) {
      var y = HH + i * CH, c0 = row.indexOf(":"), f = [];
      if (c0 >= 0) {
        if (i > 0) s.push('<line x1="8" x2="' + (W - 12) + '" y1="' + y + '" y2="' + y + '"/>');
        phase = row.slice(0, c0);
        row = row.slice(c0 + 1);
      }
      f[2] = row;
      var label = (phase.indexOf("+") >= 0 ? "phases " : "phase ") + phase + ", wavefront " + i;
      s.push('<g class="wavefront" transform="translate(0,' + y + ')"><text x="' + (LW - 8) + '" y="14">' + label + "</text>");
      (f[2] ? f[2].split(",") : []).forEach(function (cell) {
        var c = cell.split("."), bank = +c[0], many = c.length > 3;
        c[2] = 32 * c[2] + bank;
        var tip = "bank " + bank + ", " + label + ": " + (many ? "lanes " + lanes(parseInt(c[3], 16)) : "lane " + c[1]) +
                  ", word " + c[2] + " (bytes " + 4 * c[2] + "-" + (4 * c[2] + 3) + ")" + (many ? ", broadcast" : "");
        s.push('<g class="lane' + (((hot >>> bank) & 1) ? " hot" : "") + '" transform="translate(' + (LW + bank * CW) +
               ',0)"><title>' + tip + '</title><rect/><text x="13" y="14">' + c[1] + (many ? "*" : "") + "</text></g>");
      });
      s.push("</g>");
    });
    if (!rows.length) s.push('<text x="' + LW + '" y="' + (HH + 14) + '">no active lane</text>');
    s.push("</svg>");
    fig.insertAdjacentHTML("beforeend", s.join(""));
  }
  var figs = document.querySelectorAll("figure[data-map]"), eager = 40;
  var seen = window.IntersectionObserver ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) {
      if (e.isIntersecting) { seen.unobserve(e.target); draw(e.target); }
    });
  }, { rootMargin: "600px" }) : null;
  Array.prototype.forEach.call(figs, function (fig, i) {
    if (i < eager || !seen) draw(fig); else seen.observe(fig);
  });

  var table = document.getElementById("findings");
  if (!table) return;
  var body = table.tBodies[0], rows = Array.prototype.slice.call(body.rows);
  function key(row, col) {
    var t = row.cells[col].textContent, n = parseFloat(t);
    return isNaN(n) ? t : n;
  }
  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
    th.addEventListener("click", function () {
      var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
      Array.prototype.forEach.call(table.tHead.rows[0].cells, function (o) { o.removeAttribute("aria-sort"); });
      th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
      rows.sort(function (a, b) {
        var x = key(a, col), y = key(b, col);
        return (typeof x === typeof y ? (x < y ? -1 : x > y ? 1 : 0) : typeof x === "number" ? -1 : 1) * dir;
      });
      rows.forEach(function (r) { body.appendChild(r); });
    });
  });
  var text = document.getElementById("filter"), status = document.getElementById("status");
  function filter() {
    var t = text.value.toLowerCase(), st = status.value;
    rows.forEach(function (r) {
      r.hidden = !((!st || r.classList.contains(st)) && (!t || r.textContent.toLowerCase().indexOf(t) >= 0));
    });
  }
  text.addEventListener("input", filter);
  status.addEventListener("change", filter);
  // Time from navigation to the drawn page, for the report's own test.
  document.documentElement.setAttribute("data-rendered-ms", Math.round(performance.now()));
})();
)js";

/// Paths as the text form prints them, relative to the current directory under it.
class Paths {
public:
  Paths() { llvm::sys::fs::current_path(Cwd); }
  std::string operator()(const std::string &Path) const {
    llvm::StringRef P(Path);
    if (!Cwd.empty() && P.consume_front(Cwd) && P.consume_front("/"))
      return P.str();
    return Path;
  }
  /// Text with the current directory's prefix taken off the paths it names.
  std::string inText(const std::string &Text) const {
    if (Cwd.empty())
      return Text;
    std::string Out = Text, Prefix = std::string(Cwd) + "/";
    for (std::size_t At = Out.find(Prefix); At != std::string::npos; At = Out.find(Prefix, At))
      Out.erase(At, Prefix.size());
    return Out;
  }
  std::string loc(const FileLoc &L) const {
    if (!L.valid())
      return "";
    return (*this)(L.Path) + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Column);
  }

private:
  llvm::SmallString<256> Cwd;
};

std::string statusClass(const Finding &F) {
  if (F.Suppressed || F.BelowThreshold)
    return "suppressed";
  return F.Status.empty() ? "unknown" : F.Status;
}

std::string badge(const Finding &F) {
  std::string S = F.Status.empty() ? "unknown" : F.Status;
  std::string Out = "<span class=\"badge\">" + escapeHtml(S) + "</span>";
  if (F.Suppressed)
    Out += " <span class=\"badge suppressed\">suppressed</span>";
  else if (F.BelowThreshold)
    Out += " <span class=\"badge suppressed\">below min degree</span>";
  return Out;
}

bool decided(const Finding &F) { return F.Status == "conflict" || F.Status == "possible" || F.Status == "clean"; }

std::string code(const std::string &S) { return "<code>" + escapeHtml(S) + "</code>"; }

/// The source line of Loc with its number; none past clang's 4,096 characters.
std::string snippet(const FileLoc &Loc, const SourceReader &Read, std::map<std::string, std::string> &Cache) {
  if (!Loc.valid() || !Read)
    return "";
  auto It = Cache.find(Loc.Path);
  if (It == Cache.end()) {
    std::string Text;
    if (!Read(Loc.Path, Text))
      Text.clear();
    It = Cache.emplace(Loc.Path, std::move(Text)).first;
  }
  llvm::StringRef T(It->second);
  for (unsigned L = 1; L < Loc.Line && !T.empty(); ++L)
    T = T.split('\n').second;
  llvm::StringRef Line = T.split('\n').first.rtrim("\r");
  if (Line.empty() || Line.size() > 4096)
    return "";
  return "<pre class=\"src\"><b>" + std::to_string(Loc.Line) + "</b>" + escapeHtml(Line) + "</pre>\n";
}

void writeArticle(llvm::raw_ostream &OS, const Finding &F, std::size_t Index, const Paths &P,
                  const std::string &Snippet) {
  OS << "<article class=\"finding " << escapeHtml(statusClass(F)) << "\" id=\"finding-" << Index << "\">\n";
  OS << "<h3>" << badge(F) << " " << escapeHtml(F.Message) << "</h3>\n";
  OS << "<p class=\"loc\">" << code(P.loc(F.Loc)) << " in " << code(F.Kernel) << "</p>\n" << Snippet;
  std::string Block = F.BlockDim ? std::to_string((*F.BlockDim)[0]) + " \u00d7 " +
                                       std::to_string((*F.BlockDim)[1]) + " \u00d7 " +
                                       std::to_string((*F.BlockDim)[2])
                                 : std::string("unknown (blockDim.x assumed a multiple of 32)");
  if (!F.BlockDimSource.empty())
    Block += ", from " + P.inText(F.BlockDimSource);
  OS << "<dl class=\"facts\"><dt>access</dt><dd>" << escapeHtml(F.Kind) << " of " << code(F.Array) << " ("
     << escapeHtml(F.ElementType) << "), " << F.AccessBytes << " bytes per lane</dd><dt>block</dt><dd>"
     << escapeHtml(Block) << "</dd><dt>wavefronts</dt><dd>" << F.WavefrontsWorst << " in the worst warp, "
     << llvm::format("%.2f", F.WavefrontsMean) << " on average; ideal " << F.IdealWavefronts << " ("
     << F.Degree << "-way)</dd>";
  if (!F.Reason.empty())
    OS << "<dt>reason</dt><dd>" << escapeHtml(F.Reason) << "</dd>";
  OS << "</dl>\n";

  if (F.HasWorst) {
    std::string Worst = F.WorstWarp ? "warp " + std::to_string(*F.WorstWarp) : "the worst warp";
    for (const std::string *Part : {&F.WorstIteration, &F.WorstValues})
      if (!Part->empty())
        Worst += ", " + *Part;
    OS << "<figure data-map=\"" << bankMapData(F.WorstLanes, F.AccessBytes) << "\"><figcaption>"
       << escapeHtml(Worst) << ": " << F.WavefrontsWorst << " wavefront" << (F.WavefrontsWorst == 1 ? "" : "s")
       << "</figcaption></figure>\n";
    if (F.AfterFixLanes)
      OS << "<figure class=\"after\" data-map=\"" << bankMapData(*F.AfterFixLanes, F.AccessBytes)
         << "\"><figcaption>after the suggested padding: " << F.AfterFixWavefronts << " wavefront"
         << (F.AfterFixWavefronts == 1 ? "" : "s") << " (ideal " << F.AfterFixIdeal << ")</figcaption></figure>\n";
  }
  // The notes the facts above do not already say.
  std::string Notes;
  for (const Note &N : F.Notes) {
    llvm::StringRef M(N.Message);
    if (M.starts_with("block shape ") || M.starts_with("mean ") || M.ends_with(" declared here"))
      continue;
    Notes += "<li>" + (N.Loc.valid() && !(N.Loc.Path == F.Loc.Path && N.Loc.Line == F.Loc.Line)
                           ? code(P.loc(N.Loc)) + ": "
                           : std::string()) +
             escapeHtml(P.inText(N.Message)) + "</li>";
  }
  for (const TextEdit &E : F.Fixes)
    Notes += "<li>fix-it at " + code(P.loc(E.Loc)) + ": " +
             (E.Length == 0 ? "insert " + code(E.Text)
                            : "replace " + code(E.Expected.empty() ? std::to_string(E.Length) + " bytes" : E.Expected) +
                                  " with " + code(E.Text)) +
             "</li>";
  for (const std::string &A : F.Assumptions)
    Notes += "<li>assuming " + escapeHtml(A) + "</li>";
  if (!Notes.empty())
    OS << "<ul class=\"notes\">" << Notes << "</ul>\n";
  OS << "</article>\n";
}
} // namespace

void writeHtml(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version, const SourceReader &Read) {
  Paths P;
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
     << "<th>accesses</th><th class=\"conflict\"><span class=\"badge\">conflict</span></th>"
     << "<th class=\"possible\"><span class=\"badge\">possible</span></th>"
     << "<th class=\"unknown\"><span class=\"badge\">unknown</span></th>"
     << "<th class=\"clean\"><span class=\"badge\">clean</span></th>"
     << "<th><span class=\"badge suppressed\">suppressed</span></th>"
     << "<th><span class=\"badge suppressed\">below min degree</span></th></tr></thead>\n<tbody><tr>"
     << "<td class=\"n\">" << Findings.size() << "</td><td class=\"n\">" << S.Conflict
     << "</td><td class=\"n\">" << S.Possible << "</td><td class=\"n\">" << S.Unknown
     << "</td><td class=\"n\">" << S.Clean << "</td><td class=\"n\">" << S.Suppressed
     << "</td><td class=\"n\">" << S.BelowThreshold << "</td></tr></tbody>\n</table>\n";

  unsigned Failed = 0;
  for (const FileStatus &F : Files)
    Failed += !F.Ok;
  if (Failed) {
    OS << "<h3>Files that could not be analysed</h3>\n<ul class=\"file-errors\">\n";
    for (const FileStatus &F : Files)
      if (!F.Ok)
        OS << "<li>" << code(P(F.Path)) << ": " << escapeHtml(F.Error) << "</li>\n";
    OS << "</ul>\n";
  }

  // Every access, one compact row; the script sorts (click a heading) and filters.
  OS << "<div class=\"tools\"><label>filter <input id=\"filter\" type=\"search\"></label> <label>status "
     << "<select id=\"status\"><option value=\"\">all</option><option>conflict</option><option>possible</option>"
     << "<option>unknown</option><option>clean</option><option>suppressed</option></select></label></div>\n"
     << "<table id=\"findings\">\n<thead><tr><th>location</th><th>kernel</th><th>array</th>"
     << "<th>kind</th><th>width</th><th>status</th><th>degree</th><th>wavefronts</th></tr></thead>\n<tbody>\n";
  for (std::size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    std::string Loc = escapeHtml(P.loc(F.Loc));
    if (F.isDiagnostic())
      Loc = "<a href=\"#finding-" + std::to_string(I) + "\">" + Loc + "</a>";
    OS << "<tr class=\"" << escapeHtml(statusClass(F)) << "\"><td>" << Loc << "</td><td>" << escapeHtml(F.Kernel)
       << "</td><td>" << escapeHtml(F.Array) << "</td><td>" << escapeHtml(F.Kind) << "</td><td>" << F.AccessBytes
       << "</td><td>" << escapeHtml(F.Status) << (F.Suppressed ? " (suppressed)" : F.BelowThreshold ? " (below)" : "")
       << "</td><td>";
    if (F.Status == "conflict" || F.Status == "possible")
      OS << F.Degree;
    OS << "</td><td>";
    if (decided(F))
      OS << F.WavefrontsWorst << " / " << F.IdealWavefronts;
    OS << "</td></tr>\n";
  }
  OS << "</tbody>\n</table>\n</section>\n";

  // One article per diagnostic, with its bank maps (drawn by the script).
  bool Any = false;
  for (const Finding &F : Findings)
    Any |= F.isDiagnostic();
  OS << "<section id=\"conflicts\">\n<h2>Conflicts</h2>\n";
  if (!Any)
    OS << "<p>No bank conflict was found.</p>\n";
  else
    OS << "<p class=\"legend\"><span><i></i>a lane's word (its number; * more lanes on one word: "
          "broadcast)</span><span><i class=\"hot\"></i>a lane on a colliding bank</span>"
          "<span>bank maps: one row per wavefront, dashed lines between phases; one column per bank</span></p>\n";
  std::map<std::string, std::string> Sources;
  for (std::size_t I = 0; I < Findings.size(); ++I)
    if (Findings[I].isDiagnostic())
      writeArticle(OS, Findings[I], I, P, snippet(Findings[I].Loc, Read, Sources));
  OS << "</section>\n";

  // Out-of-bounds accesses: the message and where.
  bool AnyBounds = false;
  for (const Finding &F : Findings)
    AnyBounds |= F.hasBoundsDiagnostic();
  if (AnyBounds) {
    OS << "<section id=\"out-of-bounds\">\n<h2>Out-of-bounds accesses</h2>\n<ul>\n";
    for (const Finding &F : Findings)
      if (F.hasBoundsDiagnostic())
        OS << "<li>" << code(P.loc(F.Loc)) << ": " << escapeHtml(F.OutOfBounds->Message) << "</li>\n";
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
        OS << "<li>" << code(P.loc(F.Loc)) << ": " << escapeHtml(F.Message) << "</li>\n";
    OS << "</ul>\n</section>\n";
  }
  OS << "<script>" << Script << "</script>\n</body>\n</html>\n";
}

} // namespace bankcheck::report
