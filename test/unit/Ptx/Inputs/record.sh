#!/bin/sh
# Re-records the PTX of the kernels in this directory with the compilers the
# PTX reader is tested on: nvcc 13 (-O3 -lineinfo, sm_90) and clang-19 (CUDA
# device only, -O3, line tables). The directory part of source paths in .file
# directives is removed so that the recordings do not depend on where the
# checkout lives.
#   sh record.sh [/path/to/cuda]
set -eu
cd "$(dirname "$0")"
CUDA="${1:-/usr/local/cuda}"
STUB="$(mktemp -d)"
trap 'rm -rf "$STUB"' EXIT
# clang-19's CUDA wrapper includes a header that CUDA 13 no longer has.
: > "$STUB/texture_fetch_functions.h"
for K in transpose vectors atomics tensor_asm generic; do
  "$CUDA/bin/nvcc" -ptx -lineinfo -arch=sm_90 -O3 "$K.cu" -o "$K.nvcc.ptx"
  clang++-19 -x cuda --cuda-device-only -S --cuda-gpu-arch=sm_90 -O3 -gline-tables-only \
    --cuda-path="$CUDA" -Wno-unknown-cuda-version -isystem "$STUB" \
    "-fdebug-prefix-map=$PWD/=" "$K.cu" -o "$K.clang.ptx"
  sed -i "s|\"$PWD/|\"|" "$K.nvcc.ptx" "$K.clang.ptx"
done
