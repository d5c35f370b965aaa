# ===- metrics.py - The Nsight Compute metrics, in one table ---------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Which counter measures what, for each group of shared-memory instructions,
and which group measures each instruction form."""

# ---------------------------------------------------------------------------
# The Nsight Compute metrics, in one table: (group, quantity) -> metric name.
# Wavefronts / instructions is the number bankcheck predicts; conflicts is
# wavefronts minus the hardware's ideal (1, 2, 4 per instruction for <=4, 8,
# 16 bytes), clamped at 0 per instruction, kept for information only.
#
# Groups: load, store, atomic (the op_ld/op_st/op_atom totals: op_ld also
# counts LDSM), and per instruction family ldsm, stsm, ldgsts. LDGSTS is
# missing from the l1tex__data_pipe_lsu_wavefronts_mem_shared totals and its
# bank-conflict counters read 0 even when it conflicts: its group has no
# conflicts entry, and only the smsp__sass_* counters are used for it.
#
# Spellings: every name below was read on an H200 with Nsight Compute
# 2025.3.1 by harness/forms/run_forms.py (2026-12-01). STSM's instruction
# count is ..._op_shared_stsm. ncu prints no error for a name it does not
# know (the ..._op_stsm spelling of that count simply has no value in the
# CSV): measure lists a metric that has no value in any launch as
# unavailable and warns; correct the name here.
# ---------------------------------------------------------------------------
METRICS = {
    ("load", "instructions"): "smsp__sass_inst_executed_op_shared_ld.sum",
    ("store", "instructions"): "smsp__sass_inst_executed_op_shared_st.sum",
    ("atomic", "instructions"): "smsp__sass_inst_executed_op_shared_atom.sum",
    ("load", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    ("store", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    ("atomic", "wavefronts"): "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum",
    ("load", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    ("store", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    ("atomic", "conflicts"): "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum",
    ("ldsm", "instructions"): "smsp__sass_inst_executed_op_ldsm.sum",
    ("ldsm", "wavefronts"): "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
    ("stsm", "instructions"): "smsp__sass_inst_executed_op_shared_stsm.sum",
    ("stsm", "wavefronts"): "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum",
    ("ldgsts", "instructions"): "smsp__sass_inst_executed_op_ldgsts.sum",
    ("ldgsts", "wavefronts"): "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum",
}
KINDS = ("load", "store", "atomic")
GROUPS = ("load", "store", "atomic", "ldsm", "stsm", "ldgsts")
QUANTITIES = ("instructions", "wavefronts", "conflicts")


def metric_names():
    """Every metric, in a stable order, for ncu --metrics."""
    return sorted(set(METRICS.values()))


def counters_for(group):
    """{quantity: metric name or None} of one group."""
    return {q: METRICS.get((group, q)) for q in QUANTITIES}
