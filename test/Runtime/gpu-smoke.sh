#!/usr/bin/env bash
# gpu-smoke.sh BUILD_DIR [DEVICE] - the CUDA backend on a real GPU.
#
# Packs the hand-written PTX kernels of Inputs/ (vector_add.ptx,
# fixture_kernels.ptx) into nvidia artifacts with BUILD_DIR/bin/tile-test-pack
# and runs them with BUILD_DIR/bin/tile-run on DEVICE (default cuda:0),
# checking results with --expect against Inputs/reference.py: vector add
# (small, large, with more than 48 KiB of dynamic shared memory, from a cubin
# when ptxas is found), every scalar kind through the parameter ABI, a 3-D
# grid, asserts, device fills of 1, 2, 4 and 8-byte patterns, timing, and the
# errors the backend reports (shared memory or threads over the limit, bad
# PTX, a missing entry, a parameter of the wrong size, a wrong device).
# Prints one PASS or FAIL line per case and exits non-zero if any failed.
#
# BUILD_DIR may be a runtime-only build (cmake -DTILE_BUILD_COMPILER=OFF).
# Needs python3. check-tile runs it only where a CUDA device is found
# (gpu-smoke.test, REQUIRES: cuda-device).
set -uo pipefail
build=${1:?usage: gpu-smoke.sh BUILD_DIR [DEVICE]}
device=${2:-cuda:0}
here=$(cd "$(dirname "$0")" && pwd)
run=$build/bin/tile-run
pack=$build/bin/tile-test-pack
ref="python3 $here/Inputs/reference.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
skipped=0

# check NAME CODE PATTERN COMMAND... - runs COMMAND; passes when it exits with
# CODE and its output (stdout and stderr) contains PATTERN (fixed text; empty
# matches anything).
check() {
  local name=$1 code=$2 pattern=$3 rc=0
  shift 3
  "$@" >"$work/out" 2>&1 || rc=$?
  local why=""
  if [ "$rc" -ne "$code" ]; then
    why="exit code $rc, expected $code"
  elif [ -n "$pattern" ] && ! grep -qF -- "$pattern" "$work/out"; then
    why="output lacks '$pattern'"
  fi
  if [ -z "$why" ]; then
    passed=$((passed + 1))
    echo "PASS $name"
  else
    failed=$((failed + 1))
    echo "FAIL $name ($why)"
    echo "  \$ $*"
    sed 's/^/  | /' "$work/out" | head -20
  fi
}

# same FILE1 FILE2 - for check: succeeds when the files are identical.
same() { cmp "$1" "$2"; }

# repeat ONE OUT N - OUT holds the bytes of file ONE N times.
repeat() {
  python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); open(sys.argv[2], "wb").write(d * int(sys.argv[3]))' "$@"
}

for tool in "$run" "$pack"; do
  if [ ! -x "$tool" ]; then
    echo "FAIL setup: $tool is missing (build tile-run and tile-test-pack)"
    exit 1
  fi
done

add=ptr,ptr,ptr,i32
vadd=$work/vadd.art
"$pack" -o "$vadd" --binary "$here/Inputs/vector_add.ptx" --target nvidia \
  --chip sm_80 \
  --kernel vector_add:vector_add:$add:threads=256 \
  --kernel vector_add_128:vector_add:$add:threads=128,shared=0 \
  --kernel vector_add_shared:vector_add:$add:threads=256,shared=102400 \
  --kernel vector_add_1024:vector_add:$add:threads=1024
fixtures=$work/fixtures.art
"$pack" -o "$fixtures" --binary "$here/Inputs/fixture_kernels.ptx" \
  --target nvidia --chip sm_80 \
  --kernel scalars:scalars:ptr,i1,i8,i16,i32,i64,f16,bf16,f32,f64:threads=32 \
  --kernel grid_ids:grid_ids:ptr:threads=32 \
  --kernel assert_positive:assert_positive:ptr,i32:threads=256,asserts=1 \
  --kernel noop:noop:ptr:threads=1

# vector_add over n elements with kernel K and grid G: expect the sum of the
# rand=1 and rand=2 fills that reference.py computes.
vector_add_case() {
  local name=$1 kernel=$2 n=$3 grid=$4 art=${5:-$vadd}
  $ref fill f32 "$n" rand=1 0 "$work/a.$n"
  $ref fill f32 "$n" rand=2 0 "$work/b.$n"
  $ref vector-add "$work/a.$n" "$work/b.$n" "$work/sum.$n"
  check "$name" 0 "max rel error 0: ok" "$run" "$art" --device "$device" \
    --kernel "$kernel" --grid "$grid" --arg "buf:f32:$n:rand=1" \
    --arg "buf:f32:$n:rand=2" --arg "buf:f32:$n:poison" --arg "i32:$n" \
    --expect 2="$work/sum.$n" --atol 0 --rtol 0
}

# Vector add: a partial last block, a large grid, other block sizes, dynamic
# shared memory above 48 KiB (the opt-in attribute).
vector_add_case "vector_add n=1000" vector_add 1000 4
vector_add_case "vector_add n=1000003" vector_add 1000003 3907
vector_add_case "vector_add threads=128" vector_add_128 1000 8
vector_add_case "vector_add threads=1024" vector_add_1024 5000 5
vector_add_case "vector_add shared=102400" vector_add_shared 1000 4
check "device name" 0 "device: $device (" "$run" "$vadd" --device "$device" \
  --kernel vector_add --grid 1 --arg buf:f32:1:zero --arg buf:f32:1:zero \
  --arg buf:f32:1:zero --arg i32:1
chip=$(sed -n 's/^device: .*, sm_\([0-9a-z]*\))$/\1/p' "$work/out")

# Timing with events: warmups, repeats, a bandwidth.
check "timing" 0 "20 runs)" "$run" "$vadd" --device "$device" \
  --kernel vector_add --grid 4096 --arg buf:f32:1048576:rand \
  --arg buf:f32:1048576:rand --arg buf:f32:1048576:zero --arg i32:1048576 \
  --warmup 3 --repeat 20
cp "$work/out" "$work/timing"
check "timing bandwidth" 0 "" grep -q "^bandwidth: [0-9.]* GB/s$" "$work/timing"

# The same kernel from a cubin, when ptxas is here to make one.
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ -n "$chip" ] && [ -x "$ptxas" ] &&
  "$ptxas" -arch="sm_$chip" "$here/Inputs/vector_add.ptx" \
    -o "$work/vadd.cubin" 2>"$work/ptxas.err"; then
  "$pack" -o "$work/cubin.art" --binary "$work/vadd.cubin" --target nvidia \
    --chip "sm_$chip" --kernel vector_add:vector_add:$add:threads=256
  vector_add_case "vector_add from cubin" vector_add 1000 4 "$work/cubin.art"
else
  skipped=$((skipped + 1))
  echo "SKIP vector_add from cubin (no ptxas, or no sm_ in the device name)"
fi

# Every scalar kind reaches the kernel with the ABI's sizes.
check "scalars" 0 "" "$run" "$fixtures" --device "$device" --kernel scalars \
  --grid 1 --arg buf:f64:9:poison --arg i1:1 --arg i8:-5 --arg i16:300 \
  --arg i32:-70000 --arg i64:-9000000000 --arg f16:1.5 --arg bf16:-2.5 \
  --arg f32:0.1 --arg f64:0.1 --write 0="$work/scalars"
$ref scalars "$work/scalars.ref" 1 -5 300 -70000 -9000000000 1.5 -2.5 0.1 0.1
check "scalars values" 0 "" same "$work/scalars" "$work/scalars.ref"
check "scalars unsigned" 0 "" "$run" "$fixtures" --device "$device" \
  --kernel scalars --grid 1 --arg buf:f64:9:poison --arg i1:0 --arg i8:251 \
  --arg i16:65535 --arg i32:4294967295 --arg i64:0x7fffffffffffffff \
  --arg f16:-0 --arg bf16:inf --arg f32:-inf --arg f64:1e300 \
  --write 0="$work/unsigned"
$ref scalars "$work/unsigned.ref" 0 251 65535 4294967295 0x7fffffffffffffff \
  -0 inf -inf 1e300
check "scalars unsigned values" 0 "" same "$work/unsigned" "$work/unsigned.ref"

# A 3-D grid runs every program once, as blocks (x, y, z).
$ref grid-ids 5 3 2 "$work/ids.ref"
check "grid 5x3x2" 0 "max rel error 0: ok" "$run" "$fixtures" \
  --device "$device" --kernel grid_ids --grid 5,3,2 --arg buf:i32:30:poison \
  --expect 0="$work/ids.ref"
$ref grid-ids 70000 1 1 "$work/ids-x.ref"
check "grid 70000" 0 "max rel error 0: ok" "$run" "$fixtures" \
  --device "$device" --kernel grid_ids --grid 70000 \
  --arg buf:i32:70000:poison --expect 0="$work/ids-x.ref"

# Asserts: a failing element fails the launch and names its program; good
# data passes, launch after launch (the flag is cleared before each).
check "assert fails" 1 "assertion failed in kernel assert_positive in program (" \
  "$run" "$fixtures" --device "$device" --kernel assert_positive --grid 4 \
  --arg buf:f32:1000:rand --arg i32:1000
python3 -c 'import struct, sys; open(sys.argv[1], "wb").write(struct.pack("<1000f", *([1.0] * 999 + [-1.0])))' "$work/last"
check "assert names the program" 1 \
  "assertion failed in kernel assert_positive in program (3, 0, 0)" "$run" \
  "$fixtures" --device "$device" --kernel assert_positive --grid 4 \
  --arg buf:f32:1000:file="$work/last" --arg i32:1000
check "assert passes" 0 "3 runs)" "$run" "$fixtures" --device "$device" \
  --kernel assert_positive --grid 4 --arg buf:f32:1000:const=0.5 \
  --arg i32:1000 --warmup 2 --repeat 3

# Device fills (tile_buffer_fill) of every pattern size; 8-byte patterns with
# different halves use two strided 2-D memsets, in chunks of 2^24 rows, so one
# buffer crosses a chunk.
fill_case() {
  local dtype=$1 n=$2 spec=$3
  $ref fill "$dtype" 1 "$spec" 0 "$work/one"
  repeat "$work/one" "$work/fill.ref" "$n"
  check "fill $dtype:$n:$spec" 0 ": ok" "$run" "$fixtures" --device "$device" \
    --kernel noop --grid 1 --arg "buf:$dtype:$n:$spec" \
    --expect 0="$work/fill.ref" --atol 0 --rtol 0
}
fill_case u8 1001 const=7
fill_case f16 1001 const=-1.5
fill_case i16 1001 const=-2
fill_case f32 1001 const=0.1
fill_case i32 1001 poison
fill_case f64 1001 const=0.1
fill_case i64 1001 const=-0x123456789
fill_case i64 1001 const=0x100000001
fill_case f64 16777219 const=-2.75
fill_case i64 16777217 zero

# Errors the backend reports at load or launch.
"$pack" -o "$work/big-shared.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:$add:threads=256,shared=1048576
check "shared over the limit" 1 "bytes per block" "$run" "$work/big-shared.art" \
  --device "$device" --kernel vector_add --grid 1
"$pack" -o "$work/threads.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:$add:threads=2048
check "threads over 1024" 1 "attribute threads = 2048 is outside 1..1024" \
  "$run" "$work/threads.art" --device "$device" --kernel vector_add --grid 1
"$pack" -o "$work/no-threads.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:$add
check "threads missing" 1 "no 'threads' attribute" "$run" \
  "$work/no-threads.art" --device "$device" --kernel vector_add --grid 1
"$pack" -o "$work/ghost.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel ghost:no_such_entry:ptr:threads=1
check "missing entry" 1 "entry symbol 'no_such_entry' is not in the artifact's ptx" \
  "$run" "$work/ghost.art" --device "$device" --kernel ghost --grid 1
sed 's/add.rn.f32/add.bogus.f32/' "$here/Inputs/vector_add.ptx" >"$work/bad.ptx"
"$pack" -o "$work/bad.art" --binary "$work/bad.ptx" --target nvidia \
  --kernel vector_add:vector_add:$add:threads=256
check "bad PTX" 1 "in cuModuleLoadDataEx: " "$run" "$work/bad.art" \
  --device "$device" --kernel vector_add --grid 1
"$pack" -o "$work/no-flag.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:$add:threads=256,asserts=1
check "asserts without flag" 1 "defines no global 'tile_assert_failed'" \
  "$run" "$work/no-flag.art" --device "$device" --kernel vector_add --grid 1
# The parameter checks need cuFuncGetParamInfo (drivers of CUDA 12.4 on):
# where the artifact loads regardless, they are skipped.
param_case() {
  local name=$1 art=$2 pattern=$3
  if "$run" "$art" --device "$device" --kernel no_such_kernel --grid 1 2>&1 |
    grep -q "no kernel 'no_such_kernel'"; then
    skipped=$((skipped + 1))
    echo "SKIP $name (the driver has no cuFuncGetParamInfo)"
  else
    check "$name" 1 "$pattern" "$run" "$art" --device "$device" \
      --kernel vector_add --grid 1
  fi
}
"$pack" -o "$work/i64.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:ptr,ptr,ptr,i64:threads=256
param_case "parameter size check" "$work/i64.art" \
  "parameter #3 of 4 bytes, but argument #3 is i64 (8 bytes)"
"$pack" -o "$work/few.art" --binary "$here/Inputs/vector_add.ptx" \
  --target nvidia --kernel vector_add:vector_add:ptr,ptr,ptr:threads=256
param_case "parameter count check" "$work/few.art" \
  "takes more than 3 parameters"
check "no such device" 1 "no cuda device #99" "$run" "$vadd" \
  --device cuda:99 --kernel vector_add --grid 1
check "nvidia artifact on the cpu" 1 \
  "artifact is for target 'nvidia' but the device is 'cpu'" "$run" "$vadd" \
  --device cpu --kernel vector_add --grid 1

echo "gpu-smoke: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
