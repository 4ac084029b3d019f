#!/usr/bin/env bash
# demo.sh - the main job: installs what is missing, builds tile-opt, and shows
# an example kernel before and after the target-independent passes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
kernel=${1:-$root/examples/softmax.mlir}
opt="${TILE_BUILD_DIR:-$root/build}/bin/tile-opt"
echo "== $kernel, verified and canonicalized (tile-opt -canonicalize -tile-combine -cse)"
"$opt" "$kernel" -canonicalize -tile-combine -cse
echo "== axis facts of its pointer tiles (tile-opt -test-tile-axis-info)"
"$opt" "$kernel" -canonicalize -test-tile-axis-info -o /dev/null 2>&1 |
  grep -B1 "addptr" | grep -o "contiguity.*" | sort | uniq -c
