# Sourced by the dated GPU batch scripts (gpu_batch_*.sh): the results
# folder ($OUT on the device machine), the machine's description, and
# run NAME TIMEOUT [ncu args] -- PROGRAM...: one profile into
# /tmp/prof_NAME/source.csv, its log and exit status (and seconds) in
# $OUTDIR.
set -u
OUTDIR=${OUT:-gpu-results}
mkdir -p "$OUTDIR"
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; ncu --version | tail -1; } > "$OUTDIR/env.txt" 2>&1
run() { # name, timeout, ncu args (up to --), program...
  local name=$1 t=$2 s
  shift 2
  s=$(date +%s)
  timeout "$t" python3 harness/bankcheck-gpu profile -o "/tmp/prof_$name" "$@" > "$OUTDIR/prof_$name.log" 2>&1
  echo "$name rc=$? $(( $(date +%s) - s ))s" >> "$OUTDIR/summary.txt"
}
