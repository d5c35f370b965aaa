"""bankcheck's wavefronts for the wmma fragments of harness/forms/wmma_layouts.cu
against the counts measured on an H100 (docs/validation/wmma-fragments-2026-12-07.json):
per measure kernel, the shared load and store wavefronts and instructions.
BANKCHECK names the binary."""
import collections
import json
import os
import subprocess
import unittest

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BANKCHECK = os.environ.get("BANKCHECK", "bankcheck")
MEASURED = os.path.join(ROOT, "docs", "validation", "wmma-fragments-2026-12-07.json")
SOURCE = os.path.join(ROOT, "harness", "forms", "wmma_layouts.cu")


class WmmaMeasured(unittest.TestCase):
    def test_every_measure_kernel_as_measured(self):
        measured = json.load(open(MEASURED))["kernels"]
        p = subprocess.run([BANKCHECK, "--widths=rule", "--format=json", SOURCE, "--", "-std=c++17"],
                           capture_output=True, text=True, timeout=300)
        self.assertIn(p.returncode, (0, 1), p.stderr[-2000:])
        predicted = collections.defaultdict(lambda: [0, 0, 0, 0])
        for a in json.loads(p.stdout)["accesses"]:
            if not a["kernel"].startswith("m_"):
                continue
            self.assertIn(a["status"], ("clean", "conflict"), (a["kernel"], a["line"], a["reason"]))
            store = a["kind"] == "store"
            predicted[a["kernel"]][store] += a["wavefronts_worst"]
            predicted[a["kernel"]][2 + store] += 1
        for kernel, m in measured.items():
            with self.subTest(kernel=kernel):
                want = [m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", 0),
                        m.get("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", 0),
                        m.get("smsp__sass_inst_executed_op_shared_ld.sum", 0) +
                        m.get("smsp__sass_inst_executed_op_ldsm.sum", 0),
                        m.get("smsp__sass_inst_executed_op_shared_st.sum", 0)]
                self.assertEqual(predicted[kernel], want)
        self.assertEqual(len(measured), 89)


if __name__ == "__main__":
    unittest.main()
