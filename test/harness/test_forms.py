# ===- test_forms.py - Unit tests of the harness's instruction forms --------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""CPU-only tests of the instruction forms (LDSM, STSM, LDGSTS, the ATOMS
variants): the SASS check. Fixtures (fixtures/*-forms*) are hand-written in
the formats ncu 2025.3 and cuobjdump 13.0 print, as in test_harness.py.

Run: python3 -m unittest discover -s test/harness
"""

import unittest

from test_harness import bg, fixture


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



if __name__ == "__main__":
    unittest.main()
