// RUN: tile-opt %s | tile-opt | FileCheck %s --enable-var-scope
// RUN: tile-opt %s --mlir-print-op-generic | tile-opt | FileCheck %s --enable-var-scope
// RUN: tile-opt %s --emit-bytecode | tile-opt | FileCheck %s --enable-var-scope

// Every tile op, printed and parsed back (custom form, generic form and
// bytecode all give the same custom form).

// CHECK-LABEL: tile.func @kernel_signature
// CHECK-SAME: (%{{.*}}: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias}, %{{.*}}: !tile.ptr<bf16, 3>, %{{.*}}: i32 {tile.divisibility = 8 : i32}, %{{.*}}: f32)
// CHECK-SAME: attributes {num_stages = 3 : i32, num_warps = 4 : i32}
// CHECK: tile.return
tile.func @kernel_signature(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                            %q: !tile.ptr<bf16, 3>, %n: i32 {tile.divisibility = 8 : i32},
                            %f: f32) attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  tile.return
}

// CHECK-LABEL: tile.func @grid
// CHECK: tile.program_id x
// CHECK: tile.program_id y
// CHECK: tile.program_id z
// CHECK: tile.num_programs x
// CHECK: tile.num_programs z
tile.func @grid() {
  %0 = tile.program_id x
  %1 = tile.program_id y
  %2 = tile.program_id z
  %3 = tile.num_programs x
  %4 = tile.num_programs z
  tile.return
}

// CHECK-LABEL: tile.func @shapes
tile.func @shapes(%x: f32, %p: !tile.ptr<f32>) {
  // CHECK: tile.range 0 to 128 : tensor<128xi32>
  %r = tile.range 0 to 128 : tensor<128xi32>
  // CHECK: tile.range 16 to 48 : tensor<32xi32>
  %r2 = tile.range 16 to 48 : tensor<32xi32>
  // CHECK: tile.splat %{{.*}} : tensor<128xf32>
  %s = tile.splat %x : tensor<128xf32>
  // CHECK: tile.splat %{{.*}} : tensor<4x8x!tile.ptr<f32>>
  %sp = tile.splat %p : tensor<4x8x!tile.ptr<f32>>
  // CHECK: tile.expand_dims %{{.*}}, 0 : tensor<128xf32> -> tensor<1x128xf32>
  %e = tile.expand_dims %s, 0 : tensor<128xf32> -> tensor<1x128xf32>
  // CHECK: tile.broadcast %{{.*}} : tensor<1x128xf32> -> tensor<64x128xf32>
  %b = tile.broadcast %e : tensor<1x128xf32> -> tensor<64x128xf32>
  // CHECK: tile.reshape %{{.*}} : tensor<64x128xf32> -> tensor<8192xf32>
  %rs = tile.reshape %b : tensor<64x128xf32> -> tensor<8192xf32>
  // CHECK: tile.trans %{{.*}}, [1, 0] : tensor<64x128xf32> -> tensor<128x64xf32>
  %t = tile.trans %b, [1, 0] : tensor<64x128xf32> -> tensor<128x64xf32>
  // CHECK: tile.cat %{{.*}}, %{{.*}}, 1 : tensor<64x128xf32> -> tensor<64x256xf32>
  %c = tile.cat %b, %b, 1 : tensor<64x128xf32> -> tensor<64x256xf32>
  // CHECK: tile.join %{{.*}}, %{{.*}} : tensor<128xf32> -> tensor<128x2xf32>
  %j = tile.join %s, %s : tensor<128xf32> -> tensor<128x2xf32>
  // CHECK: tile.split %{{.*}} : tensor<128x2xf32> -> tensor<128xf32>
  %lo, %hi = tile.split %j : tensor<128x2xf32> -> tensor<128xf32>
  // CHECK: tile.gather %{{.*}}[%{{.*}}], 0 : tensor<128xf32>, tensor<32xi32> -> tensor<32xf32>
  %g = tile.gather %s[%r2], 0 : tensor<128xf32>, tensor<32xi32> -> tensor<32xf32>
  tile.return
}

// CHECK-LABEL: tile.func @memory
tile.func @memory(%p: !tile.ptr<f32>, %n: i32) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ps = tile.splat %p : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.addptr %ps, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  // CHECK: tile.addptr %{{.*}}, %{{.*}} : !tile.ptr<f32>, i32
  %q = tile.addptr %p, %n : !tile.ptr<f32>, i32
  %ns = tile.splat %n : tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  // CHECK: tile.load %{{.*}} : tensor<64x!tile.ptr<f32>>
  %x0 = tile.load %a : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
  %x1 = tile.load %a, %m : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} cache = cg evict = evict_last volatile : tensor<64x!tile.ptr<f32>>
  %x2 = tile.load %a, %m, %zero cache = cg evict = evict_last volatile : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.load %{{.*}} : !tile.ptr<f32>
  %s = tile.load %q : !tile.ptr<f32>
  // CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tile.ptr<f32>>
  tile.store %a, %x1, %m : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.store %{{.*}}, %{{.*}} cache = wt evict = evict_first : tensor<64x!tile.ptr<f32>>
  tile.store %a, %x2 cache = wt evict = evict_first : tensor<64x!tile.ptr<f32>>
  // CHECK: tile.ptr_to_int %{{.*}} : !tile.ptr<f32> -> i64
  %i = tile.ptr_to_int %p : !tile.ptr<f32> -> i64
  // CHECK: tile.int_to_ptr %{{.*}} : i64 -> !tile.ptr<f32>
  %back = tile.int_to_ptr %i : i64 -> !tile.ptr<f32>
  tile.return
}

// CHECK-LABEL: tile.func @descriptors
tile.func @descriptors(%p: !tile.ptr<f16>, %m: i32, %n: i32, %ld: i64) {
  %c1 = arith.constant 1 : i64
  %c0 = arith.constant 0 : i32
  // CHECK: tile.make_desc %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  %d = tile.make_desc %p, [%m, %n], [%ld, %c1] : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  // CHECK: tile.make_desc %{{.*}} padding = nan : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  %dn = tile.make_desc %p, [%m, %n], [%ld, %c1] padding = nan : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  // CHECK: tile.desc_load %{{.*}}[%{{.*}}, %{{.*}}] : !tile.desc<tensor<64x32xf16>>
  %b = tile.desc_load %d[%c0, %c0] : !tile.desc<tensor<64x32xf16>>
  // CHECK: tile.desc_store %{{.*}}[%{{.*}}, %{{.*}}], %{{.*}} : !tile.desc<tensor<64x32xf16>>
  tile.desc_store %dn[%c0, %c0], %b : !tile.desc<tensor<64x32xf16>>
  tile.return
}

// CHECK-LABEL: tile.func @atomics
tile.func @atomics(%p: !tile.ptr<f32>, %q: !tile.ptr<i32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %ps = tile.splat %p : tensor<16x!tile.ptr<f32>>
  %a = tile.addptr %ps, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = arith.constant dense<1.0> : tensor<16xf32>
  %m = arith.constant dense<true> : tensor<16xi1>
  // CHECK: tile.atomic_rmw fadd, acq_rel, gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<f32>>
  %o = tile.atomic_rmw fadd, acq_rel, gpu %a, %v, %m : tensor<16x!tile.ptr<f32>>
  %one = arith.constant 1 : i32
  // CHECK: tile.atomic_rmw add, relaxed, cta %{{.*}}, %{{.*}} : !tile.ptr<i32>
  %o1 = tile.atomic_rmw add, relaxed, cta %q, %one : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw umax, release, sys
  %o2 = tile.atomic_rmw umax, release, sys %q, %one : !tile.ptr<i32>
  // CHECK: tile.atomic_rmw xchg, acquire, gpu
  %o3 = tile.atomic_rmw xchg, acquire, gpu %q, %one : !tile.ptr<i32>
  %o4 = tile.atomic_rmw max, acq_rel, gpu %a, %v : tensor<16x!tile.ptr<f32>>
  %o5 = tile.atomic_rmw min, acq_rel, gpu %q, %one : !tile.ptr<i32>
  %o6 = tile.atomic_rmw umin, acq_rel, gpu %q, %one : !tile.ptr<i32>
  %o7 = tile.atomic_rmw and, acq_rel, gpu %q, %one : !tile.ptr<i32>
  %o8 = tile.atomic_rmw or, acq_rel, gpu %q, %one : !tile.ptr<i32>
  %o9 = tile.atomic_rmw xor, acq_rel, gpu %q, %one : !tile.ptr<i32>
  %zero = arith.constant 0 : i32
  // CHECK: tile.atomic_cas acq_rel, gpu %{{.*}}, %{{.*}}, %{{.*}} : !tile.ptr<i32>
  %old = tile.atomic_cas acq_rel, gpu %q, %zero, %one : !tile.ptr<i32>
  tile.return
}

// CHECK-LABEL: tile.func @compute
tile.func @compute(%a: f32, %seed: i64) {
  %x = arith.constant dense<1.0> : tensor<64x32xbf16>
  %y = arith.constant dense<1.0> : tensor<32x64xbf16>
  %acc = arith.constant dense<0.0> : tensor<64x64xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
  %d = tile.dot %x, %y, %acc : tensor<64x32xbf16>, tensor<32x64xbf16> -> tensor<64x64xf32>
  %xf = arith.constant dense<1.0> : tensor<64x32xf32>
  %yf = arith.constant dense<1.0> : tensor<32x64xf32>
  // CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} input_precision = tf32 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %df = tile.dot %xf, %yf, %acc input_precision = tf32 : tensor<64x32xf32>, tensor<32x64xf32> -> tensor<64x64xf32>
  %x8 = arith.constant dense<1> : tensor<2x16x32xi8>
  %y8 = arith.constant dense<1> : tensor<2x32x16xi8>
  %acc8 = arith.constant dense<0> : tensor<2x16x16xi32>
  // CHECK: tile.dot {{.*}} : tensor<2x16x32xi8>, tensor<2x32x16xi8> -> tensor<2x16x16xi32>
  %d8 = tile.dot %x8, %y8, %acc8 : tensor<2x16x32xi8>, tensor<2x32x16xi8> -> tensor<2x16x16xi32>

  // CHECK: tile.reduce(%{{.*}}) axis = 1 : tensor<64x64xf32> -> tensor<64xf32> {
  // CHECK: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
  // CHECK:   %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
  // CHECK:   tile.yield %[[S]] : f32
  %sum = tile.reduce(%d) axis = 1 : tensor<64x64xf32> -> tensor<64xf32> {
  ^bb0(%l: f32, %r: f32):
    %s = arith.addf %l, %r : f32
    tile.yield %s : f32
  }
  // CHECK: tile.reduce(%{{.*}}) axis = 0 : tensor<64xf32> -> f32
  %total = tile.reduce(%sum) axis = 0 : tensor<64xf32> -> f32 {
  ^bb0(%l: f32, %r: f32):
    %s = arith.maximumf %l, %r : f32
    tile.yield %s : f32
  }
  %idx = tile.range 0 to 64 : tensor<64xi32>
  // CHECK: tile.reduce(%{{.*}}, %{{.*}}) axis = 0 : tensor<64xf32>, tensor<64xi32> -> f32, i32
  %mv, %mi = tile.reduce(%sum, %idx) axis = 0 : tensor<64xf32>, tensor<64xi32> -> f32, i32 {
  ^bb0(%v0: f32, %i0: i32, %v1: f32, %i1: i32):
    %gt = arith.cmpf ogt, %v1, %v0 : f32
    %v = arith.select %gt, %v1, %v0 : f32
    %i = arith.select %gt, %i1, %i0 : i32
    tile.yield %v, %i : f32, i32
  }
  // CHECK: tile.scan(%{{.*}}) axis = 0 reverse : tensor<64xi32> -> tensor<64xi32> {
  %cs = tile.scan(%idx) axis = 0 reverse : tensor<64xi32> -> tensor<64xi32> {
  ^bb0(%l: i32, %r: i32):
    %s = arith.addi %l, %r : i32
    tile.yield %s : i32
  }
  // CHECK: tile.histogram %{{.*}} : tensor<64xi32> -> tensor<16xi32>
  %h = tile.histogram %idx : tensor<64xi32> -> tensor<16xi32>

  // CHECK: tile.bitcast %{{.*}} : tensor<64xf32> -> tensor<64xi32>
  %bits = tile.bitcast %sum : tensor<64xf32> -> tensor<64xi32>
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  %q = tile.fp_to_fp %sum, rounding = rtne : tensor<64xf32> -> tensor<64xf8E4M3FN>
  // CHECK: tile.fp_to_fp %{{.*}}, rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
  %q2 = tile.fp_to_fp %sum, rounding = rtz : tensor<64xf32> -> tensor<64xbf16>
  // CHECK: tile.fp_to_fp %{{.*}} : tensor<64xf8E4M3FN> -> tensor<64xf32>
  %dq = tile.fp_to_fp %q : tensor<64xf8E4M3FN> -> tensor<64xf32>
  // CHECK: tile.mulhiui %{{.*}}, %{{.*}} : tensor<64xi32>
  %hi = tile.mulhiui %idx, %idx : tensor<64xi32>
  %lo = arith.constant dense<0.0> : tensor<64xf32>
  %up = arith.constant dense<1.0> : tensor<64xf32>
  // CHECK: tile.clampf %{{.*}}, %{{.*}}, %{{.*}} propagate_nan : tensor<64xf32>
  %cl = tile.clampf %sum, %lo, %up propagate_nan : tensor<64xf32>
  // CHECK: tile.clampf %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xf32>
  %cl2 = tile.clampf %sum, %lo, %up : tensor<64xf32>
  // CHECK: tile.precise_sqrt %{{.*}} : tensor<64xf32>
  %sq = tile.precise_sqrt %sum : tensor<64xf32>
  // CHECK: tile.precise_divf %{{.*}}, %{{.*}} : tensor<64xf32>
  %dv = tile.precise_divf %sum, %up : tensor<64xf32>
  // CHECK: tile.philox %{{.*}}, %{{.*}} : i64, tensor<64xi32>
  %r0, %r1, %r2, %r3 = tile.philox %seed, %idx : i64, tensor<64xi32>
  // CHECK: tile.print "sum: " hex(%{{.*}}, %{{.*}} : tensor<64xf32>, f32)
  tile.print "sum: " hex (%sum, %a : tensor<64xf32>, f32)
  // CHECK: tile.print "here"{{$}}
  tile.print "here"
  %ok = arith.cmpi sge, %idx, %idx : tensor<64xi32>
  // CHECK: tile.assert %{{.*}}, "index is negative" : tensor<64xi1>
  tile.assert %ok, "index is negative" : tensor<64xi1>
  tile.return
}
