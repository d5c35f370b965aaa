# Sourced by the integration tests: a scratch directory removed on exit,
# fail() to record a failure and go on, and finish() for the verdict.
Work=$(mktemp -d)
trap 'rm -rf "$Work"' EXIT
Failures=0
fail() {
  echo "FAIL: $*"
  Failures=$((Failures + 1))
}
# finish <what>: exit 1 after any failure, else print PASS: <what>.
finish() {
  if [ "$Failures" -ne 0 ]; then
    echo "$Failures failure(s)"
    exit 1
  fi
  echo "PASS: $*"
}
