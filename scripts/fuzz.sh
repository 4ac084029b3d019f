#!/usr/bin/env bash
# fuzz.sh [SECONDS] [RUNS] [JOBS] - builds the compiler with every file instrumented
# for libFuzzer and AddressSanitizer into build-fuzz/ (clang-22), then fuzzes
# parse -> verify -> canonicalize -> every target's pipeline to LLVM IR
# (tools/tile-fuzz) from a seed corpus of the examples and the conformance
# kernels, with the dictionary of tile tokens, for SECONDS (default 600) or
# RUNS executions (default: unlimited), whichever ends first; JOBS processes
# (default 1) fuzz side by side, RUNS each, logging to fuzz-N.log. The corpus it
# grows stays in build-fuzz/corpus; crashing inputs go to build-fuzz/crashes.
# Exits non-zero on a crash, a leak, a timeout of one input (FUZZ_TIMEOUT
# seconds, default 30: raise it on a loaded machine) or an
# input that takes more than 4 GB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:-600}
runs=${2:--1}
jobs=${3:-1}
build=${TILE_FUZZ_BUILD_DIR:-$root/build-fuzz}
bash "$root/scripts/install-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  flags="-fsanitize=address,fuzzer-no-link -fno-omit-frame-pointer -g1"
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address" -DTILE_ENABLE_TESTS=OFF \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$build" tile-fuzz
mkdir -p "$build/corpus" "$build/crashes"
cp -n "$root"/examples/*.mlir "$root"/test/Conformance/*.mlir "$build/corpus/"
# LLVM's allocators poison memory by hand when the including file is built
# under ASan; libMLIR, which shares those allocators, is not: that hand
# poisoning only gives false reports (use-after-poison in libMLIR).
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:allow_user_poisoning=0
parallel=()
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
"$build/bin/tile-fuzz" -dict="$root/tools/tile-fuzz/tile.dict" \
  -max_len=16384 -timeout="${FUZZ_TIMEOUT:-30}" -rss_limit_mb=6144 -max_total_time="$seconds" \
  -runs="$runs" -print_final_stats=1 -artifact_prefix="$build/crashes/" \
  "${parallel[@]}" "$build/corpus"
