#!/usr/bin/env bash
# demo.sh - the main job: installs what is missing, builds, compiles the
# softmax example for this CPU, checks it against a float64 reference on
# ragged sizes, and times it on 8192 rows of 4096 floats.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
bin="${TILE_BUILD_DIR:-$root/build}/bin"
artifact="${TILE_BUILD_DIR:-$root/build}/softmax.tile"

echo "== compile: tile-compile examples/softmax.mlir --target=cpu"
"$bin/tile-compile" "$root/examples/softmax.mlir" --target=cpu -o "$artifact"
echo "== check against a float64 reference (test/E2E/run_kernels.py -k softmax)"
/usr/bin/python3 "$root/test/E2E/run_kernels.py" --bin "$bin" \
  --examples "$root/examples" -k softmax
echo "== speed: 8192 x 4096 f32, one row per program, OMP_NUM_THREADS=${OMP_NUM_THREADS:-all cores}"
rows=8192 cols=4096
"$bin/tile-run" "$artifact" --kernel softmax --grid $rows \
  --arg buf:f32:$((rows * cols)):rand=1 --arg buf:f32:$((rows * cols)):zero \
  --arg i32:$rows --arg i32:$cols --arg i32:$cols --arg i32:$cols \
  --warmup 1 --repeat 9 --bytes $((8 * rows * cols))
