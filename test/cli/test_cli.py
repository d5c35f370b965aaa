"""End-to-end tests of the bankcheck command line: exit codes, JSON, bad input,
compile databases and the built-in-header mode. BANKCHECK names the binary."""
import json
import re
import os
import shutil
import subprocess
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
INPUTS = os.path.join(HERE, "Inputs")
BANKCHECK = os.environ.get("BANKCHECK", "bankcheck")


def run(*args, cwd=None):
    p = subprocess.run([BANKCHECK, "--color-output=never", *args], cwd=cwd,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def inp(name):
    return os.path.join(INPUTS, name)


class ExitStatus(unittest.TestCase):
    def test_a_conflict_exits_1(self):
        rc, out, _ = run(inp("good.cu"))
        self.assertEqual(rc, 1, out)
        self.assertIn("32-way bank conflict on shared load of 'tile'", out)

    def test_a_clean_file_exits_0(self):
        rc, out, _ = run(inp("clean.cu"))
        self.assertEqual(rc, 0, out)
        self.assertNotIn("warning:", out)

    def test_bad_usage_exits_2(self):
        rc, _, err = run("--block-dim=0,1", inp("good.cu"))
        self.assertEqual(rc, 2)
        self.assertIn("block-dim", err)
        rc, _, err = run()
        self.assertEqual(rc, 2)

    def test_version_and_help(self):
        rc, out, _ = run("--version")
        self.assertEqual(rc, 0)
        self.assertIn("bankcheck", out)
        rc, out, _ = run("--help")
        self.assertEqual(rc, 0)
        self.assertIn("--block-dim", out)


class BadInput(unittest.TestCase):
    def test_a_syntax_error_is_reported_with_file_and_line_and_others_still_analysed(self):
        rc, out, err = run("--format=json", inp("syntax_error.cu"), inp("good.cu"))
        self.assertEqual(rc, 2)
        self.assertRegex(err, r"syntax_error\.cu:4:\d+: error:")
        report = json.loads(out)
        statuses = {os.path.basename(f["file"]): f["status"] for f in report["files"]}
        self.assertEqual(statuses, {"syntax_error.cu": "error", "good.cu": "ok"})
        self.assertTrue(any(a["status"] == "conflict" for a in report["accesses"]))

    def test_a_missing_file_and_a_directory_are_errors(self):
        rc, _, err = run(inp("does_not_exist.cu"), INPUTS)
        self.assertEqual(rc, 2)
        self.assertIn("does_not_exist.cu: error: no such file", err)
        self.assertIn("is a directory", err)

    def test_a_file_without_kernels_is_not_an_error(self):
        rc, out, _ = run(inp("host_only.cpp"))
        self.assertEqual(rc, 0)
        self.assertIn("no __global__ function", out)

    def test_a_malformed_compile_database_is_a_clear_error(self):
        d = tempfile.mkdtemp()
        try:
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                f.write("[{ not json")
            rc, _, err = run("-p", d, inp("good.cu"))
            self.assertEqual(rc, 2)
            self.assertIn("compile_commands.json", err)
        finally:
            shutil.rmtree(d)


class Json(unittest.TestCase):
    def test_every_access_is_listed_with_the_documented_fields(self):
        rc, out, _ = run("--format=json", inp("good.cu"))
        report = json.loads(out)
        self.assertEqual(report["tool"], "bankcheck")
        accesses = report["accesses"]
        self.assertEqual(len(accesses), 2)
        fields = {"file", "line", "column", "kernel", "array", "kind", "access_bytes", "block_dim",
                  "status", "wavefronts_worst", "wavefronts_mean", "ideal_wavefronts", "degree",
                  "reason", "worst"}
        for a in accesses:
            self.assertTrue(fields <= set(a), set(a))
        load = [a for a in accesses if a["kind"] == "load"][0]
        self.assertEqual((load["status"], load["degree"], load["wavefronts_worst"]), ("conflict", 32, 32))
        self.assertEqual(load["block_dim"], [32, 32, 1])
        self.assertEqual(len(load["worst"]["lanes"]), 32)
        self.assertEqual(load["worst"]["lanes"][1], 128)
        store = [a for a in accesses if a["kind"] == "store"][0]
        self.assertEqual(store["status"], "clean")
        self.assertEqual(report["summary"], {"accesses": 2, "conflict": 1, "possible": 0,
                                             "unknown": 0, "clean": 1, "suppressed": 0,
                                             "below_min_degree": 0,
                                             "shared_uses": {"seen": 2, "analysed": 2, "unanalysed": 0,
                                                             "not_reached": 0}})


class Suppressions(unittest.TestCase):
    def test_nolint_silences_a_conflict_and_the_summary_counts_it(self):
        d = tempfile.mkdtemp()
        try:
            src = os.path.join(d, "n.cu")
            with open(inp("good.cu")) as f:
                text = f.read()
            text = text.replace("tile[threadIdx.x][threadIdx.y];",
                                "tile[threadIdx.x][threadIdx.y]; // NOLINT(bankcheck-*)")
            with open(src, "w") as f:
                f.write(text)
            rc, out, err = run(src)
            self.assertEqual(rc, 0, out + err)
            self.assertNotIn("warning:", out)
            self.assertIn("1 suppressed by NOLINT", err)
            rc, out, _ = run("--format=json", src)
            report = json.loads(out)
            self.assertEqual(report["summary"]["suppressed"], 1)
            self.assertTrue(any(a["suppressed"] for a in report["accesses"]))
        finally:
            shutil.rmtree(d)


class HeaderFindings(unittest.TestCase):
    def test_a_header_included_twice_is_reported_once_and_the_filter_can_hide_it(self):
        d = tempfile.mkdtemp()
        try:
            with open(os.path.join(d, "k.cuh"), "w") as f:
                f.write("__global__ void kk(float *o) { __shared__ float t[32][32];"
                        " o[threadIdx.x] = t[threadIdx.x][0]; }\n")
            for n in ("a", "b"):
                with open(os.path.join(d, n + ".cu"), "w") as f:
                    f.write('#include "k.cuh"\nvoid %s(float *o) { kk<<<1, 32>>>(o); }\n' % n)
            files = [os.path.join(d, "a.cu"), os.path.join(d, "b.cu")]
            rc, out, _ = run(*files)
            self.assertEqual(out.count("warning:"), 1, out)
            rc, out, _ = run("--header-filter=^$", *files)
            self.assertEqual(out.count("warning:"), 0, out)
            self.assertEqual(rc, 0)
        finally:
            shutil.rmtree(d)


class Configuration(unittest.TestCase):
    KERNELS = ("__global__ void column(float *o) { __shared__ float t[32][32];"
               " o[threadIdx.x] = t[threadIdx.x][threadIdx.y]; }\n"
               "__global__ void two(float *o) { __shared__ float t[64];"
               " o[threadIdx.x] = t[threadIdx.x * 2]; }\n")

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.dir, "sub"))
        self.src = os.path.join(self.dir, "sub", "k.cu")
        with open(self.src, "w") as f:
            f.write(self.KERNELS)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def config(self, text, where=""):
        with open(os.path.join(self.dir, where, ".bankcheck.yaml"), "w") as f:
            f.write(text)

    def test_the_nearest_configuration_upward_sets_block_shapes_threshold_and_exit_level(self):
        self.config("BlockDim:\n  - Kernel: 'col*'\n    Dim: [32, 4]\nMinDegree: 4\nFailOn: possible\n")
        rc, out, err = run(self.src)
        self.assertIn("block shape (32, 4, 1) from configuration", out)
        self.assertEqual(out.count("warning:"), 1, out)  # the 2-way conflict is below MinDegree 4
        self.assertIn("1 below the minimum degree", err)
        self.assertEqual(rc, 1)
        rc, out, _ = run("--min-degree=2", "--fail-on=never", self.src)
        self.assertEqual(out.count("warning:"), 2, out)
        self.assertEqual(rc, 0)

    def test_dump_config_prints_the_configuration_in_effect(self):
        self.config("MinDegree: 8\n")
        rc, out, _ = run("--dump-config", self.src)
        self.assertEqual(rc, 0)
        self.assertIn("MinDegree:       8", out)
        self.assertIn(".bankcheck.yaml", out)

    def test_a_malformed_configuration_is_an_error_with_file_and_line(self):
        self.config("MinDegree: [1\n", "sub")
        rc, _, err = run(self.src)
        self.assertEqual(rc, 2)
        self.assertRegex(err, r"sub/\.bankcheck\.yaml:1:\d+: error:")


class Headers(unittest.TestCase):
    def test_the_built_in_headers_parse_cuda_runtime_and_fp16(self):
        rc, out, err = run("--no-cuda-toolkit", inp("fp16.cu"))
        self.assertEqual(rc, 1, out + err)
        self.assertIn("built-in headers", err)
        # __half column of 64 halves per row: 32 rows of 128 bytes: 32-way.
        self.assertIn("32-way bank conflict on shared load of 'h'", out)
        self.assertIn("annotation at", out)

    @unittest.skipUnless(os.path.exists("/usr/local/cuda/include/cuda_runtime.h"),
                         "SKIP: no CUDA toolkit at /usr/local/cuda")
    def test_the_toolkit_headers_give_the_same_verdict(self):
        rc, out, err = run("--cuda-path=/usr/local/cuda", inp("fp16.cu"))
        self.assertEqual(rc, 1, out + err)
        self.assertIn("32-way bank conflict on shared load of 'h'", out)


class CompileDatabase(unittest.TestCase):
    def test_an_nvcc_database_with_an_options_file_is_translated(self):
        d = tempfile.mkdtemp()
        try:
            inc = os.path.join(d, "inc")
            os.makedirs(inc)
            with open(os.path.join(inc, "tile.cuh"), "w") as f:
                f.write("#define TILE_W 32\n")
            src = os.path.join(d, "k.cu")
            with open(src, "w") as f:
                f.write('#include "tile.cuh"\n#include <cuda_runtime.h>\n'
                        "__global__ void k(float *o) {\n"
                        "  __shared__ float t[TILE_W][TILE_W];\n"
                        "  o[threadIdx.x] = t[threadIdx.x][KOFF];\n}\n"
                        "void go(float *o) { k<<<1, 32>>>(o); }\n")
            rsp = os.path.join(d, "includes_CUDA.rsp")
            with open(rsp, "w") as f:
                f.write("-I%s\n" % inc)
            db = [{"directory": d, "file": src,
                   "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DKOFF=3 "
                              "--options-file includes_CUDA.rsp -O3 --generate-code=arch=compute_90,code=[compute_90,sm_90] "
                              "--expt-relaxed-constexpr -Xcompiler=-fPIC -x cu -c k.cu -o k.o"}]
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            rc, out, err = run("-p", d)
            self.assertEqual(rc, 1, out + err)
            self.assertIn("32-way bank conflict on shared load of 't'", out)
        finally:
            shutil.rmtree(d)


class NvccRun(unittest.TestCase):
    """bankcheck's own nvcc run (--widths) gets the nvcc flags of an nvcc database's command that
    change what nvcc accepts; a stand-in nvcc records its arguments."""

    def test_an_nvcc_database_passes_relaxed_constexpr_lambdas_and_rdc_to_the_ptx_compile(self):
        d = tempfile.mkdtemp()
        try:
            src = os.path.join(d, "k.cu")
            with open(src, "w") as f:
                f.write("#include <cuda_runtime.h>\n"
                        "__global__ void k(float *o) {\n"
                        "  __shared__ float t[64];\n"
                        "  t[2 * threadIdx.x] = 1; t[2 * threadIdx.x + 1] = 2;\n"
                        "  o[threadIdx.x] = t[threadIdx.x];\n}\n"
                        "void go(float *o) { k<<<1, 32>>>(o); }\n")
            fake = os.path.join(d, "nvcc")
            with open(fake, "w") as f:
                f.write('#!/bin/sh\nprintf "%%s\\n" "$@" > %s/args.txt\nexit 1\n' % d)
            os.chmod(fake, 0o755)
            db = [{"directory": d, "file": src,
                   "command": "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DKOFF=3 -O3 "
                              "-expt-relaxed-constexpr --expt-extended-lambda -rdc=true -Xptxas -v "
                              "-arch=sm_90 -c k.cu -o k.o"}]
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            rc, out, err = run("-p", d, "--widths=nvcc", "--nvcc=" + fake, src)
            with open(os.path.join(d, "args.txt")) as f:
                args = f.read().split("\n")
            for flag in ("--expt-relaxed-constexpr", "--extended-lambda", "-rdc=true", "-DKOFF=3", "-arch=sm_90",
                         "-ptx"):
                self.assertIn(flag, args)
            for flag in ("-forward-unknown-to-host-compiler", "-Xptxas", "-expt-relaxed-constexpr"):
                self.assertNotIn(flag, args)
            self.assertIn("nvcc could not compile the file to PTX", out + err)
        finally:
            shutil.rmtree(d)


class CompiledWidths(unittest.TestCase):
    """--ptx gives the compiler's merges; --widths=source the accesses as written."""
    SRC = os.path.join(HERE, "..", "golden", "bankcheck-bank-conflict", "compiled-widths.cu")
    PTX = os.path.join(HERE, "..", "golden", "inputs", "compiled-widths.ptx")

    def accesses(self, *args):
        _, out, _ = run("--format=json", "--no-cuda-toolkit", *args, self.SRC)
        return {(a["line"], a["column"], a["kind"]): a for a in json.loads(out)["accesses"]}

    def test_source_widths_judge_each_access_as_written(self):
        a = self.accesses("--widths=source")
        self.assertEqual(len(a), 10)
        self.assertEqual((a[(20, 13, "load")]["status"], a[(20, 13, "load")]["wavefronts_worst"]), ("conflict", 2))
        self.assertEqual((a[(23, 10, "load")]["status"], a[(23, 10, "load")]["wavefronts_worst"]), ("conflict", 4))
        self.assertTrue(all(x["widths"] == "source" for x in a.values()))

    def test_the_ptx_merges_adjacent_accesses_into_the_vector_it_issues(self):
        a = self.accesses("--ptx=" + self.PTX)
        self.assertEqual(len(a), 7)  # s[2*t + 1] and m[t][1] are covered by the merged accesses
        pair = a[(20, 13, "load")]
        self.assertEqual((pair["status"], pair["access_bytes"], pair["widths"]),
                         ("clean", 8, "the PTX in compiled-widths.ptx"))
        self.assertIn("it also covers the accesses of this line at column 24",
                      " ".join(n["message"] for n in pair["notes"]))
        self.assertEqual((a[(23, 10, "load")]["status"], a[(23, 10, "load")]["access_bytes"]), ("clean", 16))
        col = a[(34, 12, "load")]
        self.assertEqual((col["status"], col["wavefronts_worst"], col["access_bytes"]), ("conflict", 32, 8))

    def test_an_unreadable_ptx_file_is_a_remark_and_source_widths(self):
        _, out, err = run("--no-cuda-toolkit", "--ptx=/nonexistent.ptx", self.SRC)
        self.assertIn("cannot read the PTX file '/nonexistent.ptx'", out + err)
        self.assertIn("2-way bank conflict", out)

    def test_a_ptx_listing_without_function_bodies_is_a_remark_and_source_widths(self):
        d = tempfile.mkdtemp()
        try:
            abridged = os.path.join(d, "abridged.ptx")
            with open(self.PTX) as src, open(abridged, "w") as f:
                f.write("".join(l for l in src if l.strip() not in ("{", "}")))
            _, out, err = run("--no-cuda-toolkit", "--ptx=" + abridged, self.SRC)
            self.assertIn("has its shared loads and stores in no function body", out + err)
            self.assertIn("2-way bank conflict", out)
        finally:
            shutil.rmtree(d)

    def test_a_bad_widths_value_is_a_usage_error(self):
        rc, _, _ = run("--widths=maybe", self.SRC)
        self.assertEqual(rc, 2)


class ProjectRuns(unittest.TestCase):
    """-p with several files and jobs, and the configuration of the current directory."""

    def test_relative_files_of_a_database_with_other_directories_survive_parallel_jobs(self):
        d = tempfile.mkdtemp()
        try:
            names = []
            for i in range(6):
                sub = os.path.join(d, "part%d" % i)
                os.makedirs(sub)
                with open(os.path.join(sub, "k%d.cu" % i), "w") as f:
                    f.write("#include <cuda_runtime.h>\n__global__ void k%d(float *o) {\n"
                            "  __shared__ float t[32][32];\n  o[threadIdx.x] = t[threadIdx.x][0];\n}\n"
                            "void go%d(float *o) { k%d<<<1, 32>>>(o); }\n" % (i, i, i))
                names.append(os.path.join("part%d" % i, "k%d.cu" % i))
            db = [{"directory": os.path.join(d, os.path.dirname(n)), "file": os.path.basename(n),
                   "command": "nvcc -c %s -o x.o" % os.path.basename(n)} for n in names]
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            rc, out, err = run("-p", d, "-j", "4", "--no-cuda-toolkit", "--format=sarif", *names, cwd=d)
            self.assertEqual(rc, 1, out[-2000:] + err)
            self.assertNotIn("no such file", (out + err).lower())
            uris = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                          for r in json.loads(out)["runs"][0]["results"])
            self.assertEqual(uris, sorted(names))
        finally:
            shutil.rmtree(d)

    def test_without_file_names_the_configuration_of_the_current_directory_applies(self):
        d = tempfile.mkdtemp()
        try:
            with open(os.path.join(d, ".bankcheck.yaml"), "w") as f:
                f.write("FailOn: never\n")
            rc, out, err = run("--dump-config", cwd=d)
            self.assertRegex(out + err, r"FailOn:\s+never")
        finally:
            shutil.rmtree(d)


def read(path):
    with open(path) as f:
        return f.read()


def run_raw(*args, cwd=None):
    """Without the --color-output=never that run() adds."""
    p = subprocess.run([BANKCHECK, *args], cwd=cwd, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


class TidyOptions(unittest.TestCase):
    """clang-tidy 19's options, spelled and behaving as clang-tidy's (docs/integration.md, the table)."""
    BOUNDS = ("__global__ void k(float *o) {\n"
              "  __shared__ float t[32][32];\n"
              "  __shared__ float v[32];\n"
              "  o[threadIdx.x] = t[threadIdx.x][0];\n"
              "  o[threadIdx.x] += v[threadIdx.x + 1];\n"
              "}\n"
              "void go(float *o) { k<<<1, 32>>>(o); }\n")

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.src = self.write("k.cu", self.BOUNDS)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_jobs_take_their_value_joined_or_separate(self):
        for args in (["-j4"], ["-j", "4"], ["-j=2"]):
            rc, out, err = run(*args, inp("good.cu"), inp("clean.cu"))
            self.assertEqual(rc, 1, args + [err])
            self.assertEqual(out.count("warning:"), 1, out)

    def test_color_output_alone_does_not_swallow_the_file_name(self):
        rc, out, err = run_raw("--color-output", inp("good.cu"))
        self.assertEqual(rc, 1, err)
        self.assertIn("\033[", out)
        rc, out, _ = run_raw("--color-output=never", inp("good.cu"))
        self.assertNotIn("\033[", out)

    def test_use_color_turns_colour_on_and_off(self):
        _, out, _ = run_raw("--use-color", inp("good.cu"))
        self.assertIn("\033[", out)
        _, out, _ = run_raw("--use-color=false", inp("good.cu"))
        self.assertNotIn("\033[", out)
        _, out, _ = run_raw("--config={UseColor: true}", inp("good.cu"))
        self.assertIn("\033[", out)

    def test_checks_globs_and_removal_turn_the_out_of_bounds_check_off(self):
        rc, out, _ = run(self.src)
        self.assertEqual(rc, 1)
        self.assertIn("[bankcheck-out-of-bounds]", out)
        self.assertIn("[bankcheck-bank-conflict]", out)
        rc, out, _ = run("--checks=-bankcheck-out-of-bounds", self.src)
        self.assertNotIn("[bankcheck-out-of-bounds]", out)
        self.assertIn("[bankcheck-bank-conflict]", out)
        rc, out, err = run("--checks=-*,bankcheck-out-of-bounds", self.src)
        self.assertEqual(rc, 1)  # the out-of-bounds access still fails the run
        self.assertNotIn("[bankcheck-bank-conflict]", out)
        self.assertIn("1 of disabled checks", err)
        rc, out, err = run("--checks=-*,bankcheck-bank-conflict", "--fail-on=conflict",
                           self.write("c.cu", "__global__ void c(float *o) { __shared__ float v[32];"
                                              " o[threadIdx.x] = v[threadIdx.x + 1]; }\n"
                                              "void go(float *o) { c<<<1, 32>>>(o); }\n"))
        self.assertEqual((rc, out.count("warning:")), (0, 0), out)

    def test_no_enabled_check_is_an_error_unless_allowed(self):
        rc, _, err = run("--checks=-*", self.src)
        self.assertEqual(rc, 2)
        self.assertIn("no checks enabled", err)
        rc, out, _ = run("--checks=-*", "--allow-no-checks", self.src)
        self.assertEqual((rc, out.count("warning:")), (0, 0), out)

    def test_list_checks_and_explain_config(self):
        rc, out, _ = run("--list-checks")
        self.assertEqual(rc, 0)
        self.assertEqual(out, "Enabled checks:\n    bankcheck-bank-conflict\n    bankcheck-out-of-bounds\n\n")
        rc, out, _ = run("--list-checks", "--checks=-*,bankcheck-b*")
        self.assertEqual(out, "Enabled checks:\n    bankcheck-bank-conflict\n\n")
        rc, out, _ = run("--explain-config", "--checks=-*,bankcheck-bank-conflict")
        self.assertEqual(out, "'bankcheck-bank-conflict' is enabled in the command-line option '--checks'.\n")

    def test_config_and_config_file_in_clang_tidy_format(self):
        rc, out, _ = run("--config={Checks: '-*,bankcheck-out-of-bounds', WarningsAsErrors: '*'}", self.src)
        self.assertEqual(rc, 1)
        self.assertNotIn("[bankcheck-bank-conflict]", out)
        self.assertIn("error: ", out)
        tidy = self.write(".clang-tidy", "Checks: '-*,bankcheck-*'\nFormatStyle: none\nCheckOptions:\n"
                                         "  bankcheck-bank-conflict.BlockDim: '32,8'\n"
                                         "  bankcheck-bank-conflict.MinDegree: '4'\n")
        unlaunched = self.write("u.cu", "__global__ void u(float *o) { __shared__ float t[32][32];"
                                        " o[threadIdx.x] = t[threadIdx.x][threadIdx.y]; }\n")
        rc, out, _ = run("--config-file=" + tidy, unlaunched)
        self.assertIn("block shape (32, 8, 1) from option 'bankcheck-bank-conflict.BlockDim' of " + tidy, out)
        self.assertEqual(rc, 1)
        rc, _, err = run("--config-file=" + tidy, "--config={}", unlaunched)
        self.assertEqual(rc, 2)
        self.assertIn("mutually exclusive", err)

    def test_a_malformed_or_unknown_config_key_is_an_error_with_its_place(self):
        bad = self.write("bad.yaml", "Checks: '-*'\nNoSuchKey: 1\n")
        rc, _, err = run("--config-file=" + bad, self.src)
        self.assertEqual(rc, 2)
        self.assertRegex(err, r"bad\.yaml:2:\d+: error: unknown key 'NoSuchKey'")
        rc, _, err = run("--config={Checks: [", self.src)
        self.assertEqual(rc, 2)
        self.assertIn("--config:1:", err)

    def test_verify_config_names_unknown_checks_and_options(self):
        rc, out, _ = run("--verify-config", "--checks=-*,bankcheck-*")
        self.assertEqual((rc, out), (0, "No config errors detected.\n"))
        rc, _, err = run("--verify-config", "--checks=-*,bankcheck-bank-conflcit",
                         "--config={CheckOptions: {bankcheck-bank-conflict.Blockdim: '32'}}")
        self.assertEqual(rc, 1)
        self.assertIn("command-line option '--checks': warning: unknown check 'bankcheck-bank-conflcit' "
                      "[-verify-config]", err)
        self.assertIn("unknown check option 'bankcheck-bank-conflict.Blockdim'", err)

    def test_warnings_as_errors_print_errors_and_fail_the_run(self):
        rc, out, err = run("--warnings-as-errors=bankcheck-bank-conflict", "--fail-on=never", inp("good.cu"))
        self.assertEqual(rc, 1)
        self.assertIn("error: 32-way bank conflict on shared load of 'tile' (32 wavefronts, ideal 1) "
                      "[bankcheck-bank-conflict,-warnings-as-errors]", out)
        self.assertIn("1 warning treated as error", err)
        rc, _, err = run("--quiet", "--warnings-as-errors=bankcheck-*", inp("good.cu"))
        self.assertNotIn("treated as error", err)
        rc, out, _ = run("--warnings-as-errors=bankcheck-out-of-bounds", "--fail-on=never", inp("good.cu"))
        self.assertEqual(rc, 0)
        self.assertNotIn("error:", out)

    def test_line_filter_reports_only_the_listed_lines(self):
        rc, out, _ = run('--line-filter=[{"name":"k.cu","lines":[[5,5]]}]', self.src)
        self.assertNotIn(":4:", out)
        self.assertIn(":5:", out)
        rc, out, _ = run('--line-filter=[{"name":"other.cu"}]', self.src)
        self.assertEqual((rc, out.count("warning:")), (0, 0), out)
        rc, out, _ = run('--line-filter=[{"name":"k.cu"}]', self.src)
        self.assertEqual(rc, 1)
        rc, _, err = run("--line-filter=[{\"lines\":[]}]", self.src)
        self.assertEqual(rc, 2)
        self.assertIn("--line-filter", err)

    def test_extra_arg_and_extra_arg_before_reach_the_compiler_in_order(self):
        src = self.write("needs.cu", "#ifndef TILE\n#error TILE is not defined\n#endif\n"
                                     "__global__ void n(float *o) { __shared__ float t[TILE][TILE];"
                                     " o[threadIdx.x] = t[threadIdx.x][0]; }\nvoid go(float *o) { n<<<1, 32>>>(o); }\n")
        rc, _, err = run(src)
        self.assertEqual(rc, 2, err)
        for opt in ("--extra-arg=-DTILE=32", "--extra-arg-before=-DTILE=32"):
            rc, out, err = run(opt, src)
            self.assertEqual(rc, 1, opt + err)
        rc, out, _ = run("--print-clang-command", "--extra-arg-before=-DBEFORE", "--extra-arg=-DAFTER", src,
                         "--", "-DDASHDASH")
        self.assertLess(out.index("-DBEFORE"), out.index("-DDASHDASH"))
        self.assertLess(out.index("-DDASHDASH"), out.index("-DAFTER"))

    def test_system_headers_are_reported_unless_turned_off_and_headers_can_be_excluded(self):
        sysdir = os.path.join(self.dir, "sys")
        self.write("sys/helper.cuh", "__device__ inline float column(float (*t)[32])"
                                     " { return t[threadIdx.x][0]; }\n")
        src = self.write("s.cu", "#include <helper.cuh>\n__global__ void k(float *o) {\n"
                                 "  __shared__ float t[32][32];\n  o[threadIdx.x] = column(t);\n}\n"
                                 "void go(float *o) { k<<<1, 32>>>(o); }\n")
        rc, out, _ = run("--extra-arg=-isystem" + sysdir, src)
        self.assertIn("helper.cuh:1:", out)
        self.assertEqual(rc, 1)
        rc, out, _ = run("--extra-arg=-isystem" + sysdir, "--system-headers", src)
        self.assertIn("helper.cuh:1:", out)
        rc, out, _ = run("--extra-arg=-isystem" + sysdir, "--system-headers=false", src)
        self.assertEqual((rc, out.count("warning:")), (0, 0), out)
        rc, out, _ = run("--extra-arg=-I" + sysdir, "--exclude-header-filter=helper", src)
        self.assertEqual((rc, out.count("warning:")), (0, 0), out)
        rc, _, err = run("--exclude-header-filter=(", src)
        self.assertEqual(rc, 2)
        self.assertIn("--exclude-header-filter", err)

    def test_quiet_prints_no_summary(self):
        _, _, err = run("--quiet", inp("good.cu"))
        self.assertNotIn("shared accesses in", err)
        _, _, err = run(inp("good.cu"))
        self.assertIn("shared accesses in", err)

    def test_fix_errors_and_fix_notes(self):
        good = self.write("g.cu", read(inp("good.cu")))
        rc, _, err = run("--fix", good, inp("syntax_error.cu"))
        self.assertEqual(rc, 2)
        self.assertIn("--fix-errors was not specified; fixes have NOT been applied", err)
        self.assertIn("tile[32][32]", read(good))
        rc, _, err = run("--fix-errors", good, inp("syntax_error.cu"))
        self.assertIn("tile[32][33]", read(good), err)
        again = self.write("h.cu", read(inp("good.cu")))
        run("--fix-notes", again)
        self.assertIn("tile[32][33]", read(again))



class Unsupported(unittest.TestCase):
    """The clang-tidy options the table in docs/integration.md lists without an equivalent are refused."""

    def test_each_is_a_usage_error(self):
        for opt in ("--format-style=file", "--load=libX.so", "--enable-check-profile",
                    "--store-check-profile=prof", "--enable-module-headers-parsing", "--vfsoverlay=o.yaml"):
            rc, out, err = run(opt, inp("good.cu"))
            self.assertEqual(rc, 2, opt)
            self.assertNotIn("warning:", out)
            self.assertIn(opt.split("=")[0].lstrip("-"), err)

    def test_help_lists_the_clang_tidy_options(self):
        _, out, _ = run("--help")
        for opt in ("--checks", "--config", "--config-file", "--warnings-as-errors", "--line-filter",
                    "--extra-arg", "--extra-arg-before", "--use-color", "--system-headers",
                    "--exclude-header-filter", "--verify-config", "--list-checks", "--explain-config",
                    "--allow-no-checks", "--fix-errors", "--fix-notes", "--export-fixes", "--quiet",
                    "--header-filter", "--dump-config", "-p", "-j"):
            self.assertIn(opt + " ", out.replace("=", " ").replace("<", " "), opt)


class SarifUploads(unittest.TestCase):
    """What code scanning gets: rule help, relative URIs, no undecided accesses unless asked."""
    UNKNOWN = ("__global__ void k(float *o, const int *idx) {\n  __shared__ float t[1024];\n"
               "  o[threadIdx.x] = t[idx[threadIdx.x]];\n}\nvoid go(float *o, const int *i) { k<<<1, 32>>>(o, i); }\n")

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        os.makedirs(os.path.join(self.dir, "src"))
        self.src = os.path.join(self.dir, "src", "u.cu")
        with open(self.src, "w") as f:
            f.write(self.UNKNOWN)
        shutil.copy(inp("good.cu"), os.path.join(self.dir, "src", "good.cu"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def results(self, *args):
        _, out, _ = run("--format=sarif", "--no-cuda-toolkit", *args, cwd=self.dir)
        return json.loads(out)["runs"][0]

    def test_undecided_accesses_are_uploaded_only_when_asked(self):
        self.assertEqual(self.results("src/u.cu")["results"], [])
        kinds = [r["kind"] for r in self.results("--sarif-unknown", "src/u.cu")["results"]]
        self.assertEqual(kinds, ["review"])

    def test_uris_are_relative_for_relative_and_absolute_arguments(self):
        for arg in ("src/good.cu", os.path.join(self.dir, "src", "good.cu"), "./src/../src/good.cu"):
            r = self.results(arg)["results"][0]
            loc = r["locations"][0]["physicalLocation"]["artifactLocation"]
            self.assertEqual((loc["uri"], loc["uriBaseId"]), ("src/good.cu", "SRCROOT"), arg)

    def test_help_base_sets_each_rules_help_uri(self):
        rules = self.results("--sarif-help-base=https://example.org/docs/checks", "src/good.cu")["tool"]["driver"]["rules"]
        self.assertEqual(rules[0]["helpUri"], "https://example.org/docs/checks/bankcheck-bank-conflict.md")
        self.assertIn("markdown", rules[0]["help"])


class OutputVolume(unittest.TestCase):
    """Output at scale: one warning per place, no snippet of a line past 4,096 characters."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_a_100_kb_line_with_2000_findings_stays_under_1_mb(self):
        body = "".join("a += t[threadIdx.x][%2d] * 1.0f;                     " % (i % 32) for i in range(2000))
        src = self.write("wide.cu", "__global__ void k(float *o) { __shared__ float t[32][32]; float a = 0; "
                                    + body + "o[threadIdx.x] = a; }\nvoid go(float *o) { k<<<1, 32>>>(o); }\n")
        self.assertGreaterEqual(os.path.getsize(src), 100 * 1024)
        rc, out, err = run(src)
        self.assertEqual(rc, 1, err[-2000:])
        self.assertEqual(out.count(": warning:"), 2000)
        self.assertNotIn(body[:200], out)  # the line is not reprinted
        self.assertLess(len(out.encode()), 1024 * 1024)
        self.assertEqual(out.count("'t' declared here"), 1)

    def test_2000_instantiations_give_one_warning(self):
        launches = " ".join("k<%d><<<1, 32>>>(o);" % n for n in range(2000))
        src = self.write("inst.cu", "template <int N>\n__global__ void k(float *o) {\n  __shared__ float t[32][32];\n"
                                    "  o[threadIdx.x] = t[threadIdx.x][N % 32];\n}\nvoid go(float *o) { "
                                    + launches + " }\n")
        rc, out, _ = run(src)
        self.assertEqual(rc, 1)
        self.assertLess(len(out.encode()), 1024 * 1024)
        self.assertEqual(out.count(": warning:"), 1, out[:3000])
        self.assertRegex(out, r"inst\.cu:4:20: note: also in 1999 other kernel instantiations or block shapes: "
                              r"'k<\d+>' with block \(32, 1, 1\), .*, and 1995 more \(2000 evaluations, the worst shown\)")

    def test_a_compound_assignment_is_one_warning_and_every_note_has_a_place(self):
        src = self.write("c.cu", "__global__ void r(float *o) {\n  __shared__ float s[64];\n"
                                 "  s[2 * threadIdx.x] += 1.0f;\n  o[threadIdx.x] = s[0];\n}\n"
                                 "void go(float *o) { r<<<1, 32>>>(o); }\n")
        _, out, _ = run(src)
        self.assertEqual(out.count(": warning:"), 1, out)
        self.assertIn("c.cu:3:3: note: the same statement's 2-way bank conflict on shared store of 's'", out)
        for line in out.splitlines():
            if "note:" in line:
                self.assertRegex(line, r"^\S+:\d+:\d+: note: ", line)


class FrontEndLimits(unittest.TestCase):
    """What nvcc parses: a 3,000-deep parenthesised expression (clang's default bracket depth is 256)."""

    def test_deeply_parenthesised_expressions_parse(self):
        d = tempfile.mkdtemp()
        try:
            src = os.path.join(d, "deep.cu")
            with open(src, "w") as f:
                f.write("__global__ void k(float *o) {\n  __shared__ float t[32][32];\n  int i = %s;\n"
                        "  o[threadIdx.x] = t[i][0];\n}\nvoid go(float *o) { k<<<1, 32>>>(o); }\n"
                        % ("(" * 3000 + "threadIdx.x" + ")" * 3000))
            rc, out, err = run(src)
            self.assertNotIn("bracket nesting level", out + err)
            self.assertEqual(rc, 1, err[-2000:])
            self.assertIn("deep.cu:4:20: warning: 32-way bank conflict", out)
            rc, out, err = run(src, "--", "-fbracket-depth=256")  # the file's own flag still wins
            self.assertEqual(rc, 2)
            self.assertIn("bracket nesting level exceeded maximum of 256", out + err)
        finally:
            shutil.rmtree(d)

class ExportFixes(unittest.TestCase):
    """--export-fixes writes clang-tidy 19's Diagnostics layout; clang-apply-replacements-19 applies it."""
    APPLY = shutil.which("clang-apply-replacements-19")

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.src = os.path.join(self.dir, "t.cu")
        shutil.copy(inp("good.cu"), self.src)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_the_layout_is_clang_tidys(self):
        fixes = os.path.join(self.dir, "fixes.yaml")
        run("--export-fixes=" + fixes, "t.cu", cwd=self.dir)
        with open(fixes) as f:
            text = f.read()
        # The keys in clang-tidy 19's order (clang::tooling::TranslationUnitDiagnostics).
        self.assertRegex(text, r"(?s)^---\nMainSourceFile: +'%s'\nDiagnostics:\n"
                               r"  - DiagnosticName: +bankcheck-bank-conflict\n    DiagnosticMessage:\n"
                               r"      Message: +'32-way bank conflict on shared load of ''tile''.*'\n"
                               r"      FilePath: +'%s'\n      FileOffset: +\d+\n      Replacements:\n"
                               r"        - FilePath: +'%s'\n          Offset: +\d+\n          Length: +2\n"
                               r"          ReplacementText: +'33'\n    Notes:\n      - Message: .*"
                               r"    Level: +Warning\n    BuildDirectory: +'%s'\n\.\.\.\n$"
                         % ((self.src,) * 3 + (self.dir,)))
        self.assertNotIn("FilePath:        ''", text)  # notes about the whole finding sit at the finding

    @unittest.skipUnless(shutil.which("clang-tidy-19"), "SKIP: clang-tidy-19 is not installed")
    def test_the_keys_are_those_clang_tidy_19_writes(self):
        def keys(text):
            # The key of each line, with its indentation, outside the Notes list.
            out, in_notes = [], False
            for line in text.splitlines():
                m = re.match(r"^(\s*(?:- )?)(\w+):", line)
                if not m:
                    continue
                depth = len(m.group(1))
                if m.group(2) == "Notes":
                    in_notes = True
                    continue
                if in_notes and depth > 4:
                    continue
                in_notes = False
                out.append((depth, m.group(2)))
            return out
        cpp = os.path.join(self.dir, "n.cpp")
        with open(cpp, "w") as f:
            f.write("void f() {\n  int *p = 0;\n  (void)p;\n}\n")
        tidy_yaml = os.path.join(self.dir, "tidy.yaml")
        subprocess.run(["clang-tidy-19", "-checks=-*,modernize-use-nullptr", "--export-fixes=" + tidy_yaml, cpp,
                        "--", "-std=c++17"], capture_output=True, timeout=120)
        ours = os.path.join(self.dir, "ours.yaml")
        run("--export-fixes=" + ours, self.src)
        with open(tidy_yaml) as f:
            want = keys(f.read())
        with open(ours) as f:
            got = keys(f.read())
        self.assertEqual(len(want), 14, want)  # MainSourceFile, Diagnostics, one diagnostic with a fix
        self.assertEqual(want, got[:14])

    def test_warnings_as_errors_are_exported_with_level_error(self):
        fixes = os.path.join(self.dir, "fixes.yaml")
        run("--export-fixes=" + fixes, "--warnings-as-errors=*", self.src)
        with open(fixes) as f:
            self.assertIn("Level:           Error", f.read())

    @unittest.skipUnless(APPLY, "SKIP: clang-apply-replacements-19 is not installed")
    def test_clang_apply_replacements_applies_it(self):
        yaml_dir = os.path.join(self.dir, "fixes")
        os.makedirs(yaml_dir)
        run("--export-fixes=" + os.path.join(yaml_dir, "t.yaml"), self.src)
        subprocess.run([self.APPLY, yaml_dir], check=True)
        with open(self.src) as f:
            self.assertIn("tile[32][33]", f.read())


class InputsProtected(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.src = os.path.join(self.dir, "t.cu")
        shutil.copy(inp("good.cu"), self.src)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_the_report_never_overwrites_an_input(self):
        with open(self.src) as f:
            old = f.read()
        for opt in (["-o", self.src], ["--export-fixes=" + self.src], ["-o", "./t.cu"]):
            rc, _, err = run(*opt, "t.cu", cwd=self.dir)
            self.assertEqual(rc, 2, opt)
            self.assertIn("refusing to overwrite it", err)
            with open(self.src) as f:
                self.assertEqual(f.read(), old)

    def test_fix_dry_run_prints_the_diff_alone_on_stdout(self):
        rc, out, err = run("--fix-dry-run", "t.cu", cwd=self.dir)
        self.assertIn("warning:", err)
        self.assertNotIn("warning:", out)
        self.assertIn("+  __shared__ float tile[32][33];", out)
        # Relative a/ b/ paths and three lines of context: patch -p1 applies it from here.
        self.assertTrue(out.startswith("--- a/t.cu\n+++ b/t.cu\n@@ -1,6 +1,6 @@\n #include"), out)
        self.assertIn("\n   __syncthreads();\n", out)
        if shutil.which("patch"):
            p = subprocess.run(["patch", "-p1"], input=out, cwd=self.dir, capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            self.assertIn("tile[32][33]", read(self.src))


class Shards(unittest.TestCase):
    def test_the_shards_split_the_database_files_each_into_exactly_one(self):
        d = tempfile.mkdtemp()
        try:
            names = []
            for i in range(8):
                name = "k%d.cu" % i
                with open(os.path.join(d, name), "w") as f:
                    f.write("#include <cuda_runtime.h>\n__global__ void k%d(float *o) {\n"
                            "  __shared__ float t[32][32];\n  o[threadIdx.x] = t[threadIdx.x][0];\n}\n"
                            "void go%d(float *o) { k%d<<<1, 32>>>(o); }\n" % (i, i, i))
                names.append(name)
            db = [{"directory": d, "file": n, "command": "nvcc -c %s -o x.o" % n} for n in names]
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            seen = []
            for i in (1, 2, 3):
                rc, out, err = run("-p", d, "--no-cuda-toolkit", "--format=json", "--shard=%d/3" % i, cwd=d)
                self.assertIn(rc, (0, 1), err)
                files = [os.path.basename(f["file"]) for f in json.loads(out)["files"]]
                again = run("-p", d, "--no-cuda-toolkit", "--format=json", "--shard=%d/3" % i, cwd=d)[1]
                self.assertEqual(files, [os.path.basename(f["file"]) for f in json.loads(again)["files"]])
                seen += files
            self.assertEqual(sorted(seen), sorted(names))
            for bad in ("0/3", "4/3", "1/0", "x"):
                rc, out, err = run("-p", d, "--shard=" + bad, cwd=d)
                self.assertEqual(rc, 2, bad)
                self.assertIn("--shard takes I/N", err)
        finally:
            shutil.rmtree(d)

    def test_a_kernel_in_one_shard_gets_the_shape_of_its_launch_in_another(self):
        d = tempfile.mkdtemp()
        try:
            with open(os.path.join(d, "kernel.cu"), "w") as f:
                f.write("#include <cuda_runtime.h>\n__global__ void tile(float *o) {\n"
                        "  __shared__ float t[16][16];\n  t[threadIdx.x][threadIdx.y] = 1.f;\n"
                        "  o[threadIdx.x] = t[threadIdx.y][threadIdx.x];\n}\n")
            with open(os.path.join(d, "host.cu"), "w") as f:
                f.write("#include <cuda_runtime.h>\n__global__ void tile(float *o);\n"
                        "void go(float *o) { tile<<<1, dim3(16, 16)>>>(o); }\n")
            db = [{"directory": d, "file": n, "command": "nvcc -c %s -o x.o" % n} for n in ("kernel.cu", "host.cu")]
            with open(os.path.join(d, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            outs = ""
            for i in (1, 2):
                rc, out, err = run("-p", d, "--no-cuda-toolkit", "--shard=%d/2" % i, "-j", "1", cwd=d)
                outs += out
            self.assertIn("8-way bank conflict on shared store of 't'", outs)
            self.assertIn("block shape (16, 16, 1) from launch at %s:3" % os.path.join(d, "host.cu"), outs)
        finally:
            shutil.rmtree(d)


if __name__ == "__main__":
    unittest.main()


class Preamble(unittest.TestCase):
    def test_the_preamble_option_takes_auto_always_or_never(self):
        rc, out, err = run("--preamble=sometimes", inp("clean.cu"))
        self.assertEqual(rc, 2)
        self.assertIn("--preamble must be auto, always or never", err)
        outs = []
        for mode in ("auto", "always", "never"):
            rc, out, err = run("--no-cuda-toolkit", "--widths=source", "--format=json", "--preamble=" + mode,
                               inp("clean.cu"), inp("good.cu"))
            self.assertEqual(rc, 1, err)
            outs.append(out)
        self.assertEqual(outs[0], outs[2])
        self.assertEqual(outs[1], outs[2])
