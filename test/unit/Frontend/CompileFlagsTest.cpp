//===- CompileFlagsTest.cpp - nvcc/clang commands to clang args -----------===//
// Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===----------------------------------------------------------------------===//
/// \file
/// Command lines are the ones CMake 3.25 writes to compile_commands.json for
/// nvcc (include directories in --options-file), plus hand-written nvcc and
/// clang variants.
//===----------------------------------------------------------------------===//

#include "Frontend/CompileFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

using namespace bankcheck::frontend;

namespace {

using Strings = std::vector<std::string>;

bool has(const Strings &List, const std::string &Item) {
  return std::find(List.begin(), List.end(), Item) != List.end();
}

/// True when Args holds First immediately followed by Second.
bool hasPair(const Strings &Args, const std::string &First, const std::string &Second) {
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if (Args[I] == First && Args[I + 1] == Second)
      return true;
  return false;
}

/// A build directory under the system temp directory, removed at the end.
class TempBuildDir {
public:
  TempBuildDir() {
    llvm::SmallString<128> Dir;
    REQUIRE(!llvm::sys::fs::createUniqueDirectory("bankcheck-flags", Dir));
    // Canonical, so that comparisons with translated paths are exact.
    llvm::SmallString<128> Real;
    REQUIRE(!llvm::sys::fs::real_path(Dir, Real));
    Path = std::string(Real);
  }
  ~TempBuildDir() { llvm::sys::fs::remove_directories(Path); }

  /// Writes Text to Relative (creating its directories); returns its path.
  std::string write(const std::string &Relative, const std::string &Text) {
    std::string File = Path + "/" + Relative;
    REQUIRE(!llvm::sys::fs::create_directories(llvm::sys::path::parent_path(File)));
    std::ofstream(File) << Text;
    return File;
  }

  std::string Path;
};

/// The command CMake 3.25 wrote for a CUDA library with include directories,
/// a SYSTEM include directory, two definitions, CUDA_ARCHITECTURES "80;90",
/// separable compilation and a few CUDA compile options.
Strings cmakeNvccCommand() {
  return {"/usr/local/cuda/bin/nvcc",
          "-forward-unknown-to-host-compiler",
          "-DBAR",
          "-DFOO=1",
          "--options-file",
          "CMakeFiles/k.dir/includes_CUDA.rsp",
          "-O3",
          "-DNDEBUG",
          "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
          "--generate-code=arch=compute_90,code=[compute_90,sm_90]",
          "--expt-relaxed-constexpr",
          "-lineinfo",
          "-Xcompiler=-Wall,-fopenmp",
          "--use_fast_math",
          "-x",
          "cu",
          "-rdc=true",
          "-c",
          "/src/k.cu",
          "-o",
          "CMakeFiles/k.dir/src/k.cu.o"};
}

} // namespace

TEST_CASE("an nvcc command from CMake 3.25 keeps its macros and the include "
          "paths of its options file",
          "[compileflags]") {
  TempBuildDir Build;
  Build.write("CMakeFiles/k.dir/includes_CUDA.rsp",
              "-I/src/inc -I/opt/thirdparty/include -isystem=/opt/sys/include\n");
  TranslatedCommand T = translateCompileCommand(cmakeNvccCommand(), Build.Path, "/src/k.cu");
  CHECK(T.IsNvcc);
  CHECK(T.Errors.empty());
  CHECK(has(T.Args, "-DBAR"));
  CHECK(has(T.Args, "-DFOO=1"));
  CHECK(has(T.Args, "-DNDEBUG"));
  CHECK(has(T.Args, "-I/src/inc"));
  CHECK(has(T.Args, "-I/opt/thirdparty/include"));
  // nvcc's "-isystem=DIR" is clang's "-isystem DIR" ("=DIR" would be
  // relative to the sysroot).
  CHECK(hasPair(T.Args, "-isystem", "/opt/sys/include"));
  CHECK(has(T.Args, "-Wall"));
}

TEST_CASE("an nvcc command from CMake 3.25 parses for its highest "
          "--generate-code architecture",
          "[compileflags]") {
  TempBuildDir Build;
  Build.write("CMakeFiles/k.dir/includes_CUDA.rsp", "-I/src/inc\n");
  TranslatedCommand T = translateCompileCommand(cmakeNvccCommand(), Build.Path, "/src/k.cu");
  REQUIRE(T.GpuArch);
  CHECK(*T.GpuArch == "sm_90");
}

TEST_CASE("an nvcc command from CMake 3.25 drops nvcc-only flags, outputs "
          "and the source file",
          "[compileflags]") {
  TempBuildDir Build;
  Build.write("CMakeFiles/k.dir/includes_CUDA.rsp", "-I/src/inc\n");
  TranslatedCommand T = translateCompileCommand(cmakeNvccCommand(), Build.Path, "/src/k.cu");
  for (const char *Gone :
       {"/usr/local/cuda/bin/nvcc", "/src/k.cu", "-c", "-o", "-O3", "cu", "-x", "--options-file",
        "-lineinfo", "--expt-relaxed-constexpr", "-fopenmp", "-rdc=true", "--use_fast_math",
        "-forward-unknown-to-host-compiler", "CMakeFiles/k.dir/src/k.cu.o"})
    CHECK_FALSE(has(T.Args, Gone));
  CHECK(has(T.Dropped, "-o CMakeFiles/k.dir/src/k.cu.o"));
  CHECK(has(T.Dropped, "-x cu"));
  CHECK(has(T.Dropped, "--expt-relaxed-constexpr"));
  CHECK(has(T.Dropped, "-Xcompiler -fopenmp"));
  CHECK_FALSE(has(T.Dropped, "/src/k.cu"));
}

TEST_CASE("relative paths in an options file are resolved against the "
          "entry's directory",
          "[compileflags]") {
  TempBuildDir Build;
  Build.write("CMakeFiles/t.dir/includes_CUDA.rsp",
              "-I../include \"-I dir with space\" -isystem=third_party\n");
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--options-file", "CMakeFiles/t.dir/includes_CUDA.rsp", "-c", "k.cu"}, Build.Path,
      "k.cu");
  CHECK(T.Errors.empty());
  CHECK(has(T.Args, "-I" + Build.Path + "/../include"));
  CHECK(has(T.Args, "-I" + Build.Path + "/ dir with space"));
  CHECK(hasPair(T.Args, "-isystem", Build.Path + "/third_party"));
}

TEST_CASE("nvcc flag -optf, --options-file= and a comma-separated file list are all "
          "read",
          "[compileflags]") {
  TempBuildDir Build;
  Build.write("a.rsp", "-DA");
  Build.write("b.rsp", "-DB");
  Build.write("c.rsp", "-DC @d.rsp");
  Build.write("d.rsp", "-DD");
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "-optf", "a.rsp", "--options-file=b.rsp,c.rsp", "k.cu"}, Build.Path, "k.cu");
  CHECK(T.Errors.empty());
  CHECK(T.Args == Strings{"-DA", "-DB", "-DC", "-DD"});
}

TEST_CASE("an options file that cannot be read is an error naming the file, "
          "and the rest of the command is still translated",
          "[compileflags]") {
  TempBuildDir Build;
  TranslatedCommand T = translateCompileCommand({"nvcc", "-DKEPT", "--options-file",
                                                 "CMakeFiles/gone.dir/includes_CUDA.rsp",
                                                 "-arch=sm_80", "-c", "k.cu"},
                                                Build.Path, "k.cu");
  REQUIRE(T.Errors.size() == 1);
  CHECK_THAT(T.Errors[0], Catch::Contains(Build.Path + "/CMakeFiles/gone.dir/includes_CUDA.rsp"));
  CHECK(T.Args == Strings{"-DKEPT"});
  REQUIRE(T.GpuArch);
  CHECK(*T.GpuArch == "sm_80");
}

TEST_CASE("a response file that cannot be read is an error naming the file", "[compileflags]") {
  TempBuildDir Build;
  TranslatedCommand T =
      translateCompileCommand({"clang++", "@missing.rsp", "-c", "k.cu"}, Build.Path, "k.cu");
  REQUIRE(T.Errors.size() == 1);
  CHECK_THAT(T.Errors[0], Catch::Contains("missing.rsp"));
}

TEST_CASE("nvcc flag -gencode pairs choose the highest architecture among their arch "
          "and code parts",
          "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "-gencode", "arch=compute_70,code=sm_70", "-gencode", "arch=compute_80,code=sm_86",
       "-gencode=arch=compute_75,code=[compute_75,sm_75]", "-c", "k.cu"},
      "/build", "k.cu");
  REQUIRE(T.GpuArch);
  CHECK(*T.GpuArch == "sm_86");
  // The separate values went with their flag.
  CHECK(T.Args.empty());
  CHECK(T.Dropped == Strings{"-c"});
}

TEST_CASE("nvcc flag -gencode with a quoted code list and a newer GPU reports that GPU", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--generate-code", "arch=compute_100,code=\"sm_100,compute_100\"", "-gencode",
       "arch=compute_90a,code=sm_90a", "k.cu"},
      "/build", "k.cu");
  REQUIRE(T.GpuArch);
  CHECK(*T.GpuArch == "sm_100");
  CHECK(clampGpuArch(*T.GpuArch) == "sm_90");
}

TEST_CASE("nvcc flag -arch accepts a separate value, an '=' value and a virtual "
          "architecture",
          "[compileflags]") {
  auto ArchOf = [](Strings Flags) {
    Strings Argv = {"nvcc"};
    Argv.insert(Argv.end(), Flags.begin(), Flags.end());
    Argv.push_back("k.cu");
    return translateCompileCommand(Argv, "/build", "k.cu").GpuArch;
  };
  CHECK(ArchOf({"-arch", "sm_75"}) == std::optional<std::string>("sm_75"));
  CHECK(ArchOf({"-arch=sm_89"}) == std::optional<std::string>("sm_89"));
  CHECK(ArchOf({"--gpu-architecture=compute_80"}) == std::optional<std::string>("sm_80"));
  CHECK(ArchOf({"--gpu-architecture", "sm_90a"}) == std::optional<std::string>("sm_90a"));
  CHECK(ArchOf({"-arch=sm_80", "-code=sm_86,compute_80"}) == std::optional<std::string>("sm_86"));
  CHECK(ArchOf({}) == std::nullopt);
}

TEST_CASE("nvcc flag -arch=native names no architecture and is reported as dropped", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand({"nvcc", "-arch=native", "k.cu"}, "/b", "k.cu");
  CHECK_FALSE(T.GpuArch);
  CHECK(has(T.Dropped, "-arch=native"));
}

TEST_CASE("nvcc flag -Xcompiler lists keep only the include, macro, warning, -f and "
          "-std parts",
          "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "-Xcompiler",
       "-fPIC,-Wall,-O2,-DX=1,-fopenmp,-Wl,-rpath,/opt/lib,-Iinc,-std=gnu++17,"
       "-fconcepts,-march=native",
       "--compiler-options", "-Wextra", "--compiler-options=-fno-strict-aliasing", "k.cu"},
      "/build", "k.cu");
  CHECK(T.Args == Strings{"-fPIC", "-Wall", "-DX=1", "-I/build/inc", "-std=gnu++17", "-Wextra",
                          "-fno-strict-aliasing"});
  for (const char *Gone :
       {"-Xcompiler -O2", "-Xcompiler -fopenmp", "-Xcompiler -Wl", "-Xcompiler -rpath",
        "-Xcompiler /opt/lib", "-Xcompiler -fconcepts", "-Xcompiler -march=native"})
    CHECK(has(T.Dropped, Gone));
}

TEST_CASE("space-separated values of dropped nvcc flags are consumed with "
          "their flag",
          "[compileflags]") {
  TranslatedCommand T = translateCompileCommand({"nvcc",
                                                 "-Xptxas",
                                                 "-v",
                                                 "-ccbin",
                                                 "/usr/bin/g++-12",
                                                 "--diag-suppress",
                                                 "177",
                                                 "-Xcudafe",
                                                 "--display_error_number",
                                                 "-t",
                                                 "4",
                                                 "-MF",
                                                 "dep.d",
                                                 "-MT",
                                                 "obj.o",
                                                 "-Xlinker",
                                                 "-DNOT_A_MACRO",
                                                 "--compiler-bindir",
                                                 "/opt/gcc",
                                                 "-maxrregcount=64",
                                                 "-Werror",
                                                 "all-warnings",
                                                 "-m64",
                                                 "-o",
                                                 "out.o",
                                                 "-c",
                                                 "k.cu"},
                                                "/build", "k.cu");
  CHECK(T.Args.empty());
  CHECK(T.Errors.empty());
  for (const char *Gone : {"-Xptxas -v", "-ccbin /usr/bin/g++-12", "--diag-suppress 177",
                           "-Xcudafe --display_error_number", "-t 4", "-MF dep.d", "-MT obj.o",
                           "-Xlinker -DNOT_A_MACRO", "--compiler-bindir /opt/gcc",
                           "-maxrregcount=64", "-Werror all-warnings", "-m64", "-o out.o", "-c"})
    CHECK(has(T.Dropped, Gone));
}

TEST_CASE("nvcc's own flags that change what its front end accepts are kept for "
          "bankcheck's nvcc run, spelled one way, and still dropped for clang",
          "[compileflags]") {
  auto Of = [](Strings Flags) {
    Strings Argv = {"nvcc"};
    Argv.insert(Argv.end(), Flags.begin(), Flags.end());
    Argv.push_back("k.cu");
    return translateCompileCommand(Argv, "/b", "k.cu");
  };
  TranslatedCommand T = Of({"--expt-relaxed-constexpr", "-extended-lambda", "-rdc=true"});
  CHECK(T.NvccFrontEnd == Strings{"--expt-relaxed-constexpr", "--extended-lambda", "-rdc=true"});
  CHECK(T.Args.empty());
  CHECK(has(T.Dropped, "--expt-relaxed-constexpr"));
  CHECK(has(T.Dropped, "-rdc=true"));
  CHECK(Of({"-expt-relaxed-constexpr", "--expt-extended-lambda"}).NvccFrontEnd ==
        Strings{"--expt-relaxed-constexpr", "--extended-lambda"});
  CHECK(Of({"--relocatable-device-code", "true"}).NvccFrontEnd == Strings{"-rdc=true"});
  CHECK(Of({"-rdc", "false"}).NvccFrontEnd.empty());
  CHECK(Of({"-dc"}).NvccFrontEnd == Strings{"-rdc=true"});
  CHECK(Of({"--device-c", "-rdc=true"}).NvccFrontEnd == Strings{"-rdc=true"});
  CHECK(Of({"-O3", "-lineinfo", "--use_fast_math"}).NvccFrontEnd.empty());
  // A clang command has no such flags; -fgpu-rdc is clang's own and kept.
  TranslatedCommand C = translateCompileCommand({"clang++", "-fgpu-rdc", "k.cu"}, "/b", "k.cu");
  CHECK(C.NvccFrontEnd.empty());
  CHECK(has(C.Args, "-fgpu-rdc"));
}

TEST_CASE("nvcc's --std and -std spellings become -std=", "[compileflags]") {
  auto StdOf = [](Strings Flags) {
    Strings Argv = {"nvcc"};
    Argv.insert(Argv.end(), Flags.begin(), Flags.end());
    return translateCompileCommand(Argv, "/b", "k.cu").Args;
  };
  CHECK(StdOf({"--std", "c++17"}) == Strings{"-std=c++17"});
  CHECK(StdOf({"--std=c++20"}) == Strings{"-std=c++20"});
  CHECK(StdOf({"-std=c++14"}) == Strings{"-std=c++14"});
  CHECK(StdOf({"-std", "c++17"}) == Strings{"-std=c++17"});
}

TEST_CASE("nvcc's long include and macro spellings become clang's", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "--include-path", "inc", "--include-path=/abs", "--define-macro", "A=1",
       "--define-macro=B", "--undefine-macro", "C", "--system-include", "/sys", "--pre-include",
       "/pre.h", "-I", "sep", "-D", "D", "k.cu"},
      "/build", "k.cu");
  CHECK(T.Args == Strings{"-I/build/inc", "-I/abs", "-DA=1", "-DB", "-UC", "-isystem", "/sys",
                          "-include", "/pre.h", "-I/build/sep", "-DD"});
}

TEST_CASE("nvcc flag -isystem /usr/include is dropped and other system directories "
          "are kept",
          "[compileflags]") {
  for (const char *Compiler : {"nvcc", "clang++", "g++"}) {
    TranslatedCommand T =
        translateCompileCommand({Compiler, "-isystem", "/usr/include", "-isystem/usr/include/",
                                 "-isystem", "/usr/local/include", "-I/usr/include", "k.cu"},
                                "/build", "k.cu");
    INFO(Compiler);
    CHECK(T.Args == Strings{"-isystem", "/usr/local/include", "-I/usr/include"});
    CHECK(has(T.Dropped, "-isystem /usr/include"));
  }
}

TEST_CASE("flags nvcc forwards to the host compiler keep -W and known -f "
          "flags only",
          "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"nvcc", "-forward-unknown-to-host-compiler", "-Wall", "-fPIC", "-fconcepts",
       "-Wno-deprecated-gpu-targets", "-ftz=true", "-fmad", "false", "-pthread", "k.cu"},
      "/build", "k.cu");
  CHECK(T.Args == Strings{"-Wall", "-fPIC"});
  CHECK(has(T.Dropped, "-fconcepts"));
  CHECK(has(T.Dropped, "-Wno-deprecated-gpu-targets"));
  CHECK(has(T.Dropped, "-ftz=true"));
  CHECK(has(T.Dropped, "-fmad false"));
}

TEST_CASE("a clang command passes through except outputs, compilation modes "
          "and GPU architectures",
          "[compileflags]") {
  TranslatedCommand T = translateCompileCommand({"/usr/bin/clang++-19",
                                                 "-x",
                                                 "cuda",
                                                 "--cuda-gpu-arch=sm_80",
                                                 "--cuda-gpu-arch=sm_86",
                                                 "--cuda-path=/usr/local/cuda",
                                                 "-Iinclude",
                                                 "-DFOO",
                                                 "-std=c++17",
                                                 "-O2",
                                                 "-g",
                                                 "-Wall",
                                                 "-fno-exceptions",
                                                 "-c",
                                                 "src/k.cu",
                                                 "-o",
                                                 "k.o",
                                                 "-MD",
                                                 "-MF",
                                                 "k.d",
                                                 "--cuda-host-only",
                                                 "-Xclang",
                                                 "-fcuda-allow-variadic-functions",
                                                 "-target",
                                                 "x86_64-linux-gnu",
                                                 "-Werror",
                                                 "-Wl,--as-needed"},
                                                "/build", "src/k.cu");
  CHECK_FALSE(T.IsNvcc);
  CHECK(T.Args == Strings{"-x", "cuda", "--cuda-path=/usr/local/cuda", "-I/build/include", "-DFOO",
                          "-std=c++17", "-Wall", "-fno-exceptions", "-Xclang",
                          "-fcuda-allow-variadic-functions", "-target", "x86_64-linux-gnu"});
  REQUIRE(T.GpuArch);
  CHECK(*T.GpuArch == "sm_86");
  CHECK(has(T.Dropped, "-o k.o"));
  CHECK(has(T.Dropped, "-MF k.d"));
  CHECK(has(T.Dropped, "--cuda-host-only"));
  CHECK(has(T.Dropped, "-Werror"));
}

TEST_CASE("a clang command drops CMake's precompiled header and a non-CUDA -x", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"clang++", "-Xclang", "-include-pch", "-Xclang", "cmake_pch.hxx.pch", "-Xclang", "-include",
       "-Xclang", "cmake_pch.hxx", "-x", "c++", "--offload-arch=sm_75", "k.cu"},
      "/build", "k.cu");
  CHECK(T.Args == Strings{"-Xclang", "-include", "-Xclang", "cmake_pch.hxx"});
  CHECK(has(T.Dropped, "-Xclang -include-pch -Xclang cmake_pch.hxx.pch"));
  CHECK(has(T.Dropped, "-x c++"));
  CHECK(T.GpuArch == std::optional<std::string>("sm_75"));
}

TEST_CASE("an @response file is expanded in place for clang commands", "[compileflags]") {
  TempBuildDir Build;
  Build.write("flags.rsp", "-Iinc -DFROM_RSP\n--cuda-gpu-arch=sm_70\n");
  TranslatedCommand T = translateCompileCommand(
      {"clang++", "-DBEFORE", "@flags.rsp", "-DAFTER", "-c", "k.cu"}, Build.Path, "k.cu");
  CHECK(T.Errors.empty());
  CHECK(T.Args == Strings{"-DBEFORE", "-I" + Build.Path + "/inc", "-DFROM_RSP", "-DAFTER"});
  CHECK(T.GpuArch == std::optional<std::string>("sm_70"));
}

TEST_CASE("a compiler launcher in front of nvcc is skipped", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand(
      {"/usr/bin/ccache", "/usr/local/cuda/bin/nvcc", "-DX", "-c", "k.cu"}, "/build", "k.cu");
  CHECK(T.IsNvcc);
  CHECK(T.Args == Strings{"-DX"});
  CHECK(T.Dropped == Strings{"-c"});
}

TEST_CASE("the source file, argv[0] and other inputs never reach the "
          "arguments",
          "[compileflags]") {
  const Strings Commands[] = {{"nvcc", "-c", "/src/k.cu", "-o", "k.o"},
                              {"nvcc", "k.cu", "other.o", "-DX"},
                              {"clang++", "--cuda-gpu-arch=sm_80", "../src/k.cu", "extra.cu"},
                              {"g++", "-c", "k.cu", "-I.", "-o", "k.o"}};
  for (const Strings &Argv : Commands) {
    TranslatedCommand T = translateCompileCommand(Argv, "/build", Argv[2]);
    for (const std::string &Arg : T.Args) {
      INFO(Arg);
      CHECK(llvm::StringRef(Arg).starts_with("-"));
      CHECK(Arg != Argv[0]);
    }
  }
}

TEST_CASE("a flag missing its value at the end of the command is reported", "[compileflags]") {
  TranslatedCommand T = translateCompileCommand({"nvcc", "k.cu", "-I"}, "/build", "k.cu");
  CHECK(T.Args.empty());
  REQUIRE(T.Errors.size() == 1);
  CHECK_THAT(T.Errors[0], Catch::Contains("'-I'"));
}

TEST_CASE("clampGpuArch keeps every architecture clang 19 knows", "[compileflags]") {
  for (const char *Arch : {"sm_50", "sm_52", "sm_53", "sm_60", "sm_61", "sm_62", "sm_70", "sm_72",
                           "sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_90a"})
    CHECK(clampGpuArch(Arch) == Arch);
}

TEST_CASE("clampGpuArch maps newer architectures and unknown strings to sm_90", "[compileflags]") {
  for (const char *Arch : {"sm_100", "sm_100a", "sm_100f", "sm_101", "sm_103a", "sm_120", "sm_120a",
                           "sm_121", "native", "all", "", "sm_", "sm_9x", "gfx90a"})
    CHECK(clampGpuArch(Arch) == "sm_90");
}

TEST_CASE("clampGpuArch reads compute_ and lto_ names and raises or lowers "
          "numbers clang does not list",
          "[compileflags]") {
  CHECK(clampGpuArch("compute_80") == "sm_80");
  CHECK(clampGpuArch("lto_86") == "sm_86");
  CHECK(clampGpuArch("SM_75") == "sm_75");
  CHECK(clampGpuArch("sm_35") == "sm_50");
  CHECK(clampGpuArch("sm_71") == "sm_70");
  CHECK(clampGpuArch("sm_89a") == "sm_89");
}

TEST_CASE("clampGpuArch never raises an architecture above its input, up to "
          "sm_90",
          "[compileflags]") {
  // Property over every number from 50 to 90: the result is known to clang
  // and no newer than the input.
  for (unsigned N = 50; N <= 90; ++N) {
    std::string Clamped = clampGpuArch("sm_" + std::to_string(N));
    INFO("sm_" << N << " -> " << Clamped);
    unsigned Out = std::stoul(Clamped.substr(3));
    CHECK(Out <= N);
    CHECK(clampGpuArch(Clamped) == Clamped);
  }
}
