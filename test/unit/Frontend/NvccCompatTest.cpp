// Unit tests of the nvcc-compatibility rewrite: constructs nvcc accepts and
// Clang 19 rejects, rewritten in place without moving anything after them.
#include "Frontend/NvccCompat.h"
#include "Frontend/CompatFileSystem.h"

#include <catch2/catch.hpp>

using bankcheck::frontend::CompatLog;
using bankcheck::frontend::insertTemplateKeywords;
using bankcheck::frontend::nvccCompatFileSystem;
using bankcheck::frontend::rewriteForClang;

namespace {
std::string rewritten(std::string S, std::size_t *Edits = nullptr) {
  auto E = rewriteForClang(S);
  if (Edits)
    *Edits = E.size();
  return S;
}
} // namespace

TEST_CASE("alignas after __shared__ moves to the front of the declaration", "[nvcc-compat]") {
  CHECK(rewritten("  __shared__ alignas(16) float t[64];") == "  alignas(16)__shared__  float t[64];");
  // nvcc itself rejects alignas after `extern __shared__`; read the same way
  CHECK(rewritten("extern __shared__ alignas(128) char smem[];") ==
        "alignas(128)extern __shared__  char smem[];");
  CHECK(rewritten("__shared__ alignas(8) static int u[64];") == "alignas(8)__shared__  static int u[64];");
  CHECK(rewritten("static __shared__ alignas(sizeof(float4)) float s[8];") ==
        "alignas(sizeof(float4))static __shared__  float s[8];");
  CHECK(rewritten("__device__ alignas(16) float g[4];") == "alignas(16)__device__  float g[4];");
}

TEST_CASE("the rewrite keeps the length and the lines", "[nvcc-compat]") {
  std::string In = "__shared__\n  alignas(16) float t[64]; int x;\n";
  std::string Out = rewritten(In);
  CHECK(Out.size() == In.size());
  CHECK(std::count(Out.begin(), Out.end(), '\n') == std::count(In.begin(), In.end(), '\n'));
  CHECK(Out.substr(Out.find("float")) == In.substr(In.find("float")));
}

TEST_CASE("what Clang accepts is left alone", "[nvcc-compat]") {
  std::size_t N = 1;
  CHECK(rewritten("alignas(16) __shared__ float t[64];", &N) == "alignas(16) __shared__ float t[64];");
  CHECK(N == 0);
  CHECK(rewritten("struct alignas(16) V { float a[4]; };", &N) == "struct alignas(16) V { float a[4]; };");
  CHECK(N == 0);
  CHECK(rewritten("static alignas(8) int x;", &N) == "static alignas(8) int x;");
  CHECK(N == 0);
}

TEST_CASE("comments, strings and characters are not code", "[nvcc-compat]") {
  std::size_t N = 1;
  std::string S = "// __shared__ alignas(16) float t[64];\n"
                  "/* __shared__ alignas(16) */ const char *m = \"__shared__ alignas(16)\"; char c = '\"';\n";
  CHECK(rewritten(S, &N) == S);
  CHECK(N == 0);
}

TEST_CASE("asm operands without commas between them get the commas", "[nvcc-compat]") {
  CHECK(rewritten(R"x(asm volatile("mov.b32 %0, %2;" : "=f"(v) "=f"(x) : "f"(o[0]));)x") ==
        R"x(asm volatile("mov.b32 %0, %2;" : "=f"(v),"=f"(x) : "f"(o[0]));)x");
  CHECK(rewritten(R"x(__asm__("add.u32 %0, %1, %2;" : "=r"(a) : "r"(b)  "r"(c));)x") ==
        R"x(__asm__("add.u32 %0, %1, %2;" : "=r"(a) : "r"(b), "r"(c));)x");
  // named operands, and operand lists that are already right
  CHECK(rewritten(R"x(asm("mov %[o], %[i];" : [o] "=r"(a) [p] "=r"(b) : [i] "r"(c));)x") ==
        R"x(asm("mov %[o], %[i];" : [o] "=r"(a),[p] "=r"(b) : [i] "r"(c));)x");
  std::size_t N = 1;
  std::string Ok = R"x(asm volatile("bar.sync 0;" ::: "memory"); asm("x" : "=r"(a), "=r"(b) : "r"(c), "r"(d));)x";
  CHECK(rewritten(Ok, &N) == Ok);
  CHECK(N == 0);
  // no space to put the comma in: left as it is (Clang reports it)
  std::string Tight = R"x(asm("x" : "=r"(a)"=r"(b));)x";
  CHECK(rewritten(Tight, &N) == Tight);
  CHECK(N == 0);
}

TEST_CASE("each edit says what it accepted and where", "[nvcc-compat]") {
  std::string S = "int a;\n__shared__ alignas(16) float t[64];\n";
  auto E = rewriteForClang(S);
  REQUIRE(E.size() == 1);
  CHECK(E[0].Offset == 7);
  CHECK(E[0].What.find("alignas") != std::string::npos);
}

TEST_CASE("a skipped header tree is served as it is however its path is spelled", "[nvcc-compat]") {
  // The driver spells the C++ library's headers from its own directory
  // (`/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/cmath`).
  auto Mem = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  const std::string Text = "__shared__ alignas(16) float t[64];\n";
  Mem->addFile("/sys/include/a.h", 0, llvm::MemoryBuffer::getMemBuffer(Text));
  Mem->addFile("/src/a.cu", 0, llvm::MemoryBuffer::getMemBuffer(Text));
  Mem->setCurrentWorkingDirectory("/src");
  auto Log = std::make_shared<CompatLog>();
  auto FS = nvccCompatFileSystem(Mem, Log, {"/sys/"});
  auto Read = [&](const char *P) {
    auto F = FS->openFileForRead(P);
    REQUIRE(F);
    auto B = (*F)->getBuffer(P);
    REQUIRE(B);
    return (*B)->getBuffer().str();
  };
  CHECK(Read("/sys/include/a.h") == Text);
  CHECK(Read("/lib/../sys/lib/../include/a.h") == Text);
  CHECK(Log->Edits.empty());
  CHECK(Read("/src/a.cu") == "alignas(16)__shared__  float t[64];\n");
  CHECK(Log->Edits.size() == 1);
}

TEST_CASE("a special register in an asm with operands is read as '%%name'", "[nvcc-compat]") {
  std::size_t N = 0;
  // tiny-cuda-nn's lane_id(): nvcc passes '%laneid' on, Clang reads '%l' as a
  // modifier. The '%' is doubled; a blank of the line outside the string pays
  // for it, so the length and everything outside the span stay.
  std::string S = R"x(asm volatile("mov.u32 %0, %laneid;" : "=r"(ret));)x";
  std::string R = rewritten(S, &N);
  CHECK(R == R"x(asm volatile("mov.u32 %0, %%laneid;": "=r"(ret));)x");
  CHECK(R.size() == S.size());
  CHECK(N == 1);
  // the blank after the template when none is before it on the line
  CHECK(rewritten(R"x(asm("mov.u32 %0, %smid;" : "=r"(r));)x") == R"x(asm("mov.u32 %0, %%smid;": "=r"(r));)x");
  // several: each doubled, the nearest free blank first
  CHECK(rewritten(R"x(asm volatile ( "mov.u32 %0, %warpid; mov.u32 %1, %nsmid;" : "=r"(a), "=r"(b) );)x") ==
        R"x(asm volatile ("mov.u32 %0, %%warpid; mov.u32 %1, %%nsmid;": "=r"(a), "=r"(b) );)x");
  // a blank between two words of an operand is never the one taken
  CHECK(rewritten(R"x(asm("mov.u32 %0, %laneid;":"=r"((unsigned int)x));)x") ==
        R"x(asm("mov.u32 %0, %laneid;":"=r"((unsigned int)x));)x");
  // nor one on another line (it would move that line's columns)
  std::string TwoLines = "asm(\"mov.u32 %0, %smid;\"\n    : \"=r\"(r));";
  CHECK(rewritten(TwoLines, &N) == TwoLines);
  CHECK(N == 0);
  // Clang's own escapes and basic asm are left as they are
  for (const char *Ok : {R"x(asm("mov.u32 %0, %%laneid;" : "=r"(r));)x", R"x(asm("mov.u32 %laneid, 0;");)x",
                         R"x(asm("add.u32 %0, %1, %c2;" : "=r"(a) : "r"(b), "n"(3));)x",
                         R"x(asm("mov.u32 %[out], %[in];" : [out] "=r"(a) : [in] "r"(b));)x"}) {
    CHECK(rewritten(Ok, &N) == Ok);
    CHECK(N == 0);
  }
  // no blank on its line outside the string: left alone (Clang reports it)
  std::string Tight = R"x(asm("mov.u32 %0,%laneid;":"=r"(r));)x";
  CHECK(rewritten(Tight, &N) == Tight);
  CHECK(N == 0);
}

TEST_CASE("a '#pragma unroll' in the body of a macro is read as nothing", "[nvcc-compat]") {
  std::size_t N = 0;
  // moderngpu's meta.hxx: nvcc applies the pragma where PRAGMA_UNROLL is used.
  std::string S = "#ifdef __CUDA_ARCH__\n  #define PRAGMA_UNROLL #pragma unroll\n#endif\n";
  std::string R = rewritten(S, &N);
  CHECK(R == "#ifdef __CUDA_ARCH__\n  #define PRAGMA_UNROLL               \n#endif\n");
  CHECK(N == 1);
  std::string Edit = S;
  auto E = rewriteForClang(Edit);
  REQUIRE(E.size() == 1);
  CHECK(E[0].Offset == S.find("#pragma"));
  CHECK(E[0].What.find("'#pragma unroll' in the body of a macro") == 0);
  // its count, nounroll, a function-like macro; a comment and a continuation stay
  CHECK(rewritten("# define UNROLL(n) #pragma unroll 4 // hint\n") == "# define UNROLL(n)                  // hint\n");
  CHECK(rewritten("#define NO #pragma nounroll \\\n  for (;;)\n") == "#define NO                  \\\n  for (;;)\n");
  // anything else is left alone: a pragma outside a macro, another pragma,
  // the words in a comment or a string
  for (const char *Ok : {"#pragma unroll\nfor (int i = 0; i < 4; ++i) {}\n", "#define PACK #pragma pack(1)\n",
                         "#define A 1 // #pragma unroll\n", "#define S \"#pragma unroll\"\n",
                         "#define UNROLLED 4\n"}) {
    CHECK(rewritten(Ok, &N) == Ok);
    CHECK(N == 0);
  }
}

TEST_CASE("a member template of a dependent type named without 'template' gets it", "[nvcc-compat]") {
  // TensorRT's `ParallelSums<A, B>::dispatch<C>(...)`, RTXNTC's
  // `v.to_array<N>(...)`: nvcc accepts the call, Clang reads '<' as
  // less-than. The place of the name comes from Clang's diagnostic; the
  // separator becomes a macro of bankcheck_compat.h (`$S` is `::template`)
  // and a blank, a blank of the line before it paying for the character
  // more, so everything from the name on keeps its column and every other
  // line its place.
  std::string S = "  {\n    Sums<A, B>::dispatch<C>(smem, v);\n  }\n";
  std::string T = S;
  auto E = insertTemplateKeywords(T, {S.find("dispatch")});
  CHECK(T == "  {\n    Sums<A,B>$S dispatch<C>(smem, v);\n  }\n");
  CHECK(T.size() == S.size());
  CHECK(T.find("dispatch") == S.find("dispatch"));
  REQUIRE(E.size() == 1);
  CHECK(E[0].Offset == S.find("dispatch"));
  CHECK(E[0].What == "'::dispatch<' read as '::template dispatch<' (a member template of a dependent type named "
                     "without the 'template' keyword)");
  // after a word, a blank before the macro too ('$' continues an
  // identifier): three characters more after '.', two after '->'
  std::string D = "   v.to_array<N>(p); q->send<1>(x);";
  CHECK(insertTemplateKeywords(D, {D.find("to_array")}).size() == 1);
  CHECK(D == "v $M to_array<N>(p); q->send<1>(x);");
  std::string P = "  q->send<1>(x);";
  auto E3 = insertTemplateKeywords(P, {P.find("send")});
  CHECK(P == "q $P send<1>(x);");
  REQUIRE(E3.size() == 1);
  CHECK(E3[0].What.find("'->send<' read as '->template send<'") == 0);
  // blanks after the separator are part of what is replaced
  std::string Q = "X<T>::  f<1>(a);";
  CHECK(insertTemplateKeywords(Q, {Q.find("f<")}).size() == 1);
  CHECK(Q == "X<T>$S  f<1>(a);");
  std::string R = "  ns::f<1>(a);";
  CHECK(insertTemplateKeywords(R, {R.find("f<")}).size() == 1);
  CHECK(R == "ns $S f<1>(a);");
  // a blank between two words is never taken ('unsigned int'), nor one after
  // the name (it would move the arguments' columns): too few, left alone
  for (const char *Tight : {"X<unsigned int>::f<1>(a);\n", "  v.f<1>(a, b, c, d, e, f, g, h, i, j);\n",
                            "x = a - -Y<T>::f<1>(b);\n", "x = a / /**/ Y<T>::f<1>(b);\n"}) {
    std::string U = Tight;
    CHECK(insertTemplateKeywords(U, {U.find("f<")}).empty());
    CHECK(U == Tight);
  }
  // not a name after '::', '->' or '.', or a place past the text: left alone
  std::string V = "          a < b;";
  CHECK(insertTemplateKeywords(V, {V.find('a'), 1000}).empty());
  // two on one line: the first (the second's blanks would move it)
  std::string W = "  X<T>::f<1>(a) + X<T>::g<2>(b);";
  auto E2 = insertTemplateKeywords(W, {W.find("f<"), W.find("g<")});
  CHECK(E2.size() == 1);
  CHECK(W == " X<T>$S f<1>(a) + X<T>::g<2>(b);");
}

TEST_CASE("the name of a member template is found from where Clang's error is", "[nvcc-compat]") {
  using bankcheck::frontend::templateNameFrom;
  constexpr std::size_t None = std::string::npos;
  std::string_view S = "  ParallelSums<A, B>::dispatch<C>(smem, v);";
  CHECK(templateNameFrom(S, S.find("Parallel")) == S.find("dispatch"));
  CHECK(templateNameFrom(S, S.find("dispatch")) == S.find("dispatch"));
  std::string_view G = "x = ::ns::X<(A > 1)>::f<2>(y);";
  CHECK(templateNameFrom(G, G.find("::ns")) == G.find("f<"));
  std::string_view N = "ns::X<A>::template_like<3>(z);";
  CHECK(templateNameFrom(N, 0) == N.find("template_like"));
  std::string_view M = "t->inner.get<U>();";
  CHECK(templateNameFrom(M, 0) == M.find("get"));
  CHECK(templateNameFrom(M, M.find("get")) == M.find("get"));
  // no name before '<' after a separator: none
  CHECK(templateNameFrom("a < b;", 0) == None);
  CHECK(templateNameFrom("X<A>::value + 1;", 0) == None);
  CHECK(templateNameFrom("f<1>(x);", 0) == None);
}
