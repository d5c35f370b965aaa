# ===- __init__.py - Replay bankcheck's predictions on a GPU ---------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""Check bankcheck's bank-conflict predictions against Nsight Compute counters.

Two ways to check, both split so that the GPU step needs no LLVM:

Microkernel mode (one warp access at a time, exact):
  emit REPORT.json -o DIR   CPU: one CUDA microkernel per access that has a
                            `worst` warp instance, in DIR/kernels.cu, plus
                            DIR/manifest.json and DIR/measure.sh.
  measure DIR               GPU host: nvcc, cuobjdump, ncu -> DIR/measured.json.
  compare DIR               CPU: predicted wavefronts vs measured wavefronts per
                            instruction, and the SASS width of each replay.

Program mode (a whole program, per source line):
  profile [--report R] -o DIR -- ./app args   GPU host: ncu SourceCounters ->
                                              DIR/source.csv
  compare --report R DIR                      CPU: per (file, line, kind):
                                              confirmed, missed, false-alarm,
                                              agree-clean, unknown.

  replay FILE.cu [-- ARGS]  a machine with both bankcheck and a GPU: bankcheck
                            --format=json, then emit, measure and compare.

Exit status: 0 agreement, 1 a disagreement, 2 bad input or a failed build or
run, 3 no counters (ncu missing, ERR_NVGPUCTRPERM, profiler unavailable, no
GPU). Without counters nothing is ever reported as confirmed.

Words (wavefront, ideal, degree) as in docs/bank-model.md, the measured bank model.
Python 3.8+, standard library only: the GPU host has no package registry.

Modules, one job each:
  cli       options and subcommands; replay (bankcheck + emit + measure + compare)
  codegen   emit: report accesses -> replay plans, kernels.cu, manifest, a copy of the tool
  kernels   the CUDA text (inline PTX) of one microkernel, per instruction form
  instructions  the instruction forms (LDS ... LDGSTS), as one table
  metrics   the Nsight Compute metric names, in one table, and which group measures a form
  ncu_csv   ncu --csv output: metrics per kernel, and the source page
  sass      cuobjdump --dump-sass: shared-memory opcodes, the replay check
  micro     measure and compare in microkernel mode
  program   profile and compare in program mode (per source line)
  common    version, exit statuses, errors, JSON, tables, running tools

The names below are the package's interface (the tests use them).
"""

from .cli import build_parser, main, replay, run_bankcheck
from .codegen import (BANK_PERIOD, IO_BYTES, MAX_STATIC_SHARED, WARP_SIZE, emit, expected_sass,
                      kernels_report, plan_replay, render_cu)
from .common import (EXIT_DISAGREE, EXIT_ERROR, EXIT_NO_COUNTERS, EXIT_OK, VERSION, HarnessError,
                     counter_problem, find_tool, format_table, load_json, number_text, run_tool,
                     where, write_json)
from .instructions import FORMS, access_form, access_instruction, access_kind
from .kernels import ptx_instruction, render_kernel
from .metrics import GROUPS, KINDS, METRICS, counters_for, metric_names
from .micro import compare_dir, compare_microkernels, measure, microkernel_summary, unavailable_metrics
from .ncu_csv import (SourceColumns, csv_rows, find_column, parse_ncu_metrics, parse_number,
                      parse_source_csv, short_kernel_name)
from .program import (LINE_SLACK, PROFILE_VERDICTS, compare_profile, hardware_conflict, join_profile,
                      paths_match, profile, profile_row, profile_summary)
from .sass import SASS_SUFFIX, check_replay_sass, classify, generic_op, parse_sass_dump, shared_op, split_predicate
