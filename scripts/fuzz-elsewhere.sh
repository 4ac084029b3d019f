#!/usr/bin/env bash
# fuzz-elsewhere.sh - runs the ASan fuzzer of scripts/fuzz.sh on a machine
# with more cores and no LLVM/MLIR (the GPU machine's 16 CPU cores).
#
#   fuzz-elsewhere.sh pack BUNDLE.tar.xz
#       here: build-fuzz/bin/tile-fuzz, the shared libraries it loads (the
#       dynamic loader and libc among them, so the other machine's glibc does
#       not matter), the dictionary and build-fuzz/corpus, in one archive.
#       libz3 and libicudata are replaced by stubs: libLLVM binds them at load
#       (BIND_NOW) but nothing the fuzzer reaches calls Z3 or reads ICU data,
#       and the real ones would push the archive past what the device tool
#       carries (64 MiB). A stub Z3 function traps if it is ever called.
#   fuzz-elsewhere.sh run BUNDLE.tar.xz SECONDS JOBS OUTDIR
#       there: JOBS independent libFuzzer processes (seeds 1..JOBS) over the
#       shared seed corpus for SECONDS each; their logs, the sum of their
#       executions and any crashing inputs go to OUTDIR/fuzz-summary.txt and
#       OUTDIR/crashes.tar.xz. Exits non-zero on a crash, leak or timeout.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: fuzz-elsewhere.sh pack BUNDLE | run BUNDLE SECONDS JOBS OUTDIR}
bundle=${2:?bundle path}

pack() {
  local build=${TILE_FUZZ_BUILD_DIR:-$root/build-fuzz} dir
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  mkdir -p "$dir/lib" "$dir/corpus"
  cp "$build/bin/tile-fuzz" "$root/tools/tile-fuzz/tile.dict" "$dir/"
  cp "$build"/corpus/* "$dir/corpus/"
  ldd "$build/bin/tile-fuzz" | awk '/=>/ {print $3} /ld-linux/ {print $1}' |
    while read -r lib; do cp -L "$lib" "$dir/lib/"; done
  nm -D --undefined-only "$dir"/lib/libLLVM.so.* "$dir"/lib/libMLIR.so.* |
    awk '/ U Z3_/ {sub(/@.*/, "", $2); print $2}' | sort -u |
    awk '{print "void " $1 "(void) { __builtin_trap(); }"}' >"$dir/z3.c"
  local z3 icu
  z3=$(basename "$dir"/lib/libz3.so.*)
  icu=$(basename "$dir"/lib/libicudata.so.*)
  cc -shared -fPIC -O1 -Wl,-soname,"$z3" -o "$dir/lib/$z3" "$dir/z3.c"
  echo "const char icudt${icu##*.so.}_dat[64] = {0};" >"$dir/icu.c"
  cc -shared -fPIC -Wl,-soname,"$icu" -o "$dir/lib/$icu" "$dir/icu.c"
  rm "$dir/z3.c" "$dir/icu.c"
  tar -C "$dir" -cf - . | xz -9 -T0 >"$bundle"
  echo "packed $(ls "$dir/corpus" | wc -l) corpus units into $bundle ($(du -h "$bundle" | cut -f1))"
}

run() {
  local seconds=${3:?seconds} jobs=${4:?jobs} out=${5:?outdir} dir i pid
  local status=0 pids=()
  dir=$(mktemp -d)
  mkdir -p "$out" "$dir/crashes"
  xz -dc "$bundle" | tar -C "$dir" -xf -
  export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:allow_user_poisoning=0
  for i in $(seq 1 "$jobs"); do
    mkdir -p "$dir/new-$i"
    "$dir/lib/ld-linux-x86-64.so.2" --library-path "$dir/lib" "$dir/tile-fuzz" \
      -dict="$dir/tile.dict" -max_len=16384 -timeout="${FUZZ_TIMEOUT:-120}" \
      -rss_limit_mb=6144 -max_total_time="$seconds" -seed="$i" \
      -print_final_stats=1 -artifact_prefix="$dir/crashes/" \
      "$dir/new-$i" "$dir/corpus" >"$dir/fuzz-$i.log" 2>&1 &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || status=1; done
  for i in $(seq 1 "$jobs"); do
    echo "job $i: $(grep -E 'number_of_executed_units|new_units_added|slowest_unit' \
      "$dir/fuzz-$i.log" | tr -s ' \n' ' ')"
    grep -E "ERROR|SUMMARY|timeout|leak" "$dir/fuzz-$i.log" | head -5 || true
  done >"$out/fuzz-summary.txt"
  awk '/number_of_executed_units/ {n += $2} END {print "executions in all:", n}' \
    "$dir"/fuzz-*.log >>"$out/fuzz-summary.txt"
  echo "crashing inputs: $(ls "$dir/crashes" | wc -l)" >>"$out/fuzz-summary.txt"
  tar -C "$dir" -cf - crashes $(cd "$dir" && ls fuzz-*.log) | xz >"$out/fuzz-logs.tar.xz"
  cat "$out/fuzz-summary.txt"
  [ -z "$(ls "$dir/crashes")" ] || status=1
  rm -rf "$dir"
  return "$status"
}

case "$mode" in
pack) pack ;;
run) run "$@" ;;
*) echo "fuzz-elsewhere.sh: unknown mode '$mode'" >&2; exit 2 ;;
esac
