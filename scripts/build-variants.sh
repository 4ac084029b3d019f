#!/usr/bin/env bash
# build-variants.sh [OUT] - artifacts of forms the compiler can make but the
# NVIDIA pipeline does not use yet, for scripts/h200.sh's VARIANTS=OUT step,
# which runs each form's end-to-end cases and benchmark rows on the H200
# before it is shipped. One directory per form, artifacts named as
# test/E2E/run_kernels.py names them:
#   skewed/  flash_attention_desc (both kernels) through tile-skew-products
#            (docs/Targets.md, "Skewed product chains")
# Needs the compiler in build/ (scripts/build.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/artifacts/variants}
bin=${TILE_BIN:-$root/build/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir -p "$out/skewed"
"$bin/tile-opt" "$root/examples/flash_attention_desc.mlir" \
  --tile-skew-products="target=nvidia chip=sm_90a" -o "$work/skewed.mlir"
"$bin/tile-compile" "$work/skewed.mlir" --target=nvidia:chip=sm_90a \
  -o "$out/skewed/flash_attention_desc.nvidia.tile"
cp "$out/skewed/flash_attention_desc.nvidia.tile" \
  "$out/skewed/flash_attention_desc_d64.nvidia.tile"
ls "$out"/*/
