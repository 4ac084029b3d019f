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

ls "$out"/*/
