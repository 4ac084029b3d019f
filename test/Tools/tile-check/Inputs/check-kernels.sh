#!/bin/sh
# check-kernels.sh - the CI step of a downstream project (docs/Testing.md):
# each of the project's kernels against tile's reference interpreter, on every
# target this machine has. TILE_BIN is the bin/ folder of a tile build.
set -u
here=$(dirname "$0")
tile_check="${TILE_BIN:?set TILE_BIN to the bin/ folder of a tile build}/tile-check"
status=0
for kernel in "$here"/*.mlir; do
  cases="${kernel%.mlir}.cases"
  [ -f "$cases" ] || continue
  "$tile_check" "$kernel" --cases "$cases" || status=1
done
exit $status
