# ===- test_harness.py - Unit tests of harness/bankcheck_gpu/ --------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""CPU-only tests of the GPU harness: microkernel generation, ncu CSV and
source-page parsing, the SASS width check and both joins. The GPU tools are
replaced by small scripts; fixtures are in fixtures/ (hand-written in the
format ncu 2025.3 and cuobjdump 13.0 print on an H200).

Run: python3 -m unittest discover -s test/harness
"""

import contextlib
import io
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FIXTURES = os.path.join(HERE, "fixtures")
sys.path.insert(0, os.path.join(ROOT, "harness"))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True

import bankcheck_gpu as bg  # noqa: E402
import smoke_cases  # noqa: E402


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8") as f:
        return f.read()


def run_main(argv):
    """main(argv) with stdout and stderr captured: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = bg.main(argv)
    return status, out.getvalue(), err.getvalue()


def find_nvcc():
    return shutil.which("nvcc") or next(
        (p for p in ("/usr/local/cuda/bin/nvcc",) if os.access(p, os.X_OK)), None)


class TempDirTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="bankcheck-gpu-test.")
        self.addCleanup(shutil.rmtree, self.tmp, True)

    def path(self, *parts):
        return os.path.join(self.tmp, *parts)

    def write_script(self, name, body):
        """An executable shell script in the temp dir (a stand-in GPU tool)."""
        path = self.path(name)
        with open(path, "w", encoding="utf-8") as f:
            f.write("#!/bin/sh\n" + body)
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
        return path

    def emit_micro(self):
        out = self.path("micro")
        manifest = bg.emit(os.path.join(FIXTURES, "report-micro.json"), out, "sm_90")
        with open(os.path.join(out, "kernels.cu"), encoding="utf-8") as f:
            return out, manifest, f.read()


def kernel_text(source, name):
    start = source.index(f'extern "C" __global__ void {name}(')
    return source[start:source.index("\n}\n", start)]


class EmitTest(TempDirTest):
    def test_each_width_gets_its_type_and_instruction(self):
        _, manifest, source = self.emit_micro()
        by_kernel = {e["kernel"]: e for e in manifest["accesses"]}
        self.assertEqual(by_kernel["k0"]["expected_sass"], "LDS")
        self.assertIn('if (off >= 0) asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v0) : "r"(addr));'
                      '  // replayed access', kernel_text(source, "k0"))
        self.assertEqual(by_kernel["k1"]["expected_sass"], "STS.128")
        self.assertIn('asm volatile("st.shared.v4.u32 [%0], {%1, %2, %3, %4};" :: "r"(addr), "r"(in[4 * lane + 0]), '
                      '"r"(in[4 * lane + 1]), "r"(in[4 * lane + 2]), "r"(in[4 * lane + 3]) : "memory");',
                      kernel_text(source, "k1"))
        self.assertEqual(by_kernel["k2"]["expected_sass"], "ATOMS.ADD")
        self.assertIn('asm volatile("atom.shared.add.u32 %0, [%1], %2;" : "=r"(v0) : "r"(addr), "r"(in[4 * lane])',
                      kernel_text(source, "k2"))
        self.assertEqual(by_kernel["k3"]["expected_sass"], "LDS.64")
        self.assertIn('asm volatile("ld.shared.v2.u32 {%0, %1}, [%2];"', kernel_text(source, "k3"))
        self.assertEqual(by_kernel["k4"]["expected_sass"], "LDS.U8")
        self.assertIn('asm volatile("ld.shared.u8 %0, [%1];"', kernel_text(source, "k4"))
        self.assertEqual(by_kernel["k6"]["expected_sass"], "ATOMS.ADD.64")
        self.assertIn('asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(w)', kernel_text(source, "k6"))
        for kernel in by_kernel:  # the shared address comes from the lane's byte offset
            self.assertIn("__cvta_generic_to_shared(buf)) + static_cast<unsigned>(off);",
                          kernel_text(source, kernel))

    def test_smoke_cases_cover_every_width_and_kind(self):
        report = self.path("smoke.json")
        with open(report, "w", encoding="utf-8") as f:
            json.dump(smoke_cases.report(), f)
        manifest = bg.emit(report, self.path("smoke"), "sm_90")
        self.assertEqual(len(manifest["accesses"]), len(smoke_cases.CASES) + len(smoke_cases.FORM_CASES))
        self.assertEqual(manifest["skipped"], [])
        pairs = {(e["kind"], e["access_bytes"], e["expected_sass"]) for e in manifest["accesses"]}
        for width, sass in ((1, "LDS.U8"), (2, "LDS.U16"), (4, "LDS"), (8, "LDS.64"), (16, "LDS.128")):
            self.assertIn(("load", width, sass), pairs)
            self.assertIn(("store", width, "STS" + sass[3:]), pairs)
        self.assertIn(("atomic", 4, "ATOMS.ADD"), pairs)
        forms = {e["instruction"] for e in manifest["accesses"]}
        self.assertEqual(forms, {"LDS", "STS", "ATOMS", "ATOMS.CAS", "ATOMS.POPC.INC", "LDSM.x1", "LDSM.x2",
                                 "LDSM.x4", "LDGSTS"})

    def test_an_access_with_a_padding_fix_is_replayed_after_the_fix_too(self):
        report = {"accesses": [{
            "file": "t.cu", "line": 20, "column": 33, "kernel": "k", "array": "tile",
            "element_type": "float", "kind": "load", "access_bytes": 4, "status": "conflict",
            "wavefronts_worst": 32, "ideal_wavefronts": 1, "degree": 32,
            "worst": {"warp": 0, "iteration": "", "values": "", "lanes": [128 * i for i in range(32)]},
            "after_fix": {"lanes": [132 * i for i in range(32)], "wavefronts_worst": 1,
                          "ideal_wavefronts": 1}}]}
        path = self.path("fix.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(report, f)
        manifest = bg.emit(path, self.path("fix"), "sm_90")
        by_kernel = {e["kernel"]: e for e in manifest["accesses"]}
        self.assertEqual(sorted(by_kernel), ["k0", "k0_fixed"])
        fixed = by_kernel["k0_fixed"]
        self.assertEqual(fixed["variant"], "after-fix")
        self.assertEqual(fixed["wavefronts_worst"], 1)
        self.assertEqual(fixed["lanes"], [132 * i for i in range(32)])
        self.assertNotIn("variant", by_kernel["k0"])
        with open(os.path.join(self.path("fix"), "kernels.cu"), encoding="utf-8") as f:
            self.assertIn("k0_fixed", f.read())
        rows = bg.compare_microkernels(manifest, {"kernels": {}}, None)
        self.assertEqual([r["variant"] for r in rows], ["as-written", "after-fix"])

    def test_offset_table_holds_each_lane_and_minus_one_for_inactive_lanes(self):
        _, _, source = self.emit_micro()
        column = ", ".join(str(128 * i) for i in range(32))
        self.assertIn("  {" + column + "},  // k0", source)
        late = ", ".join([str(128 * i) for i in range(16)] + ["-1"] * 16)
        self.assertIn("  {" + late + "},  // k9", source)
        self.assertIn("if (off >= 0)", kernel_text(source, "k9"))

    def test_offsets_are_rebased_by_whole_bank_periods(self):
        _, manifest, _ = self.emit_micro()
        late = next(e for e in manifest["accesses"] if e["kernel"] == "k9")
        self.assertEqual(late["base_offset"], 4096)
        self.assertEqual(late["base_offset"] % bg.BANK_PERIOD, 0)
        self.assertEqual(late["lanes"][1] - late["offsets"][1], 4096)

    def test_buffer_holds_the_largest_offset_plus_sixteen_bytes_rounded(self):
        _, manifest, source = self.emit_micro()
        col = next(e for e in manifest["accesses"] if e["kernel"] == "k0")
        self.assertEqual(col["buffer_bytes"], 4096)  # 31 * 128 + 16 -> 4096
        self.assertIn("__shared__ __align__(128) unsigned char buf[4096];", kernel_text(source, "k0"))
        byte = next(e for e in manifest["accesses"] if e["kernel"] == "k4")
        self.assertEqual(byte["buffer_bytes"], bg.BANK_PERIOD)  # 31 + 16 -> one bank period

    def test_unreplayable_accesses_are_skipped_with_a_reason(self):
        _, manifest, source = self.emit_micro()
        reasons = {s["index"]: s["reason"] for s in manifest["skipped"]}
        self.assertEqual(sorted(reasons), [5, 7, 8, 10])
        self.assertIn("no worst-case", reasons[5])
        self.assertIn("not a multiple of the 4-byte", reasons[7])
        self.assertIn("static shared memory limit", reasons[8])
        self.assertIn("32 entries", reasons[10])
        self.assertNotIn("void k5(", source)

    def test_an_access_without_a_predicted_count_is_skipped(self):
        access = {"kind": "load", "access_bytes": 4, "wavefronts_worst": None,
                  "worst": {"lanes": [4 * i for i in range(32)]}}
        entry, reason = bg.plan_replay(0, access)
        self.assertIsNone(entry)
        self.assertIn("no predicted wavefront count", reason)

    def test_one_warp_launch_per_kernel(self):
        _, manifest, source = self.emit_micro()
        self.assertEqual(source.count("<<<1, 32>>>("), len(manifest["accesses"]))
        self.assertIn("k3<<<1, 32>>>(offsets + 3 * 32, static_cast<const unsigned *>(in), "
                      "static_cast<unsigned *>(out));", source)

    def test_cu_line_points_at_the_replayed_access(self):
        out, manifest, source = self.emit_micro()
        lines = source.splitlines()
        for entry in manifest["accesses"]:
            self.assertIn("// replayed access", lines[entry["cu_line"] - 1], entry["kernel"])
        with open(os.path.join(out, "kernels-report.json"), encoding="utf-8") as f:
            own = json.load(f)
        self.assertEqual([a["line"] for a in own["accesses"]], [e["cu_line"] for e in manifest["accesses"]])
        self.assertTrue(all(a["file"] == "kernels.cu" for a in own["accesses"]))

    def test_the_folder_is_self_contained(self):
        out, _, _ = self.emit_micro()
        self.assertTrue(os.access(os.path.join(out, "measure.sh"), os.X_OK))
        self.assertTrue(os.path.isfile(os.path.join(out, "bankcheck_gpu.py")))
        with open(os.path.join(out, "manifest.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["arch"], "sm_90")

    def test_a_report_without_replayable_access_still_gives_a_valid_file(self):
        report = self.path("empty.json")
        with open(report, "w", encoding="utf-8") as f:
            json.dump({"tool": "bankcheck", "accesses": []}, f)
        manifest = bg.emit(report, self.path("empty"), "sm_90")
        self.assertEqual(manifest["accesses"], [])
        with open(self.path("empty", "kernels.cu"), encoding="utf-8") as f:
            self.assertIn("int main() {", f.read())

    def test_input_that_is_not_a_report_is_an_error(self):
        bad = self.path("bad.json")
        with open(bad, "w", encoding="utf-8") as f:
            f.write("{\"accesses\": 3}")
        status, _, err = run_main(["emit", bad, "-o", self.path("x")])
        self.assertEqual(status, bg.EXIT_ERROR)
        self.assertIn("not a bankcheck JSON report", err)

    @unittest.skipUnless(find_nvcc(), "nvcc not installed")
    def test_emitted_file_compiles_for_sm_90(self):
        report = self.path("smoke.json")
        with open(report, "w", encoding="utf-8") as f:
            json.dump(smoke_cases.report(), f)
        bg.emit(report, self.path("smoke"), "sm_90")
        bg.emit(os.path.join(FIXTURES, "report-micro.json"), self.path("micro"), "sm_90")
        for folder in ("smoke", "micro"):
            proc = subprocess.run([find_nvcc(), "-arch=sm_90", "-O3", "-lineinfo", "-c",
                                   self.path(folder, "kernels.cu"), "-o", self.path(folder, "k.o")],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            self.assertEqual(proc.returncode, 0, proc.stdout.decode(errors="replace"))


class NcuCsvTest(unittest.TestCase):
    def test_details_page_after_program_output_and_prof_lines(self):
        kernels = bg.parse_ncu_metrics(fixture("ncu-details.csv"))
        self.assertEqual(sorted(kernels), ["big", "k0", "k1", "k2", "k3", "k4"])
        k0 = kernels["k0"]
        self.assertEqual(k0[bg.METRICS[("load", "instructions")]], 1)
        self.assertEqual(k0[bg.METRICS[("load", "wavefronts")]], 32)
        self.assertEqual(k0[bg.METRICS[("load", "conflicts")]], 31)
        self.assertEqual(kernels["k2"][bg.METRICS[("atomic", "wavefronts")]], 32)

    def test_thousands_separators_and_repeated_launches_add_up(self):
        big = bg.parse_ncu_metrics(fixture("ncu-details.csv"))["big"]
        self.assertEqual(big[bg.METRICS[("load", "wavefronts")]], 65536)     # 32,768 twice
        self.assertEqual(big[bg.METRICS[("load", "instructions")]], 2048)    # 1,024 twice
        self.assertEqual(big[bg.METRICS[("load", "conflicts")]], 31744)

    def test_raw_page_with_a_units_row(self):
        kernels = bg.parse_ncu_metrics(fixture("ncu-raw.csv"))
        self.assertEqual(kernels["colwalk"][bg.METRICS[("load", "wavefronts")]], 128)
        self.assertEqual(kernels["colwalk"][bg.METRICS[("store", "instructions")]], 32)
        self.assertEqual(kernels["dbl"][bg.METRICS[("load", "conflicts")]], 2)

    def test_output_without_a_header_gives_nothing(self):
        self.assertEqual(bg.parse_ncu_metrics(fixture("ncu-noperm.txt")), {})

    def test_permission_error_is_recognised(self):
        self.assertIn("ERR_NVGPUCTRPERM", bg.counter_problem(fixture("ncu-noperm.txt")))
        self.assertIsNone(bg.counter_problem(fixture("ncu-details.csv")))

    def test_numbers(self):
        self.assertEqual(bg.parse_number("1,024"), 1024)
        self.assertEqual(bg.parse_number("2.5"), 2.5)
        self.assertEqual(bg.parse_number("3.0"), 3)
        for empty in ("", "-", "n/a"):
            self.assertIsNone(bg.parse_number(empty))

    def test_kernel_names_lose_their_parameters(self):
        self.assertEqual(bg.short_kernel_name("k3(const int *, float *)"), "k3")
        self.assertEqual(bg.short_kernel_name("reduce<256>(double *, const double *)"), "reduce<256>")
        self.assertEqual(bg.short_kernel_name("void apply<float (*)(float)>(float *)"), "apply<float (*)(float)>")
        self.assertEqual(bg.short_kernel_name("k7"), "k7")

    def test_every_metric_of_the_table_is_requested(self):
        names = bg.metric_names()
        for kind in bg.KINDS:
            for quantity in ("instructions", "wavefronts", "conflicts"):
                self.assertIn(bg.METRICS[(kind, quantity)], names)


class SassTest(unittest.TestCase):
    def setUp(self):
        self.functions = bg.parse_sass_dump(fixture("sass-dump.txt"))

    def test_functions_are_split(self):
        self.assertEqual(set(self.functions), {"k0", "k1", "k2", "k3", "k4", "kfloat_atomic",
                                               "_Z6matmulPfPKfS1_"})

    def test_generic_loads_and_stores_as_their_shared_forms(self):
        self.assertEqual(bg.classify("LD.E"), None)
        self.assertEqual(bg.generic_op("LD.E")[:3], ("load", 4, "LDS"))
        self.assertEqual(bg.generic_op("LD.E.64")[:3], ("load", 8, "LDS"))
        self.assertEqual(bg.generic_op("ST.E.128")[:3], ("store", 16, "STS"))
        self.assertIsNone(bg.generic_op("LDG.E"))

    def test_opcode_widths(self):
        self.assertEqual(bg.shared_op("LDS.U8"), ("load", 1))
        self.assertEqual(bg.shared_op("LDS.S16"), ("load", 2))
        self.assertEqual(bg.shared_op("LDS"), ("load", 4))
        self.assertEqual(bg.shared_op("STS.64"), ("store", 8))
        self.assertEqual(bg.shared_op("STS.128"), ("store", 16))
        self.assertEqual(bg.shared_op("ATOMS.ADD"), ("atomic", 4))
        self.assertEqual(bg.shared_op("LDSM.16.M88.4"), ("load", None))
        self.assertEqual(bg.shared_op("STSM.16.M88.4"), ("store", None))
        self.assertEqual(bg.shared_op("LDGSTS.E.BYPASS.128"), ("copy", 16))
        self.assertIsNone(bg.shared_op("LDG.E.64"))

    def test_the_intended_width_passes(self):
        self.assertEqual(bg.check_replay_sass(self.functions["k0"], "load", 4), (True, ["LDS"]))
        self.assertEqual(bg.check_replay_sass(self.functions["k1"], "store", 16), (True, ["STS.128"]))
        self.assertEqual(bg.check_replay_sass(self.functions["k2"], "atomic", 4), (True, ["ATOMS.ADD"]))

    def test_never_executed_dummy_loads_are_ignored(self):
        self.assertEqual(bg.check_replay_sass(self.functions["k3"], "load", 8), (True, ["LDS.64"]))

    def test_a_widened_access_fails(self):
        self.assertEqual(bg.check_replay_sass(self.functions["k4"], "load", 1), (False, ["LDS"]))

    def test_a_compare_and_swap_loop_is_not_an_atomic_add(self):
        ok, found = bg.check_replay_sass(self.functions["kfloat_atomic"], "atomic", 4)
        self.assertFalse(ok)
        self.assertEqual(found, ["ATOMS.CAST.SPIN"])

    def test_two_instructions_of_the_kind_fail(self):
        self.assertFalse(bg.check_replay_sass(self.functions["_Z6matmulPfPKfS1_"], "load", 1)[0])

    def test_predicates_are_split_off(self):
        self.assertEqual(bg.split_predicate("@!PT  LDS RZ, [RZ]"), ("@!PT", "LDS RZ, [RZ]"))
        self.assertEqual(bg.split_predicate("@P0 BRA 0x130"), ("@P0", "BRA 0x130"))
        self.assertEqual(bg.split_predicate("      LDS R4, [R4]"), ("", "LDS R4, [R4]"))


class MicroCompareTest(TempDirTest):
    def measured_from_fixture(self):
        return {"arch": "sm_90", "kernels": bg.parse_ncu_metrics(fixture("ncu-details.csv"))}

    def test_verdicts(self):
        _, manifest, _ = self.emit_micro()
        rows = bg.compare_microkernels(manifest, self.measured_from_fixture(), fixture("sass-dump.txt"))
        verdicts = {r["kernel"]: r["verdict"] for r in rows}
        self.assertEqual(verdicts, {"k0": "agree", "k1": "agree", "k2": "agree", "k3": "disagree",
                                    "k4": "bad-replay", "k6": "not-measured", "k9": "not-measured"})
        k3 = next(r for r in rows if r["kernel"] == "k3")
        self.assertEqual((k3["wavefronts_worst"], k3["measured_per_instruction"]), (2, 4))

    def test_store_kernels_read_the_store_counters(self):
        _, manifest, _ = self.emit_micro()
        rows = bg.compare_microkernels(manifest, self.measured_from_fixture(), fixture("sass-dump.txt"))
        k1 = next(r for r in rows if r["kernel"] == "k1")
        self.assertEqual((k1["measured_instructions"], k1["measured_wavefronts"]), (1, 32))

    def test_without_sass_nothing_agrees(self):
        _, manifest, _ = self.emit_micro()
        rows = bg.compare_microkernels(manifest, self.measured_from_fixture(), None)
        self.assertNotIn("agree", {r["verdict"] for r in rows})

    def write_measurement(self, out):
        measured = self.measured_from_fixture()
        measured.update({"sass": "sass.txt", "csv": "ncu.csv"})
        with open(os.path.join(out, "measured.json"), "w", encoding="utf-8") as f:
            json.dump(measured, f)
        shutil.copyfile(os.path.join(FIXTURES, "sass-dump.txt"), os.path.join(out, "sass.txt"))

    def test_compare_command_prints_a_table_and_fails_on_disagreement(self):
        out, _, _ = self.emit_micro()
        self.write_measurement(out)
        status, stdout, _ = run_main(["compare", out])
        self.assertEqual(status, bg.EXIT_DISAGREE)
        self.assertIn("agreement: 3/7 (42.9%)", stdout)
        self.assertIn("skipped: access 5 at micro.cu:15:5", stdout)
        with open(os.path.join(out, "compare.json"), encoding="utf-8") as f:
            result = json.load(f)
        self.assertEqual((result["agree"], result["compared"], result["failures"]), (3, 7, 4))

    def test_compare_command_passes_when_all_agree(self):
        out, _, _ = self.emit_micro()
        self.write_measurement(out)
        path = os.path.join(out, "manifest.json")
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
        manifest["accesses"] = [e for e in manifest["accesses"] if e["kernel"] in ("k0", "k1", "k2")]
        with open(path, "w", encoding="utf-8") as f:
            json.dump(manifest, f)
        status, stdout, _ = run_main(["compare", out])
        self.assertEqual(status, bg.EXIT_OK)
        self.assertIn("agreement: 3/3 (100.0%)", stdout)

    def test_compare_before_measure_is_an_error(self):
        out, _, _ = self.emit_micro()
        status, _, err = run_main(["compare", out])
        self.assertEqual(status, bg.EXIT_ERROR)
        self.assertIn("run measure", err)


class MeasureWithStandInToolsTest(TempDirTest):
    """measure and profile with shell scripts in place of nvcc, cuobjdump, ncu."""

    def tools(self, ncu_output, ncu_status=0):
        nvcc = self.write_script("nvcc", 'while [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n')
        cuobjdump = self.write_script("cuobjdump", f'cat "{FIXTURES}/sass-dump.txt"\n')
        ncu = self.write_script("ncu", f'cat "{FIXTURES}/{ncu_output}"\nexit {ncu_status}\n')
        return mock.patch.dict(os.environ, {"NVCC": nvcc, "CUOBJDUMP": cuobjdump, "NCU": ncu})

    def test_measure_then_compare(self):
        out, _, _ = self.emit_micro()
        with self.tools("ncu-details.csv"):
            status, stdout, err = run_main(["measure", out])
        self.assertEqual(status, bg.EXIT_OK, stdout)
        for name in ("measured.json", "ncu.csv", "sass.txt", "ncu.log"):
            self.assertTrue(os.path.exists(os.path.join(out, name)), name)
        # "big" lacks some metrics, the other kernels have them: none is unavailable.
        self.assertEqual(bg.load_json(os.path.join(out, "measured.json"))["unavailable_metrics"], [])
        self.assertNotIn("warning", err)
        with open(os.path.join(out, "ncu.log"), encoding="utf-8") as f:
            self.assertIn("--clock-control none", f.read())
        self.assertEqual(run_main(["compare", out])[0], bg.EXIT_DISAGREE)

    def test_no_counter_permission_exits_3_and_measures_nothing(self):
        out, _, _ = self.emit_micro()
        with open(os.path.join(out, "measured.json"), "w", encoding="utf-8") as f:
            f.write('{"kernels": {}}')  # left by an earlier run: must not survive
        with self.tools("ncu-noperm.txt", ncu_status=1):
            status, _, err = run_main(["measure", out])
        self.assertEqual(status, bg.EXIT_NO_COUNTERS)
        self.assertIn("ERR_NVGPUCTRPERM", err)
        self.assertFalse(os.path.exists(os.path.join(out, "measured.json")))
        self.assertNotEqual(run_main(["compare", out])[0], bg.EXIT_OK)

    def test_no_ncu_exits_3(self):
        out, _, _ = self.emit_micro()
        with mock.patch.dict(os.environ, {"NCU": self.path("no-such-ncu")}):
            status, _, err = run_main(["measure", out])
        self.assertEqual(status, bg.EXIT_NO_COUNTERS)
        self.assertIn("ncu (Nsight Compute) not found", err)

    def test_profile_without_counter_permission_exits_3(self):
        with self.tools("ncu-noperm.txt", ncu_status=1):
            status, _, err = run_main(["profile", "-o", self.path("prof"), "--", "./app", "--n", "4"])
        self.assertEqual(status, bg.EXIT_NO_COUNTERS)
        self.assertIn("ERR_NVGPUCTRPERM", err)
        self.assertFalse(os.path.exists(self.path("prof", "source.csv")))

    def test_profile_runs_the_program_under_source_counters(self):
        args = self.path("ncu-args")
        ncu = self.write_script("ncu", f'echo "$@" >> "{args}"\n'
                                       'case "$*" in *--import*) cat "' + FIXTURES + '/source-page.csv";; '
                                       '*) for a; do p="$a"; done; : ;; esac\n'
                                       'for a; do [ "$prev" = -o ] && : > "$a.ncu-rep"; prev="$a"; done\n')
        with mock.patch.dict(os.environ, {"NCU": ncu}):
            status, stdout, _ = run_main(["profile", "--report", os.path.join(FIXTURES, "report-profile.json"),
                                          "-o", self.path("prof"), "--", "./app", "--n", "4"])
        self.assertEqual(status, bg.EXIT_DISAGREE, stdout)  # the fixture holds a miss and a false alarm
        with open(args, encoding="utf-8") as f:
            calls = f.read().splitlines()
        self.assertIn("--section SourceCounters --import-source yes", calls[0])
        self.assertTrue(calls[0].endswith("./app --n 4"))
        self.assertIn("--page source --csv --print-source cuda,sass", calls[1])
        self.assertTrue(os.path.exists(self.path("prof", "report.json")))

    def test_replay_runs_bankcheck_then_the_three_steps(self):
        argv_log = self.path("bankcheck-args")
        bankcheck = self.write_script("bankcheck", f'echo "$@" > "{argv_log}"\n'
                                                   f'cat "{FIXTURES}/report-micro.json"\nexit 1\n')
        with self.tools("ncu-details.csv"), mock.patch.dict(os.environ, {"BANKCHECK": bankcheck}):
            status, stdout, _ = run_main(["replay", "micro.cu", "-o", self.path("replay"),
                                          "--bankcheck-arg=--block-dim=32,1,1", "--", "-DN=4"])
        self.assertEqual(status, bg.EXIT_DISAGREE, stdout)
        with open(argv_log, encoding="utf-8") as f:
            self.assertEqual(f.read().split(), ["--format=json", "--block-dim=32,1,1", "micro.cu", "--", "-DN=4"])
        self.assertIn("agreement: 3/7", stdout)


class SourcePageTest(unittest.TestCase):
    def setUp(self):
        self.records = bg.parse_source_csv(fixture("source-page.csv"))

    def find(self, line, opcode, launch=None):
        return [r for r in self.records if r["line"] == line and r["opcode"] == opcode
                and (launch is None or r["launch"] == launch)]

    def test_sass_rows_are_counted_once_per_launch(self):
        stores = self.find(12, "STS")
        self.assertEqual([(r["launch"], r["wavefronts"], r["ideal"]) for r in stores], [(0, 1024, 32), (1, 256, 8)])

    def test_each_block_is_read_with_its_own_header(self):
        (lds64,) = self.find(30, "LDS.64")
        self.assertEqual((lds64["wavefronts"], lds64["ideal"], lds64["width"]), (32, 16, 8))
        self.assertEqual(lds64["file"], "/home/u/app/reduce.cu")
        self.assertEqual(lds64["function"], "reduce<256>(double *, const double *)")

    def test_dummies_zero_rows_and_global_accesses_are_dropped_and_cp_async_is_a_copy(self):
        opcodes = {r["opcode"] for r in self.records}
        self.assertNotIn("LDG.E", opcodes)
        (copy,) = self.find(16, "LDGSTS.E.BYPASS.128", launch=0)
        self.assertEqual((copy["kind"], copy["instruction"], copy["cache"], copy["width"]), ("copy", "LDGSTS", "cg", 16))
        self.assertEqual([r["address"] for r in self.find(15, "LDS", launch=0)], ["0x7f5e2c0000a0"])

    def test_kinds_come_from_the_opcode(self):
        self.assertEqual({(r["line"], r["kind"]) for r in self.records if "reduce.cu" in r["file"]},
                         {(30, "load"), (31, "store"), (40, "atomic"), (45, "load"), (48, "load"), (52, "load")})

    def test_inlined_header_code_keeps_the_header_line(self):
        header = [r for r in self.records if r["file"].endswith("sm_20_atomic_functions.hpp")]
        self.assertEqual({(r["line"], r["opcode"]) for r in header}, {(84, "LDS"), (84, "ATOMS.CAST.SPIN")})

    def test_hardware_conflict_is_wavefronts_over_ideal(self):
        self.assertTrue(bg.hardware_conflict(self.find(12, "STS", launch=0)[0]))
        self.assertFalse(bg.hardware_conflict(self.find(15, "LDS", launch=0)[0]))
        self.assertIsNone(bg.hardware_conflict({"wavefronts": 4, "ideal": 0}))

    def test_a_page_without_counter_columns_is_an_error(self):
        with self.assertRaises(bg.HarnessError):
            bg.parse_source_csv('"Kernel Name","k0"\n"Address","Source"\n"0x10","LDS R1, [R2]"\n')


class InlinedCallJoinTest(unittest.TestCase):
    """A helper's access is reported at the helper's line; the profiler may put
    the inlined instructions at the line of the call (CUB's stores)."""

    @staticmethod
    def record(line, wavefronts, ideal, file="app/exchange.cuh"):
        return {"file": file, "line": line, "kind": "store", "opcode": "STS", "instruction": "STS",
                "width": 4, "launch": 0, "function": "k", "address": "0x%x" % line,
                "executed": 1, "wavefronts": wavefronts, "ideal": ideal, "excessive": 0, "nway": None}

    def report(self, status):
        return {"accesses": [{"file": "app/copy.cuh", "line": 60, "kind": "store", "instruction": "STS",
                              "status": status, "wavefronts_worst": 4,
                              "call_sites": [{"file": "/x/app/exchange.cuh", "line": 639}]}]}

    def rows(self, status, wavefronts, ideal):
        return {(r["file"], r["line"]): r
                for r in bg.join_profile(self.report(status), [self.record(639, wavefronts, ideal)])}

    def test_a_conflict_at_the_call_line_is_confirmed_by_the_helpers_access(self):
        r = self.rows("conflict", 256, 64)[("app/exchange.cuh", 639)]
        self.assertEqual(r["verdict"], "confirmed")
        self.assertIn("inlined here: bankcheck reports it at app/copy.cuh:60", r["note"])

    def test_a_clean_call_line_is_not_a_false_alarm_of_an_access_shared_by_calls(self):
        r = self.rows("conflict", 64, 64)[("app/exchange.cuh", 639)]
        self.assertEqual(r["verdict"], "unknown")
        self.assertIn("not judged alone", r["note"])

    def test_a_conflict_where_the_helpers_access_is_clean_is_still_missed(self):
        self.assertEqual(self.rows("clean", 256, 64)[("app/exchange.cuh", 639)]["verdict"], "missed")


class InlineAsmJoinTest(unittest.TestCase):
    """An asm statement's instructions may sit on the line before it (marlin's helpers: where the
    shared address is computed); its access joins them there, a plain access does not."""

    @staticmethod
    def record(line, wavefronts, ideal, kind="copy", instruction="LDGSTS"):
        return {"file": "app/copy.cuh", "line": line, "kind": kind, "opcode": instruction,
                "instruction": instruction, "width": 16, "launch": 0, "function": "k",
                "address": "0x%x" % line, "executed": 1, "wavefronts": wavefronts, "ideal": ideal,
                "excessive": 0, "nway": None}

    @staticmethod
    def access(line, profile_line, notes, kind="copy", instruction="LDGSTS"):
        return {"file": "app/copy.cuh", "line": line, "profile_line": profile_line, "kind": kind,
                "instruction": instruction, "status": "conflict", "wavefronts_worst": 8,
                "notes": [{"message": m} for m in notes]}

    def test_an_asm_access_takes_the_instructions_two_lines_above_its_statement(self):
        asm = self.access(58, 62, ["inline PTX 'cp.async.cg.shared.global', issued as LDGSTS"])
        rows = bg.join_profile({"accesses": [asm]}, [self.record(56, 8, 4)])
        self.assertEqual([(r["line"], r["verdict"]) for r in rows], [(62, "confirmed")])
        self.assertIn("ncu attributes it to line 56", rows[0]["note"])

    def test_a_plain_access_does_not_look_above(self):
        plain = self.access(58, None, [], kind="load", instruction="LDS")
        rows = bg.join_profile({"accesses": [plain]}, [self.record(57, 8, 4, "load", "LDS")])
        self.assertEqual(sorted((r["line"], r["verdict"]) for r in rows), [(57, "missed"), (58, "unknown")])

    def test_an_exact_line_is_still_preferred(self):
        asm = self.access(58, 62, ["inline PTX 'ldmatrix', issued as LDSM.x4"], "load", "LDSM.x4")
        asm["status"] = "clean"
        rows = bg.join_profile({"accesses": [asm]}, [self.record(62, 4, 4, "load", "LDSM.x4"),
                                                     self.record(57, 32, 4, "load", "LDSM.x4")])
        self.assertEqual(sorted((r["line"], r["verdict"]) for r in rows), [(57, "missed"), (62, "agree-clean")])


class ProfileJoinTest(TempDirTest):
    def rows(self):
        with open(os.path.join(FIXTURES, "report-profile.json"), encoding="utf-8") as f:
            report = json.load(f)
        return bg.join_profile(report, bg.parse_source_csv(fixture("source-page.csv")))

    def verdicts(self):
        return {(r["file"], r["line"], r["kind"]): r["verdict"] for r in self.rows()}

    def test_each_category(self):
        v = self.verdicts()
        self.assertEqual(v[("app/transpose.cu", 12, "store")], "confirmed")
        self.assertEqual(v[("app/transpose.cu", 15, "load")], "agree-clean")
        self.assertEqual(v[("app/transpose.cu", 20, "load")], "unknown")
        self.assertEqual(v[("app/reduce.cu", 30, "load")], "missed")
        self.assertEqual(v[("app/reduce.cu", 31, "store")], "false-alarm")
        self.assertEqual(v[("app/reduce.cu", 40, "atomic")], "confirmed")
        self.assertEqual(v[("app/reduce.cu", 56, "load")], "unknown")
        self.assertEqual(v[("/home/u/app/reduce.cu", 48, "load")], "missed")
        self.assertEqual(v[("/home/u/app/reduce.cu", 52, "load")], "agree-clean")

    def test_launches_add_up_on_a_line(self):
        row = next(r for r in self.rows() if r["line"] == 12)
        self.assertEqual((row["wavefronts"], row["ideal"]), (1280, 40))

    def test_a_finding_takes_instructions_ncu_put_on_the_next_line(self):
        row = next(r for r in self.rows() if r["file"] == "app/reduce.cu" and r["line"] == 44)
        self.assertEqual(row["verdict"], "agree-clean")
        self.assertIn("ncu attributes it to line 45", row["note"])
        self.assertFalse(any(r["line"] == 45 for r in self.rows()))

    def test_a_file_of_the_same_name_elsewhere_does_not_match(self):
        self.assertEqual(self.verdicts()[("other/reduce.cu", 30, "load")], "unknown")

    def test_paths_match_on_trailing_components(self):
        self.assertTrue(bg.paths_match("app/reduce.cu", "/home/u/app/reduce.cu"))
        self.assertTrue(bg.paths_match("./app/reduce.cu", "app/reduce.cu"))
        self.assertTrue(bg.paths_match("reduce.cu", "/home/u/app/reduce.cu"))
        self.assertFalse(bg.paths_match("other/reduce.cu", "/home/u/app/reduce.cu"))
        self.assertFalse(bg.paths_match("", "reduce.cu"))

    def test_compare_command_in_program_mode(self):
        shutil.copyfile(os.path.join(FIXTURES, "source-page.csv"), self.path("source.csv"))
        status, stdout, _ = run_main(["compare", "--report", os.path.join(FIXTURES, "report-profile.json"),
                                      self.tmp])
        self.assertEqual(status, bg.EXIT_DISAGREE)
        self.assertIn("confirmed: 2  missed: 2  false-alarm: 1  agree-clean: 2  unknown: 3", stdout)
        self.assertIn("agreement: 4/7 (57.1%)", stdout)
        self.assertNotIn(":52", stdout)  # clean and unreported: only with --all
        self.assertIn(":52", run_main(["compare", "--all", "--report",
                                       os.path.join(FIXTURES, "report-profile.json"), self.tmp])[1])
        with open(self.path("compare.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["counts"]["missed"], 2)

    def test_compare_only_the_kernels_named(self):
        # A profile of one instantiation is compared with its verdicts alone:
        # reduce<256>'s lines only. The profile's rows are all kept (this one
        # also holds transposeNaive's: its conflict is then "missed").
        shutil.copyfile(os.path.join(FIXTURES, "source-page.csv"), self.path("source.csv"))
        report = os.path.join(FIXTURES, "report-profile.json")
        status, stdout, _ = run_main(["compare", "--kernel", "reduce<256>", "--report", report, self.tmp])
        self.assertEqual(status, bg.EXIT_DISAGREE)
        self.assertIn("confirmed: 1  missed: 3  false-alarm: 1  agree-clean: 1  unknown: 1", stdout)
        self.assertNotIn("transpose.cu:15", stdout)
        with open(self.path("compare.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["kernels"], ["reduce<256>"])
        status, _, err = run_main(["compare", "--kernel", "reduce<128>", "--report", report, self.tmp])
        self.assertEqual(status, bg.EXIT_ERROR)
        self.assertIn("no kernel named 'reduce<128>'", err)
        self.assertIn("reduce<256>", err)

    def test_no_counters_in_the_source_page_exits_3(self):
        with open(self.path("source.csv"), "w", encoding="utf-8") as f:
            f.write(fixture("ncu-noperm.txt"))
        status, _, err = run_main(["compare", "--report", os.path.join(FIXTURES, "report-profile.json"),
                                   self.tmp])
        self.assertEqual(status, bg.EXIT_NO_COUNTERS)
        self.assertIn("Nothing can be confirmed", err)


class LauncherTest(unittest.TestCase):
    def test_launcher_runs_the_module(self):
        proc = subprocess.run([sys.executable, os.path.join(ROOT, "harness", "bankcheck-gpu"), "--version"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn(bg.VERSION, proc.stdout.decode())

    def test_profile_needs_a_program(self):
        status, _, err = run_main(["profile", "-o", "x"])
        self.assertEqual(status, bg.EXIT_ERROR)
        self.assertIn("profile needs the program", err)


class SmokeCasesTest(unittest.TestCase):
    def test_cases_are_consistent(self):
        report = smoke_cases.report()
        for access in report["accesses"]:
            lanes = access["worst"]["lanes"]
            self.assertEqual(len(lanes), 32, access["kernel"])
            active = [o for o in lanes if o is not None]
            self.assertTrue(active and all(o % access["access_bytes"] == 0 for o in active), access["kernel"])
            self.assertEqual(access["status"] == "conflict",
                             access["wavefronts_worst"] > access["ideal_wavefronts"], access["kernel"])


if __name__ == "__main__":
    unittest.main()
