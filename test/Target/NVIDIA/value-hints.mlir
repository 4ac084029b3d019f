// REQUIRES: libdevice
// A value hint (docs/Dialect.md) reaches the access width: offsets read from
// memory and promised contiguous in runs of the whole tile and 16-byte
// aligned (as Triton's tl.max_contiguous / tl.multiple_of say) make the
// gathered load one 16-byte vector per thread; without the promise each
// element is loaded alone.
// RUN: tile-compile %s --target=nvidia --emit=asm -o - | FileCheck %s --check-prefix=HINT
// RUN: sed 's/ {tile.contiguity = array<i64: 512>, tile.divisibility = array<i64: 4>}//' %s > %t.mlir
// RUN: tile-compile %t.mlir --target=nvidia --emit=asm -o - | FileCheck %s --check-prefix=PLAIN
// HINT-COUNT-1: ld.global.v4.b32
// HINT-NOT: ld.global.v4.b32
// PLAIN-COUNT-4: ld.global.b32
tile.func @copy(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %table: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 512 : tensor<512xi32>
  %ts = tile.splat %table : tensor<512x!tile.ptr<i32>>
  %tp = tile.addptr %ts, %r : tensor<512x!tile.ptr<i32>>, tensor<512xi32>
  %offs = tile.load %tp {tile.contiguity = array<i64: 512>, tile.divisibility = array<i64: 4>} : tensor<512x!tile.ptr<i32>>
  %ss = tile.splat %src : tensor<512x!tile.ptr<f32>>
  %sp = tile.addptr %ss, %offs : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %x = tile.load %sp : tensor<512x!tile.ptr<f32>>
  %ds = tile.splat %dst : tensor<512x!tile.ptr<f32>>
  %dp = tile.addptr %ds, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  tile.store %dp, %x : tensor<512x!tile.ptr<f32>>
  tile.return
}
