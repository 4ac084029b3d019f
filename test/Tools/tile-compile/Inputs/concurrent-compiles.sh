#!/usr/bin/env bash
# concurrent-compiles.sh CACHE OUT KERNEL... - compiles each kernel for the
# CPU eight times at once into one cache (32 processes for 4 kernels), then
# checks that every artifact equals the kernel's uncached one, that the cache
# holds one entry per kernel and no temporary file.
set -euo pipefail
cache=$1 out=$2
shift 2
mkdir -p "$out"
for kernel in "$@"; do
  name=$(basename "$kernel" .mlir)
  tile-compile "$kernel" --target=cpu --no-cache -o "$out/$name.ref.tile"
done
for copy in 1 2 3 4 5 6 7 8; do
  for kernel in "$@"; do
    echo "$kernel $copy"
  done
done | xargs -P 32 -n 2 sh -c '
  name=$(basename "$0" .mlir)
  tile-compile "$0" --target=cpu --cache-dir='"$cache"' -o '"$out"'/$name.$1.tile'
for kernel in "$@"; do
  name=$(basename "$kernel" .mlir)
  for copy in 1 2 3 4 5 6 7 8; do
    cmp "$out/$name.ref.tile" "$out/$name.$copy.tile"
  done
done
entries=$(find "$cache" -name '*.tile' | wc -l)
temporaries=$(find "$cache" -name '*.tmp-*' | wc -l)
echo "concurrent: $# kernels, $((8 * $#)) compiles, $entries entries, $temporaries temporary files, every artifact equal to its uncached one"
