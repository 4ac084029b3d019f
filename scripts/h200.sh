#!/usr/bin/env bash
# h200.sh ARTIFACTS - everything the NVIDIA target needs from a GPU machine,
# in one run: builds the runtime and tile-run (no compiler: the machine has no
# LLVM/MLIR), runs the runtime's GPU smoke test, the end-to-end suite on the
# prebuilt artifacts (same cases, references and tolerances as on the CPU),
# part of it under compute-sanitizer (memcheck, racecheck), the multi-device
# examples, and the benchmark against Triton and torch (QUICK=1 skips the
# sanitizer and the benchmark, and the multi-device examples on one GPU).
# Logs go to $OUT (or ./h200-out).
#
# Here (with the compiler):
#   python3 test/E2E/run_kernels.py --bin build/bin --examples examples \
#       --target nvidia --artifacts artifacts/nvidia --compile-only
# There (the device tool carries ignored paths with `carry`):
#   [FUZZ=artifacts/fuzz-nvidia] [CONFORMANCE=artifacts/conformance-nvidia] \
#     [BOUNDS=artifacts/nvidia-bounds] [MATH_ULP=artifacts/math-ulp-nvidia] \
#     [TTIR=artifacts/ttir-nvidia [TTIR_ONLY=1]] [BASELINE=bench.json] \
#     [VARIANTS=artifacts/variants [VARIANTS_ONLY=1]] \
#     [FUZZ_ARTIFACTS=... FUZZ_SEED=...
#     FUZZ_CASES=... FUZZ_RANGE=...] bash scripts/h200.sh artifacts/nvidia
set -uo pipefail
artifacts=${1:?usage: h200.sh ARTIFACTS}
out=${OUT:-h200-out}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }

step "machine"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
nvcc --version | tail -1

step "build the runtime and tile-run (TILE_BUILD_COMPILER=OFF)"
cmake -G Ninja -S . -B build-rt -DTILE_BUILD_COMPILER=OFF \
  -DCMAKE_BUILD_TYPE=Release >"$out/cmake.log" 2>&1 &&
  ninja -C build-rt >>"$out/cmake.log" 2>&1 || {
  tail -30 "$out/cmake.log"
  exit 1
}

# VARIANTS=DIR: forms of examples the compiler makes but does not ship yet
# (scripts/build-variants.sh here), one subdirectory per form holding those
# examples' artifacts: their end-to-end cases and (without QUICK=1) their
# benchmark rows, form by form (a benchmark that does not finish in two
# minutes is stopped: a hang is a result too), then the same cases under
# racecheck and synccheck.
# VARIANTS_ONLY=1 runs this step alone, right after building the runtime.
# The examples a form's directory holds artifacts of.
form_kernels() {
  find "$1" -maxdepth 1 -name '*.nvidia.tile' -printf '%f\n' |
    sed 's/\.nvidia\.tile$//' | sort
}
run_variants() {
  for dir in "$VARIANTS"/*/; do
    form=$(basename "$dir")
    kernels=$(form_kernels "$dir")
    step "variant $form: $(echo $kernels)"
    selected=()
    for kernel in $kernels; do selected+=(-k "$kernel"); done
    python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
      --target nvidia --artifacts "$dir" --device cuda "${selected[@]}" \
      >"$out/variant-$form-e2e.log" 2>&1
    tail -1 "$out/variant-$form-e2e.log"
    grep -q " 0 failed" "$out/variant-$form-e2e.log" || status=1
    [ -n "${QUICK:-}" ] && continue
    for kernel in $kernels; do
      grep -q "wanted(\"$kernel\")" bench/h200_bench.py || continue
      PYTHONUNBUFFERED=1 timeout 120 python3 bench/h200_bench.py \
        --artifacts "$dir" --only "$kernel" 2>&1 | grep -v Warning |
        grep -v "^device copy"
    done | tee "$out/variant-$form-bench.log"
  done
  # The sanitizers last, once every form has its rows: together they take
  # longer than the benchmarks (four forms outlasted a 10-minute call).
  [ -n "${QUICK:-}" ] && return
  for dir in "$VARIANTS"/*/; do
    form=$(basename "$dir")
    selected=()
    for kernel in $(form_kernels "$dir"); do selected+=(-k "$kernel"); done
    for tool in racecheck synccheck; do
      TILE_RUN_WRAPPER="compute-sanitizer --tool $tool --report-api-errors no --error-exitcode 3" \
        python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
        --target nvidia --artifacts "$dir" --device cuda "${selected[@]}" \
        >"$out/variant-$form-$tool.log" 2>&1
      echo "$form $tool: $(tail -1 "$out/variant-$form-$tool.log")"
      grep -q " 0 failed" "$out/variant-$form-$tool.log" || status=1
    done
  done
}
# TTIR=DIR: the Triton import on the GPU. DIR holds the TTIR corpus compiled
# here (test/TTIR/run_corpus.py --target nvidia --compile-only --artifacts
# DIR): every entry with recorded inputs runs and is compared with the
# reference and Triton's recorded outputs, its outputs packed into
# ttir-outputs.tgz for tile-check here (`tar xzf ttir-outputs.tgz; python3
# test/TTIR/run_corpus.py --bin build/bin --tile-check --compare-outputs
# ttir-outputs`), then bench/ttir_bench.py times the benchmark entries
# against Triton running the same kernels, live (the table of
# docs/benchmarks/TritonImport.md; QUICK=1 skips it).
run_ttir() {
  step "TTIR corpus from $TTIR"
  local kept
  kept=$(mktemp -d)
  python3 test/TTIR/run_corpus.py --bin build-rt/bin --precompiled "$TTIR" \
    --device cuda --json "$out/ttir-corpus.json" \
    --keep-outputs "$kept/ttir-outputs" >"$out/ttir-corpus.log" 2>&1 ||
    status=1
  tar -C "$kept" -czf "$out/ttir-outputs.tgz" ttir-outputs
  rm -rf "$kept"
  grep -v '^PASS\|^COMPILED\|^REFUSED\|^KNOWN' "$out/ttir-corpus.log"
  if [ -z "${QUICK:-}" ]; then
    step "imported Triton kernels against Triton"
    PYTHONUNBUFFERED=1 python3 bench/ttir_bench.py --artifacts "$TTIR" \
      --json "$out/ttir-bench.json" 2>&1 | tee "$out/ttir-bench.log" |
      grep -v Warning || status=1
  fi
}
if [ -n "${VARIANTS_ONLY:-}" ]; then
  run_variants
  exit $status
fi
# TTIR_ONLY=1 runs this step alone, right after building the runtime.
if [ -n "${TTIR_ONLY:-}" ]; then
  run_ttir
  exit $status
fi

step "runtime GPU smoke test"
bash test/Runtime/gpu-smoke.sh build-rt cuda:0 2>&1 | tee "$out/smoke.log" |
  tail -5 || status=1

# Devices, streams and events on the real driver (test/Runtime/streams.test
# runs the same program on the fake drivers): four host threads on their own
# streams, and a faulting kernel last, whose error its stream reports.
step "runtime streams and events"
build-rt/bin/tile-test-pack -o "$out/st-vadd.art" --target nvidia \
  --chip sm_80 --binary test/Runtime/Inputs/vector_add.ptx \
  --kernel vector_add:vector_add:ptr,ptr,ptr,i32:threads=256 &&
  build-rt/bin/tile-test-pack -o "$out/st-fixtures.art" --target nvidia \
    --chip sm_80 --binary test/Runtime/Inputs/fixture_kernels.ptx \
    --kernel assert_positive:assert_positive:ptr,i32:threads=256,asserts=1 \
    --kernel fault:fault:ptr:threads=32 &&
  build-rt/bin/tile-runtime-streams-test cuda "$out/st-vadd.art" \
    "$out/st-fixtures.art" --threads 4 --fault >"$out/streams.log" 2>&1
grep -E "FAIL|PASS|LAUNCH_FAILED|devices:|device cuda" "$out/streams.log"
if grep -qw FAIL "$out/streams.log" ||
  ! grep -q "threads: 4 threads x 20 rounds on [0-9]* devices\?: PASS" \
    "$out/streams.log" ||
  ! grep -q "synchronize after the fault: LAUNCH_FAILED kernel fault" \
    "$out/streams.log"; then
  status=1
fi
rm -f "$out/st-vadd.art" "$out/st-fixtures.art"
build-rt/bin/tile-run --list-devices cuda

# The Python package (runtime/python) on the device: the lit script of
# test/Python/runtime-cuda.test on the packed PTX fixtures, then torch tensors
# through DLPack and __cuda_array_interface__ (test_torch.py).
step "Python package on CUDA (numpy, DLPack, torch)"
ninja -C build-rt tile-test-pack >>"$out/cmake.log" 2>&1 &&
  build-rt/bin/tile-test-pack -o "$out/py-vadd.art" --target nvidia \
    --chip sm_80 --binary test/Runtime/Inputs/vector_add.ptx \
    --kernel vector_add:vector_add:ptr,ptr,ptr,i32:threads=256 &&
  build-rt/bin/tile-test-pack -o "$out/py-fixtures.art" --target nvidia \
    --chip sm_80 --binary test/Runtime/Inputs/fixture_kernels.ptx \
    --kernel scalars:scalars:ptr,i1,i8,i16,i32,i64,f16,bf16,f32,f64:threads=32 &&
  TILE_RUNTIME_LIBRARY=build-rt/lib/libtile_runtime.so \
    PYTHONPATH=runtime/python PYTHONDONTWRITEBYTECODE=1 \
    python3 test/Python/Inputs/test_cuda.py "$out/py-vadd.art" \
    "$out/py-fixtures.art" >"$out/python.log" 2>&1 &&
  TILE_RUNTIME_LIBRARY=build-rt/lib/libtile_runtime.so \
    PYTHONPATH=runtime/python PYTHONDONTWRITEBYTECODE=1 \
    python3 test/Python/Inputs/test_torch.py "$out/py-vadd.art" \
    >>"$out/python.log" 2>&1 &&
  TILE_RUNTIME_LIBRARY=build-rt/lib/libtile_runtime.so \
    PYTHONPATH=runtime/python PYTHONDONTWRITEBYTECODE=1 \
    python3 test/Python/Inputs/split_streams.py cuda \
    "$artifacts/matmul_bf16_desc.nvidia.tile" >>"$out/python.log" 2>&1 ||
  status=1
rm -f "$out/py-vadd.art" "$out/py-fixtures.art"
tail -3 "$out/python.log"

step "end-to-end suite on the GPU"
python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
  --target nvidia --artifacts "$artifacts" --device cuda 2>&1 |
  tee "$out/e2e.log" | grep -v '^PASS' || true
grep -q "0 failed" "$out/e2e.log" || status=1

# Several devices (examples/multi_device): data parallelism from one host
# thread per GPU, and model parallelism under torch.distributed (NCCL), one
# process per GPU. Run whenever there is more than one GPU; on one GPU only
# without QUICK=1 (then they prove the code paths, not the scaling).
gpus=$(nvidia-smi -L | grep -c '^GPU')
if [ "$gpus" -gt 1 ] || [ -z "${QUICK:-}" ]; then
  step "several devices: $gpus GPU(s)"
  export TILE_RUNTIME_LIBRARY=$root/build-rt/lib/libtile_runtime.so
  export PYTHONPATH=$root/runtime/python PYTHONDONTWRITEBYTECODE=1
  {
    python3 examples/multi_device/data_parallel.py --artifacts "$artifacts" &&
      python3 examples/multi_device/data_parallel.py \
        --artifacts "$artifacts" --kernel rms_norm &&
      timeout 300 torchrun --nproc_per_node="$gpus" \
        examples/multi_device/model_parallel.py --artifacts "$artifacts"
  } >"$out/multi.log" 2>&1 || status=1
  grep -vi "warn" "$out/multi.log" | tail -12
  grep -q FAIL "$out/multi.log" && status=1
fi

step "compute-sanitizer (memcheck, racecheck) on part of the suite"
# Six runs at a time (each its own process and context on the one GPU; the
# sanitizers are bound by their host-side checking, so this cuts the step
# several times), summarized in a fixed order afterwards; a run whose last
# line is not the suite's "N passed, 0 failed" fails the script.
sanitize_one() {
  TILE_RUN_WRAPPER="compute-sanitizer --tool $1 --report-api-errors no --error-exitcode 3" \
    python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
    --target nvidia --artifacts "$artifacts" --device cuda -k "$2" \
    >"$out/sanitize-$1-$2.log" 2>&1
}
sanitized="softmax layer_norm row_argmax cumsum histogram matmul_bf16
  matmul_bf16_desc matmul_bf16_desc_bf16_out matmul_fp8 matmul_fp8_desc
  transpose_desc flash_attention flash_attention_desc flash_attention_desc_d64
  paged_decode varlen_attention kv_cache_append kv_cache_append_fp8 moe_align
  moe_gemm_bf16 moe_gemm_fp8"
if [ -z "${QUICK:-}" ]; then
  for tool in memcheck racecheck; do
    for kernel in $sanitized; do
      while [ "$(jobs -rp | wc -l)" -ge 6 ]; do wait -n; done
      sanitize_one "$tool" "$kernel" &
    done
  done
  wait
  for tool in memcheck racecheck; do
    for kernel in $sanitized; do
      log="$out/sanitize-$tool-$kernel.log"
      echo "$tool $kernel: $(tail -1 "$log")"
    done
  done | tee "$out/sanitize.log"
  grep -v ": e2e: [0-9]* passed, 0 failed" "$out/sanitize.log" && status=1
fi

step "SASS: warpgroup products (HGMMA), TMA loads (UTMALDG) and stores (UTMASTG), barriers (SYNCS), register moves (USETMAXREG)"
for kernel in matmul_bf16 matmul_bf16_desc matmul_fp8_desc flash_attention_desc; do
  python3 - "$artifacts/$kernel.nvidia.tile" "$out/$kernel.cubin" <<'PY'
import struct, sys
data = open(sys.argv[1], "rb").read()
size = struct.unpack("<I", data[8:12])[0]
open(sys.argv[2], "wb").write(data[12 + size:])
PY
  cuobjdump -sass "$out/$kernel.cubin" >"$out/$kernel.sass" 2>&1
  echo "$kernel: HGMMA instructions: $(grep -c HGMMA "$out/$kernel.sass");" \
    "$(grep -o 'HGMMA\.[0-9x]*\.F32\.BF16' "$out/$kernel.sass" | sort -u);" \
    "UTMALDG: $(grep -c UTMALDG "$out/$kernel.sass");" \
    "UTMASTG: $(grep -c UTMASTG "$out/$kernel.sass");" \
    "SYNCS: $(grep -c SYNCS "$out/$kernel.sass");" \
    "USETMAXREG: $(grep -c USETMAXREG "$out/$kernel.sass")"
done
# Fuzz cases exported here (test/Fuzz/fuzz_kernels.py --export DIR --target
# nvidia, docs/Testing.md) run there; their results come back for --import.
if [ -n "${FUZZ:-}" ] && [ -x "$FUZZ/run.sh" ]; then
  step "fuzz cases from $FUZZ"
  (cd "$FUZZ" && TILE_RUN="$root/build-rt/bin/tile-run" sh run.sh \
    >"$out/fuzz-run.log" 2>&1)
  echo "fuzz run.sh exit $?; $(find "$FUZZ/results" -name '*.bin' | wc -l) result files"
  tar -C "$FUZZ" -czf "$out/fuzz-results.tgz" results
fi

# FUZZ_ARTIFACTS=DIR FUZZ_SEED=S FUZZ_CASES=N [FUZZ_RANGE="FIRST END"]: the
# cases too large to carry. DIR holds the artifacts and digest of an export
# made here (fuzz_kernels.py --export --seed S --cases-per-kernel N); the
# same seed draws the same inputs there (the digest must match), run.sh runs
# cases FIRST..END-1 on 16 processes, and --pack brings back only results
# that differ from their inputs, in files of at most 14 MiB (fuzz-results-*).
if [ -n "${FUZZ_ARTIFACTS:-}" ]; then
  step "fuzz cases drawn here from $FUZZ_ARTIFACTS (seed $FUZZ_SEED)"
  rm -rf build-fuzz-cases
  python3 test/Fuzz/fuzz_kernels.py --examples examples --seed "$FUZZ_SEED" \
    --cases-per-kernel "$FUZZ_CASES" --export build-fuzz-cases --target nvidia \
    --device cuda --precompiled "$FUZZ_ARTIFACTS" \
    --expect-digest "$FUZZ_ARTIFACTS/digest" | tail -1 || status=1
  # shellcheck disable=SC2086
  JOBS=16 TILE_RUN="$root/build-rt/bin/tile-run" \
    sh build-fuzz-cases/run.sh ${FUZZ_RANGE:-} >"$out/fuzz-run.log" 2>&1
  echo "fuzz run.sh exit $? (cases ${FUZZ_RANGE:-all})"
  python3 test/Fuzz/fuzz_kernels.py --pack build-fuzz-cases --pack-to "$out"
fi

# Conformance cases exported here (test/Conformance/gpu_export.py --export
# DIR --target nvidia) run there; their results come back for --import.
if [ -n "${CONFORMANCE:-}" ] && [ -f "$CONFORMANCE/run.sh" ]; then
  step "conformance cases from $CONFORMANCE"
  TILE_RUN="$root/build-rt/bin/tile-run" sh "$CONFORMANCE/run.sh" \
    >"$out/conformance-run.log" 2>&1
  echo "conformance run.sh exit $?"
  tar -C "$CONFORMANCE" -czf "$out/conformance-results.tgz" results
fi

# BOUNDS=DIR: the end-to-end suite compiled with --bounds-check (run_kernels.py
# --bounds-check --compile-only --artifacts DIR), which must pass unchanged,
# and DIR/oob.tile (test/Target/CPU/bounds-check.mlir for nvidia), whose
# launch reads past its input and must fail naming the load and the offset.
if [ -n "${BOUNDS:-}" ]; then
  step "bounds-checked end-to-end suite, and a launch out of bounds"
  python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
    --target nvidia --artifacts "$BOUNDS" --device cuda 2>&1 |
    tee "$out/e2e-bounds.log" | grep -v '^PASS' || true
  grep -q " 0 failed" "$out/e2e-bounds.log" || status=1
  build-rt/bin/tile-run "$BOUNDS/oob.tile" --device cuda --kernel copy \
    --grid 2 --arg buf:f32:100:iota --arg buf:f32:128:zero --arg i32:128 \
    >"$out/oob.log" 2>&1
  echo "exit $?" >>"$out/oob.log"
  cat "$out/oob.log"
  grep -q "out of bounds: tile.load" "$out/oob.log" &&
    grep -q "exit 1" "$out/oob.log" || status=1
fi

# MATH_ULP=DIR: the math functions' error in ulps of the exact value on the
# GPU (f16, bf16, f32, f64). DIR is an export made here (test/E2E/math_ulp.py
# --bin build/bin --export DIR --target nvidia --points 100000, 21 MiB to
# carry): kernels, inputs and the exact
# references; math_ulp.py --measure runs them with tile-run and measures with
# NumPy alone. The report is $OUT/math-ulp.txt (one line per function and
# type, and math-ulp.txt.json); a case beyond its bound fails the run.
if [ -n "${MATH_ULP:-}" ]; then
  step "math functions' ulp error from $MATH_ULP"
  python3 test/E2E/math_ulp.py --measure "$MATH_ULP" --bin build-rt/bin \
    --summary "$out/math-ulp.txt" >"$out/math-ulp.log" 2>&1 || status=1
  grep -v '^PASS' "$out/math-ulp.log"
  cp "$MATH_ULP/results/tile-run.log" "$out/math-ulp-tile-run.log" 2>/dev/null
fi

if [ -n "${TTIR:-}" ]; then
  run_ttir
fi

# PROFILE=1: Nsight Compute's summary of the row kernels that trail Triton.
if [ -n "${PROFILE:-}" ]; then
  step "ncu: rms_norm and layer_norm, 16384 x 8192"
  n=$((16384 * 8192))
  ncu --clock-control none --section SpeedOfLight --section Occupancy \
    --section LaunchStats --section MemoryWorkloadAnalysis \
    build-rt/bin/tile-run "$artifacts/rms_norm.nvidia.tile" --device cuda \
    --kernel rms_norm --grid 16384 --arg buf:bf16:$n:rand=1 \
    --arg buf:bf16:8192:rand=2 --arg buf:bf16:$n:zero --arg i32:8192 \
    --arg i32:8192 --arg f32:1e-6 --warmup 0 --repeat 1 >"$out/ncu.log" 2>&1
  ncu --clock-control none --section SpeedOfLight --section Occupancy \
    build-rt/bin/tile-run "$artifacts/layer_norm.nvidia.tile" --device cuda \
    --kernel layer_norm --grid 16384 --arg buf:f32:$n:rand=1 \
    --arg buf:f32:$n:zero --arg buf:f32:8192:rand=2 --arg buf:f32:8192:rand=3 \
    --arg buf:f32:16384:zero --arg buf:f32:16384:zero --arg i32:8192 \
    --arg i32:8192 --arg f32:1e-5 --warmup 0 --repeat 1 >>"$out/ncu.log" 2>&1
  grep -E "Memory Throughput|DRAM Throughput|Duration|Achieved Occupancy|Registers Per|Theoretical Occupancy|Block Limit" "$out/ncu.log"
fi

[ -n "${VARIANTS:-}" ] && [ -z "${VARIANTS_ONLY:-}" ] && run_variants

step "benchmark against Triton and torch"
[ -n "${QUICK:-}" ] || PYTHONUNBUFFERED=1 python3 bench/h200_bench.py --artifacts "$artifacts" \
  --json "$out/bench.json" 2>&1 | tee "$out/bench.log" | grep -v Warning

# Every row's ratio to its anchors against the table of record's run
# (docs/benchmarks/h200-rows.json, the bench.json of the call that made the
# last table; BASELINE=FILE for another): a fall of more than 8% (the rows
# of two runs of one build differ by 2-5%) fails the run, so that a slower
# kernel is seen the day it lands.
baseline=${BASELINE:-docs/benchmarks/h200-rows.json}
if [ -z "${QUICK:-}" ] && [ -f "$baseline" ] && [ -f "$out/bench.json" ]; then
  step "rows against $baseline"
  python3 bench/compare_rows.py --drop 0.08 "$baseline" "$out/bench.json" |
    tee "$out/compare-rows.log" | grep -v "^ok"
  [ "${PIPESTATUS[0]}" = 0 ] || status=1
fi

exit $status
