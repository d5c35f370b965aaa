#!/usr/bin/env bash
# GPU machine, from the repository root: builds each case of
# out/fixits/manifest.json before and after `bankcheck --fix` (nvcc -O3
# -arch=sm_90 -lineinfo), times both with CUDA events (median of 51 launches,
# same inputs), checks that their outputs are equal byte for byte, profiles
# one launch of each under ncu (harness/bankcheck-gpu profile) and writes
# $OUT/fix_effect.json and fix_effect.md (timings and the shared wavefronts
# of the fixed arrays' lines, before and after). CASES=regex runs only the
# matching cases (the summary covers whatever results are present).
set -u
ROOT=$(pwd)
FX=$ROOT/out/fixits
RES=${OUT:-$FX/results}
mkdir -p "$RES"
REPS=${REPS:-51}
cd "$FX"
python3 - "$FX" > "$FX/cases.txt" <<'PY'
import json, sys
for c in json.load(open(sys.argv[1] + "/manifest.json")):
    print(c["name"], c["driver"], c["src"], " ".join(c["defines"]))
PY
while read -r name driver src defines; do
  # CASES=regex: only the cases whose name matches (to split a run in two).
  if [ -n "${CASES:-}" ] && ! [[ $name =~ $CASES ]]; then continue; fi
  for side in before after; do
    bin=$RES/${name}_$side
    # shellcheck disable=SC2086
    nvcc -O3 -arch=sm_90 -lineinfo -std=c++17 -Idrivers -Isrc/$side -Isrc/$side/Common \
      -DKERNEL_SRC="\"$FX/src/$side/$src\"" $defines "drivers/$driver" -o "$bin" \
      > "$RES/build_${name}_$side.log" 2>&1 || { echo "$name $side: build failed (see build_${name}_$side.log)"; continue; }
    "$bin" "$REPS" "$RES/${name}_$side.bin" > "$RES/time_${name}_$side.json" 2> "$RES/run_${name}_$side.log" \
      || echo "$name $side: run failed"
    (cd "$RES" && python3 "$ROOT/harness/bankcheck-gpu" profile -o "prof_${name}_$side" \
        --ncu-arg=--kernel-id --ncu-arg=::regex:.*:1 -- "$bin" 1 "$RES/${name}_${side}_prof.bin") \
        > "$RES/prof_${name}_$side.log" 2>&1
    echo "$name $side: built, timed, profile rc=$?"
  done
  if cmp -s "$RES/${name}_before.bin" "$RES/${name}_after.bin"; then
    echo "$name: outputs equal"
  else
    echo "$name: OUTPUTS DIFFER"
  fi
done < "$FX/cases.txt"
python3 "$FX/summarize.py" "$FX" "$RES" "$ROOT/harness"
