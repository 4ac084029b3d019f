// RUN: tile-opt %s --tile-split-loops --split-input-file | FileCheck %s

// A loop of sums split between 4 programs along z: the workspace's
// pointers (counters, then each sum's partials) follow the arguments; the
// kernel's z becomes the launched z over 4, the split its remainder; the
// split runs its quarter of the iterations, the first from the loop's own
// initial value, the others from zero; each writes its partials at slot
// (x + gx * (y + gy * z)) * 4 + split and counts itself in; the last
// resets the counter, adds the partials in split order and runs the rest.
// CHECK-LABEL: tile.func @sums(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.ptr<i32>, %[[N:[^:]*]]: i32,
// CHECK-SAME: %[[COUNTERS:[^:]*]]: !tile.ptr<i32> {tile.divisibility = 16 : i32},
// CHECK-SAME: %[[TILES:[^:]*]]: !tile.ptr<i32> {tile.divisibility = 16 : i32},
// CHECK-SAME: %[[SCALARS:[^:]*]]: !tile.ptr<i32> {tile.divisibility = 16 : i32})
// CHECK-DAG: %[[Z:.*]] = tile.program_id z
// CHECK-DAG: %[[FOUR:.*]] = arith.constant 4 : i32
// CHECK: %[[KZ:.*]] = arith.divui %[[Z]], %[[FOUR]] : i32
// CHECK: %[[SPLIT:.*]] = arith.remui %[[Z]], %[[FOUR]] : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[SPLIT]], %{{.*}} : i32
// CHECK: %[[INIT:.*]] = arith.select %[[FIRST]], %{{.*}}, %{{.*}} : i32
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args({{.*}} = %{{.*}}, {{.*}} = %[[INIT]])
// CHECK-NOT: tile.split_k
// CHECK: tile.store {{.*}}, %[[LOOP]]#0 : tensor<8x4x!tile.ptr<i32>>
// CHECK: tile.store {{.*}}, %[[LOOP]]#1 : !tile.ptr<i32>
// CHECK: %[[COUNTER:.*]] = tile.addptr %[[COUNTERS]], %{{.*}} : !tile.ptr<i32>, i64
// CHECK: %[[ARRIVED:.*]] = tile.atomic_rmw add, acq_rel, gpu %[[COUNTER]], %{{.*}} : !tile.ptr<i32>
// CHECK: %[[LAST:.*]] = arith.cmpi eq, %[[ARRIVED]], %c3_i32 : i32
// CHECK: scf.if %[[LAST]] {
// CHECK:   tile.store %[[COUNTER]], %{{.*}} : !tile.ptr<i32>
// CHECK:   %[[SUMS:.*]]:2 = scf.for {{.*}} = %c1_i64{{.*}} to %c4_i64{{.*}} step %c1_i64
// CHECK:     arith.addi {{.*}} : tensor<8x4xi32>
// CHECK:     arith.addi {{.*}} : i32
// CHECK:   %[[Y:.*]] = arith.addi %[[SUMS]]#1, %[[KZ]] : i32
// CHECK:   tile.store %{{.*}}, %[[SUMS]]#0 : tensor<8x4x!tile.ptr<i32>>
// CHECK: }
// CHECK-NEXT: tile.return
tile.func @sums(%out: !tile.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %z = tile.program_id z
  %zero = arith.constant dense<0> : tensor<8x4xi32>
  %ones = arith.constant dense<1> : tensor<8x4xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%t = %zero, %s = %c7)
      -> (tensor<8x4xi32>, i32) : i32 {
    %t1 = arith.addi %t, %ones : tensor<8x4xi32>
    %s1 = arith.addi %i, %s : i32
    scf.yield %t1, %s1 : tensor<8x4xi32>, i32
  } {tile.split_k = 4 : i32}
  %y = arith.addi %r#1, %z : i32
  %p = tile.addptr %out, %y : !tile.ptr<i32>, i32
  %ps = tile.splat %p : tensor<8x4x!tile.ptr<i32>>
  tile.store %ps, %r#0 : tensor<8x4x!tile.ptr<i32>>
  tile.return
}

// -----

// A split of 1 is no split.
// CHECK-LABEL: tile.func @one(%{{[^:]*}}: !tile.ptr<f32>, %{{[^:]*}}: i32) {
// CHECK-NOT: tile.split_k
// CHECK-NOT: atomic_rmw
tile.func @one(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f0) -> (f32) : i32 {
    %s1 = arith.addf %s, %f1 : f32
    scf.yield %s1 : f32
  } {tile.split_k = 1 : i32}
  tile.store %out, %r : !tile.ptr<f32>
  tile.return
}

// -----

// A pointer the loop advances by a loop-invariant step (as Triton's matmul
// advances its A and B pointers) and nothing after it uses: each split
// starts it as many steps on as the iterations it skips.
// CHECK-LABEL: tile.func @advanced(
// CHECK: %[[STEP:.*]] = arith.extsi %arg3 : i32 to i64
// CHECK-NEXT: %[[OFFSET:.*]] = arith.muli %{{.*}}, %[[STEP]] : i64
// CHECK: %[[SPLAT:.*]] = tile.splat %[[OFFSET]] : tensor<16xi64>
// CHECK: %[[START:.*]] = tile.addptr %{{.*}}, %[[SPLAT]] : tensor<16x!tile.ptr<i32>>, tensor<16xi64>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[START]])
tile.func @advanced(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>, %n: i32,
                    %stride: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0> : tensor<16xi32>
  %r = tile.range 0 to 16 : tensor<16xi32>
  %base = tile.splat %in : tensor<16x!tile.ptr<i32>>
  %ptrs = tile.addptr %base, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %step = tile.splat %stride : tensor<16xi32>
  %sum, %end = scf.for %i = %c0 to %n step %c1
      iter_args(%acc = %zero, %p = %ptrs)
      -> (tensor<16xi32>, tensor<16x!tile.ptr<i32>>) : i32 {
    %v = tile.load %p : tensor<16x!tile.ptr<i32>>
    %next = arith.addi %acc, %v : tensor<16xi32>
    %p_next = tile.addptr %p, %step : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
    scf.yield %next, %p_next : tensor<16xi32>, tensor<16x!tile.ptr<i32>>
  } {tile.split_k = 2 : i32}
  %obase = tile.splat %out : tensor<16x!tile.ptr<i32>>
  %optrs = tile.addptr %obase, %r : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %optrs, %sum : tensor<16x!tile.ptr<i32>>
  tile.return
}
