# ===- bankcheck_gpu/__main__.py - python3 -m bankcheck_gpu ----------------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ===----------------------------------------------------------------------===#
"""`python3 -m bankcheck_gpu ARGS` (with harness/ on the path) = harness/bankcheck-gpu ARGS."""

import sys

from .cli import main

sys.exit(main())
