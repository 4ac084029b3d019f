#!/usr/bin/env bash
# build.sh - configures (once) and builds the compiler into build/.
# Uses Debian's clang-22 and lld when present, ccache always.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${TILE_BUILD_DIR:-$root/build}
if [ ! -f "$build/build.ninja" ]; then
  cc=gcc; cxx=g++
  if command -v clang++-22 >/dev/null; then cc=clang-22; cxx=clang++-22; fi
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=$cc -DCMAKE_CXX_COMPILER=$cxx \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit "$@"
fi
cmake --build "$build"
