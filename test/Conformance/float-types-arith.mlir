// subf, negf, remf and every cmpf predicate on f16, bf16 and f64 (docs/
// Semantics.md section 5: subf correctly rounded in the element type, remf
// is C fmod (exact, the dividend's sign, x % 0 and inf % y NaN), negf flips
// the sign bit only, ordered predicates are false and unordered ones true
// on a NaN, -0 == +0). The inputs hold NaN, +-inf, +-0, the smallest
// subnormal and the largest finite value (whose difference with -MAX
// overflows to -inf). Expected values derived from an independent model of
// those rules (exact rational arithmetic rounded to nearest even in the
// element type, lane by lane), not from the interpreter.

// RUN: %python %S/Inputs/values.py %t.a.f16 f16 nan 1 -0 inf 3 0x0001 -inf 5.5 65504 -65504 7.25 -7.25 0.1 1e3 0x0001 -3
// RUN: %python %S/Inputs/values.py %t.b.f16 f16 1 nan 0 inf -2 0x0001 2 -0 -65504 65504 2 2 0.3 0.75 3 -0
// RUN: tile-check %s --kernel float_ops_f16 --grid 1 --arg buf:f16:16:file=%t.a.f16 \
// RUN:   --arg buf:f16:16:file=%t.b.f16 --arg buf:f16:48:poison --arg buf:u8:224:poison \
// RUN:   --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F16
// subf | negf | remf, 16 lanes each
// F16: reference #2 (f16 x 48):
// F16-SAME: nan nan -0 nan 5 0 -inf 5.5 inf -inf 5.25 -9.25 -0.200073242 999 -3 -3
// F16-SAME: nan -1 0 -inf -3 -5.96046448e-08 inf -5.5 -65504 65504 -7.25 7.25 -0.0999755859 -1000 -5.96046448e-08 3
// F16-SAME: nan nan nan nan 1 0 nan nan 0 -0 1.25 -1.25 0.0999755859 0.25 5.96046448e-08 nan
// oeq | ogt | oge | olt | ole | one | ord | ueq | ugt | uge | ult | ule | une | uno, 16 lanes each
// F16: reference #3 (u8 x 224):
// F16-SAME: 0 0 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// F16-SAME: 0 0 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// F16-SAME: 0 0 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// F16-SAME: 0 0 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// F16-SAME: 0 0 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// F16-SAME: 0 0 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// F16-SAME: 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// F16-SAME: 1 1 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// F16-SAME: 1 1 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// F16-SAME: 1 1 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// F16-SAME: 1 1 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// F16-SAME: 1 1 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// F16-SAME: 1 1 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// F16-SAME: 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// F16: tile-check: PASS @float_ops_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.bf16 bf16 nan 1 -0 inf 3 0x0001 -inf 5.5 3.3895313892515355e38 -3.3895313892515355e38 7.25 -7.25 0.1 1e3 0x0001 -3
// RUN: %python %S/Inputs/values.py %t.b.bf16 bf16 1 nan 0 inf -2 0x0001 2 -0 -3.3895313892515355e38 3.3895313892515355e38 2 2 0.3 0.75 3 -0
// RUN: tile-check %s --kernel float_ops_bf16 --grid 1 --arg buf:bf16:16:file=%t.a.bf16 \
// RUN:   --arg buf:bf16:16:file=%t.b.bf16 --arg buf:bf16:48:poison --arg buf:u8:224:poison \
// RUN:   --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=BF16
// subf | negf | remf, 16 lanes each
// BF16: reference #2 (bf16 x 48):
// BF16-SAME: nan nan -0 nan 5 0 -inf 5.5 inf -inf 5.25 -9.25 -0.201171875 1000 -3 -3
// BF16-SAME: nan -1 0 -inf -3 -9.18354962e-41 inf -5.5 -3.38953139e+38 3.38953139e+38 -7.25 7.25 -0.100097656 -1000 -9.18354962e-41 3
// BF16-SAME: nan nan nan nan 1 0 nan nan 0 -0 1.25 -1.25 0.100097656 0.25 9.18354962e-41 nan
// oeq | ogt | oge | olt | ole | one | ord | ueq | ugt | uge | ult | ule | une | uno, 16 lanes each
// BF16: reference #3 (u8 x 224):
// BF16-SAME: 0 0 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// BF16-SAME: 0 0 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// BF16-SAME: 0 0 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// BF16-SAME: 0 0 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// BF16-SAME: 0 0 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// BF16-SAME: 0 0 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// BF16-SAME: 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// BF16-SAME: 1 1 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// BF16-SAME: 1 1 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// BF16-SAME: 1 1 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// BF16-SAME: 1 1 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// BF16-SAME: 1 1 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// BF16-SAME: 1 1 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// BF16-SAME: 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// BF16: tile-check: PASS @float_ops_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.a.f64 f64 nan 1 -0 inf 3 0x1 -inf 5.5 1.7976931348623157e308 -1.7976931348623157e308 7.25 -7.25 0.1 1e3 0x1 -3
// RUN: %python %S/Inputs/values.py %t.b.f64 f64 1 nan 0 inf -2 0x1 2 -0 -1.7976931348623157e308 1.7976931348623157e308 2 2 0.3 0.75 3 -0
// RUN: tile-check %s --kernel float_ops_f64 --grid 1 --arg buf:f64:16:file=%t.a.f64 \
// RUN:   --arg buf:f64:16:file=%t.b.f64 --arg buf:f64:48:poison --arg buf:u8:224:poison \
// RUN:   --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F64
// subf | negf | remf, 16 lanes each
// F64: reference #2 (f64 x 48):
// F64-SAME: nan nan -0 nan 5 0 -inf 5.5 inf -inf 5.25 -9.25 -0.19999999999999998 999.25 -3 -3
// F64-SAME: nan -1 0 -inf -3 -4.9406564584124654e-324 inf -5.5 -1.7976931348623157e+308 1.7976931348623157e+308 -7.25 7.25 -0.10000000000000001 -1000 -4.9406564584124654e-324 3
// F64-SAME: nan nan nan nan 1 0 nan nan 0 -0 1.25 -1.25 0.10000000000000001 0.25 4.9406564584124654e-324 nan
// oeq | ogt | oge | olt | ole | one | ord | ueq | ugt | uge | ult | ule | une | uno, 16 lanes each
// F64: reference #3 (u8 x 224):
// F64-SAME: 0 0 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// F64-SAME: 0 0 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// F64-SAME: 0 0 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// F64-SAME: 0 0 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// F64-SAME: 0 0 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// F64-SAME: 0 0 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// F64-SAME: 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1
// F64-SAME: 1 1 1 1 0 1 0 0 0 0 0 0 0 0 0 0
// F64-SAME: 1 1 0 0 1 0 0 1 1 0 1 0 0 1 0 0
// F64-SAME: 1 1 1 1 1 1 0 1 1 0 1 0 0 1 0 0
// F64-SAME: 1 1 0 0 0 0 1 0 0 1 0 1 1 0 1 1
// F64-SAME: 1 1 1 1 0 1 1 0 0 1 0 1 1 0 1 1
// F64-SAME: 1 1 0 0 1 0 1 1 1 1 1 1 1 1 1 1
// F64-SAME: 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0
// F64: tile-check: PASS @float_ops_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @float_ops_f16(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %out: !tile.ptr<f16>, %flags: !tile.ptr<i1>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %a_b = tile.splat %a : tensor<16x!tile.ptr<f16>>
  %a_p = tile.addptr %a_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %a_v = tile.load %a_p : tensor<16x!tile.ptr<f16>>
  %b_b = tile.splat %b : tensor<16x!tile.ptr<f16>>
  %b_p = tile.addptr %b_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %b_v = tile.load %b_p : tensor<16x!tile.ptr<f16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %flags_b = tile.splat %flags : tensor<16x!tile.ptr<i1>>
  %flags_p0 = tile.addptr %flags_b, %i : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  %v1 = arith.subf %a_v, %b_v : tensor<16xf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f16>>
  %v2 = arith.negf %a_v : tensor<16xf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f16>>
  %v3 = arith.remf %a_v, %b_v : tensor<16xf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f16>>
  %v4 = arith.cmpf oeq, %a_v, %b_v : tensor<16xf16>
  tile.store %flags_p0, %v4 : tensor<16x!tile.ptr<i1>>
  %v5 = arith.cmpf ogt, %a_v, %b_v : tensor<16xf16>
  %flags_p1 = tile.addptr %flags_p0, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p1, %v5 : tensor<16x!tile.ptr<i1>>
  %v6 = arith.cmpf oge, %a_v, %b_v : tensor<16xf16>
  %flags_p2 = tile.addptr %flags_p1, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p2, %v6 : tensor<16x!tile.ptr<i1>>
  %v7 = arith.cmpf olt, %a_v, %b_v : tensor<16xf16>
  %flags_p3 = tile.addptr %flags_p2, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p3, %v7 : tensor<16x!tile.ptr<i1>>
  %v8 = arith.cmpf ole, %a_v, %b_v : tensor<16xf16>
  %flags_p4 = tile.addptr %flags_p3, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p4, %v8 : tensor<16x!tile.ptr<i1>>
  %v9 = arith.cmpf one, %a_v, %b_v : tensor<16xf16>
  %flags_p5 = tile.addptr %flags_p4, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p5, %v9 : tensor<16x!tile.ptr<i1>>
  %v10 = arith.cmpf ord, %a_v, %b_v : tensor<16xf16>
  %flags_p6 = tile.addptr %flags_p5, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p6, %v10 : tensor<16x!tile.ptr<i1>>
  %v11 = arith.cmpf ueq, %a_v, %b_v : tensor<16xf16>
  %flags_p7 = tile.addptr %flags_p6, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p7, %v11 : tensor<16x!tile.ptr<i1>>
  %v12 = arith.cmpf ugt, %a_v, %b_v : tensor<16xf16>
  %flags_p8 = tile.addptr %flags_p7, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p8, %v12 : tensor<16x!tile.ptr<i1>>
  %v13 = arith.cmpf uge, %a_v, %b_v : tensor<16xf16>
  %flags_p9 = tile.addptr %flags_p8, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p9, %v13 : tensor<16x!tile.ptr<i1>>
  %v14 = arith.cmpf ult, %a_v, %b_v : tensor<16xf16>
  %flags_p10 = tile.addptr %flags_p9, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p10, %v14 : tensor<16x!tile.ptr<i1>>
  %v15 = arith.cmpf ule, %a_v, %b_v : tensor<16xf16>
  %flags_p11 = tile.addptr %flags_p10, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p11, %v15 : tensor<16x!tile.ptr<i1>>
  %v16 = arith.cmpf une, %a_v, %b_v : tensor<16xf16>
  %flags_p12 = tile.addptr %flags_p11, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p12, %v16 : tensor<16x!tile.ptr<i1>>
  %v17 = arith.cmpf uno, %a_v, %b_v : tensor<16xf16>
  %flags_p13 = tile.addptr %flags_p12, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p13, %v17 : tensor<16x!tile.ptr<i1>>
  tile.return
}

tile.func @float_ops_bf16(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %out: !tile.ptr<bf16>, %flags: !tile.ptr<i1>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %a_b = tile.splat %a : tensor<16x!tile.ptr<bf16>>
  %a_p = tile.addptr %a_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %a_v = tile.load %a_p : tensor<16x!tile.ptr<bf16>>
  %b_b = tile.splat %b : tensor<16x!tile.ptr<bf16>>
  %b_p = tile.addptr %b_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %b_v = tile.load %b_p : tensor<16x!tile.ptr<bf16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<bf16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %flags_b = tile.splat %flags : tensor<16x!tile.ptr<i1>>
  %flags_p0 = tile.addptr %flags_b, %i : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  %v1 = arith.subf %a_v, %b_v : tensor<16xbf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<bf16>>
  %v2 = arith.negf %a_v : tensor<16xbf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<bf16>>
  %v3 = arith.remf %a_v, %b_v : tensor<16xbf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<bf16>>
  %v4 = arith.cmpf oeq, %a_v, %b_v : tensor<16xbf16>
  tile.store %flags_p0, %v4 : tensor<16x!tile.ptr<i1>>
  %v5 = arith.cmpf ogt, %a_v, %b_v : tensor<16xbf16>
  %flags_p1 = tile.addptr %flags_p0, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p1, %v5 : tensor<16x!tile.ptr<i1>>
  %v6 = arith.cmpf oge, %a_v, %b_v : tensor<16xbf16>
  %flags_p2 = tile.addptr %flags_p1, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p2, %v6 : tensor<16x!tile.ptr<i1>>
  %v7 = arith.cmpf olt, %a_v, %b_v : tensor<16xbf16>
  %flags_p3 = tile.addptr %flags_p2, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p3, %v7 : tensor<16x!tile.ptr<i1>>
  %v8 = arith.cmpf ole, %a_v, %b_v : tensor<16xbf16>
  %flags_p4 = tile.addptr %flags_p3, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p4, %v8 : tensor<16x!tile.ptr<i1>>
  %v9 = arith.cmpf one, %a_v, %b_v : tensor<16xbf16>
  %flags_p5 = tile.addptr %flags_p4, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p5, %v9 : tensor<16x!tile.ptr<i1>>
  %v10 = arith.cmpf ord, %a_v, %b_v : tensor<16xbf16>
  %flags_p6 = tile.addptr %flags_p5, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p6, %v10 : tensor<16x!tile.ptr<i1>>
  %v11 = arith.cmpf ueq, %a_v, %b_v : tensor<16xbf16>
  %flags_p7 = tile.addptr %flags_p6, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p7, %v11 : tensor<16x!tile.ptr<i1>>
  %v12 = arith.cmpf ugt, %a_v, %b_v : tensor<16xbf16>
  %flags_p8 = tile.addptr %flags_p7, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p8, %v12 : tensor<16x!tile.ptr<i1>>
  %v13 = arith.cmpf uge, %a_v, %b_v : tensor<16xbf16>
  %flags_p9 = tile.addptr %flags_p8, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p9, %v13 : tensor<16x!tile.ptr<i1>>
  %v14 = arith.cmpf ult, %a_v, %b_v : tensor<16xbf16>
  %flags_p10 = tile.addptr %flags_p9, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p10, %v14 : tensor<16x!tile.ptr<i1>>
  %v15 = arith.cmpf ule, %a_v, %b_v : tensor<16xbf16>
  %flags_p11 = tile.addptr %flags_p10, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p11, %v15 : tensor<16x!tile.ptr<i1>>
  %v16 = arith.cmpf une, %a_v, %b_v : tensor<16xbf16>
  %flags_p12 = tile.addptr %flags_p11, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p12, %v16 : tensor<16x!tile.ptr<i1>>
  %v17 = arith.cmpf uno, %a_v, %b_v : tensor<16xbf16>
  %flags_p13 = tile.addptr %flags_p12, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p13, %v17 : tensor<16x!tile.ptr<i1>>
  tile.return
}

tile.func @float_ops_f64(%a: !tile.ptr<f64>, %b: !tile.ptr<f64>, %out: !tile.ptr<f64>, %flags: !tile.ptr<i1>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %a_b = tile.splat %a : tensor<16x!tile.ptr<f64>>
  %a_p = tile.addptr %a_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %a_v = tile.load %a_p : tensor<16x!tile.ptr<f64>>
  %b_b = tile.splat %b : tensor<16x!tile.ptr<f64>>
  %b_p = tile.addptr %b_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %b_v = tile.load %b_p : tensor<16x!tile.ptr<f64>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %flags_b = tile.splat %flags : tensor<16x!tile.ptr<i1>>
  %flags_p0 = tile.addptr %flags_b, %i : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  %v1 = arith.subf %a_v, %b_v : tensor<16xf64>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f64>>
  %v2 = arith.negf %a_v : tensor<16xf64>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f64>>
  %v3 = arith.remf %a_v, %b_v : tensor<16xf64>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f64>>
  %v4 = arith.cmpf oeq, %a_v, %b_v : tensor<16xf64>
  tile.store %flags_p0, %v4 : tensor<16x!tile.ptr<i1>>
  %v5 = arith.cmpf ogt, %a_v, %b_v : tensor<16xf64>
  %flags_p1 = tile.addptr %flags_p0, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p1, %v5 : tensor<16x!tile.ptr<i1>>
  %v6 = arith.cmpf oge, %a_v, %b_v : tensor<16xf64>
  %flags_p2 = tile.addptr %flags_p1, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p2, %v6 : tensor<16x!tile.ptr<i1>>
  %v7 = arith.cmpf olt, %a_v, %b_v : tensor<16xf64>
  %flags_p3 = tile.addptr %flags_p2, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p3, %v7 : tensor<16x!tile.ptr<i1>>
  %v8 = arith.cmpf ole, %a_v, %b_v : tensor<16xf64>
  %flags_p4 = tile.addptr %flags_p3, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p4, %v8 : tensor<16x!tile.ptr<i1>>
  %v9 = arith.cmpf one, %a_v, %b_v : tensor<16xf64>
  %flags_p5 = tile.addptr %flags_p4, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p5, %v9 : tensor<16x!tile.ptr<i1>>
  %v10 = arith.cmpf ord, %a_v, %b_v : tensor<16xf64>
  %flags_p6 = tile.addptr %flags_p5, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p6, %v10 : tensor<16x!tile.ptr<i1>>
  %v11 = arith.cmpf ueq, %a_v, %b_v : tensor<16xf64>
  %flags_p7 = tile.addptr %flags_p6, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p7, %v11 : tensor<16x!tile.ptr<i1>>
  %v12 = arith.cmpf ugt, %a_v, %b_v : tensor<16xf64>
  %flags_p8 = tile.addptr %flags_p7, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p8, %v12 : tensor<16x!tile.ptr<i1>>
  %v13 = arith.cmpf uge, %a_v, %b_v : tensor<16xf64>
  %flags_p9 = tile.addptr %flags_p8, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p9, %v13 : tensor<16x!tile.ptr<i1>>
  %v14 = arith.cmpf ult, %a_v, %b_v : tensor<16xf64>
  %flags_p10 = tile.addptr %flags_p9, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p10, %v14 : tensor<16x!tile.ptr<i1>>
  %v15 = arith.cmpf ule, %a_v, %b_v : tensor<16xf64>
  %flags_p11 = tile.addptr %flags_p10, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p11, %v15 : tensor<16x!tile.ptr<i1>>
  %v16 = arith.cmpf une, %a_v, %b_v : tensor<16xf64>
  %flags_p12 = tile.addptr %flags_p11, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p12, %v16 : tensor<16x!tile.ptr<i1>>
  %v17 = arith.cmpf uno, %a_v, %b_v : tensor<16xf64>
  %flags_p13 = tile.addptr %flags_p12, %step : tensor<16x!tile.ptr<i1>>, tensor<16xi32>
  tile.store %flags_p13, %v17 : tensor<16x!tile.ptr<i1>>
  tile.return
}
