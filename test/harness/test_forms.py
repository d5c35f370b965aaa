# ===- test_forms.py - Unit tests of the harness's instruction forms --------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""CPU-only tests of the instruction forms (LDSM, STSM, LDGSTS, the ATOMS
variants): the PTX each microkernel holds, the SASS check, which counters
measure each form, and program-mode attribution. Fixtures (fixtures/*-forms*,
*-tensor*) are hand-written in the formats ncu 2025.3 and cuobjdump 13.0
print, as in test_harness.py.

Run: python3 -m unittest discover -s test/harness
"""

import json
import os
import re
import subprocess
import unittest
from unittest import mock

from test_harness import FIXTURES, TempDirTest, bg, find_nvcc, fixture, kernel_text, run_main

from bankcheck_gpu import program  # noqa: E402


class EmitFormsTest(TempDirTest):
    def emit_forms(self, arch="sm_90"):
        out = self.path("forms")
        manifest = bg.emit(os.path.join(FIXTURES, "report-forms.json"), out, arch)
        with open(os.path.join(out, "kernels.cu"), encoding="utf-8") as f:
            return out, {e["kernel"]: e for e in manifest["accesses"]}, manifest, f.read()

    def test_every_form_is_replayed_as_its_ptx(self):
        _, by_kernel, _, source = self.emit_forms()
        want = {
            "k0": ("LDSM.x4", "LDSM.16.M88.4", 'asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 '
                   '{%0, %1, %2, %3}, [%4];" : "=r"(v0), "=r"(v1), "=r"(v2), "=r"(v3) : "r"(addr));'),
            "k1": ("LDSM.x4.trans", "LDSM.16.MT88.4",
                   'asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];"'),
            "k2": ("LDSM.x1", "LDSM.16.M88",
                   'asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(v0) : "r"(addr));'),
            "k3": ("LDSM.x2.trans", "LDSM.16.MT88.2",
                   'asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"'),
            "k4": ("STSM.x4", "STSM.16.M88.4",
                   'asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :: "r"(addr), '
                   '"r"(in[4 * lane + 0]), "r"(in[4 * lane + 1]), "r"(in[4 * lane + 2]), "r"(in[4 * lane + 3]) '
                   ': "memory");'),
            "k5": ("STSM.x2", "STSM.16.M88.2",
                   'asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};"'),
            "k6": ("LDGSTS", "LDGSTS.E.BYPASS.128",
                   'if (off >= 0) asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(addr), '
                   '"l"(in + 4 * lane) : "memory");'),
            "k7": ("LDGSTS", "LDGSTS.E.64", 'asm volatile("cp.async.ca.shared.global [%0], [%1], 8;"'),
            "k8": ("LDGSTS", "LDGSTS.E", 'asm volatile("cp.async.ca.shared.global [%0], [%1], 4;"'),
            "k9": ("ATOMS.CAS", "ATOMS.CAS", 'if (off >= 0) asm volatile("atom.shared.cas.b32 %0, [%1], %2, %3;" '
                   ': "=r"(v0) : "r"(addr), "r"(in[4 * lane]), "r"(in[4 * lane + 1]) : "memory");'),
            "k10": ("ATOMS.POPC.INC", "ATOMS.POPC.INC",
                    "if (off >= 0) v0 = atomicAdd(reinterpret_cast<unsigned *>(buf + off), 1u);"),
            "k11": ("ATOMS.CAST.SPIN", "LDS + ATOMS.CAST.SPIN",
                    "if (off >= 0) v0 = __float_as_uint(atomicAdd(reinterpret_cast<float *>(buf + off), "
                    "__uint_as_float(in[4 * lane])));"),
            "k12": ("ATOMS", "ATOMS.ADD.64", 'asm volatile("atom.shared.add.u64 %0, [%1], %2;" : "=l"(w) : '
                    '"r"(addr), "l"(x) : "memory");'),
        }
        for kernel, (instruction, sass, text) in want.items():
            entry = by_kernel[kernel]
            self.assertEqual((entry["instruction"], entry["expected_sass"]), (instruction, sass), kernel)
            self.assertIn(text, kernel_text(source, kernel), kernel)
        self.assertIn('asm volatile("cp.async.wait_all;" ::: "memory");', kernel_text(source, "k6"))
        self.assertEqual((by_kernel["k6"]["cache"], by_kernel["k7"]["cache"]), ("cg", "ca"))
        self.assertEqual(by_kernel["k4"]["replay_type"], "stmatrix.sync.aligned.m8n8.x4.shared.b16")

    def test_the_replayed_access_is_the_only_shared_memory_instruction(self):
        _, by_kernel, _, source = self.emit_forms()
        shared = re.compile(r"ld\.shared|st\.shared|atom\.shared|ldmatrix|stmatrix|cp\.async\.c[ag]|atomicAdd")
        for kernel, entry in by_kernel.items():
            lines = kernel_text(source, kernel).splitlines()
            self.assertEqual([i for i, ln in enumerate(lines) if shared.search(ln)],
                             [i for i, ln in enumerate(lines) if ln.endswith("// replayed access")], kernel)
            self.assertEqual(sum("// replayed access" in ln for ln in lines), 1, kernel)
            self.assertIn("__shared__ __align__(128) unsigned char buf[", lines[1], kernel)

    def test_matrix_forms_run_on_every_lane(self):
        _, by_kernel, _, source = self.emit_forms()
        for kernel in ("k0", "k1", "k2", "k3", "k4", "k5", "k16"):
            self.assertNotIn("if (off >= 0)", kernel_text(source, kernel), kernel)
            self.assertNotIn(-1, by_kernel[kernel]["offsets"], kernel)
        self.assertIn("if (off >= 0)", kernel_text(source, "k6"))

    def test_lanes_without_an_address_take_lane_0_of_their_matrix_group(self):
        _, by_kernel, _, _ = self.emit_forms()
        x1 = by_kernel["k2"]["offsets"]  # lanes 0-7 give the rows; 8-31 are not used by the hardware
        self.assertEqual(x1[:8], [128 * i for i in range(8)])
        self.assertEqual(set(x1[8:]), {x1[0]})
        x2 = by_kernel["k3"]["offsets"]
        self.assertEqual(x2[:16], [144 * i - by_kernel["k3"]["base_offset"] for i in range(16)])
        self.assertEqual(set(x2[16:]), {x2[0]})
        hole = by_kernel["k16"]  # lane 5 of an .x4 has no address in the report
        self.assertEqual(hole["filled_lanes"], [5])
        self.assertEqual(hole["offsets"][5], hole["offsets"][0])
        self.assertNotIn("filled_lanes", by_kernel["k0"])

    def test_unreplayable_forms_are_skipped_with_a_reason(self):
        _, _, manifest, _ = self.emit_forms()
        reasons = {s["index"]: s["reason"] for s in manifest["skipped"]}
        self.assertEqual(sorted(reasons), [13, 14, 15, 17])
        self.assertIn("cp.async.cg copies 16 bytes only", reasons[13])
        self.assertIn("not a multiple of the 16-byte access width", reasons[14])
        self.assertIn("unknown instruction form 'LDSM.x8'", reasons[15])
        self.assertIn("unsupported access width 8 for ATOMS.POPC.INC", reasons[17])
        self.assertEqual(next(s for s in manifest["skipped"] if s["index"] == 15)["instruction"], "LDSM.x8")

    def test_forms_newer_than_the_arch_are_skipped(self):
        _, by_kernel, manifest, _ = self.emit_forms("sm_80")
        reasons = {s["index"]: s["reason"] for s in manifest["skipped"]}
        self.assertIn("STSM.x4 needs sm_90 or later (emitting for sm_80)", reasons[4])
        self.assertIn("k6", by_kernel)  # cp.async is sm_80
        _, by_kernel, manifest, _ = self.emit_forms("sm_70")
        self.assertEqual(sorted(e["instruction"] for e in by_kernel.values()),
                         ["ATOMS", "ATOMS.CAS", "ATOMS.CAST.SPIN", "ATOMS.POPC.INC"])

    def test_an_access_without_an_instruction_keeps_todays_meaning(self):
        for kind, form in (("load", "LDS"), ("store", "STS"), ("atomic", "ATOMS")):
            entry, _ = bg.plan_replay(0, {"kind": kind, "access_bytes": 4, "wavefronts_worst": 1,
                                          "worst": {"lanes": [4 * i for i in range(32)]}})
            self.assertEqual((entry["instruction"], entry["counters"]), (form, kind))
        self.assertEqual(bg.access_kind({"kind": "store", "instruction": "LDGSTS"}), "copy")
        self.assertEqual(bg.access_kind({"kind": "load"}), "load")
        self.assertEqual(bg.access_instruction({"kind": "atomic"}), "ATOMS")

    def test_kernels_report_names_each_form_at_its_line(self):
        out, by_kernel, _, source = self.emit_forms()
        with open(os.path.join(out, "kernels-report.json"), encoding="utf-8") as f:
            own = json.load(f)["accesses"]
        lines = source.splitlines()
        self.assertEqual([a["instruction"] for a in own], [e["instruction"] for e in by_kernel.values()])
        for a in own:
            self.assertIn("// replayed access", lines[a["line"] - 1], a["kernel"])

    @unittest.skipUnless(find_nvcc(), "nvcc not installed")
    def test_every_form_compiles_for_sm_90_to_one_shared_instruction_per_kernel(self):
        out, by_kernel, _, _ = self.emit_forms()
        ptx = os.path.join(out, "kernels.ptx")
        for argv in (["-ptx", "-o", ptx], ["-c", "-o", os.path.join(out, "k.o")]):
            proc = subprocess.run([find_nvcc(), "-arch=sm_90", "-O3", "-lineinfo",
                                   os.path.join(out, "kernels.cu")] + argv,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            self.assertEqual(proc.returncode, 0, proc.stdout.decode(errors="replace"))
        with open(ptx, encoding="utf-8") as f:
            text = f.read()
        shared = re.compile(r"^\s*(ld\.shared|st\.shared|atom\.shared|ldmatrix|stmatrix|cp\.async\.c[ag])\S*",
                            re.M)
        for kernel, entry in by_kernel.items():
            start = text.index(f".entry {kernel}(")
            end = text.find(".entry ", start + 1)
            found = [m.group(0).split()[0] for m in shared.finditer(text[start:end if end > 0 else None])]
            self.assertEqual(len(found), 1, (kernel, found))
            if entry["replay_type"].startswith(("ld", "st", "atom.", "cp.")):
                self.assertEqual(found[0], entry["replay_type"], kernel)


class SassFormsTest(unittest.TestCase):
    def setUp(self):
        self.functions = bg.parse_sass_dump(fixture("sass-forms.txt"))

    def check(self, function, instruction, width=16, cache=None):
        kind = bg.FORMS[instruction].kind
        return bg.check_replay_sass(self.functions[function], kind, width, instruction, cache)

    def test_opcodes_name_their_form(self):
        cases = {
            "LDSM.16.M88.4": ("load", 16, "LDSM.x4", None), "LDSM.16.MT88.2": ("load", 16, "LDSM.x2.trans", None),
            "LDSM.16.M88": ("load", 16, "LDSM.x1", None), "LDSM.16.M88.1": ("load", 16, "LDSM.x1", None),
            "STSM.16.MT88.4": ("store", 16, "STSM.x4.trans", None),
            "LDGSTS.E.BYPASS.128": ("copy", 16, "LDGSTS", "cg"),
            "LDGSTS.E.BYPASS.LTC128B.128.ZFILL": ("copy", 16, "LDGSTS", "cg"),
            "LDGSTS.E.LTC128B.128": ("copy", 16, "LDGSTS", "ca"), "LDGSTS.E.64": ("copy", 8, "LDGSTS", "ca"),
            "LDGSTS.E": ("copy", 4, "LDGSTS", "ca"), "ATOMS.ADD": ("atomic", 4, "ATOMS", None),
            "ATOMS.EXCH.64": ("atomic", 8, "ATOMS", None), "ATOMS.CAS": ("atomic", 4, "ATOMS.CAS", None),
            "ATOMS.POPC.INC": ("atomic", 4, "ATOMS.POPC.INC", None),
            "ATOMS.CAST.SPIN": ("atomic", 4, "ATOMS.CAST.SPIN", None), "LDS.U16": ("load", 2, "LDS", None),
        }
        for opcode, (kind, width, instruction, cache) in cases.items():
            op = bg.classify(opcode)
            self.assertEqual((op.kind, op.width, op.instruction, op.cache), (kind, width, instruction, cache), opcode)
        self.assertIsNone(bg.classify("LDG.E.128"))
        self.assertEqual(bg.classify("LDSM.16.M816.4").instruction, "LDSM")  # a layout with no form here

    def test_each_replay_compiled_to_its_form_passes(self):
        forms = {"k0": "LDSM.x4", "k1": "LDSM.x4.trans", "k2": "LDSM.x1", "k3": "LDSM.x2.trans",
                 "k4": "STSM.x4", "k5": "STSM.x2", "k16": "LDSM.x4"}
        for function, instruction in forms.items():
            self.assertTrue(self.check(function, instruction)[0], function)
        self.assertEqual(self.check("k6", "LDGSTS", 16, "cg"), (True, ["LDGSTS.E.BYPASS.128"]))
        self.assertEqual(self.check("k7", "LDGSTS", 8, "ca"), (True, ["LDGSTS.E.64"]))
        self.assertEqual(self.check("k8", "LDGSTS", 4, "ca"), (True, ["LDGSTS.E"]))
        self.assertEqual(self.check("k9", "ATOMS.CAS", 4), (True, ["ATOMS.CAS"]))
        self.assertEqual(self.check("k10", "ATOMS.POPC.INC", 4), (True, ["ATOMS.POPC.INC"]))
        self.assertEqual(self.check("k12", "ATOMS", 8), (True, ["ATOMS.ADD.64"]))
        self.assertEqual(self.check("dummy_and_stsm", "STSM.x1.trans"), (True, ["STSM.16.MT88.1"]))

    def test_the_cas_loop_is_its_atomic_and_the_load_of_the_old_value(self):
        self.assertEqual(self.check("k11", "ATOMS.CAST.SPIN", 4), (True, ["LDS", "ATOMS.CAST.SPIN"]))
        self.assertEqual(self.check("loop_without_load", "ATOMS.CAST.SPIN", 4), (False, ["ATOMS.CAST.SPIN"]))
        self.assertFalse(self.check("k11", "ATOMS", 4)[0])  # a float atomicAdd is not an ATOMS.ADD

    def test_a_replay_of_another_form_fails(self):
        self.assertEqual(self.check("not_transposed", "LDSM.x4.trans"), (False, ["LDSM.16.M88.4"]))
        self.assertEqual(self.check("split_ldsm", "LDSM.x4"), (False, ["LDSM.16.M88.2", "LDSM.16.M88.2"]))
        self.assertFalse(self.check("k3", "LDSM.x2")[0])
        self.assertFalse(self.check("k0", "LDSM.x2")[0])
        self.assertEqual(self.check("cached_copy", "LDGSTS", 16, "cg"), (False, ["LDGSTS.E.LTC128B.128"]))
        self.assertTrue(self.check("cached_copy", "LDGSTS", 16, "ca")[0])
        self.assertFalse(self.check("k7", "LDGSTS", 16, "ca")[0])
        self.assertEqual(self.check("min_not_add", "ATOMS", 4), (False, ["ATOMS.MIN.S32"]))
        self.assertFalse(self.check("k9", "ATOMS", 4)[0])
        self.assertFalse(self.check("k4", "STSM.x4.trans")[0])


class MetricsTest(unittest.TestCase):
    def test_each_form_has_the_counters_of_its_group(self):
        groups = {name: form.counters for name, form in bg.FORMS.items()}
        self.assertEqual({groups[n] for n in ("LDSM.x1", "LDSM.x2.trans", "LDSM.x4")}, {"ldsm"})
        self.assertEqual({groups[n] for n in ("STSM.x1", "STSM.x4.trans")}, {"stsm"})
        self.assertEqual(groups["LDGSTS"], "ldgsts")
        self.assertEqual({groups[n] for n in ("ATOMS", "ATOMS.CAS", "ATOMS.POPC.INC", "ATOMS.CAST.SPIN")},
                         {"atomic"})
        self.assertEqual((groups["LDS"], groups["STS"]), ("load", "store"))
        self.assertEqual(len(bg.FORMS), 19)

    def test_the_table_holds_the_tensor_core_counters(self):
        self.assertEqual(bg.counters_for("ldsm"), {
            "instructions": "smsp__sass_inst_executed_op_ldsm.sum",
            "wavefronts": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
            "conflicts": None})
        self.assertEqual(bg.counters_for("ldgsts"), {
            "instructions": "smsp__sass_inst_executed_op_ldgsts.sum",
            "wavefronts": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
            "conflicts": None})
        self.assertEqual(bg.counters_for("stsm"), {  # op_shared_stsm: ..._op_stsm has no value on an H200
            "instructions": "smsp__sass_inst_executed_op_shared_stsm.sum",
            "wavefronts": "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
            "conflicts": None})
        self.assertEqual(bg.counters_for("atomic")["instructions"], "smsp__sass_inst_executed_op_shared_atom.sum")

    def test_ldgsts_never_reads_the_totals_that_leave_it_out(self):
        names = [n for n in bg.counters_for("ldgsts").values() if n]
        self.assertTrue(all(n.startswith("smsp__sass_") for n in names), names)
        self.assertFalse(any("bank_conflicts" in n for n in names))

    def test_every_metric_is_requested(self):
        names = bg.metric_names()
        for group in bg.GROUPS:
            for name in bg.counters_for(group).values():
                if name:
                    self.assertIn(name, names)
        self.assertEqual(len(names), len(set(bg.METRICS.values())))

    def test_a_metric_without_a_value_in_any_launch_is_unavailable(self):
        kernels = bg.parse_ncu_metrics(fixture("ncu-forms.csv"))
        self.assertEqual(bg.unavailable_metrics(kernels, bg.metric_names()), [])
        names = bg.metric_names() + ["smsp__sass_inst_executed_op_stsm.sum"]  # ncu prints no error for it
        self.assertEqual(bg.unavailable_metrics(kernels, names), ["smsp__sass_inst_executed_op_stsm.sum"])
        # A metric that only some launches have (k2 was not profiled at all) is available.
        kernels["k0"].pop("smsp__sass_inst_executed_op_ldsm.sum")
        self.assertEqual(bg.unavailable_metrics(kernels, bg.metric_names()), [])


class MicroFormsTest(TempDirTest):
    def setUp(self):
        super().setUp()
        self.manifest = bg.emit(os.path.join(FIXTURES, "report-forms.json"), self.path("forms"), "sm_90")
        self.measured = {"kernels": bg.parse_ncu_metrics(fixture("ncu-forms.csv")), "unavailable_metrics": []}

    def rows(self, sass=None):
        rows = bg.compare_microkernels(self.manifest, self.measured, sass or fixture("sass-forms.txt"))
        return {r["kernel"]: r for r in rows}

    def test_verdicts(self):
        verdicts = {k: r["verdict"] for k, r in self.rows().items()}
        self.assertEqual(verdicts.pop("k2"), "not-measured")  # ncu could not profile it
        self.assertEqual(verdicts.pop("k5"), "disagree")      # op_stsm shows 4, bankcheck 2
        self.assertEqual(set(verdicts.values()), {"agree"})
        self.assertEqual(len(verdicts), 12)

    def test_ldmatrix_is_read_on_its_own_counters(self):
        self.measured["kernels"]["k0"]["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum"] = 8
        row = self.rows()["k0"]
        self.assertEqual((row["counters"], row["measured"]), ("ldsm", 8))
        self.assertEqual(row["verdict"], "disagree")  # op_ld still says 32: it is not read

    def test_cp_async_is_read_on_the_ldgsts_counters(self):
        row = self.rows()["k6"]
        self.assertEqual(self.measured["kernels"]["k6"]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"], 0)
        self.assertEqual((row["counters"], row["measured_instructions"], row["measured_wavefronts"]),
                         ("ldgsts", 1, 4))
        self.assertIsNone(row["measured_conflicts"])

    def test_stmatrix_is_read_on_its_own_counters(self):
        self.measured["kernels"]["k4"]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"] = 8
        row = self.rows()["k4"]
        self.assertEqual((row["counters"], row["measured_instructions"], row["measured"], row["verdict"]),
                         ("stsm", 1, 32, "agree"))  # op_st is not read
        self.assertNotIn("unavailable_metrics", row)

    def test_a_form_whose_counter_is_unavailable_is_not_measured_and_says_why(self):
        name = "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum"
        for counts in self.measured["kernels"].values():
            counts.pop(name, None)
        self.measured["unavailable_metrics"] = [name]
        rows = self.rows()
        self.assertEqual((rows["k4"]["verdict"], rows["k4"]["unavailable_metrics"]), ("not-measured", [name]))
        self.assertEqual(rows["k5"]["verdict"], "not-measured")
        self.assertEqual(rows["k0"]["verdict"], "agree")  # the other forms have their counters
        self.assertNotIn("unavailable_metrics", rows["k0"])
        text, _, _ = bg.microkernel_summary(list(rows.values()), [], [name])
        self.assertIn(f"unavailable metric: {name} (no value in any launch); not measured: k4, k5", text)

    def test_the_cas_loop_is_compared_over_the_whole_loop(self):
        row = self.rows()["k11"]
        self.assertEqual((row["measured_instructions"], row["measured_per_instruction"], row["measured"]),
                         (4, 10, 40))
        self.assertEqual(row["verdict"], "agree")
        self.assertEqual(row["sass"], ["LDS", "ATOMS.CAST.SPIN"])

    def test_a_form_executed_twice_or_compiled_to_another_form_is_a_bad_replay(self):
        self.measured["kernels"]["k9"]["smsp__sass_inst_executed_op_shared_atom.sum"] = 2
        self.measured["kernels"]["k9"]["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum"] = 128
        self.assertEqual(self.rows()["k9"]["verdict"], "bad-replay")
        sass = fixture("sass-forms.txt").replace("Function : k1\n", "Function : k1_as_built\n") \
            .replace("Function : not_transposed\n", "Function : k1\n")
        row = self.rows(sass)["k1"]
        self.assertEqual((row["verdict"], row["sass"]), ("bad-replay", ["LDSM.16.M88.4"]))

    def test_the_table_shows_each_form(self):
        text, agree, _ = bg.microkernel_summary(list(self.rows().values()), self.manifest["skipped"])
        self.assertIn("LDGSTS.cg", text)
        self.assertIn("LDSM.x4.trans", text)
        self.assertIn("agreement: 12/14 (85.7%)", text)
        self.assertIn("cp.async.cg copies 16 bytes only", text)


class MeasureFormsTest(TempDirTest):
    """measure with stand-in tools; ncu answers with ncu-forms.csv."""

    def tools(self):
        calls = self.path("ncu-calls")
        nvcc = self.write_script("nvcc", 'while [ $# -gt 0 ]; do [ "$1" = -o ] && : > "$2"; shift; done\n')
        cuobjdump = self.write_script("cuobjdump", f'cat "{FIXTURES}/sass-forms.txt"\n')
        ncu = self.write_script("ncu", f'echo "$*" >> "{calls}"\ncat "{FIXTURES}/ncu-forms.csv"\n')
        return calls, mock.patch.dict(os.environ, {"NVCC": nvcc, "CUOBJDUMP": cuobjdump, "NCU": ncu})

    def measure(self):
        out = self.path("forms")
        bg.emit(os.path.join(FIXTURES, "report-forms.json"), out, "sm_90")
        calls, tools = self.tools()
        with tools:
            status, _, err = run_main(["measure", out])
        self.assertEqual(status, bg.EXIT_OK, err)
        with open(calls, encoding="utf-8") as f:
            argv = f.read().splitlines()
        with open(os.path.join(out, "measured.json"), encoding="utf-8") as f:
            return out, argv, err, json.load(f)

    def test_measure_reads_every_metric_in_one_run(self):
        out, argv, err, measured = self.measure()
        self.assertEqual(len(argv), 1)
        for name in ("smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
                     "smsp__sass_inst_executed_op_shared_stsm.sum",
                     "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum"):
            self.assertIn(name, argv[0])
        self.assertEqual((measured["metrics"], measured["unavailable_metrics"]), (bg.metric_names(), []))
        self.assertNotIn("warning: no launch has a value", err)
        self.assertEqual(measured["kernels"]["k4"]["smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum"],
                         32)
        self.assertFalse(os.path.exists(os.path.join(out, "source.csv")))  # program mode is profile's job
        status, stdout, _ = run_main(["compare", out])
        self.assertEqual(status, bg.EXIT_DISAGREE)
        self.assertIn("agreement: 12/14 (85.7%)", stdout)
        self.assertNotIn("unavailable metric", stdout)

    def test_a_name_ncu_does_not_know_is_reported_unavailable(self):
        # The spelling that the H200 run found to have no value: ncu printed no error for it.
        wrong = "smsp__sass_inst_executed_op_stsm.sum"
        with mock.patch.dict(bg.METRICS, {("stsm", "instructions"): wrong}):
            out, argv, err, measured = self.measure()
            self.assertIn(wrong, argv[0])
            self.assertEqual(len(argv), 1)  # no second run: ncu measured everything else
            self.assertEqual(measured["unavailable_metrics"], [wrong])
            self.assertIn(f"warning: no launch has a value for {wrong}", err)
            self.assertEqual(len(measured["kernels"]), 13)  # every kernel that ncu profiled
            status, stdout, _ = run_main(["compare", out])
        rows = {r.split()[0]: r.split()[-1] for r in stdout.splitlines()[1:] if r.startswith("k")}
        self.assertEqual((rows["k4"], rows["k5"], rows["k0"]), ("not-measured", "not-measured", "agree"))
        self.assertIn(f"unavailable metric: {wrong} (no value in any launch); not measured: k4, k5", stdout)
        with open(os.path.join(out, "compare.json"), encoding="utf-8") as f:
            self.assertEqual(json.load(f)["unavailable_metrics"], [wrong])

    def test_program_mode_on_the_microkernels(self):
        # What gpu_smoke.sh does after measure: profile DIR/bench against
        # DIR/kernels-report.json; here its source page is source-forms.csv.
        out = self.path("forms")
        bg.emit(os.path.join(FIXTURES, "report-forms.json"), out, "sm_90")
        os.makedirs(self.path("prof"))
        with open(self.path("prof", "source.csv"), "w", encoding="utf-8") as f:
            f.write(fixture("source-forms.csv"))
        status, stdout, _ = run_main(["compare", "--report", os.path.join(out, "kernels-report.json"),
                                      self.path("prof")])
        self.assertEqual(status, bg.EXIT_DISAGREE)  # STSM.x2 of k5: 4 wavefronts, bankcheck 2
        self.assertRegex(stdout, r"kernels.cu:86\s+store\s+STSM.x2\s+clean\s+2\s+4\s+2\s+missed")
        self.assertIn("confirmed: 3  missed: 1  false-alarm: 0  agree-clean: 1  unknown: 9", stdout)


class ProgramFormsTest(TempDirTest):
    def setUp(self):
        super().setUp()
        self.records = bg.parse_source_csv(fixture("source-tensor.csv"))
        with open(os.path.join(FIXTURES, "report-tensor.json"), encoding="utf-8") as f:
            self.report = json.load(f)

    def rows(self):
        return {(os.path.basename(r["file"]), r["line"], r["kind"]): r
                for r in bg.join_profile(self.report, self.records)}

    def test_kinds_and_forms_come_from_the_opcode(self):
        got = {(os.path.basename(r["file"]), r["line"], r["kind"], r["instruction"]) for r in self.records}
        self.assertEqual(got, {
            ("hgemm.cu", 40, "copy", "LDGSTS"), ("hgemm.cu", 52, "load", "LDSM.x4"),
            ("hgemm.cu", 53, "load", "LDSM.x2.trans"), ("hgemm.cu", 70, "store", "STSM.x4"),
            ("hgemm.cu", 71, "load", "LDS"), ("hgemm.cu", 75, "store", "STSM.x4"),
            ("hgemm.cu", 90, "copy", "LDGSTS"), ("hist.cu", 20, "atomic", "ATOMS.POPC.INC"),
            ("hist.cu", 21, "atomic", "ATOMS.CAS"), ("hist.cu", 22, "load", "LDS"),
            ("hist.cu", 22, "atomic", "ATOMS.CAST.SPIN")})
        self.assertEqual([r["address"] for r in self.records if r["line"] == 52], ["0x7f11a0000100"])

    def test_each_line_is_joined_on_its_form_kind(self):
        verdicts = {key: r["verdict"] for key, r in self.rows().items()}
        self.assertEqual(verdicts, {
            ("hgemm.cu", 40, "copy"): "confirmed", ("hgemm.cu", 52, "load"): "confirmed",
            ("hgemm.cu", 53, "load"): "agree-clean", ("hgemm.cu", 60, "load"): "unknown",
            ("hgemm.cu", 70, "store"): "agree-clean", ("hgemm.cu", 71, "load"): "agree-clean",
            ("hgemm.cu", 75, "store"): "agree-clean", ("hgemm.cu", 90, "copy"): "missed",
            ("hist.cu", 20, "atomic"): "agree-clean", ("hist.cu", 21, "atomic"): "confirmed",
            ("hist.cu", 22, "atomic"): "confirmed"})
        self.assertFalse(self.rows()[("hgemm.cu", 71, "load")]["reported"])

    def test_the_cas_loop_load_counts_as_the_atomic(self):
        row = self.rows()[("hist.cu", 22, "atomic")]
        self.assertEqual((row["wavefronts"], row["ideal"]), (2056, 264))
        self.assertEqual([i["opcode"] for i in row["instructions"]], ["LDS", "ATOMS.CAST.SPIN"])
        self.assertEqual(row["instruction"], "ATOMS.CAST.SPIN")
        self.assertEqual(program.attribute_cas_loops(self.records)[-2]["role"], "loop load")

    def test_the_instruction_column_names_the_forms(self):
        rows = self.rows()
        self.assertEqual(rows[("hgemm.cu", 53, "load")]["instruction"], "LDSM.x2.trans")
        self.assertEqual(rows[("hgemm.cu", 71, "load")]["instruction"], "LDS.128")
        self.assertEqual(rows[("hgemm.cu", 60, "load")]["instruction"], "LDSM.x4")  # bankcheck's, nothing ran
        self.assertIn("bankcheck: STS.128, hardware: STSM.x4", rows[("hgemm.cu", 75, "store")]["note"])
        self.assertEqual(rows[("hgemm.cu", 70, "store")]["note"], "")

    def test_compare_command_in_program_mode(self):
        with open(self.path("source.csv"), "w", encoding="utf-8") as f:
            f.write(fixture("source-tensor.csv"))
        status, stdout, _ = run_main(["compare", "--report", os.path.join(FIXTURES, "report-tensor.json"),
                                      self.tmp])
        self.assertEqual(status, bg.EXIT_DISAGREE)  # the B-tile copy on line 90 is missed
        self.assertIn("confirmed: 4  missed: 1  false-alarm: 0  agree-clean: 4  unknown: 1", stdout)
        self.assertIn("agreement: 8/9 (88.9%)", stdout)
        header = stdout.splitlines()[0].split()
        self.assertEqual(header[:3], ["where", "kind", "instruction"])
        self.assertRegex(stdout, r"hgemm/hgemm.cu:40\s+copy\s+LDGSTS\s+conflict")


if __name__ == "__main__":
    unittest.main()
