// An atomic on a scalar pointer is one update, by thread 0 (and only when
// its mask holds); the old value, when used, reaches every thread through
// shared memory; unused, it stays in thread 0.
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// CHECK-LABEL: gpu.func @ticket
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %c0_i32
// CHECK: %[[OLD:.*]] = scf.if %{{.*}} -> (i32) {
// CHECK-NEXT: %[[RMW:.*]] = llvm.atomicrmw add %arg0, %{{.*}} monotonic
// CHECK-NEXT: scf.yield %[[RMW]]
// CHECK: } else {
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: scf.yield %[[ZERO]]
// CHECK: gpu.barrier
// CHECK: llvm.store %[[OLD]], %{{.*}} : i32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> i32
tile.func @ticket(%counter: !tile.ptr<i32>, %out: !tile.ptr<i32> {tile.noalias}) {
  %one = arith.constant 1 : i32
  %t = tile.atomic_rmw add, relaxed, gpu %counter, %one : !tile.ptr<i32>
  %r = tile.range 0 to 128 : tensor<128xi32>
  %ts = tile.splat %t : tensor<128xi32>
  %offs = arith.addi %ts, %r : tensor<128xi32>
  %base = tile.splat %out : tensor<128x!tile.ptr<i32>>
  %ptrs = tile.addptr %base, %offs : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  tile.store %ptrs, %r : tensor<128x!tile.ptr<i32>>
  tile.return
}

// -----

// CHECK-LABEL: gpu.func @unused
// CHECK: llvm.atomicrmw max
// CHECK-NOT: !llvm.ptr<3>
// CHECK: gpu.return
tile.func @unused(%p: !tile.ptr<i32>, %v: i32, %m: i1) {
  %old = tile.atomic_rmw max, relaxed, gpu %p, %v, %m : !tile.ptr<i32>
  tile.return
}
