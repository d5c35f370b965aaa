#!/bin/sh
# Corpus run 6 of docs/corpus.md. Expects the sources extracted under /tmp/corpus
# (see docs/corpus.md for repositories and commits; bench/corpus/extract.sh extracts)
# and a copy of the binary at /tmp/corpus/bankcheck (made beforehand, so that a rebuild
# during the run does not disturb it; this script does not copy it).
# cuda-samples is run in full; the other projects keep the 40-file limit. --remarks all:
# a second, text-mode pass per file collects the "not analysed" remarks (not in the JSON).
set -e
C=/tmp/corpus
cd "$(dirname "$0")/../.."
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
  --max-files 40 --max-files cuda-samples=0 --remarks all --timeout 120 -j 2 \
  --out "${OUT:-/tmp/corpus/report.md}" --json "${JSON:-/tmp/corpus/report.json}" "$@"
