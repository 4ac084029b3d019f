// arith.truncf with its rounding mode (docs/Semantics.md section 7):
// `toward_zero` from f32 to f16, bf16, f8E4M3FN and f8E5M2, and both modes
// from f64 to f32, f16 and bf16 (the default, and `to_nearest_even` spelt
// out). IEEE rules: rounding toward zero never increases the magnitude, so a
// finite overflow gives the largest finite value while an infinity stays
// infinite; f8E4M3FN has no infinity, so inf gives NaN; subnormals are kept.
// Every conversion is exact class: every target must give these bits. The
// inputs are chosen so that the other rounding would give a different result
// in almost every lane; expected values derived by hand from the inputs'
// binary expansions (the comments give the steps).

// 1.99 | -1.99 | 65520 | -1e10 | inf | 1.75 * 2^-24 | f32 0x0001b333 (1.7
// * 2^-133, a subnormal) | NaN.
// RUN: %python %S/Inputs/values.py %t.x f32 1.99 -1.99 65520 -1e10 inf 1.043081283569336e-07 0x0001b333 nan
// RUN: tile-check %s --kernel rtz_f32 --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison --print 1 --print 2 \
// RUN:   --print 3 | FileCheck %s --check-prefix=RTZ
// f16: 1.99 * 2^10 = 2037.76 -> 2037 / 2^10 (nearest: 2038); 65520 and 1e10
// -> 65504 (nearest: inf); 1.75 units of 2^-24 -> 1 unit (nearest: 2);
// 1.7 * 2^-133 -> 0.
// RTZ: reference #1 (f16 x 8): 1.98925781 -1.98925781 65504 -65504 inf 5.96046448e-08 0 nan
// f8E4M3FN: 1.99 * 8 = 15.92 -> 15 / 8 (nearest: 2); overflow -> +-448
// (nearest: NaN); inf has no code -> NaN; below 2^-9 -> 0.
// RTZ: reference #2 (f8e4m3 x 8): 1.875 -1.875 448 -448 nan 0 0 nan
// f8E5M2: 1.99 * 4 = 7.96 -> 7 / 4 (nearest: 2); overflow -> +-57344
// (nearest: inf); inf stays inf; below 2^-16 -> 0.
// RTZ: reference #3 (f8e5m2 x 8): 1.75 -1.75 57344 -57344 inf 0 0 nan
// RTZ: bit for bit (every op is exact-class)
// RTZ: tile-check: PASS @rtz_f32 (cpu: 4 buffers match
// RUN: tile-check %s --kernel rtz_f32 --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:f16:8:poison --arg buf:f8e4m3:8:poison \
// RUN:   --arg buf:f8e5m2:8:poison --targets nvidia,amd --compile-only \
// RUN:   | FileCheck %s --check-prefix=RTZ-GPU
// RTZ-GPU: tile-check: PASS @rtz_f32 (nvidia: {{.*}}; amd: {{.*}})

// bf16: 1.99 * 2^7 = 254.72 -> 254 / 2^7 (nearest: 255); 65520 = 0xfff0 ->
// 0xff00 (65280); 1e10 = 1.16415 * 2^33 -> 149 / 2^7 * 2^33; 1.75 * 2^-24
// is exact; 1.7 units of 2^-133 -> 1 unit (nearest: 2).
// RUN: tile-check %s --kernel rtz_bf16 --grid 1 --arg buf:f32:8:file=%t.x \
// RUN:   --arg buf:bf16:8:poison --targets cpu,nvidia,amd --compile-only --print 1 \
// RUN:   | FileCheck %s --check-prefix=RTZ-BF16
// RTZ-BF16: reference #1 (bf16 x 8): 1.984375 -1.984375 65280 -9.99922074e+09 inf 1.04308128e-07 9.18354962e-41 nan
// RTZ-BF16: tile-check: PASS @rtz_bf16 (cpu: 2 buffers match; nvidia: {{.*}}; amd: {{.*}})

// f64 inputs: -(1 + 2^-24 + 2^-25) | 1 + 2^-11 + 2^-40 | 1 + 2^-8 + 2^-40 |
// 1e39 | -inf | 2.5e-45 (1.78 units of f32's 2^-149) | 0.1 | NaN. Lanes 1 and
// 2 catch a double rounding through f32: rounded to f32 first they become the
// ties 1 + 2^-11 (for f16) and 1 + 2^-8 (for bf16), which round to even (1),
// while rounding once goes up.
// RUN: %python %S/Inputs/values.py %t.d f64 -1.0000000894069672 1.0004882812509095 1.0039062500009095 1e39 -inf 2.5e-45 0.1 nan
// RUN: tile-check %s --kernel from_f64 --grid 1 --arg buf:f64:8:file=%t.d \
// RUN:   --arg buf:f32:8:poison --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --print 1 --print 2 --print 3 \
// RUN:   | FileCheck %s --check-prefix=F64
// Nearest even: to f32, 0.1 is 0x3dcccccd and 1e39 overflows to inf; to f16,
// lane 1 rounds up to 1 + 2^-10 and 0.1 * 2^14 = 1638.4 to 1638 / 2^14; to
// bf16, lane 2 rounds up to 1 + 2^-7 and 0.1 * 2^11 = 204.8 to 205 / 2^11.
// F64: reference #1 (f32 x 8): -1.00000012 1.00048828 1.00390625 inf -inf 2.80259693e-45 0.100000001 nan
// F64: reference #2 (f16 x 8): -1 1.00097656 1.00390625 inf -inf 0 0.0999755859 nan
// F64: reference #3 (bf16 x 8): -1 1 1.0078125 inf -inf 0 0.100097656 nan
// F64: bit for bit (every op is exact-class)
// F64: tile-check: PASS @from_f64 (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// The same conversions toward zero: 0.1 is 0x3dcccccc in f32, 1638 / 2^14
// in f16 and 204 / 2^11 in bf16; 1e39 gives the largest finite value of
// each type (bf16's is 0x7f7f, (2 - 2^-7) * 2^127); lanes 1 and 2 go down
// to 1 where the type cannot hold them.
// RUN: tile-check %s --kernel from_f64_rtz --grid 1 --arg buf:f64:8:file=%t.d \
// RUN:   --arg buf:f32:8:poison --arg buf:f16:8:poison \
// RUN:   --arg buf:bf16:8:poison --targets cpu,nvidia,amd --compile-only \
// RUN:   --print 1 --print 2 --print 3 | FileCheck %s --check-prefix=F64-RTZ
// F64-RTZ: reference #1 (f32 x 8): -1 1.00048828 1.00390625 3.40282347e+38 -inf 1.40129846e-45 0.099999994 nan
// F64-RTZ: reference #2 (f16 x 8): -1 1 1.00390625 65504 -inf 0 0.0999755859 nan
// F64-RTZ: reference #3 (bf16 x 8): -1 1 1 3.38953139e+38 -inf 0 0.099609375 nan
// F64-RTZ: tile-check: PASS @from_f64_rtz (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

// `to_nearest_even` spelt out gives the default's bits (lanes as from_f64).
// RUN: tile-check %s --kernel explicit_nearest --grid 1 --arg buf:f64:8:file=%t.d \
// RUN:   --arg buf:f32:8:file=%t.x --arg buf:f16:8:poison --arg buf:bf16:8:poison \
// RUN:   --targets cpu,nvidia,amd --compile-only --print 2 --print 3 \
// RUN:   | FileCheck %s --check-prefix=NEAREST
// NEAREST: reference #2 (f16 x 8): -1 1.00097656 1.00390625 inf -inf 0 0.0999755859 nan
// f32 inputs to bf16 (x above): 1.99 -> 255 / 2^7; 65520 -> 65536; 1e10 ->
// 149 / 2^7 * 2^33 as toward zero; 1.7 units of 2^-133 -> 2 units.
// NEAREST: reference #3 (bf16 x 8): 1.9921875 -1.9921875 65536 -9.99922074e+09 inf 1.04308128e-07 1.83670992e-40 nan
// NEAREST: tile-check: PASS @explicit_nearest (cpu: 4 buffers match; nvidia: {{.*}}; amd: {{.*}})

tile.func @rtz_f32(%x: !tile.ptr<f32>, %h: !tile.ptr<f16>,
                   %e4: !tile.ptr<f8E4M3FN>, %e5: !tile.ptr<f8E5M2>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f32>>
  %to_h = arith.truncf %v toward_zero : tensor<8xf32> to tensor<8xf16>
  %to_e4 = arith.truncf %v toward_zero : tensor<8xf32> to tensor<8xf8E4M3FN>
  %to_e5 = arith.truncf %v toward_zero : tensor<8xf32> to tensor<8xf8E5M2>
  %p1 = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %q1 = tile.addptr %p1, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %q1, %to_h : tensor<8x!tile.ptr<f16>>
  %p3 = tile.splat %e4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %q3 = tile.addptr %p3, %i : tensor<8x!tile.ptr<f8E4M3FN>>, tensor<8xi32>
  tile.store %q3, %to_e4 : tensor<8x!tile.ptr<f8E4M3FN>>
  %p4 = tile.splat %e5 : tensor<8x!tile.ptr<f8E5M2>>
  %q4 = tile.addptr %p4, %i : tensor<8x!tile.ptr<f8E5M2>>, tensor<8xi32>
  tile.store %q4, %to_e5 : tensor<8x!tile.ptr<f8E5M2>>
  tile.return
}

tile.func @rtz_bf16(%x: !tile.ptr<f32>, %bf: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f32>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f32>>
  %to_bf = arith.truncf %v toward_zero : tensor<8xf32> to tensor<8xbf16>
  %p2 = tile.splat %bf : tensor<8x!tile.ptr<bf16>>
  %q2 = tile.addptr %p2, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %q2, %to_bf : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @from_f64(%x: !tile.ptr<f64>, %f: !tile.ptr<f32>, %h: !tile.ptr<f16>,
                    %bf: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f64>>
  %to_f = arith.truncf %v : tensor<8xf64> to tensor<8xf32>
  %to_h = arith.truncf %v : tensor<8xf64> to tensor<8xf16>
  %to_b = arith.truncf %v : tensor<8xf64> to tensor<8xbf16>
  %pf = tile.splat %f : tensor<8x!tile.ptr<f32>>
  %qf = tile.addptr %pf, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %qf, %to_f : tensor<8x!tile.ptr<f32>>
  %ph = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %qh = tile.addptr %ph, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %qh, %to_h : tensor<8x!tile.ptr<f16>>
  %pb = tile.splat %bf : tensor<8x!tile.ptr<bf16>>
  %qb = tile.addptr %pb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %qb, %to_b : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @from_f64_rtz(%x: !tile.ptr<f64>, %f: !tile.ptr<f32>, %h: !tile.ptr<f16>,
                        %bf: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f64>>
  %to_f = arith.truncf %v toward_zero : tensor<8xf64> to tensor<8xf32>
  %to_h = arith.truncf %v toward_zero : tensor<8xf64> to tensor<8xf16>
  %to_b = arith.truncf %v toward_zero : tensor<8xf64> to tensor<8xbf16>
  %pf = tile.splat %f : tensor<8x!tile.ptr<f32>>
  %qf = tile.addptr %pf, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  tile.store %qf, %to_f : tensor<8x!tile.ptr<f32>>
  %ph = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %qh = tile.addptr %ph, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %qh, %to_h : tensor<8x!tile.ptr<f16>>
  %pb = tile.splat %bf : tensor<8x!tile.ptr<bf16>>
  %qb = tile.addptr %pb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %qb, %to_b : tensor<8x!tile.ptr<bf16>>
  tile.return
}

tile.func @explicit_nearest(%x: !tile.ptr<f64>, %y: !tile.ptr<f32>,
                            %h: !tile.ptr<f16>, %bf: !tile.ptr<bf16>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %px = tile.splat %x : tensor<8x!tile.ptr<f64>>
  %px1 = tile.addptr %px, %i : tensor<8x!tile.ptr<f64>>, tensor<8xi32>
  %v = tile.load %px1 : tensor<8x!tile.ptr<f64>>
  %py = tile.splat %y : tensor<8x!tile.ptr<f32>>
  %py1 = tile.addptr %py, %i : tensor<8x!tile.ptr<f32>>, tensor<8xi32>
  %w = tile.load %py1 : tensor<8x!tile.ptr<f32>>
  %to_h = arith.truncf %v to_nearest_even : tensor<8xf64> to tensor<8xf16>
  %to_b = arith.truncf %w to_nearest_even : tensor<8xf32> to tensor<8xbf16>
  %ph = tile.splat %h : tensor<8x!tile.ptr<f16>>
  %qh = tile.addptr %ph, %i : tensor<8x!tile.ptr<f16>>, tensor<8xi32>
  tile.store %qh, %to_h : tensor<8x!tile.ptr<f16>>
  %pb = tile.splat %bf : tensor<8x!tile.ptr<bf16>>
  %qb = tile.addptr %pb, %i : tensor<8x!tile.ptr<bf16>>, tensor<8xi32>
  tile.store %qb, %to_b : tensor<8x!tile.ptr<bf16>>
  tile.return
}
