// RUN: tile-opt %s --split-input-file --tile-insert-bounds-checks | FileCheck %s --enable-var-scope
// RUN: tile-opt %s --split-input-file --tile-insert-bounds-checks 2>&1 >/dev/null | FileCheck %s --check-prefix=WARN

// A tile load: the kernel takes the extent of its one pointer argument; the
// offsets of the active lanes are compared with it, the program reports the
// first bad one and asserts, and the load's mask gains the check.
// CHECK-LABEL: tile.func @load
// CHECK-SAME: (%[[P:.*]]: !tile.ptr<f32>, %[[N:.*]]: i32, %[[EXTENT:.*]]: i64)
// CHECK-SAME: attributes {tile.bounds_checked = 1 : i32}
// CHECK: %[[PTRS:.*]] = tile.addptr
// CHECK: %[[ADDR:.*]] = tile.ptr_to_int %[[PTRS]] : tensor<8x!tile.ptr<f32>> -> tensor<8xi64>
// CHECK: %[[BASE:.*]] = tile.ptr_to_int %[[P]] : !tile.ptr<f32> -> i64
// CHECK: %[[OFF:.*]] = arith.subi %[[ADDR]]
// CHECK: %[[LAST:.*]] = arith.subi %[[EXTENT]], %c4_i64
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[OFF]]
// CHECK: %[[LE:.*]] = arith.cmpi sle, %[[OFF]]
// CHECK: %[[IN:.*]] = arith.andi %[[GE]], %[[LE]] : tensor<8xi1>
// CHECK: %[[OFFMASK:.*]] = arith.xori %[[MASK:.*]], %cst
// CHECK: %[[OK:.*]] = arith.ori %[[IN]], %[[OFFMASK]] : tensor<8xi1>
// CHECK: %[[ALL:.*]] = tile.reduce(%[[OK]]) axis = 0
// CHECK: arith.andi
// CHECK: scf.if
// CHECK: tile.reduce
// CHECK: arith.minsi
// CHECK: tile.print "out of bounds: tile.load at {{.*}}insert-bounds-checks.mlir:[[# @LINE + 10]]:8: byte offset "
// CHECK: tile.assert %[[ALL]], "out-of-bounds access: tile.load at {{.*}}insert-bounds-checks.mlir:[[# @LINE + 9]]:8" : i1
// CHECK: %[[NEWMASK:.*]] = arith.andi %[[MASK]], %[[IN]] : tensor<8xi1>
// CHECK: tile.load %[[PTRS]], %[[NEWMASK]] : tensor<8x!tile.ptr<f32>>
tile.func @load(%p: !tile.ptr<f32>, %n: i32) {
  %r = tile.range 0 to 8 : tensor<8xi32>
  %ns = tile.splat %n : tensor<8xi32>
  %mask = arith.cmpi slt, %r, %ns : tensor<8xi32>
  %b = tile.splat %p : tensor<8x!tile.ptr<f32>>
  %ptrs = tile.addptr %b, %r : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %ptrs, %mask : tensor<8x!tile.ptr<f32>>
  tile.return
}

// -----

// Two pointer arguments: one extent each, after the kernel's arguments, in
// order; each access is checked against its own argument's.
// CHECK-LABEL: tile.func @two
// CHECK-SAME: (%[[A:.*]]: !tile.ptr<i8>, %[[K:.*]]: i32, %[[B:.*]]: !tile.ptr<i64>, %[[EA:.*]]: i64, %[[EB:.*]]: i64)
// CHECK: tile.ptr_to_int %[[A]]
// CHECK: arith.subi %[[EA]], %c1_i64
// CHECK: tile.assert
// CHECK: tile.ptr_to_int %[[B]]
// CHECK: arith.subi %[[EB]], %c8_i64
// CHECK: tile.assert
tile.func @two(%a: !tile.ptr<i8>, %k: i32, %b: !tile.ptr<i64>) {
  %pa = tile.addptr %a, %k : !tile.ptr<i8>, i32
  %x = tile.load %pa : !tile.ptr<i8>
  %y = arith.extsi %x : i8 to i64
  %pb = tile.addptr %b, %k : !tile.ptr<i64>, i32
  tile.store %pb, %y : !tile.ptr<i64>
  tile.return
}

// -----

// The pass runs once: a checked kernel is left alone.
// CHECK-LABEL: tile.func @checked
// CHECK-SAME: (%{{.*}}: !tile.ptr<f32>, %{{.*}}: i64)
// CHECK-NOT: tile.assert
tile.func @checked(%p: !tile.ptr<f32>, %e: i64) attributes {tile.bounds_checked = 1 : i32} {
  %v = tile.load %p : !tile.ptr<f32>
  tile.return
}

// -----

// A pointer of unknown provenance (here loaded from memory) is left
// unchecked, with a warning; the load of the argument itself is checked.
// WARN: insert-bounds-checks.mlir:[[# @LINE + 8]]:8: warning: not bounds-checked: its pointers come from no pointer argument of the kernel
// CHECK-LABEL: tile.func @unknown
// CHECK: tile.assert
// CHECK: %[[Q:.*]] = tile.load
// CHECK-NOT: tile.assert
// CHECK: tile.load %[[Q]] : !tile.ptr<f32>
tile.func @unknown(%p: !tile.ptr<!tile.ptr<f32>>) {
  %q = tile.load %p : !tile.ptr<!tile.ptr<f32>>
  %v = tile.load %q : !tile.ptr<f32>
  tile.return
}
