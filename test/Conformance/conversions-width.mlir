// Integer width changes and float widening/narrowing on the pairs
// conversions.mlir leaves out (docs/Semantics.md section 7): trunci keeps
// the low bits, extsi copies the sign bit, extui fills with zeros; extf is
// exact, truncf rounds to nearest even once (overflow to inf, subnormals
// kept). Expected values from a two's-complement and an exact-rational
// model, lane by lane, not from the interpreter.

// RUN: %python %S/Inputs/values.py %t.i64 i64 -9223372036854775808 9223372036854775807 -1 0 1311768467463790320 -129 255 2147450881
// RUN: tile-check %s --kernel int_widths --grid 1 --arg buf:i64:8:file=%t.i64 \
// RUN:   --arg buf:i32:8:poison --arg buf:i64:16:poison --arg buf:i16:8:poison --arg buf:i64:16:poison --arg buf:i8:8:poison --arg buf:i64:16:poison --arg buf:i16:16:poison --arg buf:i16:8:poison --arg buf:i8:8:poison \
// RUN:   --print 1 --print 2 --print 3 --print 4 --print 5 --print 6 --print 7 --print 8 --print 9 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=INT
// trunci to i32 | extsi, extui back | the same through i16 | through i8 | i8 to i16 (extsi | extui) | i32 to i16 | i16 to i8
// INT: reference #1 (i32 x 8):
// INT-SAME: 0 -1 -1 0 -1698898192 -129 255 2147450881
// INT: reference #2 (i64 x 16):
// INT-SAME: 0 -1 -1 0 -1698898192 -129 255 2147450881
// INT-SAME: 0 4294967295 4294967295 0 2596069104 4294967167 255 2147450881
// INT: reference #3 (i16 x 8):
// INT-SAME: 0 -1 -1 0 -8464 -129 255 -32767
// INT: reference #4 (i64 x 16):
// INT-SAME: 0 -1 -1 0 -8464 -129 255 -32767
// INT-SAME: 0 65535 65535 0 57072 65407 255 32769
// INT: reference #5 (i8 x 8):
// INT-SAME: 0 -1 -1 0 -16 127 -1 1
// INT: reference #6 (i64 x 16):
// INT-SAME: 0 -1 -1 0 -16 127 -1 1
// INT-SAME: 0 255 255 0 240 127 255 1
// INT: reference #7 (i16 x 16):
// INT-SAME: 0 -1 -1 0 -16 127 -1 1
// INT-SAME: 0 255 255 0 240 127 255 1
// INT: reference #8 (i16 x 8):
// INT-SAME: 0 -1 -1 0 -8464 -129 255 -32767
// INT: reference #9 (i8 x 8):
// INT-SAME: 0 -1 -1 0 -16 127 -1 1
// INT: tile-check: PASS @int_widths (cpu: 10 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.f64 f64 nan -inf -0 1.00048828125 65520 1e-40 3.4028234663852886e38 1e-5
// RUN: %python %S/Inputs/values.py %t.f16 f16 nan -inf -0 65504 0x0001 0x03ff -2.5 0.1
// RUN: %python %S/Inputs/values.py %t.bf16 bf16 nan inf -0 3.3895313892515355e38 0x0001 0x007f -2.5 0.1
// RUN: tile-check %s --kernel float_widths --grid 1 --arg buf:f64:8:file=%t.f64 \
// RUN:   --arg buf:f16:8:file=%t.f16 --arg buf:bf16:8:file=%t.bf16 --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --arg buf:f64:16:poison --arg buf:f32:8:poison \
// RUN:   --print 3 --print 4 --print 5 --print 6 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=FLOAT
// truncf f64 to f16 | to bf16 | extf f16 and bf16 to f64 | bf16 to f32
// FLOAT: reference #3 (f16 x 8):
// FLOAT-SAME: nan -inf -0 1 inf 0 inf 1.00135803e-05
// FLOAT: reference #4 (bf16 x 8):
// FLOAT-SAME: nan -inf -0 1 65536 9.18354962e-41 inf 1.00135803e-05
// FLOAT: reference #5 (f64 x 16):
// FLOAT-SAME: nan -inf -0 65504 5.9604644775390625e-08 6.0975551605224609e-05 -2.5 0.0999755859375
// FLOAT-SAME: nan inf -0 3.3895313892515355e+38 9.1835496157991212e-41 1.1663108012064884e-38 -2.5 0.10009765625
// FLOAT: reference #6 (f32 x 8):
// FLOAT-SAME: nan inf -0 3.38953139e+38 9.18354962e-41 1.1663108e-38 -2.5 0.100097656
// FLOAT: tile-check: PASS @float_widths (cpu: 7 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @int_widths(%x: !tile.ptr<i64>, %t32: !tile.ptr<i32>, %e32: !tile.ptr<i64>, %t16: !tile.ptr<i16>, %e16: !tile.ptr<i64>, %t8: !tile.ptr<i8>, %e8: !tile.ptr<i64>, %n16: !tile.ptr<i16>, %m: !tile.ptr<i16>, %m8: !tile.ptr<i8>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<i64>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<i64>>
  %t32_b = tile.splat %t32 : tensor<8x!tile.ptr<i32>>
  %t32_p0 = tile.addptr %t32_b, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %v1 = arith.trunci %x_v : tensor<8xi64> to tensor<8xi32>
  tile.store %t32_p0, %v1 : tensor<8x!tile.ptr<i32>>
  %e32_b = tile.splat %e32 : tensor<8x!tile.ptr<i64>>
  %e32_p0 = tile.addptr %e32_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %v2 = arith.extsi %v1 : tensor<8xi32> to tensor<8xi64>
  tile.store %e32_p0, %v2 : tensor<8x!tile.ptr<i64>>
  %v3 = arith.extui %v1 : tensor<8xi32> to tensor<8xi64>
  %e32_p1 = tile.addptr %e32_p0, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %e32_p1, %v3 : tensor<8x!tile.ptr<i64>>
  %t16_b = tile.splat %t16 : tensor<8x!tile.ptr<i16>>
  %t16_p0 = tile.addptr %t16_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %v4 = arith.trunci %x_v : tensor<8xi64> to tensor<8xi16>
  tile.store %t16_p0, %v4 : tensor<8x!tile.ptr<i16>>
  %e16_b = tile.splat %e16 : tensor<8x!tile.ptr<i64>>
  %e16_p0 = tile.addptr %e16_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %v5 = arith.extsi %v4 : tensor<8xi16> to tensor<8xi64>
  tile.store %e16_p0, %v5 : tensor<8x!tile.ptr<i64>>
  %v6 = arith.extui %v4 : tensor<8xi16> to tensor<8xi64>
  %e16_p1 = tile.addptr %e16_p0, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %e16_p1, %v6 : tensor<8x!tile.ptr<i64>>
  %t8_b = tile.splat %t8 : tensor<8x!tile.ptr<i8>>
  %t8_p0 = tile.addptr %t8_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %v7 = arith.trunci %x_v : tensor<8xi64> to tensor<8xi8>
  tile.store %t8_p0, %v7 : tensor<8x!tile.ptr<i8>>
  %e8_b = tile.splat %e8 : tensor<8x!tile.ptr<i64>>
  %e8_p0 = tile.addptr %e8_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %v8 = arith.extsi %v7 : tensor<8xi8> to tensor<8xi64>
  tile.store %e8_p0, %v8 : tensor<8x!tile.ptr<i64>>
  %v9 = arith.extui %v7 : tensor<8xi8> to tensor<8xi64>
  %e8_p1 = tile.addptr %e8_p0, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %e8_p1, %v9 : tensor<8x!tile.ptr<i64>>
  %n16_b = tile.splat %n16 : tensor<8x!tile.ptr<i16>>
  %n16_p0 = tile.addptr %n16_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %v10 = arith.extsi %v7 : tensor<8xi8> to tensor<8xi16>
  tile.store %n16_p0, %v10 : tensor<8x!tile.ptr<i16>>
  %v11 = arith.extui %v7 : tensor<8xi8> to tensor<8xi16>
  %n16_p1 = tile.addptr %n16_p0, %step : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  tile.store %n16_p1, %v11 : tensor<8x!tile.ptr<i16>>
  %m_b = tile.splat %m : tensor<8x!tile.ptr<i16>>
  %m_p0 = tile.addptr %m_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %v12 = arith.trunci %v1 : tensor<8xi32> to tensor<8xi16>
  tile.store %m_p0, %v12 : tensor<8x!tile.ptr<i16>>
  %m8_b = tile.splat %m8 : tensor<8x!tile.ptr<i8>>
  %m8_p0 = tile.addptr %m8_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %v13 = arith.trunci %v4 : tensor<8xi16> to tensor<8xi8>
  tile.store %m8_p0, %v13 : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @float_widths(%d: !tile.ptr<f64>, %h: !tile.ptr<f16>, %b: !tile.ptr<bf16>, %nf16: !tile.ptr<f16>, %nbf16: !tile.ptr<bf16>, %w: !tile.ptr<f64>, %w32: !tile.ptr<f32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %d_b = tile.splat %d : tensor<8x!tile.ptr<f64>>
  %d_p = tile.addptr %d_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %d_v = tile.load %d_p : tensor<8x!tile.ptr<f64>>
  %h_b = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %h_p = tile.addptr %h_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %h_v = tile.load %h_p : tensor<8x!tile.ptr<f16>>
  %b_b = tile.splat %b : tensor<8x!tile.ptr<bf16>>
  %b_p = tile.addptr %b_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %b_v = tile.load %b_p : tensor<8x!tile.ptr<bf16>>
  %nf16_b = tile.splat %nf16 : tensor<8x!tile.ptr<f16>>
  %nf16_p0 = tile.addptr %nf16_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %nbf16_b = tile.splat %nbf16 : tensor<8x!tile.ptr<bf16>>
  %nbf16_p0 = tile.addptr %nbf16_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %w_b = tile.splat %w : tensor<8x!tile.ptr<f64>>
  %w_p0 = tile.addptr %w_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %w32_b = tile.splat %w32 : tensor<8x!tile.ptr<f32>>
  %w32_p0 = tile.addptr %w32_b, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v1 = arith.truncf %d_v : tensor<8xf64> to tensor<8xf16>
  tile.store %nf16_p0, %v1 : tensor<8x!tile.ptr<f16>>
  %v2 = arith.truncf %d_v : tensor<8xf64> to tensor<8xbf16>
  tile.store %nbf16_p0, %v2 : tensor<8x!tile.ptr<bf16>>
  %v3 = arith.extf %h_v : tensor<8xf16> to tensor<8xf64>
  tile.store %w_p0, %v3 : tensor<8x!tile.ptr<f64>>
  %v4 = arith.extf %b_v : tensor<8xbf16> to tensor<8xf64>
  %w_p1 = tile.addptr %w_p0, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %w_p1, %v4 : tensor<8x!tile.ptr<f64>>
  %v5 = arith.extf %b_v : tensor<8xbf16> to tensor<8xf32>
  tile.store %w32_p0, %v5 : tensor<8x!tile.ptr<f32>>
  tile.return
}
