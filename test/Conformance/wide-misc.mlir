// The op-by-type pairs no other file has: tile.histogram of i64 values into
// i64 counts and of i32 values into i64 counts; tile.mulhiui on i64
// (section 3: the high 64 bits of the unsigned 128-bit product);
// mulsi_extended and mului_extended on i8, i16 and i64 (section 4: the full
// 2N-bit product in two halves); select on f16, bf16, f64 and f8E4M3FN (bits
// moved unchanged); asinh, acosh, atanh and cbrt on f16, bf16 and f64
// (section 6: Annex F special values exact, finite values within 1 ulp of
// the type for f16 and bf16 and 4 ulp for f64, tile-check's element bounds).
// Expected values from a model (counts, exact products, mpmath at 200 bits
// rounded once to the type), not from the interpreter; the f64 finite math
// values are compared with the interpreter within their bound only (the
// host's cbrt(27) is 3.0000000000000004, one ulp off and within it).

// RUN: %python %S/Inputs/values.py %t.h i64 -1 0 1 1 3 1099511627776 2 0
// RUN: %python %S/Inputs/values.py %t.h32 i32 -1 0 1 1 3 100 2 0
// RUN: %python %S/Inputs/values.py %t.a i64 -1 9223372036854775808 3 4294967301 81985529216486895 -2 1 7
// RUN: %python %S/Inputs/values.py %t.b i64 -1 2 -1 4294967303 1147797409030816545 -3 1 4611686018427387904
// RUN: tile-check %s --kernel wide_ints --grid 1 --arg buf:i64:8:file=%t.h --arg buf:i32:8:file=%t.h32 \
// RUN:   --arg buf:i64:8:file=%t.a --arg buf:i64:8:file=%t.b --arg buf:i64:4:zero --arg buf:i64:4:zero \
// RUN:   --arg buf:i64:8:poison --print 4 --print 5 --print 6 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=INT
// histogram of i64 values (2^40 out of range) | of i32 values | mulhiui
// INT: reference #4 (i64 x 4):
// INT-SAME: 2 2 1 1
// INT: reference #5 (i64 x 4):
// INT-SAME: 2 2 1 1
// INT: reference #6 (i64 x 8):
// INT-SAME: -2 1 2 1 5101321817914740 -5 0 1
// INT: tile-check: PASS @wide_ints (cpu: 7 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.f16 f16 nan -0 1 -2 0.5 inf -3 4
// RUN: %python %S/Inputs/values.py %t.y.f16 f16 5 6 -0 nan -7 8 0.25 -inf
// RUN: %python %S/Inputs/values.py %t.c.f16 u8 1 0 1 0 1 1 0 0
// RUN: tile-check %s --kernel select_f16 --grid 1 --arg buf:u8:8:file=%t.c.f16 \
// RUN:   --arg buf:f16:8:file=%t.x.f16 --arg buf:f16:8:file=%t.y.f16 --arg buf:f16:8:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SEL-F16
// SEL-F16: reference #3 (f16 x 8): nan 6 1 nan 0.5 inf 0.25 -inf
// SEL-F16: tile-check: PASS @select_f16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.bf16 bf16 nan -0 1 -2 0.5 inf -3 4
// RUN: %python %S/Inputs/values.py %t.y.bf16 bf16 5 6 -0 nan -7 8 0.25 -inf
// RUN: %python %S/Inputs/values.py %t.c.bf16 u8 1 0 1 0 1 1 0 0
// RUN: tile-check %s --kernel select_bf16 --grid 1 --arg buf:u8:8:file=%t.c.bf16 \
// RUN:   --arg buf:bf16:8:file=%t.x.bf16 --arg buf:bf16:8:file=%t.y.bf16 --arg buf:bf16:8:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SEL-BF16
// SEL-BF16: reference #3 (bf16 x 8): nan 6 1 nan 0.5 inf 0.25 -inf
// SEL-BF16: tile-check: PASS @select_bf16 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.f64 f64 nan -0 1 -2 0.5 inf -3 4
// RUN: %python %S/Inputs/values.py %t.y.f64 f64 5 6 -0 nan -7 8 0.25 -inf
// RUN: %python %S/Inputs/values.py %t.c.f64 u8 1 0 1 0 1 1 0 0
// RUN: tile-check %s --kernel select_f64 --grid 1 --arg buf:u8:8:file=%t.c.f64 \
// RUN:   --arg buf:f64:8:file=%t.x.f64 --arg buf:f64:8:file=%t.y.f64 --arg buf:f64:8:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SEL-F64
// SEL-F64: reference #3 (f64 x 8): nan 6 1 nan 0.5 inf 0.25 -inf
// SEL-F64: tile-check: PASS @select_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.x.f8e4m3fn f8e4m3 nan -0 1 -2 0.5 448 -3 4
// RUN: %python %S/Inputs/values.py %t.y.f8e4m3fn f8e4m3 5 6 -0 nan -7 8 0.25 -448
// RUN: %python %S/Inputs/values.py %t.c.f8e4m3fn u8 1 0 1 0 1 1 0 0
// RUN: tile-check %s --kernel select_f8e4m3fn --grid 1 --arg buf:u8:8:file=%t.c.f8e4m3fn \
// RUN:   --arg buf:f8e4m3:8:file=%t.x.f8e4m3fn --arg buf:f8e4m3:8:file=%t.y.f8e4m3fn --arg buf:f8e4m3:8:poison \
// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=SEL-F8E4M3
// SEL-F8E4M3: reference #3 (f8e4m3 x 8): nan 6 1 nan 0.5 448 0.25 -448
// SEL-F8E4M3: tile-check: PASS @select_f8e4m3fn (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.inv.f16 f16 nan -0 0 inf -inf 1 -1 0.5 -0.5 2 -8 27 0.125 10 0.9375 3
// RUN: tile-check %s --kernel inverse_f16 --grid 1 --arg buf:f16:16:file=%t.inv.f16 \
// RUN:   --arg buf:f16:64:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=INV-F16
// asinh | acosh | atanh | cbrt
// INV-F16: reference #1 (f16 x 64):
// INV-F16-SAME: nan -0 0 inf -inf 0.881347656 -0.881347656 0.481201172 -0.481201172 1.44335938 -2.77734375 3.99023438 0.124694824 2.99804688 0.836425781 1.81835938
// INV-F16-SAME: nan nan nan inf nan 0 nan nan nan 1.31738281 nan 3.98828125 nan 2.99414062 nan 1.76269531
// INV-F16-SAME: nan -0 0 nan nan inf -inf 0.549316406 -0.549316406 nan nan nan 0.125610352 nan 1.71679688 nan
// INV-F16-SAME: nan -0 0 inf -inf 1 -1 0.793457031 -0.793457031 1.25976562 -2 3 0.5 2.15429688 0.978515625 1.44238281
// INV-F16: tile-check: PASS @inverse_f16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.inv.bf16 bf16 nan -0 0 inf -inf 1 -1 0.5 -0.5 2 -8 27 0.125 10 0.9375 3
// RUN: tile-check %s --kernel inverse_bf16 --grid 1 --arg buf:bf16:16:file=%t.inv.bf16 \
// RUN:   --arg buf:bf16:64:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=INV-BF16
// asinh | acosh | atanh | cbrt
// INV-BF16: reference #1 (bf16 x 64):
// INV-BF16-SAME: nan -0 0 inf -inf 0.8828125 -0.8828125 0.48046875 -0.48046875 1.4453125 -2.78125 3.984375 0.124511719 3 0.8359375 1.8203125
// INV-BF16-SAME: nan nan nan inf nan 0 nan nan nan 1.3203125 nan 3.984375 nan 3 nan 1.765625
// INV-BF16-SAME: nan -0 0 nan nan inf -inf 0.55078125 -0.55078125 nan nan nan 0.125976562 nan 1.71875 nan
// INV-BF16-SAME: nan -0 0 inf -inf 1 -1 0.79296875 -0.79296875 1.2578125 -2 3 0.5 2.15625 0.98046875 1.4453125
// INV-BF16: tile-check: PASS @inverse_bf16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.inv.f64 f64 nan -0 0 inf -inf 1 -1 0.5 -0.5 2 -8 27 0.125 10 0.9375 3
// RUN: tile-check %s --kernel inverse_f64 --grid 1 --arg buf:f64:16:file=%t.inv.f64 \
// RUN:   --arg buf:f64:64:poison --print 1 --targets cpu,nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=INV-F64
// asinh | acosh | atanh | cbrt
// INV-F64: reference #1 (f64 x 64):
// INV-F64-SAME: nan -0 0 inf -inf {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}}
// INV-F64-SAME: nan nan nan inf nan 0 nan nan nan {{[^ ]+}} nan {{[^ ]+}} nan {{[^ ]+}} nan {{[^ ]+}}
// INV-F64-SAME: nan -0 0 nan nan inf -inf {{[^ ]+}} {{[^ ]+}} nan nan nan {{[^ ]+}} nan {{[^ ]+}} nan
// INV-F64-SAME: nan -0 0 inf -inf {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}} {{[^ ]+}}
// INV-F64: tile-check: PASS @inverse_f64 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.ea.i8 i8 -128 127 -1 0 100 -100 15 77
// RUN: %python %S/Inputs/values.py %t.eb.i8 i8 -128 127 -1 5 3 100 -16 2
// RUN: tile-check %s --kernel extended_i8 --grid 1 --arg buf:i8:8:file=%t.ea.i8 \
// RUN:   --arg buf:i8:8:file=%t.eb.i8 --arg buf:i8:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=EXT-I8
// mulsi_extended low | high | mului_extended low | high
// EXT-I8: reference #2 (i8 x 32):
// EXT-I8-SAME: 0 1 1 0 44 -16 16 -102
// EXT-I8-SAME: 64 63 0 0 1 -40 -1 0
// EXT-I8-SAME: 0 1 1 0 44 -16 16 -102
// EXT-I8-SAME: 64 63 -2 0 1 60 14 0
// EXT-I8: tile-check: PASS @extended_i8 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.ea.i16 i16 -32768 32767 -1 0 300 -3000 255 12345
// RUN: %python %S/Inputs/values.py %t.eb.i16 i16 -32768 32767 -1 5 300 3000 -256 2
// RUN: tile-check %s --kernel extended_i16 --grid 1 --arg buf:i16:8:file=%t.ea.i16 \
// RUN:   --arg buf:i16:8:file=%t.eb.i16 --arg buf:i16:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=EXT-I16
// mulsi_extended low | high | mului_extended low | high
// EXT-I16: reference #2 (i16 x 32):
// EXT-I16-SAME: 0 1 1 0 24464 -21568 256 24690
// EXT-I16-SAME: 16384 16383 0 0 1 -138 -1 0
// EXT-I16-SAME: 0 1 1 0 24464 -21568 256 24690
// EXT-I16-SAME: 16384 16383 -2 0 1 2862 254 0
// EXT-I16: tile-check: PASS @extended_i16 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

// RUN: %python %S/Inputs/values.py %t.ea.i64 i64 -9223372036854775808 9223372036854775807 -1 0 1099511627779 -34359738368 4886718345 7
// RUN: %python %S/Inputs/values.py %t.eb.i64 i64 -9223372036854775808 9223372036854775807 -1 5 1073741825 1099511627776 -40926266145 4611686018427387904
// RUN: tile-check %s --kernel extended_i64 --grid 1 --arg buf:i64:8:file=%t.ea.i64 \
// RUN:   --arg buf:i64:8:file=%t.eb.i64 --arg buf:i64:32:poison --print 2 \
// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=EXT-I64
// mulsi_extended low | high | mului_extended low | high
// EXT-I64: reference #2 (i64 x 32):
// EXT-I64-SAME: 0 1 1 0 1102732853251 0 2919049247681137751 -4611686018427387904
// EXT-I64-SAME: 4611686018427387904 4611686018427387903 0 0 64 -2048 -11 1
// EXT-I64-SAME: 0 1 1 0 1102732853251 0 2919049247681137751 -4611686018427387904
// EXT-I64-SAME: 4611686018427387904 4611686018427387903 -2 0 64 1099511625728 4886718334 1
// EXT-I64: tile-check: PASS @extended_i64 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @wide_ints(%h: !tile.ptr<i64>, %h32: !tile.ptr<i32>, %a: !tile.ptr<i64>, %b: !tile.ptr<i64>,
                     %counts: !tile.ptr<i64>, %counts32: !tile.ptr<i64>, %hi: !tile.ptr<i64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %j = tile.range 0 to 4 : tensor<4xi32>
  %hb = tile.splat %h : tensor<8x!tile.ptr<i64>>
  %hp = tile.addptr %hb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %hv = tile.load %hp : tensor<8x!tile.ptr<i64>>
  %h32b = tile.splat %h32 : tensor<8x!tile.ptr<i32>>
  %h32p = tile.addptr %h32b, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %h32v = tile.load %h32p : tensor<8x!tile.ptr<i32>>
  %ab = tile.splat %a : tensor<8x!tile.ptr<i64>>
  %ap = tile.addptr %ab, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %av = tile.load %ap : tensor<8x!tile.ptr<i64>>
  %bb = tile.splat %b : tensor<8x!tile.ptr<i64>>
  %bp = tile.addptr %bb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %bv = tile.load %bp : tensor<8x!tile.ptr<i64>>
  %c = tile.histogram %hv : tensor<8xi64> -> tensor<4xi64>
  %c32 = tile.histogram %h32v : tensor<8xi32> -> tensor<4xi64>
  %m = tile.mulhiui %av, %bv : tensor<8xi64>
  %cb = tile.splat %counts : tensor<4x!tile.ptr<i64>>
  %cp = tile.addptr %cb, %j : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %cp, %c : tensor<4x!tile.ptr<i64>>
  %c32b = tile.splat %counts32 : tensor<4x!tile.ptr<i64>>
  %c32p = tile.addptr %c32b, %j : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %c32p, %c32 : tensor<4x!tile.ptr<i64>>
  %mb = tile.splat %hi : tensor<8x!tile.ptr<i64>>
  %mp = tile.addptr %mb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %mp, %m : tensor<8x!tile.ptr<i64>>
  tile.return
}

tile.func @select_f16(%c: !tile.ptr<i1>, %x: !tile.ptr<f16>, %y: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %c_b = tile.splat %c : tensor<8x!tile.ptr<i1>>
  %c_p = tile.addptr %c_b, %i : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %c_v = tile.load %c_p : tensor<8x!tile.ptr<i1>>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<f16>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<f16>>
  %y_b = tile.splat %y : tensor<8x!tile.ptr<f16>>
  %y_p = tile.addptr %y_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %y_v = tile.load %y_p : tensor<8x!tile.ptr<f16>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<f16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  %v1 = arith.select %c_v, %x_v, %y_v : tensor<8xi1>, tensor<8xf16>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<f16>>
  tile.return
}

tile.func @select_bf16(%c: !tile.ptr<i1>, %x: !tile.ptr<bf16>, %y: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %c_b = tile.splat %c : tensor<8x!tile.ptr<i1>>
  %c_p = tile.addptr %c_b, %i : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %c_v = tile.load %c_p : tensor<8x!tile.ptr<i1>>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<bf16>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<bf16>>
  %y_b = tile.splat %y : tensor<8x!tile.ptr<bf16>>
  %y_p = tile.addptr %y_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %y_v = tile.load %y_p : tensor<8x!tile.ptr<bf16>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<bf16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  %v1 = arith.select %c_v, %x_v, %y_v : tensor<8xi1>, tensor<8xbf16>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @select_f64(%c: !tile.ptr<i1>, %x: !tile.ptr<f64>, %y: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %c_b = tile.splat %c : tensor<8x!tile.ptr<i1>>
  %c_p = tile.addptr %c_b, %i : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %c_v = tile.load %c_p : tensor<8x!tile.ptr<i1>>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<f64>>
  %y_b = tile.splat %y : tensor<8x!tile.ptr<f64>>
  %y_p = tile.addptr %y_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %y_v = tile.load %y_p : tensor<8x!tile.ptr<f64>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<f64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v1 = arith.select %c_v, %x_v, %y_v : tensor<8xi1>, tensor<8xf64>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<f64>>
  tile.return
}

tile.func @select_f8e4m3fn(%c: !tile.ptr<i1>, %x: !tile.ptr<f8E4M3FN>, %y: !tile.ptr<f8E4M3FN>, %out: !tile.ptr<f8E4M3FN>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %c_b = tile.splat %c : tensor<8x!tile.ptr<i1>>
  %c_p = tile.addptr %c_b, %i : tensor<8x!tile.ptr<i1>>, tensor<8xi32>
  %c_v = tile.load %c_p : tensor<8x!tile.ptr<i1>>
  %x_b = tile.splat %x : tensor<8x!tile.ptr<f8E4M3FN>>
  %x_p = tile.addptr %x_b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %x_v = tile.load %x_p : tensor<8x!tile.ptr<f8E4M3FN>>
  %y_b = tile.splat %y : tensor<8x!tile.ptr<f8E4M3FN>>
  %y_p = tile.addptr %y_b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %y_v = tile.load %y_p : tensor<8x!tile.ptr<f8E4M3FN>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<f8E4M3FN>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  %v1 = arith.select %c_v, %x_v, %y_v : tensor<8xi1>, tensor<8xf8E4M3FN>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<f8E4M3FN>>
  tile.return
}

tile.func @inverse_f16(%x: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  %v1 = math.asinh %x_v : tensor<16xf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f16>>
  %v2 = math.acosh %x_v : tensor<16xf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f16>>
  %v3 = math.atanh %x_v : tensor<16xf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f16>>
  %v4 = math.cbrt %x_v : tensor<16xf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<f16>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<f16>>
  tile.return
}

tile.func @inverse_bf16(%x: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<bf16>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<bf16>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<bf16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  %v1 = math.asinh %x_v : tensor<16xbf16>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<bf16>>
  %v2 = math.acosh %x_v : tensor<16xbf16>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<bf16>>
  %v3 = math.atanh %x_v : tensor<16xbf16>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<bf16>>
  %v4 = math.cbrt %x_v : tensor<16xbf16>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<bf16>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<bf16>>
  tile.return
}

tile.func @inverse_f64(%x: !tile.ptr<f64>, %out: !tile.ptr<f64>) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %step = arith.constant dense<16> : tensor<16xi32>
  %x_b = tile.splat %x : tensor<16x!tile.ptr<f64>>
  %x_p = tile.addptr %x_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %x_v = tile.load %x_p : tensor<16x!tile.ptr<f64>>
  %out_b = tile.splat %out : tensor<16x!tile.ptr<f64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  %v1 = math.asinh %x_v : tensor<16xf64>
  tile.store %out_p0, %v1 : tensor<16x!tile.ptr<f64>>
  %v2 = math.acosh %x_v : tensor<16xf64>
  %out_p1 = tile.addptr %out_p0, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p1, %v2 : tensor<16x!tile.ptr<f64>>
  %v3 = math.atanh %x_v : tensor<16xf64>
  %out_p2 = tile.addptr %out_p1, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p2, %v3 : tensor<16x!tile.ptr<f64>>
  %v4 = math.cbrt %x_v : tensor<16xf64>
  %out_p3 = tile.addptr %out_p2, %step : tensor<16x!tile.ptr<f64>>, tensor<16xi32>
  tile.store %out_p3, %v4 : tensor<16x!tile.ptr<f64>>
  tile.return
}

tile.func @extended_i8(%a: !tile.ptr<i8>, %b: !tile.ptr<i8>, %out: !tile.ptr<i8>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %a_b = tile.splat %a : tensor<8x!tile.ptr<i8>>
  %a_p = tile.addptr %a_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %a_v = tile.load %a_p : tensor<8x!tile.ptr<i8>>
  %b_b = tile.splat %b : tensor<8x!tile.ptr<i8>>
  %b_p = tile.addptr %b_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %b_v = tile.load %b_p : tensor<8x!tile.ptr<i8>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<i8>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  %v1, %v1h = arith.mulsi_extended %a_v, %b_v : tensor<8xi8>
  %v2, %v2h = arith.mului_extended %a_v, %b_v : tensor<8xi8>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<i8>>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %out_p1, %v1h : tensor<8x!tile.ptr<i8>>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %out_p2, %v2 : tensor<8x!tile.ptr<i8>>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<i8>>, tensor<8xi32>
  tile.store %out_p3, %v2h : tensor<8x!tile.ptr<i8>>
  tile.return
}

tile.func @extended_i16(%a: !tile.ptr<i16>, %b: !tile.ptr<i16>, %out: !tile.ptr<i16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %a_b = tile.splat %a : tensor<8x!tile.ptr<i16>>
  %a_p = tile.addptr %a_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %a_v = tile.load %a_p : tensor<8x!tile.ptr<i16>>
  %b_b = tile.splat %b : tensor<8x!tile.ptr<i16>>
  %b_p = tile.addptr %b_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %b_v = tile.load %b_p : tensor<8x!tile.ptr<i16>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<i16>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  %v1, %v1h = arith.mulsi_extended %a_v, %b_v : tensor<8xi16>
  %v2, %v2h = arith.mului_extended %a_v, %b_v : tensor<8xi16>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<i16>>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  tile.store %out_p1, %v1h : tensor<8x!tile.ptr<i16>>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  tile.store %out_p2, %v2 : tensor<8x!tile.ptr<i16>>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<i16>>, tensor<8xi32>
  tile.store %out_p3, %v2h : tensor<8x!tile.ptr<i16>>
  tile.return
}

tile.func @extended_i64(%a: !tile.ptr<i64>, %b: !tile.ptr<i64>, %out: !tile.ptr<i64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %step = arith.constant dense<8> : tensor<8xi32>
  %a_b = tile.splat %a : tensor<8x!tile.ptr<i64>>
  %a_p = tile.addptr %a_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %a_v = tile.load %a_p : tensor<8x!tile.ptr<i64>>
  %b_b = tile.splat %b : tensor<8x!tile.ptr<i64>>
  %b_p = tile.addptr %b_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %b_v = tile.load %b_p : tensor<8x!tile.ptr<i64>>
  %out_b = tile.splat %out : tensor<8x!tile.ptr<i64>>
  %out_p0 = tile.addptr %out_b, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %v1, %v1h = arith.mulsi_extended %a_v, %b_v : tensor<8xi64>
  %v2, %v2h = arith.mului_extended %a_v, %b_v : tensor<8xi64>
  tile.store %out_p0, %v1 : tensor<8x!tile.ptr<i64>>
  %out_p1 = tile.addptr %out_p0, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %out_p1, %v1h : tensor<8x!tile.ptr<i64>>
  %out_p2 = tile.addptr %out_p1, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %out_p2, %v2 : tensor<8x!tile.ptr<i64>>
  %out_p3 = tile.addptr %out_p2, %step : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %out_p3, %v2h : tensor<8x!tile.ptr<i64>>
  tile.return
}
