// RUN: tile-opt %s --tile-prefetch-loads --split-input-file | FileCheck %s

// A row summed in blocks: the block's load is issued for the first
// iteration before the loop and for iteration i + 1 at the top of iteration
// i, masked off past the loop's end, its value carried into the next
// iteration.
// CHECK-LABEL: tile.func @row_sum
// CHECK-DAG:     %[[UPPER:.+]] = arith.extsi %[[N:.+]] : i32 to i64
// CHECK-DAG:     %[[STEP:.+]] = arith.extsi %[[C128:.+]] : i32 to i64
// CHECK:         %[[LB:.+]] = arith.extsi %{{.+}} : i32 to i64
// CHECK:         %[[ANY:.+]] = arith.cmpi slt, %[[LB]], %[[UPPER]] : i64
// CHECK:         %[[ANYS:.+]] = tile.splat %[[ANY]] : tensor<128xi1>
// CHECK:         %[[M0:.+]] = arith.andi %{{.+}}, %[[ANYS]]
// CHECK:         %[[FIRST:.+]] = tile.load %{{.+}}, %[[M0]], %{{.+}} cache = cg
// CHECK:         scf.for %[[IV:.+]] = %{{.+}} to %[[N]] step %[[C128]] iter_args(%[[ACC:.+]] = %{{.+}}, %[[CUR:.+]] = %[[FIRST]])
// CHECK-NEXT:      %[[NEXT:.+]] = arith.addi %[[IV]], %[[C128]] : i32
// CHECK-NEXT:      %[[IV64:.+]] = arith.extsi %[[IV]] : i32 to i64
// CHECK-NEXT:      %[[NEXT64:.+]] = arith.addi %[[IV64]], %[[STEP]] : i64
// CHECK-NEXT:      %[[VALID:.+]] = arith.cmpi slt, %[[NEXT64]], %[[UPPER]] : i64
// CHECK-NEXT:      tile.splat %[[NEXT]] : tensor<128xi32>
// CHECK:           %[[VALIDS:.+]] = tile.splat %[[VALID]] : tensor<128xi1>
// CHECK-NEXT:      %[[M:.+]] = arith.andi %{{.+}}, %[[VALIDS]]
// CHECK-NEXT:      %[[AHEAD:.+]] = tile.load %{{.+}}, %[[M]], %{{.+}} cache = cg
// CHECK-NOT:       tile.load
// CHECK:           %[[SUM:.+]] = arith.addf %[[ACC]], %[[CUR]]
// CHECK-NEXT:      scf.yield %[[SUM]], %[[AHEAD]]
tile.func @row_sum(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %range = tile.range 0 to 128 : tensor<128xi32>
  %n_s = tile.splat %n : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %sum = scf.for %start = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %start_s = tile.splat %start : tensor<128xi32>
    %cols = arith.addi %start_s, %range : tensor<128xi32>
    %inside = arith.cmpi slt, %cols, %n_s : tensor<128xi32>
    %ptrs = tile.addptr %base, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %ptrs, %inside, %zero cache = cg : tensor<128x!tile.ptr<f32>>
    %next = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %next : tensor<128xf32>
  }
  %total = tile.reduce(%sum) axis = 0 : tensor<128xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  tile.store %out, %total : !tile.ptr<f32>
  tile.return
}

// -----

// A loop that stores: a later iteration's load may read what this one
// writes (program order), so nothing moves.
// CHECK-LABEL: tile.func @stores
// CHECK:         scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// CHECK-NEXT:      tile.splat
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      tile.addptr
// CHECK-NEXT:      tile.load
// CHECK:           tile.store
tile.func @stores(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %range = tile.range 0 to 128 : tensor<128xi32>
  %xs = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %ys = tile.splat %y : tensor<128x!tile.ptr<f32>>
  scf.for %start = %c0 to %n step %c128 : i32 {
    %start_s = tile.splat %start : tensor<128xi32>
    %cols = arith.addi %start_s, %range : tensor<128xi32>
    %p = tile.addptr %xs, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %q = tile.addptr %ys, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    tile.store %q, %v : tensor<128x!tile.ptr<f32>>
  }
  tile.return
}

// A gather: the indices' load moves ahead (its pointers come from the
// induction variable), the load through them stays where it was.
// CHECK-LABEL: tile.func @gather
// CHECK:         %[[FIRST:.+]] = tile.load %{{.+}}, %{{.+}} : tensor<128x!tile.ptr<i32>>
// CHECK:         scf.for %{{.+}} iter_args(%{{.+}} = %{{.+}}, %[[CUR:.+]] = %[[FIRST]]) -> (tensor<128xf32>, tensor<128xi32>)
// CHECK:           %[[AHEAD:.+]] = tile.load %{{.+}}, %{{.+}} : tensor<128x!tile.ptr<i32>>
// CHECK:           %[[P:.+]] = tile.addptr %{{.+}}, %[[CUR]]
// CHECK-NEXT:      tile.load %[[P]] : tensor<128x!tile.ptr<f32>>
// CHECK:           scf.yield %{{.+}}, %[[AHEAD]]
tile.func @gather(%x: !tile.ptr<f32>, %idx: !tile.ptr<i32>, %out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %range = tile.range 0 to 128 : tensor<128xi32>
  %xs = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %is = tile.splat %idx : tensor<128x!tile.ptr<i32>>
  %sum = scf.for %start = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %start_s = tile.splat %start : tensor<128xi32>
    %cols = arith.addi %start_s, %range : tensor<128xi32>
    %ip = tile.addptr %is, %cols : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
    %i = tile.load %ip : tensor<128x!tile.ptr<i32>>
    %p = tile.addptr %xs, %i : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  %o = tile.splat %out : tensor<128x!tile.ptr<f32>>
  %op = tile.addptr %o, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %op, %sum : tensor<128x!tile.ptr<f32>>
  tile.return
}

// Pointers the loop carries (advanced each iteration), and a loop of one
// stage: nothing moves.
// CHECK-LABEL: tile.func @carried_pointers_and_one_stage
// CHECK:         scf.for %{{.+}} iter_args(%{{.+}} = %{{.+}}, %{{.+}} = %{{.+}}) -> (tensor<128xf32>, tensor<128x!tile.ptr<f32>>)
// CHECK-NEXT:      tile.load
// CHECK:         scf.for %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (tensor<128xf32>)
// CHECK-NEXT:      tile.splat
// CHECK-NEXT:      arith.addi
// CHECK-NEXT:      tile.addptr
// CHECK-NEXT:      tile.load
tile.func @carried_pointers_and_one_stage(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %range = tile.range 0 to 128 : tensor<128xi32>
  %xs = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %walked:2 = scf.for %start = %c0 to %n step %c128 iter_args(%acc = %zero, %ptrs = %xs) -> (tensor<128xf32>, tensor<128x!tile.ptr<f32>>) : i32 {
    %v = tile.load %ptrs : tensor<128x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<128xf32>
    %next = tile.addptr %ptrs, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    scf.yield %s, %next : tensor<128xf32>, tensor<128x!tile.ptr<f32>>
  }
  %single = scf.for %start = %c0 to %n step %c128 iter_args(%acc = %walked#0) -> (tensor<128xf32>) : i32 {
    %start_s = tile.splat %start : tensor<128xi32>
    %cols = arith.addi %start_s, %range : tensor<128xi32>
    %p = tile.addptr %xs, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %s = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  } {tile.num_stages = 1 : i32}
  %o = tile.splat %out : tensor<128x!tile.ptr<f32>>
  %op = tile.addptr %o, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %op, %single : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// Three stages: the loads run two iterations ahead (Triton's num_stages - 1).
// The first two iterations' loads are issued before the loop; iteration i
// uses the first of the two values it carries, passes the second on and
// loads for iteration i + 2, masked off past the loop's end.
// CHECK-LABEL: tile.func @two_ahead
// CHECK-DAG:     %[[UPPER:.+]] = arith.extsi %[[N:.+]] : i32 to i64
// CHECK-DAG:     %[[STEP:.+]] = arith.extsi %[[C128:.+]] : i32 to i64
// CHECK:         %[[FIRST:.+]] = tile.load
// CHECK:         %[[ONE:.+]] = arith.addi %{{.+}}, %[[C128]] : i32
// CHECK:         arith.cmpi slt, %{{.+}}, %[[UPPER]] : i64
// CHECK:         %[[SECOND:.+]] = tile.load
// CHECK:         scf.for %[[IV:.+]] = %{{.+}} to %[[N]] step %[[C128]] iter_args(%[[ACC:.+]] = %{{.+}}, %[[CUR:.+]] = %[[FIRST]], %[[NEXT:.+]] = %[[SECOND]])
// CHECK-NEXT:      %[[TWO:.+]] = arith.constant 2 : i32
// CHECK-NEXT:      %[[TWICE:.+]] = arith.muli %[[C128]], %[[TWO]] : i32
// CHECK-NEXT:      %[[WIDE2:.+]] = arith.constant 2 : i64
// CHECK-NEXT:      %[[WIDETWICE:.+]] = arith.muli %[[STEP]], %[[WIDE2]] : i64
// CHECK-NEXT:      %[[LATER:.+]] = arith.addi %[[IV]], %[[TWICE]] : i32
// CHECK-NEXT:      %[[IV64:.+]] = arith.extsi %[[IV]] : i32 to i64
// CHECK-NEXT:      %[[LATER64:.+]] = arith.addi %[[IV64]], %[[WIDETWICE]] : i64
// CHECK-NEXT:      %[[VALID:.+]] = arith.cmpi slt, %[[LATER64]], %[[UPPER]] : i64
// CHECK-NEXT:      tile.splat %[[LATER]] : tensor<128xi32>
// CHECK:           %[[AHEAD:.+]] = tile.load
// CHECK-NOT:       tile.load
// CHECK:           %[[SUM:.+]] = arith.addf %[[ACC]], %[[CUR]]
// CHECK-NEXT:      scf.yield %[[SUM]], %[[NEXT]], %[[AHEAD]]
tile.func @two_ahead(%x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32)
    attributes {num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %range = tile.range 0 to 128 : tensor<128xi32>
  %n_s = tile.splat %n : tensor<128xi32>
  %base = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %sum = scf.for %start = %c0 to %n step %c128 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %start_s = tile.splat %start : tensor<128xi32>
    %cols = arith.addi %start_s, %range : tensor<128xi32>
    %inside = arith.cmpi slt, %cols, %n_s : tensor<128xi32>
    %ptrs = tile.addptr %base, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %ptrs, %inside, %zero : tensor<128x!tile.ptr<f32>>
    %next = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %next : tensor<128xf32>
  }
  %total = tile.reduce(%sum) axis = 0 : tensor<128xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  tile.store %out, %total : !tile.ptr<f32>
  tile.return
}
