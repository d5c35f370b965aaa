"""End-to-end tests of the bankcheck command line: exit codes, JSON, bad input,
compile databases and the built-in-header mode. BANKCHECK names the binary."""
import json
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
