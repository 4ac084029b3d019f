#!/usr/bin/env bash
# test.sh - installs what is missing, builds, and runs the whole test suite
# (lit: dialect, analysis, examples, fuzz smoke test, unit tests).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
ninja -C "${TILE_BUILD_DIR:-$root/build}" check-tile
