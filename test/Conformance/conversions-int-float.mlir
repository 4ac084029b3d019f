// Conversions between floats and integers on the type pairs
// conversions.mlir leaves out (docs/Semantics.md section 7): fptosi and
// fptoui from f16, bf16 and f64 to i8, i16 and i64 round toward zero and
// saturate to the integer range (NaN gives 0, fptoui of a negative value
// 0); sitofp and uitofp from i8, i16 and i64 to f16, bf16 and f64 round to
// nearest even once (i64 2^53 + 1 to f64 is a tie; i16 65535 as unsigned
// overflows f16 to inf). Unsigned results are stored in the signed type's
// bits and printed signed. Expected values from an independent model of
// those rules (exact integers rounded in the float format), not from the
// interpreter.

// RUN: %python %S/Inputs/values.py %t.f16 f16 nan inf -inf -0 0.75 -0.75 3.99 -3.99 127.5 -128.9 255.5 300 -300 40000 -40000 65504
// RUN: tile-check %s --kernel float_to_int_f16 --grid 1 --arg buf:f16:16:file=%t.f16 \
// RUN:   --arg buf:i8:32:poison --arg buf:i16:32:poison --arg buf:i64:32:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F2I-F16
// fptosi | fptoui, to i8, i16, i64
// F2I-F16: reference #1 (i8 x 32):
// F2I-F16-SAME: 0 127 -128 0 0 0 3 -3 127 -128 127 127 -128 127 -128 127
// F2I-F16-SAME: 0 -1 0 0 0 0 3 0 127 0 -1 -1 0 -1 0 -1
// F2I-F16: reference #2 (i16 x 32):
// F2I-F16-SAME: 0 32767 -32768 0 0 0 3 -3 127 -128 255 300 -300 32767 -32768 32767
// F2I-F16-SAME: 0 -1 0 0 0 0 3 0 127 0 255 300 0 -25536 0 -32
// F2I-F16: reference #3 (i64 x 32):
// F2I-F16-SAME: 0 9223372036854775807 -9223372036854775808 0 0 0 3 -3
// F2I-F16-SAME: 127 -128 255 300 -300 40000 -40000 65504
// F2I-F16-SAME: 0 -1 0 0 0 0 3 0
// F2I-F16-SAME: 127 0 255 300 0 40000 0 65504
// F2I-F16: tile-check: PASS @float_to_int_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.bf16 bf16 nan inf -inf -0 0.75 -0.75 3.99 -3.99 127.5 -128.9 255.5 300 -300 40000 -40000 1e19
// RUN: tile-check %s --kernel float_to_int_bf16 --grid 1 --arg buf:bf16:16:file=%t.bf16 \
// RUN:   --arg buf:i8:32:poison --arg buf:i16:32:poison --arg buf:i64:32:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F2I-BF16
// fptosi | fptoui, to i8, i16, i64
// F2I-BF16: reference #1 (i8 x 32):
// F2I-BF16-SAME: 0 127 -128 0 0 0 3 -3 127 -128 127 127 -128 127 -128 127
// F2I-BF16-SAME: 0 -1 0 0 0 0 3 0 127 0 -1 -1 0 -1 0 -1
// F2I-BF16: reference #2 (i16 x 32):
// F2I-BF16-SAME: 0 32767 -32768 0 0 0 3 -3 127 -129 256 300 -300 32767 -32768 32767
// F2I-BF16-SAME: 0 -1 0 0 0 0 3 0 127 0 256 300 0 -25600 0 -1
// F2I-BF16: reference #3 (i64 x 32):
// F2I-BF16-SAME: 0 9223372036854775807 -9223372036854775808 0 0 0 3 -3
// F2I-BF16-SAME: 127 -129 256 300 -300 39936 -39936 9223372036854775807
// F2I-BF16-SAME: 0 -1 0 0 0 0 3 0
// F2I-BF16-SAME: 127 0 256 300 0 39936 0 -8430738502437568512
// F2I-BF16: tile-check: PASS @float_to_int_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.f64 f64 nan inf -inf -0 0.75 -0.75 3.99 -3.99 127.5 -128.9 255.5 300 -300 40000 -40000 1e19
// RUN: tile-check %s --kernel float_to_int_f64 --grid 1 --arg buf:f64:16:file=%t.f64 \
// RUN:   --arg buf:i8:32:poison --arg buf:i16:32:poison --arg buf:i64:32:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=F2I-F64
// fptosi | fptoui, to i8, i16, i64
// F2I-F64: reference #1 (i8 x 32):
// F2I-F64-SAME: 0 127 -128 0 0 0 3 -3 127 -128 127 127 -128 127 -128 127
// F2I-F64-SAME: 0 -1 0 0 0 0 3 0 127 0 -1 -1 0 -1 0 -1
// F2I-F64: reference #2 (i16 x 32):
// F2I-F64-SAME: 0 32767 -32768 0 0 0 3 -3 127 -128 255 300 -300 32767 -32768 32767
// F2I-F64-SAME: 0 -1 0 0 0 0 3 0 127 0 255 300 0 -25536 0 -1
// F2I-F64: reference #3 (i64 x 32):
// F2I-F64-SAME: 0 9223372036854775807 -9223372036854775808 0 0 0 3 -3
// F2I-F64-SAME: 127 -128 255 300 -300 40000 -40000 9223372036854775807
// F2I-F64-SAME: 0 -1 0 0 0 0 3 0
// F2I-F64-SAME: 127 0 255 300 0 40000 0 -8446744073709551616
// F2I-F64: tile-check: PASS @float_to_int_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.i8 i8 -128 127 -1 0 1 100 -100 77
// RUN: tile-check %s --kernel int_to_float_i8 --grid 1 --arg buf:i8:8:file=%t.i8 \
// RUN:   --arg buf:f16:16:poison --arg buf:bf16:16:poison --arg buf:f64:16:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I2F-I8
// sitofp | uitofp, to f16, bf16, f64
// I2F-I8: reference #1 (f16 x 16):
// I2F-I8-SAME: -128 127 -1 0 1 100 -100 77
// I2F-I8-SAME: 128 127 255 0 1 100 156 77
// I2F-I8: reference #2 (bf16 x 16):
// I2F-I8-SAME: -128 127 -1 0 1 100 -100 77
// I2F-I8-SAME: 128 127 255 0 1 100 156 77
// I2F-I8: reference #3 (f64 x 16):
// I2F-I8-SAME: -128 127 -1 0 1 100 -100 77
// I2F-I8-SAME: 128 127 255 0 1 100 156 77
// I2F-I8: tile-check: PASS @int_to_float_i8 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.i16 i16 -32768 32767 -1 2049 2051 -4097 257 1000
// RUN: tile-check %s --kernel int_to_float_i16 --grid 1 --arg buf:i16:8:file=%t.i16 \
// RUN:   --arg buf:f16:16:poison --arg buf:bf16:16:poison --arg buf:f64:16:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I2F-I16
// sitofp | uitofp, to f16, bf16, f64
// I2F-I16: reference #1 (f16 x 16):
// I2F-I16-SAME: -32768 32768 -1 2048 2052 -4096 257 1000
// I2F-I16-SAME: 32768 32768 inf 2048 2052 61440 257 1000
// I2F-I16: reference #2 (bf16 x 16):
// I2F-I16-SAME: -32768 32768 -1 2048 2048 -4096 256 1000
// I2F-I16-SAME: 32768 32768 65536 2048 2048 61440 256 1000
// I2F-I16: reference #3 (f64 x 16):
// I2F-I16-SAME: -32768 32767 -1 2049 2051 -4097 257 1000
// I2F-I16-SAME: 32768 32767 65535 2049 2051 61439 257 1000
// I2F-I16: tile-check: PASS @int_to_float_i16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.i64 i64 -9223372036854775808 9223372036854775807 -1 9007199254740993 16777217 65519 65520 -1099511627777
// RUN: tile-check %s --kernel int_to_float_i64 --grid 1 --arg buf:i64:8:file=%t.i64 \
// RUN:   --arg buf:f16:16:poison --arg buf:bf16:16:poison --arg buf:f64:16:poison \
// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=I2F-I64
// sitofp | uitofp, to f16, bf16, f64
// I2F-I64: reference #1 (f16 x 16):
// I2F-I64-SAME: -inf inf -1 inf inf 65504 inf -inf
// I2F-I64-SAME: inf inf inf inf inf 65504 inf inf
// I2F-I64: reference #2 (bf16 x 16):
// I2F-I64-SAME: -9.22337204e+18 9.22337204e+18 -1 9.00719925e+15 16777216 65536 65536 -1.09951163e+12
// I2F-I64-SAME: 9.22337204e+18 9.22337204e+18 1.84467441e+19 9.00719925e+15 16777216 65536 65536 1.84467441e+19
// I2F-I64: reference #3 (f64 x 16):
// I2F-I64-SAME: -9.2233720368547758e+18 9.2233720368547758e+18 -1 9007199254740992 16777217 65519 65520 -1099511627777
// I2F-I64-SAME: 9.2233720368547758e+18 9.2233720368547758e+18 1.8446744073709552e+19 9007199254740992 16777217 65519 65520 1.8446742974197924e+19
// I2F-I64: tile-check: PASS @int_to_float_i64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @float_to_int_f16(%x: !tile.ptr<f16>, %o8: !tile.ptr<i8>, %o16: !tile.ptr<i16>, %o64: !tile.ptr<i64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f16>>
  %o8_b = tile.splat %o8 : tensor<16x!tile.ptr<i8>>
  %o8_p0 = tile.addptr %o8_b, %i : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %v1 = arith.fptosi %x_v : tensor<16xf16> to tensor<16xi8>
  tile.store %o8_p0, %v1 : tensor<16x!tile.ptr<i8>>
  %v2 = arith.fptoui %x_v : tensor<16xf16> to tensor<16xi8>
  %o8_p1 = tile.addptr %o8_p0, %step : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %o8_p1, %v2 : tensor<16x!tile.ptr<i8>>
  %o16_b = tile.splat %o16 : tensor<16x!tile.ptr<i16>>
  %o16_p0 = tile.addptr %o16_b, %i : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  %v3 = arith.fptosi %x_v : tensor<16xf16> to tensor<16xi16>
  tile.store %o16_p0, %v3 : tensor<16x!tile.ptr<i16>>
  %v4 = arith.fptoui %x_v : tensor<16xf16> to tensor<16xi16>
  %o16_p1 = tile.addptr %o16_p0, %step : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  tile.store %o16_p1, %v4 : tensor<16x!tile.ptr<i16>>
  %o64_b = tile.splat %o64 : tensor<16x!tile.ptr<i64>>
  %o64_p0 = tile.addptr %o64_b, %i : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %v5 = arith.fptosi %x_v : tensor<16xf16> to tensor<16xi64>
  tile.store %o64_p0, %v5 : tensor<16x!tile.ptr<i64>>
  %v6 = arith.fptoui %x_v : tensor<16xf16> to tensor<16xi64>
  %o64_p1 = tile.addptr %o64_p0, %step : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %o64_p1, %v6 : tensor<16x!tile.ptr<i64>>
  tile.return
}

tile.func @float_to_int_bf16(%x: !tile.ptr<bf16>, %o8: !tile.ptr<i8>, %o16: !tile.ptr<i16>, %o64: !tile.ptr<i64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<bf16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<bf16>>
  %o8_b = tile.splat %o8 : tensor<16x!tile.ptr<i8>>
  %o8_p0 = tile.addptr %o8_b, %i : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %v1 = arith.fptosi %x_v : tensor<16xbf16> to tensor<16xi8>
  tile.store %o8_p0, %v1 : tensor<16x!tile.ptr<i8>>
  %v2 = arith.fptoui %x_v : tensor<16xbf16> to tensor<16xi8>
  %o8_p1 = tile.addptr %o8_p0, %step : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %o8_p1, %v2 : tensor<16x!tile.ptr<i8>>
  %o16_b = tile.splat %o16 : tensor<16x!tile.ptr<i16>>
  %o16_p0 = tile.addptr %o16_b, %i : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  %v3 = arith.fptosi %x_v : tensor<16xbf16> to tensor<16xi16>
  tile.store %o16_p0, %v3 : tensor<16x!tile.ptr<i16>>
  %v4 = arith.fptoui %x_v : tensor<16xbf16> to tensor<16xi16>
  %o16_p1 = tile.addptr %o16_p0, %step : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  tile.store %o16_p1, %v4 : tensor<16x!tile.ptr<i16>>
  %o64_b = tile.splat %o64 : tensor<16x!tile.ptr<i64>>
  %o64_p0 = tile.addptr %o64_b, %i : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %v5 = arith.fptosi %x_v : tensor<16xbf16> to tensor<16xi64>
  tile.store %o64_p0, %v5 : tensor<16x!tile.ptr<i64>>
  %v6 = arith.fptoui %x_v : tensor<16xbf16> to tensor<16xi64>
  %o64_p1 = tile.addptr %o64_p0, %step : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %o64_p1, %v6 : tensor<16x!tile.ptr<i64>>
  tile.return
}

tile.func @float_to_int_f64(%x: !tile.ptr<f64>, %o8: !tile.ptr<i8>, %o16: !tile.ptr<i16>, %o64: !tile.ptr<i64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f64>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f64>>
  %o8_b = tile.splat %o8 : tensor<16x!tile.ptr<i8>>
  %o8_p0 = tile.addptr %o8_b, %i : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  %v1 = arith.fptosi %x_v : tensor<16xf64> to tensor<16xi8>
  tile.store %o8_p0, %v1 : tensor<16x!tile.ptr<i8>>
  %v2 = arith.fptoui %x_v : tensor<16xf64> to tensor<16xi8>
  %o8_p1 = tile.addptr %o8_p0, %step : tensor<16x!tile.ptr<i8>>, tensor<16xi32>
  tile.store %o8_p1, %v2 : tensor<16x!tile.ptr<i8>>
  %o16_b = tile.splat %o16 : tensor<16x!tile.ptr<i16>>
  %o16_p0 = tile.addptr %o16_b, %i : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  %v3 = arith.fptosi %x_v : tensor<16xf64> to tensor<16xi16>
  tile.store %o16_p0, %v3 : tensor<16x!tile.ptr<i16>>
  %v4 = arith.fptoui %x_v : tensor<16xf64> to tensor<16xi16>
  %o16_p1 = tile.addptr %o16_p0, %step : tensor<16x!tile.ptr<i16>>, tensor<16xi32>
  tile.store %o16_p1, %v4 : tensor<16x!tile.ptr<i16>>
  %o64_b = tile.splat %o64 : tensor<16x!tile.ptr<i64>>
  %o64_p0 = tile.addptr %o64_b, %i : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  %v5 = arith.fptosi %x_v : tensor<16xf64> to tensor<16xi64>
  tile.store %o64_p0, %v5 : tensor<16x!tile.ptr<i64>>
  %v6 = arith.fptoui %x_v : tensor<16xf64> to tensor<16xi64>
  %o64_p1 = tile.addptr %o64_p0, %step : tensor<16x!tile.ptr<i64>>, tensor<16xi32>
  tile.store %o64_p1, %v6 : tensor<16x!tile.ptr<i64>>
  tile.return
}

tile.func @int_to_float_i8(%x: !tile.ptr<i8>, %f16: !tile.ptr<f16>, %bf16: !tile.ptr<bf16>, %f64: !tile.ptr<f64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<i8>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<i8>>
  %f16_b = tile.splat %f16 : tensor<8x!tile.ptr<f16>>
  %f16_p0 = tile.addptr %f16_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v1 = arith.sitofp %x_v : tensor<8xi8> to tensor<8xf16>
  tile.store %f16_p0, %v1 : tensor<8x!tile.ptr<f16>>
  %v2 = arith.uitofp %x_v : tensor<8xi8> to tensor<8xf16>
  %f16_p1 = tile.addptr %f16_p0, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %f16_p1, %v2 : tensor<8x!tile.ptr<f16>>
  %bf16_b = tile.splat %bf16 : tensor<8x!tile.ptr<bf16>>
  %bf16_p0 = tile.addptr %bf16_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v3 = arith.sitofp %x_v : tensor<8xi8> to tensor<8xbf16>
  tile.store %bf16_p0, %v3 : tensor<8x!tile.ptr<bf16>>
  %v4 = arith.uitofp %x_v : tensor<8xi8> to tensor<8xbf16>
  %bf16_p1 = tile.addptr %bf16_p0, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %bf16_p1, %v4 : tensor<8x!tile.ptr<bf16>>
  %f64_b = tile.splat %f64 : tensor<8x!tile.ptr<f64>>
  %f64_p0 = tile.addptr %f64_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v5 = arith.sitofp %x_v : tensor<8xi8> to tensor<8xf64>
  tile.store %f64_p0, %v5 : tensor<8x!tile.ptr<f64>>
  %v6 = arith.uitofp %x_v : tensor<8xi8> to tensor<8xf64>
  %f64_p1 = tile.addptr %f64_p0, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %f64_p1, %v6 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @int_to_float_i16(%x: !tile.ptr<i16>, %f16: !tile.ptr<f16>, %bf16: !tile.ptr<bf16>, %f64: !tile.ptr<f64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<i16>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<i16>>
  %f16_b = tile.splat %f16 : tensor<8x!tile.ptr<f16>>
  %f16_p0 = tile.addptr %f16_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v1 = arith.sitofp %x_v : tensor<8xi16> to tensor<8xf16>
  tile.store %f16_p0, %v1 : tensor<8x!tile.ptr<f16>>
  %v2 = arith.uitofp %x_v : tensor<8xi16> to tensor<8xf16>
  %f16_p1 = tile.addptr %f16_p0, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %f16_p1, %v2 : tensor<8x!tile.ptr<f16>>
  %bf16_b = tile.splat %bf16 : tensor<8x!tile.ptr<bf16>>
  %bf16_p0 = tile.addptr %bf16_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v3 = arith.sitofp %x_v : tensor<8xi16> to tensor<8xbf16>
  tile.store %bf16_p0, %v3 : tensor<8x!tile.ptr<bf16>>
  %v4 = arith.uitofp %x_v : tensor<8xi16> to tensor<8xbf16>
  %bf16_p1 = tile.addptr %bf16_p0, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %bf16_p1, %v4 : tensor<8x!tile.ptr<bf16>>
  %f64_b = tile.splat %f64 : tensor<8x!tile.ptr<f64>>
  %f64_p0 = tile.addptr %f64_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v5 = arith.sitofp %x_v : tensor<8xi16> to tensor<8xf64>
  tile.store %f64_p0, %v5 : tensor<8x!tile.ptr<f64>>
  %v6 = arith.uitofp %x_v : tensor<8xi16> to tensor<8xf64>
  %f64_p1 = tile.addptr %f64_p0, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %f64_p1, %v6 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @int_to_float_i64(%x: !tile.ptr<i64>, %f16: !tile.ptr<f16>, %bf16: !tile.ptr<bf16>, %f64: !tile.ptr<f64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<i64>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<i64>>
  %f16_b = tile.splat %f16 : tensor<8x!tile.ptr<f16>>
  %f16_p0 = tile.addptr %f16_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v1 = arith.sitofp %x_v : tensor<8xi64> to tensor<8xf16>
  tile.store %f16_p0, %v1 : tensor<8x!tile.ptr<f16>>
  %v2 = arith.uitofp %x_v : tensor<8xi64> to tensor<8xf16>
  %f16_p1 = tile.addptr %f16_p0, %step : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %f16_p1, %v2 : tensor<8x!tile.ptr<f16>>
  %bf16_b = tile.splat %bf16 : tensor<8x!tile.ptr<bf16>>
  %bf16_p0 = tile.addptr %bf16_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v3 = arith.sitofp %x_v : tensor<8xi64> to tensor<8xbf16>
  tile.store %bf16_p0, %v3 : tensor<8x!tile.ptr<bf16>>
  %v4 = arith.uitofp %x_v : tensor<8xi64> to tensor<8xbf16>
  %bf16_p1 = tile.addptr %bf16_p0, %step : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %bf16_p1, %v4 : tensor<8x!tile.ptr<bf16>>
  %f64_b = tile.splat %f64 : tensor<8x!tile.ptr<f64>>
  %f64_p0 = tile.addptr %f64_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v5 = arith.sitofp %x_v : tensor<8xi64> to tensor<8xf64>
  tile.store %f64_p0, %v5 : tensor<8x!tile.ptr<f64>>
  %v6 = arith.uitofp %x_v : tensor<8xi64> to tensor<8xf64>
  %f64_p1 = tile.addptr %f64_p0, %step : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  tile.store %f64_p1, %v6 : tensor<8x!tile.ptr<f64>>
  tile.return
}
