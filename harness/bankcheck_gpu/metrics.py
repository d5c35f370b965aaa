# ===- metrics.py - The Nsight Compute metrics, in one table ---------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Which counter measures what, for each access kind."""

# ---------------------------------------------------------------------------
# The Nsight Compute metrics, in one table: (kind, quantity) -> metric name.
# Wavefronts / instructions is the number bankcheck predicts; conflicts is
# wavefronts minus the hardware's ideal (1, 2, 4 per instruction for <=4, 8,
# 16 bytes), clamped at 0 per instruction, kept for information only.
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
}
KINDS = ("load", "store", "atomic")


def metric_names():
    """Every metric, in a stable order, for ncu --metrics."""
    return sorted(set(METRICS.values()))
