#!/usr/bin/env bash
# sanitize-runtime.sh [BUILD_DIR] - builds the runtime, tile-run, the fixture
# kernels, the artifact packer and the C API test with AddressSanitizer and
# UBSan into BUILD_DIR (default build-asan/; a runtime-only build, no
# LLVM), then runs tile-run through its success and error paths, the C API
# test (stale handles included) and the damaged-artifact driver (the cases of
# test/Runtime), and the CUDA and HIP backends on the fake drivers of
# test/Runtime/Inputs/mock_cuda.c and mock_hip.c (the HIP one on the AMDGCN
# fixtures, built where llc and ld.lld are found), the streams test on all
# three; then builds the runtime again with ThreadSanitizer into
# BUILD_DIR-tsan and runs the streams test from eight threads. JOBS sets
# ninja's -j (default 2).
# Exits non-zero if a case gives the wrong exit code or message, or if a
# sanitizer reports anything (leaks included). Needs cmake, ninja, a C/C++
# compiler and python3; also runs the artifact unit tests when GoogleTest is
# installed.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build-asan}
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
flags="$san -fno-omit-frame-pointer -g -O1"

cmake -G Ninja -S "$root" -B "$build" -DTILE_BUILD_COMPILER=OFF \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="$san" -DCMAKE_MODULE_LINKER_FLAGS="$san" \
  >/dev/null
ninja -C "$build" -j"${JOBS:-2}" tile-run tile-test-pack tile-test-fixture \
  tile-test-damage tile-runtime-api-test tile-runtime-streams-test \
  tile-mock-cuda tile-mock-hip
if ninja -C "$build" -t query tile-test-fixture-hsaco >/dev/null 2>&1; then
  ninja -C "$build" -j"${JOBS:-2}" tile-test-fixture-hsaco
fi

# allocator_may_return_null: a huge allocation fails as it does without ASan
# (null, std::bad_alloc), so that the cases for it test tile-run's errors.
export ASAN_OPTIONS=detect_leaks=1:halt_on_error=1:allocator_may_return_null=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
bin=$build/bin
fixture=$build/lib/tile-test-fixture.so
ref="python3 $root/test/Runtime/Inputs/reference.py"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
cases=0

# run_case CODE PATTERN COMMAND... - runs COMMAND, expecting exit code CODE,
# PATTERN (fixed text, may be empty) in its output, and no sanitizer report.
run_case() {
  local code=$1 pattern=$2 rc=0
  shift 2
  cases=$((cases + 1))
  "$@" >"$work/out" 2>"$work/err" || rc=$?
  local why=""
  if grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:|SUMMARY: [A-Za-z]+Sanitizer' \
      "$work/out" "$work/err"; then
    why="sanitizer report"
  elif [ "$rc" -ne "$code" ]; then
    why="exit code $rc, expected $code"
  elif [ -n "$pattern" ] && ! grep -qF -- "$pattern" "$work/out" "$work/err"; then
    why="output lacks '$pattern'"
  fi
  if [ -n "$why" ]; then
    failures=$((failures + 1))
    echo "FAIL ($why): $*"
    sed 's/^/  | /' "$work/out" "$work/err" | head -40
  fi
}

run="$bin/tile-run"
art=$work/fixture.art
"$bin/tile-test-pack" -o "$art" --binary "$fixture" \
  --kernel vector_add:vector_add_kernel:ptr,ptr,ptr,i32:threads=1 \
  --kernel assert_positive:assert_positive_kernel:ptr,i32 \
  --kernel scalars:scalars_kernel:ptr,i1,i8,i16,i32,i64,f16,bf16,f32,f64 \
  --kernel grid_ids:grid_ids_kernel:ptr \
  --kernel fills:noop_kernel:ptr,ptr,ptr,ptr,ptr,ptr,ptr,ptr,ptr,ptr,ptr
add="$run $art --kernel vector_add"
bufs3="--arg buf:f32:1000:rand=1 --arg buf:f32:1000:rand=2 --arg buf:f32:1000:poison"
scalars="$run $art --kernel scalars --grid 1 --arg buf:f64:9:zero"
zeros="--arg i8:0 --arg i16:0 --arg i32:0 --arg i64:0 --arg f16:0 --arg bf16:0"

# Success paths.
run_case 0 "5 runs)" $add --grid 4 $bufs3 --arg i32:1000 --warmup 2 --repeat 5 \
  --write 0="$work/a" --write 1="$work/b"
$ref vector-add "$work/a" "$work/b" "$work/sum"
run_case 0 "max rel error 0: ok" $add --grid 4 $bufs3 --arg i32:1000 \
  --expect 2="$work/sum" --atol 0 --rtol 0
run_case 0 "GFLOP/s" $add --grid 4 $bufs3 --arg i32:1000 --flops 1000
run_case 0 "GB/s" $add --grid 4 $bufs3 --arg i32:1000 --bytes 12000
run_case 1 "grid extent x is 0" $add --grid 0 $bufs3 --arg i32:1000
run_case 0 "" $scalars --arg i1:1 --arg i8:-5 --arg i16:300 --arg i32:-70000 \
  --arg i64:-3 --arg f16:1.5 --arg bf16:-2.5 --arg f32:0.1 --arg f64:0.1
run_case 0 "" $run "$art" --kernel grid_ids --grid 5,3,2 \
  --arg buf:i32:30:poison --write 0="$work/ids"
run_case 0 "" $run "$art" --kernel assert_positive --grid 4 \
  --arg buf:f32:1000:const=0.5 --arg i32:1000
run_case 0 "" $run "$art" --kernel fills --grid 1 --arg buf:f32:99:rand \
  --arg buf:f64:99:iota --arg buf:f16:99:const=65520 --arg buf:bf16:99:rand \
  --arg buf:f8e4m3:99:const=470 --arg buf:f8e5m2:99:rand --arg buf:i8:99:iota \
  --arg buf:i16:99:rand --arg buf:i32:99:poison --arg buf:i64:99:const=-7 \
  --arg buf:u8:99:rand=3 --write 10="$work/u8"
run_case 0 "usage:" $run --help

# Launch errors.
run_case 1 "takes 4 arguments, got 3" $add --grid 1 $bufs3
run_case 1 "is i32, got f32" $add --grid 1 $bufs3 --arg f32:1
run_case 1 "is i32, got ptr" $add --grid 1 $bufs3 --arg buf:i32:1:zero
run_case 1 "above the limit 65535" $add --grid 1,65536 $bufs3 --arg i32:1
run_case 1 "above the limit 2147483647" $add --grid 2147483648 $bufs3 --arg i32:1
run_case 1 "expected 0 or 1" $scalars --arg i1:2 $zeros --arg f32:0 --arg f64:0
run_case 1 "does not fit in 8 bits" $scalars --arg i1:0 --arg i8:256 \
  --arg i16:0 --arg i32:0 --arg i64:0 --arg f16:0 --arg bf16:0 --arg f32:0 --arg f64:0
run_case 1 "is out of its range" $scalars --arg i1:0 $zeros --arg f32:1e39 --arg f64:0
run_case 1 "assertion failed in kernel assert_positive" $run "$art" \
  --kernel assert_positive --grid 4 --arg buf:f32:1000:rand --arg i32:1000
run_case 1 "no kernel 'nope' in the module" $run "$art" --kernel nope --grid 1
run_case 1 "unknown backend 'tpu'" $run "$art" --device tpu --kernel x --grid 1
run_case 1 "232 mismatches" $add --grid 3 --arg buf:f32:1000:file="$work/a" \
  --arg buf:f32:1000:file="$work/b" --arg buf:f32:1000:poison --arg i32:1000 \
  --expect 2="$work/sum"

# Artifact errors.
run_case 1 "No such file or directory" $run "$work/missing.art" --kernel x --grid 1
run_case 1 "bad magic" $run /dev/zero --kernel x --grid 1
corrupt() { # corrupt NAME MODE ARGS... - a damaged copy of the artifact
  local name=$1
  shift
  $ref corrupt "$@" "$art" "$work/$name"
}
corrupt empty truncate 0
corrupt magic magic
corrupt short truncate 10
corrupt trunc-header truncate 100
corrupt huge-header header-size 4000000000
corrupt trunc-payload truncate -10
corrupt long append 7
corrupt kind replace "arg i32" "arg q32"
corrupt record replace '\nkernel assert_positive ' '\nkernal assert_positive '
corrupt count replace "vector_add_kernel 4" "vector_add_kernel 5"
corrupt dup replace "kernel assert_positive" "kernel vector_add"
corrupt v1 replace-bytes TILEART2 TILEART1
corrupt flip flip -100
corrupt chip replace "chip host" "chip hosu"
for damaged in "empty:too short" "magic:bad magic" "short:header size field" \
    "trunc-header:truncated header" "huge-header:truncated header" \
    "trunc-payload:truncated payload" "long:payload size mismatch" \
    "kind:unknown argument kind 'q32'" "record:unknown record 'kernal'" \
    "count:declares 5 arguments but has 4" "dup:duplicate kernel name" \
    "v1:has no checksum and is no longer supported: recompile it" \
    "flip:artifact checksum mismatch" "chip:the file is damaged"; do
  run_case 1 "${damaged#*:}" $run "$work/${damaged%%:*}" --kernel vector_add --grid 1
done
"$bin/tile-test-pack" -o "$work/nvidia.art" --binary "$fixture" --target nvidia \
  --kernel vector_add:vector_add:ptr
run_case 1 "artifact is for target 'nvidia' but the device is 'cpu'" \
  $run "$work/nvidia.art" --kernel vector_add --grid 1
"$bin/tile-test-pack" -o "$work/symbol.art" --binary "$fixture" \
  --kernel ghost:no_such_symbol:ptr
run_case 1 "entry symbol 'no_such_symbol'" $run "$work/symbol.art" --kernel ghost --grid 1
"$bin/tile-test-pack" -o "$work/text.art" --binary "$0" --kernel k:k:ptr
run_case 1 "not an ELF shared object" $run "$work/text.art" --kernel k --grid 1
$ref corrupt truncate 1000 "$fixture" "$work/broken.so"
"$bin/tile-test-pack" -o "$work/broken.art" --binary "$work/broken.so" --kernel k:k:ptr
run_case 1 "is truncated" $run "$work/broken.art" --kernel k --grid 1
$ref corrupt replace-bytes libc.so.6 libQ.so.6 "$fixture" "$work/needs.so"
"$bin/tile-test-pack" -o "$work/needs.art" --binary "$work/needs.so" --kernel k:k:ptr
run_case 1 "libQ.so.6" $run "$work/needs.art" --kernel k --grid 1

# The GPU backends: without their driver library (CUDA's where it is absent,
# HIP's by naming one that does not exist), and both end to end on the fake
# drivers of test/Runtime (the GPU smoke test, whose cases expect exit codes 0
# and 1: a sanitizer report exits 86).
"$bin/tile-test-pack" -o "$work/ptx.art" \
  --binary "$root/test/Runtime/Inputs/vector_add.ptx" --target nvidia \
  --kernel vector_add:vector_add:ptr,ptr,ptr,i32:threads=256
if ! ldconfig -p 2>/dev/null | grep -q 'libcuda\.so\.1 '; then
  run_case 1 "no CUDA device: cannot open libcuda.so.1" $run "$work/ptx.art" \
    --device cuda --kernel vector_add --grid 1
fi
run_case 1 "no HIP device: cannot open libamdhip64" \
  env TILE_HIP_LIBRARY="$work/none.so" $run "$art" --device hip \
  --kernel vector_add --grid 1
mock="env LD_LIBRARY_PATH=$build/lib/mock-cuda"
run_case 1 "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected) in cuInit" \
  $mock MOCK_CUDA_DEVICES=0 $run "$work/ptx.art" --device cuda \
  --kernel vector_add --grid 1
run_case 0 "0 failed" $mock ASAN_OPTIONS=$ASAN_OPTIONS:exitcode=86 \
  UBSAN_OPTIONS=$UBSAN_OPTIONS:exitcode=86 \
  bash "$root/test/Runtime/gpu-smoke.sh" "$build"
if [ -f "$build/lib/vector_add-gfx942.hsaco" ]; then
  mock="env LD_LIBRARY_PATH=$build/lib/mock-hip"
  run_case 1 "hipErrorNoDevice (no ROCm-capable device is detected) in hipInit" \
    $mock MOCK_HIP_DEVICES=0 $run "$art" --device hip --kernel vector_add \
    --grid 1
  run_case 0 "0 failed" $mock ASAN_OPTIONS=$ASAN_OPTIONS:exitcode=86 \
    UBSAN_OPTIONS=$UBSAN_OPTIONS:exitcode=86 \
    bash "$root/test/Runtime/gpu-smoke.sh" "$build" hip:0
fi

# The C API directly, every error path included.
"$bin/tile-test-pack" -o "$work/api.art" --binary "$fixture" \
  --kernel grid_ids:grid_ids_kernel:ptr:threads=4 \
  --kernel alignment:alignment_kernel:ptr,ptr
run_case 0 "close null: OK ok" env TILE_CPU_DEVICES=2 \
  "$bin/tile-runtime-api-test" "$work/api.art"

# Devices, streams and events (test/Runtime/streams.test): on two host
# devices from four threads, and on the fake drivers' two devices, a fault
# included.
streams=$bin/tile-runtime-streams-test
run_case 0 "threads: 4 threads x 20 rounds on 2 devices: PASS" \
  env TILE_CPU_DEVICES=2 "$streams" cpu "$art" "$art" --threads 4
"$bin/tile-test-pack" -o "$work/ptx-fixtures.art" \
  --binary "$root/test/Runtime/Inputs/fixture_kernels.ptx" --target nvidia \
  --kernel assert_positive:assert_positive:ptr,i32:threads=256,asserts=1 \
  --kernel fault:fault:ptr:threads=32
run_case 0 "close: OK ok" env LD_LIBRARY_PATH="$build/lib/mock-cuda" \
  MOCK_CUDA_DEVICES=2 "$streams" cuda "$work/ptx.art" "$work/ptx-fixtures.art" \
  --fault
if [ -f "$build/lib/vector_add-gfx942.hsaco" ]; then
  "$bin/tile-test-pack" -o "$work/hip-vadd.art" \
    --binary "$build/lib/vector_add-gfx942.hsaco" --target amd --chip gfx942 \
    --kernel vector_add:vector_add:ptr,ptr,ptr,i32:threads=256
  "$bin/tile-test-pack" -o "$work/hip-fixtures.art" \
    --binary "$build/lib/fixture_kernels-gfx942.hsaco" --target amd \
    --chip gfx942 \
    --kernel assert_positive:assert_positive:ptr,i32:threads=256,asserts=1 \
    --kernel fault:fault:ptr:threads=32
  run_case 0 "close: OK ok" env LD_LIBRARY_PATH="$build/lib/mock-hip" \
    MOCK_HIP_DEVICES=2 "$streams" hip "$work/hip-vadd.art" \
    "$work/hip-fixtures.art" --fault
fi

# Damaged copies of the fixture artifact, one byte at a time (every header
# byte, 200 payload bytes): every one refused, none crashing or hanging.
run_case 0 "0 accepted, 0 crashed, 0 hung" "$bin/tile-test-damage" "$art" \
  --kernel vector_add --timeout 30

# Command-line errors.
run_case 2 "no artifact given" $run
run_case 2 "unknown option '--bogus'" $add --grid 1 --bogus
run_case 2 "needs a value" $add --grid 1 --arg
run_case 2 "exclude each other" $add --grid 1 --bytes 1 --flops 1
for spec in buf:f31:4:zero buf:f32:0:zero buf:f32:4 buf:f32:4:ones \
    buf:f32:4:rand=x buf:i8:4:const=200 buf:f32:4:const=abc \
    buf:f32:4:file="$work/none" buf:f32:4:file="$art" i32:12x \
    i64:99999999999999999999 f32:one u32:1 5; do
  run_case 1 "--arg '$spec'" $add --grid 1 --arg "$spec"
done
run_case 1 "bad --grid" $add --grid 2x3
run_case 1 "bad --repeat" $add --grid 1 --repeat 0
run_case 1 "from 1 to 1000000" $add --grid 1 --repeat 1099511627776
run_case 1 "has more than 16 bytes" $add --grid 1 --arg buf:f32:4:file=/dev/zero
run_case 1 "cannot allocate 4398046511104 bytes of host memory" $add --grid 1 \
  --arg buf:f32:1099511627776:file=/dev/zero
run_case 1 "cannot allocate 4398046511104 bytes of host memory" $add --grid 1 \
  --arg buf:f32:1099511627776:rand
run_case 1 "cannot allocate 4398046511104 bytes" $add --grid 1 \
  --arg buf:f32:1099511627776:zero
run_case 1 "not a buffer argument" $add --grid 1 --arg i32:1 --write 0="$work/x"

if [ -f /usr/include/gtest/gtest.h ]; then
  cases=$((cases + 1))
  c++ -std=c++17 $flags -I"$build/include/src" "$root/test/Unit/ArtifactTest.cpp" \
    "$root/runtime/artifact.cpp" "$root/runtime/LaunchGrid.cpp" -lgtest \
    -lgtest_main -pthread \
    -o "$build/ArtifactTests"
  if ! "$build/ArtifactTests" >"$work/out" 2>&1; then
    failures=$((failures + 1))
    echo "FAIL: ArtifactTests"
    tail -40 "$work/out"
  fi
fi

# ThreadSanitizer: the runtime and the streams test built again with it
# (into BUILD_DIR-tsan), eight host threads launching on their own streams of
# four host devices, plus the main thread's streams and events.
tsan=$build-tsan
tflags="-fsanitize=thread -fno-omit-frame-pointer -g -O1"
cmake -G Ninja -S "$root" -B "$tsan" -DTILE_BUILD_COMPILER=OFF \
  -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="$tflags" \
  -DCMAKE_CXX_FLAGS="$tflags" -DCMAKE_EXE_LINKER_FLAGS=-fsanitize=thread \
  -DCMAKE_MODULE_LINKER_FLAGS=-fsanitize=thread >/dev/null
ninja -C "$tsan" -j"${JOBS:-2}" tile-runtime-streams-test tile-test-pack \
  tile-test-fixture
"$tsan/bin/tile-test-pack" -o "$work/tsan.art" \
  --binary "$tsan/lib/tile-test-fixture.so" \
  --kernel vector_add:vector_add_kernel:ptr,ptr,ptr,i32 \
  --kernel assert_positive:assert_positive_kernel:ptr,i32
cases=$((cases + 1))
if ! env TILE_CPU_DEVICES=4 TSAN_OPTIONS=halt_on_error=1:exitcode=86 \
    "$tsan/bin/tile-runtime-streams-test" cpu "$work/tsan.art" \
    "$work/tsan.art" --threads 8 >"$work/out" 2>&1 ||
    grep -q "ThreadSanitizer" "$work/out" ||
    ! grep -q "threads: 8 threads x 20 rounds on 4 devices: PASS" "$work/out"; then
  failures=$((failures + 1))
  echo "FAIL (ThreadSanitizer): tile-runtime-streams-test cpu --threads 8"
  sed 's/^/  | /' "$work/out" | head -60
fi

echo "sanitize-runtime: $cases cases, $failures failed"
[ "$failures" -eq 0 ]
