#!/bin/sh
# Extract the C/C++/CUDA sources of a mirrored repo (bare git dir) into a directory.
# usage: [REV=commit-or-tag] extract.sh GIT_DIR DEST [PATH-PREFIX...]
set -e
gd=$1; dest=$2; shift 2
rev=${REV:-HEAD}
mkdir -p "$dest"
git --git-dir="$gd" ls-tree -r --name-only "$rev" -- "$@" |
  grep -E '\.(cu|cuh|h|hpp|hxx|hh|inl|cuinl|c|cc|cpp)$' |
  tr '\n' '\0' | xargs -0 -r git --git-dir="$gd" archive "$rev" -- | tar -x -C "$dest"
