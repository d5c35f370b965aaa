"""Bad inputs end to end: bankcheck never crashes, names the file in its
errors, stays within a time bound, and never claims what it cannot know.

BANKCHECK names the binary. Every input is generated into a temporary
directory at test time (small and deterministic). BANKCHECK_TIME_SCALE
multiplies the time bounds (the sanitizer build in .ci/sanitize sets it).

Tests marked @unittest.expectedFailure are known bugs (docs/robustness.md):
each names the bug; fixing it turns the test into an unexpected success.
"""
import json
import os
import random
import shutil
import subprocess
import tempfile
import time
import unittest

BANKCHECK = os.environ.get("BANKCHECK", "bankcheck")
SCALE = float(os.environ.get("BANKCHECK_TIME_SCALE", "1"))

# Exit statuses the tool may use: 0 clean, 1 conflict, 2 error. Anything else
# (a signal: -11/139 SIGSEGV, -6/134 SIGABRT) is a crash.
OK_STATUSES = {0, 1, 2}
# What a crash caught by the driver's CrashRecoveryContext, or one inside
# Clang, prints: a crash in disguise, never acceptable.
CRASH_MARKERS = ("internal error", "crashed", "Stack dump", "PLEASE submit a bug report",
                 "Segmentation fault", "AddressSanitizer", "runtime error:")


class Run:
    def __init__(self, rc, out, err, seconds):
        self.rc, self.out, self.err, self.seconds = rc, out, err, seconds

    def json(self):
        return json.loads(self.out)


def bankcheck(*args, bound=60, cwd=None, kill_after=None):
    """Runs bankcheck with the built-in headers and source widths (no toolkit,
    no nvcc: deterministic). It is killed after kill_after seconds (default:
    the bound plus a minute)."""
    cmd = [BANKCHECK, "--color-output=never", "--no-cuda-toolkit", "--widths=source", *args]
    limit = (kill_after if kill_after is not None else bound + 60) * SCALE
    start = time.monotonic()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=limit)
    except subprocess.TimeoutExpired:
        raise AssertionError("bankcheck did not finish within %.0f s: %s" % (limit, cmd))
    return Run(p.returncode, p.stdout, p.stderr, time.monotonic() - start)


# Kernels get an explicit block shape so that verdicts are proven ones.
HEAD = "// bankcheck: block-dim(32)\n"


class RobustnessCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="bankcheck-robust-")

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def write(self, name, text, mode="w"):
        path = os.path.join(self.dir, name)
        with open(path, mode) as f:
            f.write(text)
        return path

    def assertSane(self, r, bound=60, statuses=OK_STATUSES):
        """No crash, an allowed exit status, within the time bound."""
        self.assertIn(r.rc, statuses, "exit status %d\nstdout:\n%s\nstderr:\n%s" % (r.rc, r.out[-3000:], r.err[-3000:]))
        for marker in CRASH_MARKERS:
            self.assertNotIn(marker, r.err, r.err[-3000:])
            self.assertNotIn(marker, r.out, r.out[-3000:])
        self.assertLess(r.seconds, bound * SCALE, "took %.1f s (bound %d s)" % (r.seconds, bound))

    def assertErrorNames(self, r, path):
        self.assertEqual(r.rc, 2, r.out + r.err)
        self.assertIn(os.path.basename(path), r.err)
        self.assertIn("error", r.err)

    def accesses(self, r):
        return {(a["line"], a["column"]): a for a in r.json()["accesses"]}

    def statusesByLine(self, r):
        out = {}
        for a in r.json()["accesses"]:
            out.setdefault(a["line"], []).append(a["status"])
        return out


class Files(RobustnessCase):
    def test_a_missing_file_is_an_error_naming_it(self):
        path = os.path.join(self.dir, "missing.cu")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertErrorNames(r, path)
        self.assertIn("no such file", r.err)

    def test_a_directory_is_an_error_naming_it(self):
        sub = os.path.join(self.dir, "adir.cu")
        os.makedirs(sub)
        r = bankcheck(sub)
        self.assertSane(r, bound=30)
        self.assertErrorNames(r, sub)
        self.assertIn("is a directory", r.err)

    def test_an_empty_file_has_no_kernels_and_is_not_an_error(self):
        path = self.write("empty.cu", "")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 0, r.err)
        self.assertIn("no __global__ function", r.out + r.err)

    def test_random_bytes_with_nuls_are_an_error_naming_the_file(self):
        rng = random.Random(1234)
        data = bytes(rng.randrange(256) for _ in range(4096)) + b"\0\0\0__global__\0"
        path = self.write("binary.cu", data, mode="wb")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertErrorNames(r, path)

    def test_a_cpp_file_without_kernels_says_so_and_exits_0(self):
        path = self.write("plain.cpp", "#include <vector>\nint add(int a, int b) { return a + b; }\n"
                                       "struct S { int x[4]; };\nint main() { S s{}; return add(s.x[0], 1); }\n")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 0, r.err)
        self.assertIn("no __global__ function", r.out + r.err)

    def test_a_syntax_error_is_reported_at_its_line_and_other_files_still_run(self):
        bad = self.write("bad.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32]\n"
                                          "  o[0] = s[threadIdx.x;\n}\n")
        good = self.write("good.cu", HEAD + "__global__ void g(float *o) {\n  __shared__ float t[32][32];\n"
                                            "  o[threadIdx.x] = t[threadIdx.x][0];\n}\n")
        r = bankcheck("--format=json", bad, good)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 2)
        self.assertRegex(r.err, r"bad\.cu:\d+:\d+: error:")
        files = {os.path.basename(f["file"]): f["status"] for f in r.json()["files"]}
        self.assertEqual(files, {"bad.cu": "error", "good.cu": "ok"})

    def test_a_missing_header_is_an_error_naming_the_file_and_the_header(self):
        path = self.write("inc.cu", '#include "no_such_header.cuh"\n' + HEAD +
                          "__global__ void k(float *o) { __shared__ float s[32]; o[0] = s[threadIdx.x]; }\n")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertErrorNames(r, path)
        self.assertIn("no_such_header.cuh", r.err)

    def test_recursive_macros_are_an_error_not_a_hang(self):
        path = self.write("macro.cu", "#define A A + 1\n#define X Y\n#define Y X\n#define F(x) F(x) + 1\n" + HEAD +
                          "__global__ void k(float *o) {\n  __shared__ float s[64];\n"
                          "  o[0] = s[A];\n  o[1] = s[X];\n  o[2] = s[F(threadIdx.x)];\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertErrorNames(r, path)


class CompileDatabase(RobustnessCase):
    def source(self):
        return self.write("k.cu", "__global__ void k(float *o) {\n  __shared__ float t[32][32];\n"
                                  "  o[threadIdx.x] = t[threadIdx.x][0];\n}\n"
                                  "void go(float *o) { k<<<1, 32>>>(o); }\n")

    def database(self, text):
        with open(os.path.join(self.dir, "compile_commands.json"), "w") as f:
            f.write(text)

    def test_unknown_compiler_flags_in_the_database_do_not_stop_the_analysis(self):
        src = self.source()
        self.database(json.dumps([{
            "directory": self.dir, "file": src,
            "command": "nvcc -fbogus-flag --totally-unknown=3 -Xfoo -qwerty --relocatable-device-code=maybe "
                       "-Wl,--nonsense -mno-such-arch -std=c++17 -c k.cu -o k.o"}]))
        r = bankcheck("-p", self.dir)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 1, r.out + r.err)
        self.assertIn("32-way bank conflict", r.out)

    def test_malformed_databases_are_a_clear_error(self):
        src = self.source()
        for text in ("[{ not json", '{"not": "an array"}', '[{"directory": 5}]', "\0\0\0", ""):
            with self.subTest(database=text):
                self.database(text)
                r = bankcheck("-p", self.dir, src)
                self.assertSane(r, bound=30)
                self.assertEqual(r.rc, 2, r.out + r.err)
                self.assertIn("compile_commands.json", r.err)

    def test_an_empty_database_is_a_clear_error(self):
        self.database("[]")
        r = bankcheck("-p", self.dir)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 2)
        self.assertIn("no CUDA source", r.err)


class Kernels(RobustnessCase):
    def test_a_kernel_without_shared_memory_has_nothing_to_report(self):
        path = self.write("noshared.cu", "__global__ void k(float *o, const float *i) {\n"
                                         "  o[threadIdx.x] = i[threadIdx.x] * 2.0f;\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 0)
        self.assertEqual(r.json()["summary"]["accesses"], 0)

    def test_ten_thousand_kernels_in_one_file_are_all_analysed_in_bounded_time(self):
        n = 10000
        text = "".join(HEAD + "__global__ void k%d(float *o) { __shared__ float t[32][32]; "
                              "o[threadIdx.x] = t[threadIdx.x][%d]; }\n" % (i, i % 32) for i in range(n))
        path = self.write("many.cu", text)
        r = bankcheck("--format=json", path, bound=120)
        self.assertSane(r, bound=120)
        self.assertEqual(r.rc, 1)
        self.assertEqual(r.json()["summary"]["conflict"], n)


class DeepNesting(RobustnessCase):
    """An index nested 10,000 deep: an answer or a clear error, never a crash."""
    N = 10000
    PRE = HEAD + "__global__ void k(float *o, int tid) {\n  __shared__ float s[64];\n"

    def test_parentheses_within_nvccs_depth_are_parsed_and_answered(self):
        # bankcheck raises clang's bracket depth to 20,000 (nvcc accepts that much)
        path = self.write("paren.cu", self.PRE + "  o[0] = s[" + "(" * self.N + "tid" + "+1)" * self.N +
                          " % 64];\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=60)
        self.assertNotIn("error:", r.out + r.err)

    def test_parentheses_past_the_bracket_depth_are_a_clear_error(self):
        n = 21000
        path = self.write("paren.cu", self.PRE + "  o[0] = s[" + "(" * n + "tid" + "+1)" * n + " % 64];\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=60)
        self.assertErrorNames(r, path)
        self.assertIn("bracket nesting level", r.err)

    def test_parentheses_with_a_raised_bracket_depth_do_not_crash(self):
        path = self.write("paren.cu", self.PRE + "  o[0] = s[" + "(" * self.N + "tid" + "+1)" * self.N +
                          " % 64];\n}\n")
        r = bankcheck(path, "--", "-fbracket-depth=100000")
        self.assertSane(r, bound=60)

    def test_ten_thousand_nested_unary_operators_do_not_crash(self):
        path = self.write("unary.cu", self.PRE + "  o[0] = s[(" + "~" * self.N + "tid) & 63];\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=60)

    def test_a_left_deep_chain_of_ten_thousand_operators_is_undecided_not_guessed(self):
        # No parentheses: Clang parses it iteratively; the index is 10,000 deep.
        path = self.write("chain.cu", self.PRE + "  o[0] = s[(tid" +
                          "".join(" ^ %d" % (i % 7 + 1) for i in range(self.N)) + ") & 63];\n}\n")
        r = bankcheck("--format=json", path, bound=120)
        self.assertSane(r, bound=120)
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "unknown")
        self.assertIn("nested too deeply", a["reason"])


class IndexArithmetic(RobustnessCase):
    def run_kernel(self, body, params="float *o, int n"):
        path = self.write("k.cu", HEAD + "__global__ void k(%s) {\n  __shared__ float s[64];\n"
                                         "  __shared__ char c[64];\n%s}\n" % (params, body))
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        return r

    def test_division_by_zero_in_an_index_is_unknown_with_the_reason(self):
        r = self.run_kernel("  o[0] = s[threadIdx.x / 0];\n  o[1] = s[threadIdx.x % (n - n)];\n")
        for a in r.json()["accesses"]:
            self.assertEqual(a["status"], "unknown", a)
            self.assertIn("division by zero", a["reason"])

    def test_a_division_by_zero_under_a_fold_is_not_clean(self):
        r = self.run_kernel("  o[0] = s[(threadIdx.x / 0) * 0];\n  o[1] = s[(threadIdx.x / 0) - (threadIdx.x / 0)];\n")
        for a in r.json()["accesses"]:
            self.assertNotEqual(a["status"], "clean", a)

    def test_a_division_by_zero_in_a_condition_with_equal_branches_is_not_clean(self):
        r = self.run_kernel("  o[0] = s[(threadIdx.x / 0) ? threadIdx.x : threadIdx.x];\n")
        [a] = r.json()["accesses"]
        self.assertNotEqual(a["status"], "clean", a)

    def test_shifts_by_negative_or_huge_amounts_are_unknown(self):
        r = self.run_kernel("  o[0] = s[threadIdx.x << -1];\n  o[1] = s[threadIdx.x << 64];\n"
                            "  o[2] = s[1 << 100];\n  o[3] = s[threadIdx.x >> 70];\n"
                            "  o[4] = s[(long)threadIdx.x << 62];\n")
        for a in r.json()["accesses"]:
            self.assertEqual(a["status"], "unknown", a)
            self.assertRegex(a["reason"], "shift|overflow")

    def test_overflowing_index_arithmetic_is_unknown(self):
        r = self.run_kernel("  o[0] = s[threadIdx.x * 0x7fffffffffffffffLL];\n"
                            "  o[1] = s[(long)threadIdx.x + 0x7fffffffffffffffLL];\n"
                            "  o[2] = s[(-9223372036854775807LL - 1) / -1 + threadIdx.x];\n")
        for a in r.json()["accesses"]:
            self.assertEqual(a["status"], "unknown", a)
            self.assertIn("overflow", a["reason"])

    def test_an_index_that_overflows_for_every_value_of_n_is_not_a_possible_conflict(self):
        # Lane 1 is at INT64_MAX + n bytes: no value of n gives it an address.
        r = self.run_kernel("  if (threadIdx.x < 2) o[2] = c[threadIdx.x * 0x7fffffffffffffffLL + n];\n",
                            params="float *o, long n")
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "unknown", a)

    def test_negative_and_out_of_bounds_constant_indices_get_an_answer(self):
        path = self.write("k.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32];\n"
                                         "  __shared__ float t[32][32];\n"
                                         "  o[0] = s[-1];\n  o[1] = s[100000];\n  o[2] = t[-5][threadIdx.x];\n"
                                         "  o[3] = t[0][threadIdx.x + 1000000000];\n  o[4] = s[-threadIdx.x - 1];\n"
                                         "  o[5] = t[threadIdx.x][-32];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        by_line = self.statusesByLine(r)
        # A uniform shift of every lane's address does not change the banks' load.
        self.assertEqual(by_line[5], ["clean"])     # s[-1]
        self.assertEqual(by_line[6], ["clean"])     # s[100000]
        self.assertEqual(by_line[7], ["clean"])     # t[-5][threadIdx.x]
        self.assertEqual(by_line[10], ["conflict"])  # t[threadIdx.x][-32]: a column walk
        # Each of them is also out of bounds (bankcheck-out-of-bounds), with the lane and bytes.
        bounds = {}
        for a in r.json()["accesses"]:
            if a["out_of_bounds"]:
                bounds[a["line"]] = a["out_of_bounds"]
        self.assertEqual(sorted(bounds), [5, 6, 7, 8, 9, 10])
        self.assertEqual(bounds[5]["byte"], -4)
        self.assertEqual(bounds[6]["byte"], 400000)
        self.assertEqual(bounds[6]["array_bytes"], 128)
        self.assertEqual(bounds[7]["byte"], -640)
        self.assertEqual(bounds[10]["byte"], -128)  # lane 0: t[0][-32]
        text = bankcheck(path)
        self.assertEqual(text.rc, 1)  # out-of-bounds accesses fail the run like conflicts
        self.assertIn("warning: out-of-bounds shared load of 's': lane 0 of warp 0 reads bytes [-4, 0), "
                      "before the start of the array [bankcheck-out-of-bounds]", text.out)

    def test_out_of_bounds_warnings_obey_nolint(self):
        path = self.write("k.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32];\n"
                                         "  o[0] = s[-1]; // NOLINT(bankcheck-out-of-bounds)\n"
                                         "  o[1] = s[32]; // NOLINT(bankcheck-bank-conflict)\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 1)
        self.assertNotIn("s[-1]", r.out)
        self.assertIn("out-of-bounds shared load of 's': lane 0 of warp 0 reads bytes [128, 132)", r.out)
        self.assertIn("1 out of bounds, 1 suppressed by NOLINT", r.err)


    def test_an_executed_access_before_the_array_start_takes_at_least_one_wavefront(self):
        path = self.write("neg.cu", HEAD + "__global__ void k(float4 *o) {\n  __shared__ float4 v[64];\n"
                                           "  o[threadIdx.x] = *(float4 *)((char *)v - 8 + threadIdx.x * 0);\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        [a] = r.json()["accesses"]
        self.assertGreaterEqual(a["wavefronts_worst"], 1, a)


    def test_a_conflict_is_never_reported_as_1_way(self):
        # Warp 0: lanes 0-7 at a stride of 32 bytes: 2 wavefronts, ideal 1 (a 2-way conflict).
        # Warp 1: 32 lanes of contiguous float4: 4 wavefronts, ideal 4 (clean), but more wavefronts.
        path = self.write("worst.cu", "// bankcheck: block-dim(64)\n__global__ void k(float4 *o) {\n"
                                      "  __shared__ float4 v[256];\n  if (threadIdx.x < 8 || threadIdx.x >= 32)\n"
                                      "    o[threadIdx.x] = v[threadIdx.x < 32 ? threadIdx.x * 2 : threadIdx.x];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "conflict")
        self.assertGreaterEqual(a["degree"], 2, a)
        self.assertNotIn("1-way", bankcheck(path).out)


class ControlFlow(RobustnessCase):
    def test_a_billion_iteration_loop_finishes_quickly_with_a_bounded_answer(self):
        path = self.write("loop.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[64];\n"
                                            "  for (long i = 0; i < 1000000000; ++i)\n"
                                            "    s[(threadIdx.x + i) % 32] = i;\n"
                                            "  o[threadIdx.x] = s[threadIdx.x];\n}\n")
        r = bankcheck("--format=json", path, bound=30)
        self.assertSane(r, bound=30)
        statuses = self.statusesByLine(r)
        # Every iteration is a permutation of the 32 banks: clean, or undecided; never a conflict.
        self.assertIn(statuses[5][0], ("clean", "unknown"))

    def test_values_merged_over_many_unrolled_branches_finish_quickly_and_undecided(self):
        # `if (c) x += 1;` unrolled 40 times, and a local array written at lane-dependent indices:
        # each branch doubles the value's tree (over shared nodes); printing it used to take forever.
        path = self.write("merge.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32][32];\n"
                                             "  int x = 0, h[8] = {};\n  for (int i = 0; i < 40; ++i) {\n"
                                             "    if ((threadIdx.x + i) & 1) x = x + 1;\n"
                                             "    h[(threadIdx.x + i) & 7] += 1;\n  }\n"
                                             "  o[threadIdx.x] = s[x][0] + s[h[threadIdx.x & 7]][0];\n}\n"
                                             "void go(float *o) { k<<<1, 32>>>(o); }\n")
        r = bankcheck("--format=json", path, bound=20, kill_after=40)
        self.assertSane(r, bound=20)
        self.assertEqual(self.statusesByLine(r)[9], ["unknown", "unknown"])

    def test_hash_rounds_that_use_each_value_twice_finish_quickly(self):
        # MD5/SHA-1 rounds (GPUVerifyBenchmarks' STO kernels took over 900 s): a rotate uses its
        # variable twice, so each round doubles the value's tree; the shared accesses around the
        # rounds are still decided (their indices do not depend on the hashed values).
        rounds = "".join("    a = ((a << 7) | (a >> 25)) + b; b = ((b << 12) | (b >> 20)) ^ a;\n"
                         for _ in range(64))
        path = self.write("hash.cu", HEAD + "__global__ void k(unsigned *o) {\n"
                                            "  __shared__ unsigned s[32 * 16];\n"
                                            "  unsigned a = s[32 * 0 + (threadIdx.x & 31)];\n"
                                            "  unsigned b = s[32 * 1 + (threadIdx.x & 31)];\n"
                                            "  for (int r = 0; r < 4; ++r) {\n" + rounds + "  }\n"
                                            "  s[32 * 2 + (threadIdx.x & 31)] = a + b;\n"
                                            "  o[threadIdx.x] = s[a & 511];\n}\n"
                                            "void go(unsigned *o) { k<<<1, 128>>>(o); }\n")
        r = bankcheck("--format=json", path, bound=20, kill_after=60)
        self.assertSane(r, bound=20)
        by_line = self.statusesByLine(r)
        lines = sorted(by_line)
        self.assertEqual(len(lines), 4, by_line)
        self.assertEqual([by_line[l] for l in lines[:3]], [["clean"]] * 3)  # the loads of a, b; the store
        self.assertEqual(by_line[lines[3]], ["unknown"])  # s[a & 511]: a is the hash

    def test_nested_loops_that_never_end_finish_quickly(self):
        # Found by KernelFuzzer. Each loop counts down: no trip count; the outer loop's probe
        # re-probes the inner one up to MaxTripCount times, each over all 1024 threads.
        path = self.write("down.cu", "__global__ void k(unsigned *out) {\n  __shared__ unsigned s[16];\n"
                                     "  for (int i = 0; i < blockDim.x; --i)\n    for (int j = 0; j < blockDim.x; --j)\n"
                                     "      s[threadIdx.x % 16] = 1;\n}\n"
                                     "void go(unsigned *o) { k<<<1, 1024>>>(o); }\n")
        r = bankcheck(path, bound=20, kill_after=40)
        self.assertSane(r, bound=20)

    def test_nested_thread_dependent_loops_that_never_end_finish_quickly(self):
        # Each condition depends on the thread, so deciding it takes every thread of the block:
        # the probes share one work budget, then the loops get symbolic counters.
        path = self.write("down3.cu", "__global__ void k(unsigned *out) {\n  __shared__ unsigned s[16];\n"
                                      "  for (int i = threadIdx.x; i < blockDim.x; --i)\n"
                                      "    for (int j = threadIdx.x; j < blockDim.x; --j)\n"
                                      "      for (int l = threadIdx.x; l < blockDim.x; --l)\n"
                                      "        s[threadIdx.x % 16] = 1;\n}\n"
                                      "void go(unsigned *o) { k<<<1, 1024>>>(o); }\n")
        r = bankcheck("--format=json", path, bound=20, kill_after=40)
        self.assertSane(r, bound=20)
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "clean")

    def test_a_recursive_helper_in_an_index_is_undecided(self):
        path = self.write("rec.cu", "__device__ int depth(int x) { return x <= 0 ? 0 : 1 + depth(x - 1); }\n" + HEAD +
                          "__global__ void k(float *o) {\n  __shared__ float s[64];\n"
                          "  o[0] = s[depth(threadIdx.x)];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "unknown")

    def test_a_recursive_helper_that_reaches_a_conflict_is_not_clean(self):
        # walk(s, 1) runs line 3 with d = 1, 2, 4, 8, 16, 32: at d = 32 it is a 32-way conflict.
        path = self.write("rec.cu", "__device__ void walk(float *s, int d) {\n  if (d > 32) return;\n"
                                    "  s[threadIdx.x * d] = 0;\n  walk(s, d * 2);\n}\n" + HEAD +
                          "__global__ void k(float *o) {\n  __shared__ float s[32 * 33];\n  walk(s, 1);\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        self.assertNotIn("clean", self.statusesByLine(r)[3])

    def test_a_goto_loop_that_reaches_a_conflict_is_not_clean(self):
        path = self.write("goto.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32 * 33];\n"
                                            "  int stride = 1;\nagain:\n  s[threadIdx.x * stride] = 0;\n"
                                            "  stride *= 2;\n  if (stride <= 32) goto again;\n"
                                            "  o[threadIdx.x] = s[threadIdx.x];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        self.assertNotIn("clean", self.statusesByLine(r)[6])

    def test_a_forward_goto_does_not_crash(self):
        path = self.write("goto2.cu", HEAD + "__global__ void k(float *o, int n) {\n  __shared__ float s[64];\n"
                                             "  if (n) goto out;\n  s[threadIdx.x] = 0;\nout:\n"
                                             "  o[threadIdx.x] = s[threadIdx.x];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        self.assertEqual(r.rc, 0)

    def test_switch_cases_are_guarded_and_values_assigned_in_a_switch_are_merged(self):
        path = self.write("sw.cu", HEAD + "__global__ void k(float *o, int n) {\n  __shared__ float s[32 * 33];\n"
                                          "  int k = 1;\n  switch (n) {\n  case 0: k = 32; break;\n"
                                          "  case 1: s[threadIdx.x * 32] = 1; // fallthrough\n  default: break;\n  }\n"
                                          "  o[threadIdx.x] = s[threadIdx.x * k];\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        by_line = self.statusesByLine(r)
        self.assertEqual(by_line[7], ["conflict"])
        # k is 32 where n == 0, else 1: a conflict for one value of the parameter.
        self.assertEqual(by_line[10], ["possible"])
        self.assertEqual(r.rc, 1)

    def test_inline_asm_shared_access_is_mentioned_not_silently_dropped(self):
        path = self.write("asm.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[32 * 32];\n"
                                           "  unsigned a = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x * 32]);\n"
                                           "  float v;\n  asm volatile(\"ld.shared.f32 %0, [%1];\" : \"=f\"(v) : \"r\"(a));\n"
                                           "  o[threadIdx.x] = v;\n}\n")
        r = bankcheck(path)
        self.assertSane(r, bound=30)
        # Inline PTX is read: the column walk is a 32-way conflict of the ld.shared.
        self.assertIn("32-way bank conflict on shared load of 's'", r.out + r.err)
        self.assertIn("inline PTX 'ld.shared.f32'", r.out + r.err)

    def test_inline_asm_does_not_crash(self):
        path = self.write("asm2.cu", HEAD + "__global__ void k(float *o) {\n  __shared__ float s[64];\n"
                                            "  int x;\n  asm(\"mov.u32 %0, %%laneid;\" : \"=r\"(x));\n"
                                            "  o[threadIdx.x] = s[x];\n  asm volatile(\"bar.sync 0;\");\n}\n")
        r = bankcheck("--format=json", path)
        self.assertSane(r, bound=30)
        [a] = r.json()["accesses"]
        self.assertEqual(a["status"], "clean")  # %laneid read through asm is the lane


if __name__ == "__main__":
    unittest.main()
