// Conversions (docs/Semantics.md section 7): truncf rounds to nearest even,
// keeps subnormals, overflows to inf (NaN for f8E4M3FN, which has no inf);
// tile.fp_to_fp to f8 saturates to the largest finite value and keeps NaN;
// fptosi and fptoui round toward zero and saturate, NaN gives 0; sitofp and
// uitofp round to nearest even once.

// 1 + 2^-8 | 65520 | 464 | 465 | 1e-40 | -3.7 | 3e9 | NaN
// RUN: %python %S/Inputs/values.py %t.x f32 1.00390625 65520 464 465 1e-40 -3.7 3e9 nan
// RUN: tile-check %s --kernel float_conversions --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.x --arg buf:bf16:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison --arg buf:i32:8:poison --arg buf:u8:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --print 6 \
// RUN:   | FileCheck %s --check-prefix=FLOAT
// truncf to bf16 and to f16
// FLOAT: reference #1 (bf16 x 8): 1 65536 464 464 9.18354962e-41 -3.703125 3.00312166e+09 nan
// FLOAT: reference #2 (f16 x 8): 1.00390625 inf 464 465 0 -3.69921875 inf nan
// fp_to_fp rtne to f8E4M3FN and to f8E5M2: saturating
// FLOAT: reference #3 (f8e4m3 x 8): 1 448 448 448 0 -3.75 448 nan
// FLOAT: reference #4 (f8e5m2 x 8): 1 57344 448 448 0 -3.5 57344 nan
// fptosi to i32, fptoui to i8
// FLOAT: reference #5 (i32 x 8): 1 65520 464 465 0 -3 2147483647 0
// FLOAT: reference #6 (u8 x 8): 1 255 255 255 0 0 255 0
// FLOAT: tile-check: PASS @float_conversions (cpu: 7 buffers match

// bf16 is rounded by integer code on every CPU: the same bits for a Haswell,
// which has no bf16 instructions.
// RUN: tile-check %s --kernel float_conversions --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.x --arg buf:bf16:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison --arg buf:i32:8:poison --arg buf:u8:8:poison \
// RUN:   --targets cpu:chip=haswell | FileCheck %s --check-prefix=FLOAT-HASWELL
// FLOAT-HASWELL: tile-check: PASS @float_conversions (cpu:chip=haswell: 7 buffers match)

// Inputs in range and normal convert alike.
// RUN: %python %S/Inputs/values.py %t.y f32 1.00390625 100 3.25 -0.5 2.5 255.9 7 0.75
// RUN: tile-check %s --kernel float_conversions --grid 1 \
// RUN:   --arg buf:f32:8:file=%t.y --arg buf:bf16:8:poison \
// RUN:   --arg buf:f16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison --arg buf:i32:8:poison --arg buf:u8:8:poison \
// RUN:   --targets cpu | FileCheck %s --check-prefix=FLOAT-CPU
// FLOAT-CPU: tile-check: PASS @float_conversions (cpu: 7 buffers match)

// truncf to f8E4M3FN does not saturate (overflow gives NaN); fp_to_fp rtz
// to f8E4M3FN rounds toward zero, then saturates.
// RUN: tile-check %s --kernel f8_truncf_rtz --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f8e4m3:8:poison --arg buf:f8e4m3:8:poison --print 1 \
// RUN:   --print 2 | FileCheck %s --check-prefix=F8
// F8: reference #1 (f8e4m3 x 8): 1 nan 448 nan 0 -3.75 nan nan
// F8: reference #2 (f8e4m3 x 8): 1 448 448 448 0 -3.5 448 nan
// F8: tile-check: PASS @f8_truncf_rtz (cpu: 3 buffers match

// RUN: %python %S/Inputs/values.py %t.i i32 65504 65520 70000 -70000 2049 16777217 0 -1
// RUN: tile-check %s --kernel int_conversions --grid 1 \
// RUN:   --arg buf:i32:8:file=%t.i --arg buf:f16:8:poison --arg buf:f32:8:poison \
// RUN:   --print 1 --print 2 | FileCheck %s --check-prefix=INT
// sitofp to f16, uitofp to f32
// INT: reference #1 (f16 x 8): 65504 inf inf -inf 2048 inf 0 -1
// INT: reference #2 (f32 x 8): 65504 65520 70000 4.29489741e+09 2049 16777216 0 4.2949673e+09
// INT: tile-check: PASS @int_conversions (cpu: 3 buffers match

tile.func @float_conversions(%x: !tile.ptr<f32>, %bf: !tile.ptr<bf16>,
                             %h: !tile.ptr<f16>,
                             %s4: !tile.ptr<f8E4M3FN>, %s5: !tile.ptr<f8E5M2>,
                             %si: !tile.ptr<i32>, %ui: !tile.ptr<i8>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f32>>
  %to_bf = arith.truncf %v : tensor<8xf32> to tensor<8xbf16>
  %to_h = arith.truncf %v : tensor<8xf32> to tensor<8xf16>
  %sat4 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %sat5 = tile.fp_to_fp %v, rounding = rtne : tensor<8xf32> -> tensor<8xf8E5M2>
  %to_si = arith.fptosi %v : tensor<8xf32> to tensor<8xi32>
  %to_ui = arith.fptoui %v : tensor<8xf32> to tensor<8xi8>
  %p1 = tile.splat %bf : tensor<8x!tile.ptr<bf16>>
  %q1 = tile.addptr %p1, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q1, %to_bf : tensor<8x!tile.ptr<bf16>>
  %p2 = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %q2 = tile.addptr %p2, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q2, %to_h : tensor<8x!tile.ptr<f16>>
  %p4 = tile.splat %s4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q4 = tile.addptr %p4, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q4, %sat4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %p5 = tile.splat %s5 : tensor<8x!tile.ptr<f8E5M2>>
  %q5 = tile.addptr %p5, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q5, %sat5 : tensor<8x!tile.ptr<f8E5M2>>
  %p6 = tile.splat %si : tensor<8x!tile.ptr<i32>>
  %q6 = tile.addptr %p6, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %q6, %to_si : tensor<8x!tile.ptr<i32>>
  %p7 = tile.splat %ui : tensor<8x!tile.ptr<i8>>
  %q7 = tile.addptr %p7, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %q7, %to_ui : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @f8_truncf_rtz(%x: !tile.ptr<f32>, %e4: !tile.ptr<f8E4M3FN>,
                         %z4: !tile.ptr<f8E4M3FN>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f32>>
  %to_e4 = arith.truncf %v : tensor<8xf32> to tensor<8xf8E4M3FN>
  %p = tile.splat %e4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q = tile.addptr %p, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q, %to_e4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %rtz = tile.fp_to_fp %v, rounding = rtz : tensor<8xf32> -> tensor<8xf8E4M3FN>
  %pz = tile.splat %z4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %qz = tile.addptr %pz, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %qz, %rtz : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @int_conversions(%x: !tile.ptr<i32>, %h: !tile.ptr<f16>,
                           %f: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<i32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<i32>>
  %to_h = arith.sitofp %v : tensor<8xi32> to tensor<8xf16>
  %to_f = arith.uitofp %v : tensor<8xi32> to tensor<8xf32>
  %p1 = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %p1, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q1, %to_h : tensor<8x!tile.ptr<f16>>
  %p2 = tile.splat %f : tensor<8x!tile.ptr<f32>>
  %q2 = tile.addptr %p2, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %q2, %to_f : tensor<8x!tile.ptr<f32>>
  tile.return
}
