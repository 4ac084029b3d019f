#!/usr/bin/env bash
# check-format.sh [BASE] - checks that the C/C++ lines changed since BASE
# (default: the previous commit) follow .clang-format. Prints the needed
# changes and exits non-zero when some are needed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
base=${1:-HEAD~1}
git rev-parse -q --verify "$base^{commit}" >/dev/null || base=$(git rev-list --max-parents=0 HEAD)
for tool in git-clang-format-22 clang-format-22; do
  if ! command -v "$tool" >/dev/null; then
    echo "check-format: $tool is missing (scripts/install-deps.sh installs it)" >&2
    exit 1
  fi
done
# git-clang-format exits 1 when it has changes to show; anything else, or
# a message on standard error, is the tool failing, not a clean tree.
rc=0
diff=$(git-clang-format-22 --binary clang-format-22 --diff "$base" -- \
         '*.cpp' '*.h' '*.c' 2>"${TMPDIR:-/tmp}/check-format.err") || rc=$?
if [ "$rc" -gt 1 ] || [ -s "${TMPDIR:-/tmp}/check-format.err" ]; then
  cat "${TMPDIR:-/tmp}/check-format.err" >&2
  echo "check-format: git-clang-format-22 failed (exit $rc)" >&2
  exit 1
fi
if [ -z "$diff" ] || echo "$diff" | grep -q "^no modified files\|did not modify any files"; then
  echo "check-format: changed lines are formatted"
  exit 0
fi
echo "$diff"
echo "check-format: run git-clang-format-22 $base to fix the lines above" >&2
exit 1
