#!/usr/bin/env bash
# gpu-smoke.sh BUILD_DIR [DEVICE] - the CUDA or HIP backend on a real GPU.
#
# Packs the hand-written kernels of Inputs/ (for cuda: vector_add.ptx and
# fixture_kernels.ptx; for hip: the code objects BUILD_DIR/lib/
# {vector_add,fixture_kernels}-CHIP.hsaco built from their .amdgcn.ll, CHIP
# from $HIP_CHIP, default gfx942) into nvidia or amd artifacts with
# BUILD_DIR/bin/tile-test-pack and runs them with BUILD_DIR/bin/tile-run on
# DEVICE (default cuda:0; hip or hip:N selects the HIP mode),
# checking results with --expect against Inputs/reference.py: vector add
# (small, large, with more than 48 KiB of dynamic shared memory, from a cubin
# when ptxas is found), every scalar kind through the parameter ABI, a 3-D
# grid, asserts, device fills of 1, 2, 4 and 8-byte patterns, timing, and the
# errors the backend reports (shared memory or threads over the limit, a bad
# binary, a missing entry, a parameter of the wrong size or count, a wrong
# device; for hip, a code object or an artifact for another chip).
# Prints one PASS or FAIL line per case and exits non-zero if any failed.
#
# BUILD_DIR may be a runtime-only build (cmake -DTILE_BUILD_COMPILER=OFF).
# Needs python3. check-tile runs it only where a CUDA device is found
# (gpu-smoke.test, REQUIRES: cuda-device); mock-cuda.test and mock-hip.test
# run it against the fake drivers of Inputs/.
set -uo pipefail
build=${1:?usage: gpu-smoke.sh BUILD_DIR [DEVICE]}
device=${2:-cuda:0}
here=$(cd "$(dirname "$0")" && pwd)
case $device in
hip*)
  mode=hip target=amd chip=${HIP_CHIP:-gfx942} format="code object"
  other_chip=gfx90a
  [ "$chip" = gfx90a ] && other_chip=gfx942
  vadd_binary=$build/lib/vector_add-$chip.hsaco
  fixtures_binary=$build/lib/fixture_kernels-$chip.hsaco
  big_shared=32768 # within the 64 KiB of LDS
  ;;
*)
  mode=cuda target=nvidia chip=sm_80 format=ptx
  vadd_binary=$here/Inputs/vector_add.ptx
  fixtures_binary=$here/Inputs/fixture_kernels.ptx
  big_shared=102400 # above 48 KiB: needs the opt-in attribute
  ;;
esac
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
for binary in "$vadd_binary" "$fixtures_binary"; do
  if [ ! -f "$binary" ]; then
    echo "FAIL setup: $binary is missing (build tile-test-fixture-hsaco)"
    exit 1
  fi
done
# pack OUT BINARY KERNEL... - an artifact of this mode's target and chip.
pack() {
  local out=$1 binary=$2
  shift 2
  local kernels=()
  for k in "$@"; do kernels+=(--kernel "$k"); done
  "$pack" -o "$out" --binary "$binary" --target "$target" --chip "$chip" \
    "${kernels[@]}"
}

add=ptr,ptr,ptr,i32
vadd=$work/vadd.art
pack "$vadd" "$vadd_binary" vector_add:vector_add:$add:threads=256 \
  vector_add_128:vector_add:$add:threads=128,shared=0 \
  vector_add_shared:vector_add:$add:threads=256,shared=$big_shared \
  vector_add_1024:vector_add:$add:threads=1024
fixtures=$work/fixtures.art
pack "$fixtures" "$fixtures_binary" \
  scalars:scalars:ptr,i1,i8,i16,i32,i64,f16,bf16,f32,f64:threads=32 \
  grid_ids:grid_ids:ptr:threads=32 \
  assert_positive:assert_positive:ptr,i32:threads=256,asserts=1 \
  noop:noop:ptr:threads=1

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
# shared memory (on CUDA above 48 KiB: the opt-in attribute).
vector_add_case "vector_add n=1000" vector_add 1000 4
vector_add_case "vector_add n=1000003" vector_add 1000003 3907
vector_add_case "vector_add threads=128" vector_add_128 1000 8
vector_add_case "vector_add threads=1024" vector_add_1024 5000 5
vector_add_case "vector_add shared=$big_shared" vector_add_shared 1000 4
check "device name" 0 "device: $device (" "$run" "$vadd" --device "$device" \
  --kernel vector_add --grid 1 --arg buf:f32:1:zero --arg buf:f32:1:zero \
  --arg buf:f32:1:zero --arg i32:1
sm=$(sed -n 's/^device: .*, sm_\([0-9a-z]*\))$/\1/p' "$work/out")

# Timing with events: warmups, repeats, a bandwidth.
check "timing" 0 "20 runs)" "$run" "$vadd" --device "$device" \
  --kernel vector_add --grid 4096 --arg buf:f32:1048576:rand \
  --arg buf:f32:1048576:rand --arg buf:f32:1048576:zero --arg i32:1048576 \
  --warmup 3 --repeat 20
cp "$work/out" "$work/timing"
check "timing bandwidth" 0 "" grep -q "^bandwidth: [0-9.]* GB/s$" "$work/timing"

# CUDA: the same kernel from a cubin, when ptxas is here to make one.
ptxas=$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)
if [ "$mode" = hip ]; then
  :
elif [ -n "$sm" ] && [ -x "$ptxas" ] &&
  "$ptxas" -arch="sm_$sm" "$here/Inputs/vector_add.ptx" \
    -o "$work/vadd.cubin" 2>"$work/ptxas.err"; then
  "$pack" -o "$work/cubin.art" --binary "$work/vadd.cubin" --target nvidia \
    --chip "sm_$sm" --kernel vector_add:vector_add:$add:threads=256
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
pack "$work/big-shared.art" "$vadd_binary" \
  vector_add:vector_add:$add:threads=256,shared=1048576
check "shared over the limit" 1 "bytes per block" "$run" "$work/big-shared.art" \
  --device "$device" --kernel vector_add --grid 1
pack "$work/threads.art" "$vadd_binary" vector_add:vector_add:$add:threads=2048
check "threads over 1024" 1 "attribute threads = 2048 is outside 1..1024" \
  "$run" "$work/threads.art" --device "$device" --kernel vector_add --grid 1
pack "$work/no-threads.art" "$vadd_binary" vector_add:vector_add:$add
check "threads missing" 1 "no 'threads' attribute" "$run" \
  "$work/no-threads.art" --device "$device" --kernel vector_add --grid 1
pack "$work/ghost.art" "$vadd_binary" ghost:no_such_entry:ptr:threads=1
check "missing entry" 1 \
  "entry symbol 'no_such_entry' is not in the artifact's $format" \
  "$run" "$work/ghost.art" --device "$device" --kernel ghost --grid 1
if [ "$mode" = hip ]; then
  pack "$work/bad.art" "$here/Inputs/vector_add.ptx" \
    vector_add:vector_add:$add:threads=256
  check "bad code object" 1 "the code object is not a 64-bit little-endian ELF" \
    "$run" "$work/bad.art" --device "$device" --kernel vector_add --grid 1
  pack "$work/other.art" "$build/lib/vector_add-$other_chip.hsaco" \
    vector_add:vector_add:$add:threads=256
  check "code object for another chip" 1 "in hipModuleLoadData" "$run" \
    "$work/other.art" --device "$device" --kernel vector_add --grid 1
  "$pack" -o "$work/chip.art" --binary "$build/lib/vector_add-$other_chip.hsaco" \
    --target amd --chip "$other_chip" --kernel vector_add:vector_add:$add:threads=256
  check "artifact for another chip" 1 \
    "the artifact is for chip $other_chip, but" "$run" "$work/chip.art" \
    --device "$device" --kernel vector_add --grid 1
else
  sed 's/add.rn.f32/add.bogus.f32/' "$here/Inputs/vector_add.ptx" >"$work/bad.ptx"
  pack "$work/bad.art" "$work/bad.ptx" vector_add:vector_add:$add:threads=256
  check "bad PTX" 1 "in cuModuleLoadDataEx: " "$run" "$work/bad.art" \
    --device "$device" --kernel vector_add --grid 1
fi
pack "$work/no-flag.art" "$vadd_binary" \
  vector_add:vector_add:$add:threads=256,asserts=1
check "asserts without flag" 1 "defines no global 'tile_assert_failed'" \
  "$run" "$work/no-flag.art" --device "$device" --kernel vector_add --grid 1
# The parameter checks: HIP's come from the code object's metadata; CUDA's
# need cuFuncGetParamInfo (drivers of CUDA 12.4 on), and where the artifact
# loads regardless, they are skipped.
param_case() {
  local name=$1 art=$2 pattern=$3
  if [ "$mode" = cuda ] &&
    "$run" "$art" --device "$device" --kernel no_such_kernel --grid 1 2>&1 |
    grep -q "no kernel 'no_such_kernel'"; then
    skipped=$((skipped + 1))
    echo "SKIP $name (the driver has no cuFuncGetParamInfo)"
  else
    check "$name" 1 "$pattern" "$run" "$art" --device "$device" \
      --kernel vector_add --grid 1
  fi
}
pack "$work/i64.art" "$vadd_binary" vector_add:vector_add:ptr,ptr,ptr,i64:threads=256
pack "$work/few.art" "$vadd_binary" vector_add:vector_add:ptr,ptr,ptr:threads=256
if [ "$mode" = hip ]; then
  param_case "parameter size check" "$work/i64.art" \
    "argument #3 (i64) is packed at offset 24 (8 bytes), but entry 'vector_add' reads offset 24 (4 bytes)"
  param_case "parameter count check" "$work/few.art" \
    "entry 'vector_add' takes 4 arguments; the artifact declares 3"
else
  param_case "parameter size check" "$work/i64.art" \
    "parameter #3 of 4 bytes, but argument #3 is i64 (8 bytes)"
  param_case "parameter count check" "$work/few.art" \
    "takes more than 3 parameters"
fi
check "no such device" 1 "no $mode device #99" "$run" "$vadd" \
  --device "$mode:99" --kernel vector_add --grid 1
check "$target artifact on the cpu" 1 \
  "artifact is for target '$target' but the device is 'cpu'" "$run" "$vadd" \
  --device cpu --kernel vector_add --grid 1

echo "gpu-smoke: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
