#!/usr/bin/env python3
"""Writes out/sass/list.json for bench/sass_build.py and bench/sass_rule_run.py: every corpus .cu
file (bench/corpus.py's selection, no file limit) of the projects extracted under out/sass/<name>,
with the include flags corpus.py gives it (relative to out/sass; stubs copied to out/sass/stubs).

  bench/sass_list.py LeetCUDA cuda-samples llm.c cuda_hgemm SGEMM_CUDA     (from the repository root)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

os.chdir("out/sass")
rows = []
for name in sys.argv[1:]:
    files, _ = corpus.find_files(name, 0)
    _, inc_dirs = corpus.project_index(name)
    for f in files:
        if f.endswith(".cu"):
            incs = [os.path.relpath(d) for d in corpus.base_includes(f, name, inc_dirs)]
            rows.append({"file": f, "project": name, "flags": ["-std=c++17"] + ["-I" + d for d in incs] + ["-Istubs"]})
json.dump(rows, open("list.json", "w"), indent=0)
print(len(rows), "files")
