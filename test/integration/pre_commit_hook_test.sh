#!/usr/bin/env bash
#===- pre_commit_hook_test.sh - The bankcheck git pre-commit hook ---------===#
# Part of bankcheck. SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#===------------------------------------------------------------------------===#
#
# Usage: pre_commit_hook_test.sh <bankcheck>
#
# In a throw-away git repository under $TMPDIR, with git-hooks/pre-commit
# installed: a commit staging examples/transpose.cu (a 32-way conflict) is
# refused and names the conflict; one staging only a clean kernel and a .cpp
# goes through; a commit with no CUDA file never runs bankcheck; a file name
# with a space is passed whole. Exit 0 passed, 1 failed, 77 no git.
#===------------------------------------------------------------------------===#

set -u
if [ $# -ne 1 ]; then
  echo "usage: $0 <bankcheck>" >&2
  exit 2
fi
Bankcheck=$(readlink -f "$1")
Here=$(cd "$(dirname "$0")" && pwd)
Root=$(cd "$Here/../.." && pwd)
command -v git >/dev/null || { echo "SKIP: no git"; exit 77; }

# shellcheck source=common.sh
. "$Here/common.sh"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.com
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.com
export GIT_CONFIG_NOSYSTEM=1 HOME=$Work
Repo=$Work/repo
git init -q "$Repo" && cd "$Repo" || exit 1
cp "$Here/git-hooks/pre-commit" .git/hooks/pre-commit
chmod +x .git/hooks/pre-commit
git config hooks.bankcheck "$Bankcheck"

# A commit with no CUDA file: the hook does not run bankcheck (a bankcheck that
# always fails would block it).
echo 'int main() { return 0; }' >main.cpp
git add main.cpp
BANKCHECK=false git commit -q -m cpp || fail "a commit without .cu files was refused"

# A clean kernel (its name has a space) goes through.
cat >"clean kernel.cu" <<'CUDA'
__global__ void rows(float *Out) {
  __shared__ float S[32][33];
  S[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.y * 32 + threadIdx.x] = S[threadIdx.x][threadIdx.y];
}
void launch(float *Out) { rows<<<1, dim3(32, 8)>>>(Out); }
CUDA
git add "clean kernel.cu"
Out=$(git commit -m clean 2>&1) || fail "the clean kernel was refused: $Out"

# A conflicting kernel is refused, with the warning.
cp "$Root/examples/transpose.cu" transpose.cu
git add transpose.cu
if Out=$(git commit -m conflict 2>&1); then
  fail "the commit of transpose.cu went through"
fi
echo "$Out" | grep -q "transpose.cu:20:33: warning: 32-way bank conflict on shared load of 'tile'" ||
  fail "the refusal does not show the conflict: $Out"
[ "$(git log --oneline | wc -l)" = 2 ] || fail "expected 2 commits, got $(git log --oneline | wc -l)"

finish "pre-commit hook"
