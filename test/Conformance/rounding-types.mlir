// floor, ceil, trunc, round (ties away from zero), roundeven, absf,
// copysign and math.fma on f16, bf16 and f64, and arith.divf on every float
// type (docs/Semantics.md section 5: all but divf exact across targets,
// NaN and infinities kept, the sign of a zero result kept (-0.5 rounds to
// -0); fma rounds once; divf within section 6's bound, with x / 0 = +-inf).
// Expected values of the exact ops from an independent model (exact
// rationals rounded to nearest even in the element type), not from the
// interpreter; divf is compared with the interpreter within its bound.

// RUN: %python %S/Inputs/values.py %t.x.f16 f16 nan -inf -0 0.5 -0.5 1.5 2.5 -2.5 -3.75 7.5 0.49951171875 0x0001 -1 1000.5 -0.25 inf
// RUN: %python %S/Inputs/values.py %t.y.f16 f16 -1 1 1 -0 2 -3 3 0.1 -7 0.2 3 1 nan 0.001 -inf 2
// RUN: %python %S/Inputs/values.py %t.z.f16 f16 1 0 -0 0 1 -0.5 2 0.25 -1 -1.5 1 -0 1 1 3 -inf
// RUN: tile-check %s --kernel rounding_f16 --grid 1 --arg buf:f16:16:file=%t.x.f16 \
// RUN:   --arg buf:f16:16:file=%t.y.f16 --arg buf:f16:16:file=%t.z.f16 --arg buf:f16:128:poison \
// RUN:   --arg buf:f16:16:poison --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=ROUND-F16
// math.floor | math.ceil | math.trunc | math.round | math.roundeven | math.absf | copysign x, y | fma x, y, z
// ROUND-F16: reference #3 (f16 x 128):
// ROUND-F16-SAME: nan -inf -0 0 -1 1 2 -3 -4 7 0 0 -1 1000 -1 inf
// ROUND-F16-SAME: nan -inf -0 1 -0 2 3 -2 -3 8 1 1 -1 1001 -0 inf
// ROUND-F16-SAME: nan -inf -0 0 -0 1 2 -2 -3 7 0 0 -1 1000 -0 inf
// ROUND-F16-SAME: nan -inf -0 1 -1 2 3 -3 -4 8 0 0 -1 1001 -0 inf
// ROUND-F16-SAME: nan -inf -0 0 -0 2 2 -2 -4 8 0 0 -1 1000 -0 inf
// ROUND-F16-SAME: nan inf 0 0.5 0.5 1.5 2.5 2.5 3.75 7.5 0.499511719 5.96046448e-08 1 1000.5 0.25 inf
// ROUND-F16-SAME: nan inf 0 -0.5 0.5 -1.5 2.5 2.5 -3.75 7.5 0.499511719 5.96046448e-08 1 1000.5 -0.25 inf
// ROUND-F16-SAME: nan -inf -0 0 0 -5 9.5 6.10351562e-05 25.25 -0.000366210938 2.49804688 5.96046448e-08 nan 2 inf nan
// ROUND-F16: tile-check: PASS @rounding_f16 (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.bf16 bf16 nan -inf -0 0.5 -0.5 1.5 2.5 -2.5 -3.75 7.5 0.49951171875 0x0001 -1 1000.5 -0.25 inf
// RUN: %python %S/Inputs/values.py %t.y.bf16 bf16 -1 1 1 -0 2 -3 3 0.1 -7 0.2 3 1 nan 0.001 -inf 2
// RUN: %python %S/Inputs/values.py %t.z.bf16 bf16 1 0 -0 0 1 -0.5 2 0.25 -1 -1.5 1 -0 1 1 3 -inf
// RUN: tile-check %s --kernel rounding_bf16 --grid 1 --arg buf:bf16:16:file=%t.x.bf16 \
// RUN:   --arg buf:bf16:16:file=%t.y.bf16 --arg buf:bf16:16:file=%t.z.bf16 --arg buf:bf16:128:poison \
// RUN:   --arg buf:bf16:16:poison --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=ROUND-BF16
// math.floor | math.ceil | math.trunc | math.round | math.roundeven | math.absf | copysign x, y | fma x, y, z
// ROUND-BF16: reference #3 (bf16 x 128):
// ROUND-BF16-SAME: nan -inf -0 0 -1 1 2 -3 -4 7 0 0 -1 1000 -1 inf
// ROUND-BF16-SAME: nan -inf -0 1 -0 2 3 -2 -3 8 1 1 -1 1000 -0 inf
// ROUND-BF16-SAME: nan -inf -0 0 -0 1 2 -2 -3 7 0 0 -1 1000 -0 inf
// ROUND-BF16-SAME: nan -inf -0 1 -1 2 3 -3 -4 8 1 0 -1 1000 -0 inf
// ROUND-BF16-SAME: nan -inf -0 0 -0 2 2 -2 -4 8 0 0 -1 1000 -0 inf
// ROUND-BF16-SAME: nan inf 0 0.5 0.5 1.5 2.5 2.5 3.75 7.5 0.5 9.18354962e-41 1 1000 0.25 inf
// ROUND-BF16-SAME: nan inf 0 -0.5 0.5 -1.5 2.5 2.5 -3.75 7.5 0.5 9.18354962e-41 1 1000 -0.25 inf
// ROUND-BF16-SAME: nan -inf -0 0 0 -5 9.5 -0.000244140625 25.25 0.00146484375 2.5 9.18354962e-41 nan 2 inf nan
// ROUND-BF16: tile-check: PASS @rounding_bf16 (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.f64 f64 nan -inf -0 0.5 -0.5 1.5 2.5 -2.5 -3.75 7.5 0.49951171875 0x1 -1 1000.5 -0.25 inf
// RUN: %python %S/Inputs/values.py %t.y.f64 f64 -1 1 1 -0 2 -3 3 0.1 -7 0.2 3 1 nan 0.001 -inf 2
// RUN: %python %S/Inputs/values.py %t.z.f64 f64 1 0 -0 0 1 -0.5 2 0.25 -1 -1.5 1 -0 1 1 3 -inf
// RUN: tile-check %s --kernel rounding_f64 --grid 1 --arg buf:f64:16:file=%t.x.f64 \
// RUN:   --arg buf:f64:16:file=%t.y.f64 --arg buf:f64:16:file=%t.z.f64 --arg buf:f64:128:poison \
// RUN:   --arg buf:f64:16:poison --print 3 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=ROUND-F64
// math.floor | math.ceil | math.trunc | math.round | math.roundeven | math.absf | copysign x, y | fma x, y, z
// ROUND-F64: reference #3 (f64 x 128):
// ROUND-F64-SAME: nan -inf -0 0 -1 1 2 -3 -4 7 0 0 -1 1000 -1 inf
// ROUND-F64-SAME: nan -inf -0 1 -0 2 3 -2 -3 8 1 1 -1 1001 -0 inf
// ROUND-F64-SAME: nan -inf -0 0 -0 1 2 -2 -3 7 0 0 -1 1000 -0 inf
// ROUND-F64-SAME: nan -inf -0 1 -1 2 3 -3 -4 8 0 0 -1 1001 -0 inf
// ROUND-F64-SAME: nan -inf -0 0 -0 2 2 -2 -4 8 0 0 -1 1000 -0 inf
// ROUND-F64-SAME: nan inf 0 0.5 0.5 1.5 2.5 2.5 3.75 7.5 0.49951171875 4.9406564584124654e-324 1 1000.5 0.25 inf
// ROUND-F64-SAME: nan inf 0 -0.5 0.5 -1.5 2.5 2.5 -3.75 7.5 0.49951171875 4.9406564584124654e-324 1 1000.5 -0.25 inf
// ROUND-F64-SAME: nan -inf -0 0 0 -5 9.5 -1.3877787807814457e-17 25.25 8.3266726846886741e-17 2.49853515625 4.9406564584124654e-324 nan 2.0005000000000002 inf nan
// ROUND-F64: tile-check: PASS @rounding_f64 (cpu: 5 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: tile-check %s --kernel divf_f32 --grid 1 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=4 \
// RUN:   --arg buf:f32:16:poison --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DIVF
// DIVF: tile-check: PASS @divf_f32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @rounding_f16(%x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %z: !tile.ptr<f16>, %out: !tile.ptr<f16>, %quot: !tile.ptr<f16>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f16>>
  %y_b = tile.splat %y : tensor<16x!tile.ptr<f16>>
  %y_p = tile.addptr %y_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %y_v = tile.load %y_p : tensor<16x!tile.ptr<f16>>
  %z_b = tile.splat %z : tensor<16x!tile.ptr<f16>>
  %z_p = tile.addptr %z_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %z_v = tile.load %z_p : tensor<16x!tile.ptr<f16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %quot_b = tile.splat %quot : tensor<16x!tile.ptr<f16>>
  %quot_p0 = tile.addptr %quot_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %v1 = math.floor %x_v : tensor<16xf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f16>>
  %v2 = math.ceil %x_v : tensor<16xf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f16>>
  %v3 = math.trunc %x_v : tensor<16xf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f16>>
  %v4 = math.round %x_v : tensor<16xf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<f16>>
  %v5 = math.roundeven %x_v : tensor<16xf16>
  %out_p4 = tile.addptr %out_p3, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p4, %v5 : tensor<16x!tile.ptr<f16>>
  %v6 = math.absf %x_v : tensor<16xf16>
  %out_p5 = tile.addptr %out_p4, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p5, %v6 : tensor<16x!tile.ptr<f16>>
  %v7 = math.copysign %x_v, %y_v : tensor<16xf16>
  %out_p6 = tile.addptr %out_p5, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p6, %v7 : tensor<16x!tile.ptr<f16>>
  %v8 = math.fma %x_v, %y_v, %z_v : tensor<16xf16>
  %out_p7 = tile.addptr %out_p6, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p7, %v8 : tensor<16x!tile.ptr<f16>>
  %v9 = arith.divf %x_v, %y_v : tensor<16xf16>
  tile.store %quot_p0, %v9 : tensor<16x!tile.ptr<f16>>
  tile.return
}

tile.func @rounding_bf16(%x: !tile.ptr<bf16>, %y: !tile.ptr<bf16>, %z: !tile.ptr<bf16>, %out: !tile.ptr<bf16>, %quot: !tile.ptr<bf16>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<bf16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<bf16>>
  %y_b = tile.splat %y : tensor<16x!tile.ptr<bf16>>
  %y_p = tile.addptr %y_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %y_v = tile.load %y_p : tensor<16x!tile.ptr<bf16>>
  %z_b = tile.splat %z : tensor<16x!tile.ptr<bf16>>
  %z_p = tile.addptr %z_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %z_v = tile.load %z_p : tensor<16x!tile.ptr<bf16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<bf16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %quot_b = tile.splat %quot : tensor<16x!tile.ptr<bf16>>
  %quot_p0 = tile.addptr %quot_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %v1 = math.floor %x_v : tensor<16xbf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<bf16>>
  %v2 = math.ceil %x_v : tensor<16xbf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<bf16>>
  %v3 = math.trunc %x_v : tensor<16xbf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<bf16>>
  %v4 = math.round %x_v : tensor<16xbf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<bf16>>
  %v5 = math.roundeven %x_v : tensor<16xbf16>
  %out_p4 = tile.addptr %out_p3, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p4, %v5 : tensor<16x!tile.ptr<bf16>>
  %v6 = math.absf %x_v : tensor<16xbf16>
  %out_p5 = tile.addptr %out_p4, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p5, %v6 : tensor<16x!tile.ptr<bf16>>
  %v7 = math.copysign %x_v, %y_v : tensor<16xbf16>
  %out_p6 = tile.addptr %out_p5, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p6, %v7 : tensor<16x!tile.ptr<bf16>>
  %v8 = math.fma %x_v, %y_v, %z_v : tensor<16xbf16>
  %out_p7 = tile.addptr %out_p6, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p7, %v8 : tensor<16x!tile.ptr<bf16>>
  %v9 = arith.divf %x_v, %y_v : tensor<16xbf16>
  tile.store %quot_p0, %v9 : tensor<16x!tile.ptr<bf16>>
  tile.return
}

tile.func @rounding_f64(%x: !tile.ptr<f64>, %y: !tile.ptr<f64>, %z: !tile.ptr<f64>, %out: !tile.ptr<f64>, %quot: !tile.ptr<f64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f64>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f64>>
  %y_b = tile.splat %y : tensor<16x!tile.ptr<f64>>
  %y_p = tile.addptr %y_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %y_v = tile.load %y_p : tensor<16x!tile.ptr<f64>>
  %z_b = tile.splat %z : tensor<16x!tile.ptr<f64>>
  %z_p = tile.addptr %z_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %z_v = tile.load %z_p : tensor<16x!tile.ptr<f64>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %quot_b = tile.splat %quot : tensor<16x!tile.ptr<f64>>
  %quot_p0 = tile.addptr %quot_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %v1 = math.floor %x_v : tensor<16xf64>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f64>>
  %v2 = math.ceil %x_v : tensor<16xf64>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f64>>
  %v3 = math.trunc %x_v : tensor<16xf64>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f64>>
  %v4 = math.round %x_v : tensor<16xf64>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<f64>>
  %v5 = math.roundeven %x_v : tensor<16xf64>
  %out_p4 = tile.addptr %out_p3, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p4, %v5 : tensor<16x!tile.ptr<f64>>
  %v6 = math.absf %x_v : tensor<16xf64>
  %out_p5 = tile.addptr %out_p4, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p5, %v6 : tensor<16x!tile.ptr<f64>>
  %v7 = math.copysign %x_v, %y_v : tensor<16xf64>
  %out_p6 = tile.addptr %out_p5, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p6, %v7 : tensor<16x!tile.ptr<f64>>
  %v8 = math.fma %x_v, %y_v, %z_v : tensor<16xf64>
  %out_p7 = tile.addptr %out_p6, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p7, %v8 : tensor<16x!tile.ptr<f64>>
  %v9 = arith.divf %x_v, %y_v : tensor<16xf64>
  tile.store %quot_p0, %v9 : tensor<16x!tile.ptr<f64>>
  tile.return
}

tile.func @divf_f32(%a: !tile.ptr<f32>, %b: !tile.ptr<f32>, %q: !tile.ptr<f32>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %a_b = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %a_p = tile.addptr %a_b, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %a_v = tile.load %a_p : tensor<16x!tile.ptr<f32>>
  %b_b = tile.splat %b : tensor<16x!tile.ptr<f32>>
  %b_p = tile.addptr %b_b, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %b_v = tile.load %b_p : tensor<16x!tile.ptr<f32>>
  %q_b = tile.splat %q : tensor<16x!tile.ptr<f32>>
  %q_p0 = tile.addptr %q_b, %i : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v1 = arith.divf %a_v, %b_v : tensor<16xf32>
  tile.store %q_p0, %v1 : tensor<16x!tile.ptr<f32>>
  tile.return
}
