#!/usr/bin/env bash
# build-variants.sh [OUT] - artifacts of forms the compiler can make but the
# NVIDIA pipeline does not use yet, for scripts/h200.sh's VARIANTS=OUT step,
# which runs each form's end-to-end cases and benchmark rows on the H200
# before it is shipped. One directory per form, artifacts named as
# test/E2E/run_kernels.py names them:
#   skewed/          flash_attention_desc (both kernels) through
#                    tile-skew-products (docs/Targets.md, "Skewed product
#                    chains")
#   keys128/         the same kernels at 128 keys per step
#                    (bench/variants/flash_attention_desc_keys128.mlir)
#   keys128-skewed/  both
#   persistent/      matmul_bf16_desc and matmul_bf16 with
#                    #tile.schedule<persistent, grouped = 8>
#                    (docs/Semantics.md section 1.1)
#   tma-store/       matmul_bf16_desc persistent, C by TMA stores in parts
#                    (bench/variants/matmul_bf16_desc_tma_store.mlir)
# Needs the compiler in build/ (scripts/build.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/artifacts/variants}
bin=${TILE_BIN:-$root/build/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# form SOURCE [SKEW]: the attention artifacts of SOURCE, skewed if SKEW.
attention_form() {
  local form=$1 source=$2 skew=${3:-}
  mkdir -p "$out/$form"
  if [ -n "$skew" ]; then
    "$bin/tile-opt" "$source" --tile-skew-products="target=nvidia chip=sm_90a" \
      -o "$work/$form.mlir"
    source=$work/$form.mlir
  fi
  "$bin/tile-compile" "$source" --target=nvidia:chip=sm_90a \
    -o "$out/$form/flash_attention_desc.nvidia.tile"
  cp "$out/$form/flash_attention_desc.nvidia.tile" \
    "$out/$form/flash_attention_desc_d64.nvidia.tile"
}
attention_form skewed "$root/examples/flash_attention_desc.mlir" skew
keys128=$root/bench/variants/flash_attention_desc_keys128.mlir
attention_form keys128 "$keys128"
attention_form keys128-skewed "$keys128" skew

# The matmul examples as persistent kernels in grouped order.
mkdir -p "$out/persistent"
for kernel in matmul_bf16_desc matmul_bf16; do
  python3 - "$root/examples/$kernel.mlir" "$kernel" >"$work/$kernel.mlir" <<'PY'
import pathlib, sys
sys.path.insert(0, str(pathlib.Path(sys.argv[1]).parents[1] / "test" / "E2E"))
from schedules import with_schedule
print(with_schedule(pathlib.Path(sys.argv[1]).read_text(), sys.argv[2],
                    "persistent, grouped = 8"), end="")
PY
  "$bin/tile-compile" "$work/$kernel.mlir" --target=nvidia:chip=sm_90a \
    -o "$out/persistent/$kernel.nvidia.tile"
done
# The bf16 matmul persistent, its C by TMA stores in parts.
mkdir -p "$out/tma-store"
"$bin/tile-compile" "$root/bench/variants/matmul_bf16_desc_tma_store.mlir" \
  --target=nvidia:chip=sm_90a -o "$out/tma-store/matmul_bf16_desc.nvidia.tile"
ls "$out"/*/
