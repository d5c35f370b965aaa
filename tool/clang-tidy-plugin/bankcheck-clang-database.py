#!/usr/bin/env python3
#===- bankcheck-clang-database.py - A clang compile database from any ----===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
"""Writes a compile_commands.json that clang-tidy-19 (with the bankcheck plugin)
can use, from a build directory whose database clang cannot read (nvcc's).

  bankcheck-clang-database.py --bankcheck=BANKCHECK --compat-dir=DIR \
      [--builtin-dir=DIR] BUILD_DIR OUT_DIR

Each CUDA entry of BUILD_DIR/compile_commands.json becomes the device-only
clang command that `bankcheck --print-clang-command -p BUILD_DIR` prints (nvcc
flags translated: --options-file read, -gencode/-arch to --cuda-gpu-arch, nvcc-
only flags dropped), with bankcheck's in-memory header directories replaced by
real ones: --compat-dir holds texture_fetch_functions.h and bankcheck_compat.h
(<bankcheck build>/tool/clang-tidy-plugin/include), --builtin-dir the built-in
CUDA headers (lib/Frontend/builtin-include), used when no toolkit is found.
Then: clang-tidy-19 -load=libBankcheckTidyModule.so -p OUT_DIR file.cu
Arguments are split at spaces: paths with spaces are not supported.
"""
import argparse
import json
import os
import subprocess
import sys

VIRTUAL_COMPAT = "/__bankcheck_builtin__/compat"
VIRTUAL_BUILTIN = "/__bankcheck_builtin__/include"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bankcheck", default="bankcheck")
    ap.add_argument("--compat-dir", required=True)
    ap.add_argument("--builtin-dir")
    ap.add_argument("--cuda-path", help="passed on to bankcheck")
    ap.add_argument("build_dir")
    ap.add_argument("out_dir")
    a = ap.parse_args()

    with open(os.path.join(a.build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    directory = {}
    for e in entries:
        path = os.path.normpath(os.path.join(e["directory"], e["file"]))
        directory[path] = e["directory"]

    cmd = [a.bankcheck, "--print-clang-command", "-p", a.build_dir]
    if a.cuda_path:
        cmd.append("--cuda-path=" + a.cuda_path)
    out = subprocess.run(cmd, stdout=subprocess.PIPE, universal_newlines=True)
    if out.returncode != 0:
        sys.exit("bankcheck --print-clang-command failed (%d)" % out.returncode)

    result = []
    for line in out.stdout.splitlines():
        args = line.split(" ")
        if not args or not args[0]:
            continue
        if VIRTUAL_BUILTIN in args and not a.builtin_dir:
            sys.exit("bankcheck uses its built-in CUDA headers (no toolkit): pass --builtin-dir")
        args = [a.compat_dir if x == VIRTUAL_COMPAT else
                a.builtin_dir if x == VIRTUAL_BUILTIN else x for x in args]
        file = args[-1]
        d = directory.get(os.path.normpath(file), directory.get(os.path.abspath(file), os.getcwd()))
        result.append({"directory": d, "arguments": args, "file": file})

    os.makedirs(a.out_dir, exist_ok=True)
    with open(os.path.join(a.out_dir, "compile_commands.json"), "w") as f:
        json.dump(result, f, indent=2)
        f.write("\n")
    print("wrote %d entries to %s" % (len(result), os.path.join(a.out_dir, "compile_commands.json")))


if __name__ == "__main__":
    main()
