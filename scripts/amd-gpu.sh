#!/usr/bin/env bash
# amd-gpu.sh ARTIFACTS - what the AMD target needs from a machine with an AMD
# GPU and ROCm (the counterpart of h200.sh; NEVER RUN: no such machine was
# available when it was written). Builds the runtime and tile-run (no
# compiler), runs the runtime's smoke test in its hip mode on the AMDGCN
# fixture code objects, the end-to-end suite on the prebuilt artifacts with
# --device hip (same cases, references and tolerances as on the CPU), the
# conformance and fuzz cases exported here, if given, and the benchmark
# against Triton and torch (a ROCm build of both; QUICK=1 skips it). Logs go
# to $OUT (or ./amd-out).
#
# Here (with the compiler), for the device's chip (gfx90a, gfx942, gfx1100):
#   python3 test/E2E/run_kernels.py --bin build/bin --examples examples \
#       --target amd:chip=CHIP --artifacts artifacts/amd --compile-only
#   mkdir -p artifacts/amd/fixtures && cp build/lib/*-CHIP.hsaco \
#       artifacts/amd/fixtures/
#   python3 test/Conformance/gpu_export.py --export artifacts/conformance-amd \
#       --target amd:chip=CHIP --all-launches   # optional
#   python3 test/Fuzz/fuzz_kernels.py --bin build/bin --examples examples \
#       --seed 1 --cases-per-kernel 24 --export artifacts/fuzz-amd \
#       --target amd:chip=CHIP --device hip   # optional
# There:
#   HIP_CHIP=CHIP [CONFORMANCE=artifacts/conformance-amd] \
#     [FUZZ=artifacts/fuzz-amd] bash scripts/amd-gpu.sh artifacts/amd
# Here again, with the results unpacked: gpu_export.py --import DIR and
# fuzz_kernels.py --import DIR, as for the H200 (docs/Testing.md).
set -uo pipefail
artifacts=${1:?usage: amd-gpu.sh ARTIFACTS}
out=${OUT:-amd-out}
mkdir -p "$out"
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
status=0
step() { echo; echo "=== $* ($(date -u +%H:%M:%S))"; }

step "machine"
rocminfo 2>/dev/null | grep -m4 -E "Marketing Name|Name: +gfx" || true

step "build the runtime and tile-run (TILE_BUILD_COMPILER=OFF)"
cmake -G Ninja -S . -B build-rt -DTILE_BUILD_COMPILER=OFF \
  -DCMAKE_BUILD_TYPE=Release >"$out/cmake.log" 2>&1 &&
  ninja -C build-rt >>"$out/cmake.log" 2>&1 || {
  tail -30 "$out/cmake.log"
  exit 1
}
# The smoke test looks for the fixture code objects in the build's lib/.
cp "$artifacts"/fixtures/*.hsaco build-rt/lib/ 2>/dev/null ||
  echo "no fixture code objects in $artifacts/fixtures (see the header)"

step "runtime GPU smoke test (hip mode, chip ${HIP_CHIP:-gfx942})"
bash test/Runtime/gpu-smoke.sh build-rt hip:0 2>&1 | tee "$out/smoke.log" |
  tail -5
grep -q " 0 failed" "$out/smoke.log" || status=1

step "end-to-end suite on the GPU"
python3 test/E2E/run_kernels.py --bin build-rt/bin --examples examples \
  --target "amd:chip=${HIP_CHIP:-gfx942}" --artifacts "$artifacts" \
  --device hip 2>&1 | tee "$out/e2e.log" | grep -v '^PASS' || true
grep -q "0 failed" "$out/e2e.log" || status=1

if [ -n "${CONFORMANCE:-}" ] && [ -f "$CONFORMANCE/run.sh" ]; then
  step "conformance cases from $CONFORMANCE"
  TILE_RUN="$root/build-rt/bin/tile-run" sh "$CONFORMANCE/run.sh" \
    >"$out/conformance-run.log" 2>&1
  echo "conformance run.sh exit $?"
  tar -C "$CONFORMANCE" -czf "$out/conformance-results.tgz" results
fi

if [ -n "${FUZZ:-}" ] && [ -x "$FUZZ/run.sh" ]; then
  step "fuzz cases from $FUZZ"
  (cd "$FUZZ" && TILE_RUN="$root/build-rt/bin/tile-run" sh run.sh \
    >"$out/fuzz-run.log" 2>&1)
  echo "fuzz run.sh exit $?; $(find "$FUZZ/results" -name '*.bin' | wc -l) result files"
  tar -C "$FUZZ" -czf "$out/fuzz-results.tgz" results
fi

# The examples against Triton and torch on ROCm (bench/h200_bench.py launches
# ours through HIP's module API for an amd target).
if [ -z "${QUICK:-}" ]; then
  step "benchmark against Triton and torch"
  PYTHONUNBUFFERED=1 python3 bench/h200_bench.py --artifacts "$artifacts" \
    --target "amd:chip=${HIP_CHIP:-gfx942}" --json "$out/bench.json" 2>&1 |
    tee "$out/bench.log" | grep -v Warning || status=1
fi

echo
echo "amd-gpu: exit $status"
exit $status
