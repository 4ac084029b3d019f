// A target name in `tile.alternative_targets` that no registered target has
// is an error on every target, not an alternative dropped without a word.
// RUN: not tile-compile %s --target=cpu -o %t.tile 2>&1 | FileCheck %s
// RUN: not tile-compile %s --target=nvidia --emit=llvm-dialect -o - 2>&1 \
// RUN:   | FileCheck %s
// CHECK: error: 'tile.alternative_targets' names 'cpus', which is not a target (registered: amd, cpu, nvidia)
// CHECK-NOT: error
tile.func @copy(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %xb = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %xp : tensor<16x!tile.ptr<f32>>
  %yb = tile.splat %y : tensor<16x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %yp, %v : tensor<16x!tile.ptr<f32>>
  tile.return
}
tile.func @copy_cpu(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>)
    attributes {tile.alternative_of = @copy, tile.alternative_targets = ["cpus"]} {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %xb = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %xp : tensor<16x!tile.ptr<f32>>
  %yb = tile.splat %y : tensor<16x!tile.ptr<f32>>
  %yp = tile.addptr %yb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %yp, %v : tensor<16x!tile.ptr<f32>>
  tile.return
}
