// tile.clampf (with and without propagate_nan), tile.precise_divf and
// tile.precise_sqrt on f16, bf16 and f64 (docs/Semantics.md section 3:
// clampf x, lo, hi = minnumf(maxnumf(x, lo), hi), so a NaN x gives lo, a
// NaN bound is ignored, lo > hi gives hi, -0 < +0; with propagate_nan any
// NaN gives NaN; precise_* are correctly rounded in the element type, with
// IEEE's special cases: x / 0 is +-inf, 0 / 0 and inf / inf NaN, the root
// of a negative number NaN, of -0 -0). Expected values from an independent
// model (exact rationals, roots to 400 bits, rounded to nearest even in the
// element type), not from the interpreter.

// RUN: %python %S/Inputs/values.py %t.x.f16 f16 nan -0 0 2 -3 0.1 inf 0x0001
// RUN: %python %S/Inputs/values.py %t.lo.f16 f16 0 0 -0 nan -1 0.25 1 0
// RUN: %python %S/Inputs/values.py %t.hi.f16 f16 1 0 -0 1.5 nan 0.2 100 1
// RUN: %python %S/Inputs/values.py %t.n.f16 f16 1 2 1 -0 inf 0x0001 0 7
// RUN: %python %S/Inputs/values.py %t.d.f16 f16 3 3 -0 5 inf 7 0 10
// RUN: tile-check %s --kernel precise_f16 --grid 1 --arg buf:f16:8:file=%t.x.f16 \
// RUN:   --arg buf:f16:8:file=%t.lo.f16 --arg buf:f16:8:file=%t.hi.f16 --arg buf:f16:8:file=%t.n.f16 \
// RUN:   --arg buf:f16:8:file=%t.d.f16 --arg buf:f16:32:poison --print 5 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F16
// clampf | clampf propagate_nan | precise_divf n / d | precise_sqrt x
// F16: reference #5 (f16 x 32):
// F16-SAME: 0 0 -0 1.5 -1 0.199951172 100 5.96046448e-08
// F16-SAME: nan 0 -0 nan nan 0.199951172 100 5.96046448e-08
// F16-SAME: 0.333251953 0.666503906 -inf -0 nan 0 nan 0.700195312
// F16-SAME: nan -0 0 1.4140625 nan 0.316162109 inf 0.000244140625
// F16: tile-check: PASS @precise_f16 (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.bf16 bf16 nan -0 0 2 -3 0.1 inf 0x0001
// RUN: %python %S/Inputs/values.py %t.lo.bf16 bf16 0 0 -0 nan -1 0.25 1 0
// RUN: %python %S/Inputs/values.py %t.hi.bf16 bf16 1 0 -0 1.5 nan 0.2 100 1
// RUN: %python %S/Inputs/values.py %t.n.bf16 bf16 1 2 1 -0 inf 0x0001 0 7
// RUN: %python %S/Inputs/values.py %t.d.bf16 bf16 3 3 -0 5 inf 7 0 10
// RUN: tile-check %s --kernel precise_bf16 --grid 1 --arg buf:bf16:8:file=%t.x.bf16 \
// RUN:   --arg buf:bf16:8:file=%t.lo.bf16 --arg buf:bf16:8:file=%t.hi.bf16 --arg buf:bf16:8:file=%t.n.bf16 \
// RUN:   --arg buf:bf16:8:file=%t.d.bf16 --arg buf:bf16:32:poison --print 5 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BF16
// clampf | clampf propagate_nan | precise_divf n / d | precise_sqrt x
// BF16: reference #5 (bf16 x 32):
// BF16-SAME: 0 0 -0 1.5 -1 0.200195312 100 9.18354962e-41
// BF16-SAME: nan 0 -0 nan nan 0.200195312 100 9.18354962e-41
// BF16-SAME: 0.333984375 0.66796875 -inf -0 nan 0 nan 0.69921875
// BF16-SAME: nan -0 0 1.4140625 nan 0.31640625 inf 9.58206022e-21
// BF16: tile-check: PASS @precise_bf16 (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.f64 f64 nan -0 0 2 -3 0.1 inf 0x1
// RUN: %python %S/Inputs/values.py %t.lo.f64 f64 0 0 -0 nan -1 0.25 1 0
// RUN: %python %S/Inputs/values.py %t.hi.f64 f64 1 0 -0 1.5 nan 0.2 100 1
// RUN: %python %S/Inputs/values.py %t.n.f64 f64 1 2 1 -0 inf 0x1 0 7
// RUN: %python %S/Inputs/values.py %t.d.f64 f64 3 3 -0 5 inf 7 0 10
// RUN: tile-check %s --kernel precise_f64 --grid 1 --arg buf:f64:8:file=%t.x.f64 \
// RUN:   --arg buf:f64:8:file=%t.lo.f64 --arg buf:f64:8:file=%t.hi.f64 --arg buf:f64:8:file=%t.n.f64 \
// RUN:   --arg buf:f64:8:file=%t.d.f64 --arg buf:f64:32:poison --print 5 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F64
// clampf | clampf propagate_nan | precise_divf n / d | precise_sqrt x
// F64: reference #5 (f64 x 32):
// F64-SAME: 0 0 -0 1.5 -1 0.20000000000000001 100 4.9406564584124654e-324
// F64-SAME: nan 0 -0 nan nan 0.20000000000000001 100 4.9406564584124654e-324
// F64-SAME: 0.33333333333333331 0.66666666666666663 -inf -0 nan 0 nan 0.69999999999999996
// F64-SAME: nan -0 0 1.4142135623730951 nan 0.31622776601683794 inf 2.2227587494850775e-162
// F64: tile-check: PASS @precise_f64 (cpu: 6 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @precise_f16(%x: !tile.ptr<f16>, %lo: !tile.ptr<f16>, %hi: !tile.ptr<f16>, %n: !tile.ptr<f16>, %d: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<f16>>
  %lo_b = tile.splat %lo : tensor<8x!tile.ptr<f16>>
  %lo_p = tile.addptr %lo_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %lo_v = tile.load %lo_p : tensor<8x!tile.ptr<f16>>
  %hi_b = tile.splat %hi : tensor<8x!tile.ptr<f16>>
  %hi_p = tile.addptr %hi_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %hi_v = tile.load %hi_p : tensor<8x!tile.ptr<f16>>
  %n_b = tile.splat %n : tensor<8x!tile.ptr<f16>>
  %n_p = tile.addptr %n_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %n_v = tile.load %n_p : tensor<8x!tile.ptr<f16>>
  %d_b = tile.splat %d : tensor<8x!tile.ptr<f16>>
  %d_p = tile.addptr %d_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %d_v = tile.load %d_p : tensor<8x!tile.ptr<f16>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<f16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v1 = tile.clampf %x_v, %lo_v, %hi_v : tensor<8xf16>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<f16>>
  %v2 = tile.clampf %x_v, %lo_v, %hi_v propagate_nan : tensor<8xf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %out_p1, %v2 : tensor<8x!tile.ptr<f16>>
  %v3 = tile.precise_divf %n_v, %d_v : tensor<8xf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %out_p2, %v3 : tensor<8x!tile.ptr<f16>>
  %v4 = tile.precise_sqrt %x_v : tensor<8xf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %out_p3, %v4 : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @precise_bf16(%x: !tile.ptr<bf16>, %lo: !tile.ptr<bf16>, %hi: !tile.ptr<bf16>, %n: !tile.ptr<bf16>, %d: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<bf16>>
  %lo_b = tile.splat %lo : tensor<8x!tile.ptr<bf16>>
  %lo_p = tile.addptr %lo_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %lo_v = tile.load %lo_p : tensor<8x!tile.ptr<bf16>>
  %hi_b = tile.splat %hi : tensor<8x!tile.ptr<bf16>>
  %hi_p = tile.addptr %hi_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %hi_v = tile.load %hi_p : tensor<8x!tile.ptr<bf16>>
  %n_b = tile.splat %n : tensor<8x!tile.ptr<bf16>>
  %n_p = tile.addptr %n_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %n_v = tile.load %n_p : tensor<8x!tile.ptr<bf16>>
  %d_b = tile.splat %d : tensor<8x!tile.ptr<bf16>>
  %d_p = tile.addptr %d_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %d_v = tile.load %d_p : tensor<8x!tile.ptr<bf16>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<bf16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v1 = tile.clampf %x_v, %lo_v, %hi_v : tensor<8xbf16>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<bf16>>
  %v2 = tile.clampf %x_v, %lo_v, %hi_v propagate_nan : tensor<8xbf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %out_p1, %v2 : tensor<8x!tile.ptr<bf16>>
  %v3 = tile.precise_divf %n_v, %d_v : tensor<8xbf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %out_p2, %v3 : tensor<8x!tile.ptr<bf16>>
  %v4 = tile.precise_sqrt %x_v : tensor<8xbf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %out_p3, %v4 : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @precise_f64(%x: !tile.ptr<f64>, %lo: !tile.ptr<f64>, %hi: !tile.ptr<f64>, %n: !tile.ptr<f64>, %d: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<f64>>
  %lo_b = tile.splat %lo : tensor<8x!tile.ptr<f64>>
  %lo_p = tile.addptr %lo_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %lo_v = tile.load %lo_p : tensor<8x!tile.ptr<f64>>
  %hi_b = tile.splat %hi : tensor<8x!tile.ptr<f64>>
  %hi_p = tile.addptr %hi_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %hi_v = tile.load %hi_p : tensor<8x!tile.ptr<f64>>
  %n_b = tile.splat %n : tensor<8x!tile.ptr<f64>>
  %n_p = tile.addptr %n_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %n_v = tile.load %n_p : tensor<8x!tile.ptr<f64>>
  %d_b = tile.splat %d : tensor<8x!tile.ptr<f64>>
  %d_p = tile.addptr %d_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %d_v = tile.load %d_p : tensor<8x!tile.ptr<f64>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<f64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v1 = tile.clampf %x_v, %lo_v, %hi_v : tensor<8xf64>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<f64>>
  %v2 = tile.clampf %x_v, %lo_v, %hi_v propagate_nan : tensor<8xf64>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %out_p1, %v2 : tensor<8x!tile.ptr<f64>>
  %v3 = tile.precise_divf %n_v, %d_v : tensor<8xf64>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %out_p2, %v3 : tensor<8x!tile.ptr<f64>>
  %v4 = tile.precise_sqrt %x_v : tensor<8xf64>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %out_p3, %v4 : tensor<8x!tile.ptr<f64>>
  tile.return
}
