// f64 arithmetic (docs/Semantics.md sections 5 and 6): addf, mulf, divf,
// math.sqrt and math.fma are correctly rounded in f64 (0.5 ulp), so every
// target must give the reference's bits; the expected values are the
// correctly rounded results, with IEEE special cases (inf, -0, NaN).

// RUN: %python %S/Inputs/values.py %t.a f64 0.1 1 2 -0
// RUN: %python %S/Inputs/values.py %t.b f64 0.2 3 inf 0
// RUN: tile-check %s --grid 1 --arg buf:f64:4:file=%t.a \
// RUN:   --arg buf:f64:4:file=%t.b --arg buf:f64:20:poison --print 2 \
// RUN:   | FileCheck %s
// addf | mulf | divf | sqrt(a) | fma(a, b, a), 4 lanes each.
// CHECK: reference #2 (f64 x 20):
// CHECK-SAME: 0.30000000000000004 4 inf 0
// CHECK-SAME: 0.020000000000000004 3 inf -0
// CHECK-SAME: 0.5 0.33333333333333331 0 nan
// CHECK-SAME: 0.31622776601683794 1 1.4142135623730951 -0
// CHECK-SAME: 0.12000000000000001 4 inf -0
// CHECK: cpu #2 f64 20 0 0 0 bounded ok
// CHECK: tile-check: PASS @f64ops (cpu: 3 buffers match

tile.func @f64ops(%a: !tile.ptr<f64>, %b: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %pa = tile.splat %a : tensor<4x!tile.ptr<f64>>
  %pa1 = tile.addptr %pa, %i : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %x = tile.load %pa1 : tensor<4x!tile.ptr<f64>>
  %pb = tile.splat %b : tensor<4x!tile.ptr<f64>>
  %pb1 = tile.addptr %pb, %i : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %y = tile.load %pb1 : tensor<4x!tile.ptr<f64>>
  %po = tile.splat %out : tensor<4x!tile.ptr<f64>>
  %p0 = tile.addptr %po, %i : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %p1 = tile.addptr %p0, %c4 : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %p2 = tile.addptr %p1, %c4 : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %p3 = tile.addptr %p2, %c4 : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %p4 = tile.addptr %p3, %c4 : tensor<4x!tile.ptr<f64>>, tensor<4xi32>
  %sum = arith.addf %x, %y : tensor<4xf64>
  %prod = arith.mulf %x, %y : tensor<4xf64>
  %quot = arith.divf %x, %y : tensor<4xf64>
  %root = math.sqrt %x : tensor<4xf64>
  %fma = math.fma %x, %y, %x : tensor<4xf64>
  tile.store %p0, %sum : tensor<4x!tile.ptr<f64>>
  tile.store %p1, %prod : tensor<4x!tile.ptr<f64>>
  tile.store %p2, %quot : tensor<4x!tile.ptr<f64>>
  tile.store %p3, %root : tensor<4x!tile.ptr<f64>>
  tile.store %p4, %fma : tensor<4x!tile.ptr<f64>>
  tile.return
}
