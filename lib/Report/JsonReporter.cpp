//===- JsonReporter.cpp - The JSON report (docs/json-format.md) -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
#include "Report/Reporters.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/NativeFormatting.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace bankcheck::report {

namespace {

void writeAccess(llvm::json::OStream &J, const Finding &F);
} // namespace

// The document is streamed: each access is written as it comes, so memory does not grow with a
// whole tree of the report (its keys in sorted order, as llvm::json prints an object: the text is
// that of the whole value).
void writeJson(llvm::raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<FileStatus> &Files, const std::string &Version,
               const SharedCoverage &Coverage) {
  llvm::json::Array FileArr;
  for (const FileStatus &F : Files) {
    llvm::json::Object O{{"file", F.Path}, {"status", F.Ok ? "ok" : "error"}};
    if (!F.Ok)
      O["error"] = F.Error;
    FileArr.push_back(std::move(O));
  }
  Summary S = summarize(Findings);
  llvm::json::Object Sum{{"accesses", Findings.size()},
                         {"conflict", S.Conflict},
                         {"possible", S.Possible},
                         {"unknown", S.Unknown},
                         {"clean", S.Clean},
                         {"suppressed", S.Suppressed},
                         {"below_min_degree", S.BelowThreshold},
                         {"shared_uses", llvm::json::Object{{"seen", Coverage.Seen},
                                                            {"analysed", Coverage.Analysed},
                                                            {"unanalysed", Coverage.Unanalysed},
                                                            {"not_reached", Coverage.NotReached}}}};
  llvm::json::OStream J(OS, 2);
  // Keys in sorted order, as llvm::json prints an object.
  J.object([&] {
    J.attributeArray("accesses", [&] {
      for (const Finding &F : Findings)
        writeAccess(J, F);
    });
    J.attribute("files", std::move(FileArr));
    J.attribute("summary", std::move(Sum));
    J.attribute("tool", "bankcheck");
    J.attribute("version", Version);
  });
  OS << "\n";
}

namespace {
using llvm::StringRef;

/// One access as llvm::json::OStream (indent 2) prints an object with these
/// keys in sorted order, written straight to the stream: an access is most
/// of a report, and the text is the same. Keys are plain ASCII; strings are
/// quoted as llvm::json quotes them (invalid UTF-8 replaced, as a
/// json::Value would have it).
class AccessText {
public:
  AccessText(llvm::raw_ostream &OS, unsigned Indent) : OS(OS), Indent(Indent) {}

  void write(const Finding &F);

private:
  llvm::raw_ostream &OS;
  unsigned Indent;     ///< of the lines inside the innermost open object or array
  bool First = true;   ///< nothing written yet in the innermost one

  /// ",\n" (or "\n") and the indentation in one write: most of an access's
  /// text is short lines.
  void separator(bool Comma) {
    static constexpr char Blanks[] = ",\n                                                                ";
    constexpr unsigned MaxIndent = sizeof(Blanks) - 3;
    if (LLVM_LIKELY(Indent <= MaxIndent)) {
      OS.write(Blanks + !Comma, 1 + Comma + Indent);
      return;
    }
    if (Comma)
      OS << ',';
    OS << '\n';
    OS.indent(Indent);
  }
  void newline() { separator(false); }
  void key(StringRef K) {
    bool Comma = !First;
    First = false;
    char Buf[128];
    if (LLVM_UNLIKELY(2 + Indent + K.size() + 4 > sizeof(Buf))) {
      separator(Comma);
      OS << '"' << K << "\": ";
      return;
    }
    // ",\n", the indentation, the quoted key and ": " in one write.
    char *P = Buf;
    if (Comma)
      *P++ = ',';
    *P++ = '\n';
    std::memset(P, ' ', Indent);
    P += Indent;
    *P++ = '"';
    std::memcpy(P, K.data(), K.size());
    P += K.size();
    std::memcpy(P, "\": ", 3);
    P += 3;
    OS.write(Buf, static_cast<std::size_t>(P - Buf));
  }
  void element() {
    separator(!First);
    First = false;
  }
  /// An integer as raw_ostream prints it (decimal, '-' when negative).
  template <typename T> void integer(T V) {
    char Buf[24];
    std::to_chars_result R = std::to_chars(Buf, Buf + sizeof(Buf), V);
    OS.write(Buf, static_cast<std::size_t>(R.ptr - Buf));
  }
  template <typename Fn> void nested(char Open, char Close, Fn Body) {
    OS << Open;
    bool Outer = First;
    First = true;
    Indent += 2;
    Body();
    Indent -= 2;
    if (!First)
      newline();
    First = Outer;
    OS << Close;
  }
  template <typename Fn> void object(Fn Body) { nested('{', '}', Body); }
  template <typename Fn> void array(Fn Body) { nested('[', ']', Body); }
  void quote(StringRef S) {
    if (LLVM_UNLIKELY(!llvm::json::isUTF8(S))) {
      quoteValid(llvm::json::fixUTF8(S));
      return;
    }
    quoteValid(S);
  }
  void quoteValid(StringRef S) {
    OS << '"';
    const char *Run = S.data(); // the characters written as they are, not yet written
    for (const char &Ch : S) {
      unsigned char C = static_cast<unsigned char>(Ch);
      if ((C == 0x7f || C >= 0x20) && C != '"' && C != '\\')
        continue;
      OS.write(Run, static_cast<std::size_t>(&Ch - Run));
      Run = &Ch + 1;
      if (C == 0x7f || C >= 0x20) {
        OS << '\\' << C;
        continue;
      }
      OS << '\\';
      switch (C) {
      case '\t': OS << 't'; break;
      case '\n': OS << 'n'; break;
      case '\r': OS << 'r'; break;
      default:
        OS << 'u';
        llvm::write_hex(OS, C, llvm::HexPrintStyle::Lower, 4);
        break;
      }
    }
    OS.write(Run, static_cast<std::size_t>(S.data() + S.size() - Run));
    OS << '"';
  }
  void str(StringRef K, StringRef V) {
    key(K);
    quote(V);
  }
  template <typename T> void num(StringRef K, T V) {
    key(K);
    if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>)
      integer(V);
    else
      OS << V;
  }
  void boolean(StringRef K, bool V) {
    key(K);
    OS << (V ? "true" : "false");
  }
  void null(StringRef K) {
    key(K);
    OS << "null";
  }
  void loc(StringRef K, const FileLoc &L) {
    key(K);
    object([&] {
      num("column", L.Column);
      str("file", L.Path);
      num("line", L.Line);
    });
  }
  /// The lanes' array as array() and integer() write it, in one write: it
  /// is most of a report's lines.
  template <typename Lanes> void lanes(const Lanes &Ls) {
    key("lanes");
    llvm::SmallString<2048> B;
    B.push_back('[');
    bool Any = false;
    for (const auto &L : Ls) {
      if (Any)
        B.push_back(',');
      B.push_back('\n');
      B.append(Indent + 2, ' ');
      Any = true;
      if (L) {
        char Buf[24];
        std::to_chars_result R = std::to_chars(Buf, Buf + sizeof(Buf), static_cast<std::int64_t>(*L));
        B.append(Buf, R.ptr);
      } else {
        B.append("null");
      }
    }
    if (Any) {
      B.push_back('\n');
      B.append(Indent, ' ');
    }
    B.push_back(']');
    OS.write(B.data(), B.size());
  }
};

void AccessText::write(const Finding &F) {
  object([&] {
    num("access_bytes", F.AccessBytes);
    if (F.AfterFixLanes) {
      key("after_fix");
      object([&] {
        num("ideal_wavefronts", F.AfterFixIdeal);
        lanes(*F.AfterFixLanes);
        num("wavefronts_worst", F.AfterFixWavefronts);
      });
    } else {
      null("after_fix");
    }
    str("array", F.Array);
    loc("array_decl", F.ArrayDecl);
    key("assumptions");
    array([&] {
      for (const std::string &A : F.Assumptions) {
        element();
        quote(A);
      }
    });
    boolean("below_min_degree", F.BelowThreshold);
    if (F.BlockDim) {
      key("block_dim");
      array([&] {
        for (unsigned D = 0; D < 3; ++D) {
          element();
          OS << (*F.BlockDim)[D];
        }
      });
    } else {
      null("block_dim");
    }
    str("block_dim_source", F.BlockDimSource);
    if (!F.CallSites.empty()) {
      key("call_sites");
      array([&] {
        for (const FileLoc &L : F.CallSites) {
          element();
          object([&] {
            str("file", L.Path);
            num("line", L.Line);
          });
        }
      });
    }
    num("column", F.Loc.Column);
    num("degree", F.Degree);
    str("element_type", F.ElementType);
    str("file", F.Loc.Path);
    key("fixes");
    array([&] {
      for (const TextEdit &E : F.Fixes) {
        element();
        object([&] {
          num("column", E.Loc.Column);
          str("file", E.Loc.Path);
          num("length", E.Length);
          num("line", E.Loc.Line);
          num("offset", E.Loc.Offset);
          str("replacement", E.Text);
        });
      }
    });
    num("ideal_wavefronts", F.IdealWavefronts);
    str("instruction", F.Instruction);
    str("kernel", F.Kernel);
    str("kind", F.Kind);
    num("line", F.Loc.Line);
    key("notes");
    array([&] {
      for (const Note &N : F.Notes) {
        element();
        object([&] {
          if (N.Loc.valid()) {
            num("column", N.Loc.Column);
            str("file", N.Loc.Path);
            num("line", N.Loc.Line);
          }
          str("message", N.Message);
        });
      }
    });
    if (F.OutOfBounds) {
      const BoundsDiagnostic &B = *F.OutOfBounds;
      key("out_of_bounds");
      object([&] {
        if (B.ArrayBytes)
          num("array_bytes", *B.ArrayBytes);
        else
          null("array_bytes");
        num("byte", B.Byte);
        str("check", B.CheckId);
        str("iteration", B.Iteration);
        num("lane", B.Lane);
        str("message", B.Message);
        boolean("suppressed", B.Suppressed);
        if (B.Warp)
          num("warp", *B.Warp);
        else
          null("warp");
      });
    } else {
      null("out_of_bounds");
    }
    if (F.ProfileLoc.valid()) {
      str("profile_file", F.ProfileLoc.Path);
      num("profile_line", F.ProfileLoc.Line);
    }
    str("reason", F.Reason);
    str("status", F.Status);
    boolean("suppressed", F.Suppressed);
    // As llvm::json prints a double.
    key("wavefronts_mean");
    // Most means are whole numbers, which %.17g prints as integers.
    if (const double M = F.WavefrontsMean; M == std::trunc(M) && std::fabs(M) < 1e15 && !std::signbit(M))
      integer(static_cast<std::int64_t>(M));
    else
      OS << llvm::format("%.*g", std::numeric_limits<double>::max_digits10, M);
    num("wavefronts_worst", F.WavefrontsWorst);
    str("widths", F.WidthFrom.empty() ? StringRef("source") : StringRef(F.WidthFrom));
    if (F.HasWorst) {
      key("worst");
      object([&] {
        str("iteration", F.WorstIteration);
        lanes(F.WorstLanes);
        str("values", F.WorstValues);
        if (F.WorstWarp)
          num("warp", *F.WorstWarp);
        else
          null("warp");
      });
    } else {
      null("worst");
    }
  });
}

void writeAccess(llvm::json::OStream &J, const Finding &F) {
  // An element of the document's "accesses" array: its line is indented 4.
  J.rawValue([&](llvm::raw_ostream &OS) { AccessText(OS, 4).write(F); });
}
} // namespace

} // namespace bankcheck::report
