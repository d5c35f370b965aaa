#!/bin/sh
# The corpus run of docs/corpus.md. Expects the sources extracted under /tmp/corpus
# (see docs/corpus.md for repositories and commits; bench/corpus/extract.sh extracts).
set -e
C=/tmp/corpus
cd "$(dirname "$0")/../.."
# A copy of the binary, so that a rebuild during the run does not disturb it.
cp build/tool/bankcheck $C/bankcheck
python3 bench/corpus.py --bankcheck $C/bankcheck \
  LeetCUDA=$C/LeetCUDA \
  cuda-samples=$C/cuda-samples \
  llm.c=$C/llm.c \
  cuda_hgemm=$C/cuda_hgemm \
  SGEMM_CUDA=$C/SGEMM_CUDA \
  flash-attention-minimal=$C/flash-attention-minimal \
  gpu-prefix-sum=$C/gpu-prefix-sum \
  cub=$C/cccl-v3.0.1/cub/examples/block \
  --extra-flags "cub=-I$C/cccl-v3.0.1/c2h/include" \
  --max-files 40 --timeout 120 -j 2 \
  --out "${OUT:-/tmp/corpus/report.md}" --json "${JSON:-/tmp/corpus/report.json}" "$@"
