#!/usr/bin/env python3
"""Writes a project of N CUDA files and its compile_commands.json, for timing bankcheck -p.

Each file defines one kernel (a tile read down its columns, the same tile padded, or a
reduction, in turn) and launches it, except every fourth file, whose kernel is launched from
the next file (the project view then gives it that launch's shape and analyses its file again).

  bench/gen_project.py N DIR      # then: bankcheck -p DIR -j 2 --no-cuda-toolkit
"""
import json
import os
import sys

KERNELS = [
    """__global__ void k{i}(float *out) {{
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}}
""",
    """__global__ void k{i}(float *out) {{
  __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}}
""",
    """__global__ void k{i}(float *out) {{
  __shared__ float part[256];
  part[threadIdx.x] = threadIdx.x;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {{
    if (threadIdx.x < s)
      part[threadIdx.x] += part[threadIdx.x + s];
    __syncthreads();
  }}
  out[blockIdx.x] = part[0];
}}
""",
]
SHAPES = ["dim3(32, 8)", "dim3(32, 8)", "256"]


def main():
    n, out = int(sys.argv[1]), sys.argv[2]
    os.makedirs(out, exist_ok=True)
    db = []
    for i in range(n):
        text = ["#include <cuda_runtime.h>", KERNELS[i % 3].format(i=i)]
        launches = []
        if i % 4 != 3:
            launches.append("  k%d<<<1, %s>>>(out);" % (i, SHAPES[i % 3]))
        if i % 4 == 0 and i + 3 < n:  # the kernel of file i + 3 is launched here
            text.insert(1, "__global__ void k%d(float *out);" % (i + 3))
            launches.append("  k%d<<<1, %s>>>(out);" % (i + 3, SHAPES[(i + 3) % 3]))
        if launches:
            text.append("void run%d(float *out) {\n%s\n}\n" % (i, "\n".join(launches)))
        name = "f%04d.cu" % i
        with open(os.path.join(out, name), "w") as f:
            f.write("\n".join(text))
        db.append({"directory": out, "file": name, "command": "nvcc -arch=sm_90 -c %s -o %s.o" % (name, name)})
    with open(os.path.join(out, "compile_commands.json"), "w") as f:
        json.dump(db, f, indent=1)


if __name__ == "__main__":
    main()
