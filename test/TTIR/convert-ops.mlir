// Each tt op of Triton 3.6's TTIR and what convert-ttir-to-tile makes of it
// (docs/TTIR.md section 3). The inputs are in Triton's printed forms.
// RUN: tile-opt --split-input-file --convert-ttir-to-tile %s | FileCheck %s

// CHECK-LABEL: tile.func @add(%arg0: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %arg1: !tile.ptr<f32>, %arg2: i32)
// CHECK: %[[PID:.*]] = tile.program_id x
// CHECK: tile.num_programs y
// CHECK: %[[R:.*]] = tile.range 0 to 128 : tensor<128xi32>
// CHECK: tile.splat %{{.*}} : tensor<128xi32>
// CHECK: %[[P:.*]] = tile.addptr %{{.*}}, %{{.*}} : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
// CHECK: %[[X:.*]] = tile.load %[[P]], %{{.*}}, %{{.*}} cache = cg evict = evict_last : tensor<128x!tile.ptr<f32>>
// CHECK: tile.load %{{.*}} volatile : !tile.ptr<f32>
// CHECK: arith.mulf %[[X]], %[[X]] fastmath<contract> : tensor<128xf32>
// CHECK: tile.store %{{.*}}, %{{.*}}, %{{.*}} cache = wt : tensor<128x!tile.ptr<f32>>
// CHECK: tile.return
module {
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %pid = tt.get_program_id x : i32
    %gy = tt.get_num_programs y : i32
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %s = tt.splat %n : i32 -> tensor<128xi32>
    %m = arith.cmpi slt, %r, %s : tensor<128xi32>
    %zero = arith.constant dense<0.000000e+00> : tensor<128xf32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %p = tt.addptr %xs, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p, %m, %zero cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
    %flag = tt.load %y {isVolatile = true} : !tt.ptr<f32>
    %sq = arith.mulf %v, %v : tensor<128xf32>
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %q = tt.addptr %ys, %r {tt.contiguity = dense<128> : tensor<1xi32>} : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    tt.store %q, %sq, %m cacheModifier = wt : tensor<128x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// Reductions and scans keep their combiner; tf32 on f16 operands means
// nothing and is dropped, on f32 it stays.
// CHECK-LABEL: tile.func @reduce_scan_dot
// CHECK: tile.reduce(%{{.*}}) axis = 1
// CHECK: arith.maxnumf
// CHECK: tile.yield %{{.*}} : f32
// CHECK: tile.scan(%{{.*}}) axis = 0 reverse
// CHECK: tile.yield %{{.*}} : i32
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x16xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK: tile.dot %{{.*}}, %{{.*}}, %{{.*}} input_precision = tf32 : tensor<16x16xf32>
module {
  tt.func public @reduce_scan_dot(%as: f32, %is: i32, %hs: f16) {
    %a = tt.splat %as : f32 -> tensor<4x8xf32>
    %i = tt.splat %is : i32 -> tensor<8xi32>
    %h = tt.splat %hs : f16 -> tensor<16x16xf16>
    %f = tt.splat %as : f32 -> tensor<16x16xf32>
    %m = "tt.reduce"(%a) <{axis = 1 : i32}> ({
    ^bb0(%l: f32, %r: f32):
      %x = arith.maxnumf %l, %r : f32
      tt.reduce.return %x : f32
    }) : (tensor<4x8xf32>) -> tensor<4xf32>
    %c = "tt.scan"(%i) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%l: i32, %r: i32):
      %x = arith.addi %l, %r : i32
      tt.scan.return %x : i32
    }) : (tensor<8xi32>) -> tensor<8xi32>
    %acc = arith.constant dense<0.000000e+00> : tensor<16x16xf32>
    %d = tt.dot %h, %h, %acc, inputPrecision = tf32 : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
    %e = tt.dot %f, %f, %d, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    tt.return
  }
}

// -----

// Shape ops.
// CHECK-LABEL: tile.func @shapes
// CHECK: tile.expand_dims %{{.*}}, 1 : tensor<8xi32> -> tensor<8x1xi32>
// CHECK: tile.broadcast %{{.*}} : tensor<8x1xi32> -> tensor<8x4xi32>
// CHECK: tile.trans %{{.*}}, [1, 0] : tensor<8x4xi32> -> tensor<4x8xi32>
// CHECK: tile.reshape %{{.*}} : tensor<4x8xi32> -> tensor<32xi32>
// CHECK: tile.join %{{.*}}, %{{.*}} : tensor<8xi32> -> tensor<8x2xi32>
// CHECK: tile.split %{{.*}} : tensor<8x2xi32> -> tensor<8xi32>
// CHECK: tile.cat %{{.*}}, %{{.*}}, 0 : tensor<8xi32> -> tensor<16xi32>
// CHECK: tile.gather %{{.*}}[%{{.*}}], 1
module {
  tt.func public @shapes(%rs: i32, %ss: f32) {
    %r = tt.splat %rs : i32 -> tensor<8xi32>
    %src = tt.splat %ss : f32 -> tensor<8x4xf32>
    %idx = tt.splat %rs : i32 -> tensor<8x2xi32>
    %0 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %1 = tt.broadcast %0 : tensor<8x1xi32> -> tensor<8x4xi32>
    %2 = tt.trans %1 {order = array<i32: 1, 0>} : tensor<8x4xi32> -> tensor<4x8xi32>
    %3 = tt.reshape %2 allow_reorder : tensor<4x8xi32> -> tensor<32xi32>
    %4 = tt.join %r, %r : tensor<8xi32> -> tensor<8x2xi32>
    %outLHS, %outRHS = tt.split %4 : tensor<8x2xi32> -> tensor<8xi32>
    %5 = tt.cat %outLHS, %outRHS : tensor<8xi32> -> tensor<16xi32>
    %6 = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<8x4xf32>, tensor<8x2xi32>) -> tensor<8x2xf32>
    tt.return
  }
}

// -----

// Element ops beyond arith and math; libdevice calls; a masked histogram
// counts masked-off values as -1 (no bin); ub.poison becomes zero.
// CHECK-LABEL: tile.func @elements
// CHECK: tile.fp_to_fp %{{.*}} rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
// CHECK: tile.fp_to_fp %{{.*}} : tensor<8xf8E5M2> -> tensor<8xf32>
// CHECK: tile.clampf %{{.*}}, %{{.*}}, %{{.*}} propagate_nan : tensor<8xf32>
// CHECK: tile.precise_sqrt
// CHECK: tile.precise_divf
// CHECK: tile.mulhiui
// CHECK: math.tanh %{{.*}} : tensor<8xf32>
// CHECK: math.atan2
// CHECK: tile.bitcast %{{.*}} : tensor<8xf32> -> tensor<8xi32>
// CHECK: %[[NEG:.*]] = arith.constant dense<-1> : tensor<8xi32>
// CHECK: %[[SEL:.*]] = arith.select %{{.*}}, %{{.*}}, %[[NEG]]
// CHECK: tile.histogram %[[SEL]] : tensor<8xi32> -> tensor<4xi32>
// CHECK: arith.constant 0.000000e+00 : f16
// CHECK-NOT: ub.poison
module {
  tt.func public @elements(%xs: f32, %us: i32, %ms: i1) {
    %x = tt.splat %xs : f32 -> tensor<8xf32>
    %u = tt.splat %us : i32 -> tensor<8xi32>
    %m = tt.splat %ms : i1 -> tensor<8xi1>
    %0 = tt.fp_to_fp %x, rounding = rtz : tensor<8xf32> -> tensor<8xf8E5M2>
    %1 = tt.fp_to_fp %0 : tensor<8xf8E5M2> -> tensor<8xf32>
    %2 = tt.clampf %x, %1, %1, propagateNan = all : tensor<8xf32>
    %3 = tt.precise_sqrt %x : tensor<8xf32>
    %4 = tt.precise_divf %x, %3 : tensor<8xf32>
    %5 = tt.mulhiui %u, %u : tensor<8xi32>
    %6 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<8xf32>) -> tensor<8xf32>
    %7 = tt.extern_elementwise %x, %6 {libname = "", libpath = "", pure = true, symbol = "__nv_atan2f"} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %8 = tt.bitcast %7 : tensor<8xf32> -> tensor<8xi32>
    %9 = tt.histogram %u, %m : tensor<8xi32> -> tensor<4xi32>
    %10 = ub.poison : f16
    tt.return
  }
}

// -----

// Atomics and descriptors.
// CHECK-LABEL: tile.func @memory
// CHECK: tile.atomic_rmw xchg, acq_rel, gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_cas acquire, cta %{{.*}}, %{{.*}}, %{{.*}} : !tile.ptr<i32>
// CHECK: %[[D:.*]] = tile.make_desc %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] padding = nan : !tile.ptr<f32> -> !tile.desc<tensor<32x32xf32>>
// CHECK: tile.desc_load %[[D]][%{{.*}}, %{{.*}}]
// CHECK: tile.desc_store %[[D]][%{{.*}}, %{{.*}}]
module {
  tt.func public @memory(%p: !tt.ptr<i32>, %f: !tt.ptr<f32>, %m: i32, %s: i64) {
    %ps = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
    %v = arith.constant dense<1> : tensor<16xi32>
    %t = arith.constant dense<true> : tensor<16xi1>
    %0 = tt.atomic_rmw exch, acq_rel, gpu, %ps, %v, %t : (tensor<16x!tt.ptr<i32>>, tensor<16xi32>, tensor<16xi1>) -> tensor<16xi32>
    %c0 = arith.constant 0 : i32
    %1 = tt.atomic_cas acquire, cta, %p, %c0, %m : (!tt.ptr<i32>, i32, i32) -> i32
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %f, [%m, %m], [%s, %c1] {padding = 2 : i32} : <f32>, <tensor<32x32xf32>>
    %b = tt.descriptor_load %d[%c0, %m] : !tt.tensordesc<tensor<32x32xf32>> -> tensor<32x32xf32>
    tt.descriptor_store %d[%c0, %m], %b : !tt.tensordesc<tensor<32x32xf32>>, tensor<32x32xf32>
    tt.return
  }
}

// -----

// A noinline helper is inlined at its call (with a call-site location) and
// deleted; an early return becomes an scf.if around the rest.
// CHECK-LABEL: tile.func @calls
// CHECK-NOT: tt.call
// CHECK: arith.mulf %{{.*}}, %{{.*}} fastmath<contract> : f32
// CHECK: scf.if
// CHECK: tile.store
// CHECK: tile.return
// CHECK-NOT: tt.func
module {
  tt.func private @helper__fp32__(%a: f32) -> f32 attributes {noinline = true} {
    %0 = arith.mulf %a, %a : f32
    tt.return %0 : f32
  }
  tt.func public @calls(%p: !tt.ptr<f32>, %x: f32, %c: i1) attributes {noinline = false} {
    %0 = tt.call @helper__fp32__(%x) : (f32) -> f32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    tt.return
  ^bb2:
    tt.store %p, %0 : !tt.ptr<f32>
    tt.return
  }
}

// -----

// Value hints (tl.multiple_of, tl.max_contiguous, tl.max_constancy) become
// tile's: divisibility as the largest power of two dividing it (48 -> 16),
// contiguity and constancy capped by the extent and rounded down to a power
// of two (100 -> 64); a hint on a float value is dropped.
// CHECK-LABEL: tile.func @hints
// CHECK: arith.muli %{{.*}}, %{{.*}} {tile.divisibility = array<i64: 16>} : i32
// CHECK: tile.splat %{{.*}} {tile.constancy = array<i64: 64>} : tensor<64xi32>
// CHECK: tile.addptr %{{.*}}, %{{.*}} {tile.contiguity = array<i64: 64>, tile.divisibility = array<i64: 16>} : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<contract> : tensor<64xf32>
// CHECK-NOT: tt.
module {
  tt.func public @hints(%x: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %pid = tt.get_program_id x : i32
    %c64 = arith.constant 64 : i32
    %start = arith.muli %pid, %c64 {tt.divisibility = dense<48> : tensor<1xi32>} : i32
    %s = tt.splat %start {tt.constancy = dense<100> : tensor<1xi32>} : i32 -> tensor<64xi32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %p = tt.addptr %xs, %r {tt.contiguity = dense<64> : tensor<1xi32>, tt.divisibility = dense<16> : tensor<1xi32>} : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %w = arith.addf %v, %v {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<64xf32>
    tt.store %p, %w : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A loop's tt.num_stages (tl.range(num_stages=2)) becomes tile.num_stages,
// the GPU pipeliner's depth for that loop; tt.loop_unroll_factor and
// tt.flatten, hints tile has no place for, are dropped.
// CHECK-LABEL: tile.func @loop_hints
// CHECK: scf.for
// CHECK: } {tile.num_stages = 2 : i32}
// CHECK-NOT: tt.
module {
  tt.func public @loop_hints(%x: !tt.ptr<f32>, %n: i32) attributes {noinline = false} {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %zero = arith.constant dense<0.0> : tensor<64xf32>
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %sum = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<64xf32>) : i32 {
      %v = tt.load %p : tensor<64x!tt.ptr<f32>>
      %a = arith.addf %acc, %v : tensor<64xf32>
      scf.yield %a : tensor<64xf32>
    } {tt.flatten, tt.loop_unroll_factor = 4 : i32, tt.num_stages = 2 : i32}
    tt.store %p, %sum : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// tt.map_elementwise: the scalar function's CFG evaluated on whole tensors,
// each block's values for every element, the join's argument and the result
// selected by the branch taken there (a captured scalar splat, the region's
// constant a dense one).
// CHECK-LABEL: tile.func @map_elementwise(
// CHECK: %[[T:.*]] = tile.splat %arg1 : tensor<64xf32>
// CHECK-DAG: %[[GT:.*]] = arith.cmpf ogt, %[[X:.*]], %[[T]] : tensor<64xf32>
// CHECK-DAG: %[[NOT:.*]] = arith.xori %[[GT]], %{{.*}} : tensor<64xi1>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK-DAG: %[[ELSE:.*]] = arith.mulf %[[X]], %[[ZERO]] {{.*}}: tensor<64xf32>
// CHECK-DAG: %[[THEN:.*]] = arith.subf %[[X]], %[[T]] {{.*}}: tensor<64xf32>
// CHECK: %[[Y:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xi1>, tensor<64xf32>
// CHECK: tile.store %{{.*}}, %[[Y]] : tensor<64x!tile.ptr<f32>>
// CHECK-NOT: map_elementwise
module {
  tt.func public @map_elementwise(%x: !tt.ptr<f32>, %t: f32) attributes {noinline = false} {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %y = "tt.map_elementwise"(%v) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %c = arith.cmpf ogt, %a, %t : f32
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %d = arith.subf %a, %t : f32
      cf.br ^bb3(%d : f32)
    ^bb2:
      %z = arith.constant 0.000000e+00 : f32
      %e = arith.mulf %a, %z : f32
      cf.br ^bb3(%e : f32)
    ^bb3(%out: f32):
      tt.map_elementwise.return %out : f32
    }) : (tensor<64xf32>) -> tensor<64xf32>
    tt.store %p, %y : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// Descriptor gathers, scatters and reduces are masked pointer accesses at
// the addresses the descriptor gives; a gather's out-of-bounds elements read
// its padding, and a ui32 block makes max unsigned.
// CHECK-LABEL: tile.func @descriptor_accesses
// CHECK-NOT: tile.make_desc
// CHECK: %[[ROWS:.*]] = tile.load
// CHECK: %[[WIDE:.*]] = arith.extsi %[[ROWS]] : tensor<4xi32> to tensor<4xi64>
// CHECK: %[[ROW:.*]] = tile.broadcast %{{.*}} : tensor<4x1xi64> -> tensor<4x8xi64>
// CHECK: %[[COLS:.*]] = tile.range 0 to 8 : tensor<8xi32>
// CHECK: %[[COL:.*]] = tile.broadcast %{{.*}} : tensor<1x8xi64> -> tensor<4x8xi64>
// CHECK: arith.cmpi slt, %[[ROW]]
// CHECK: arith.cmpi sge, %[[ROW]]
// CHECK: %[[ROWOFF:.*]] = arith.muli %[[ROW]]
// CHECK: %[[PTRS:.*]] = tile.addptr
// CHECK: %[[NAN:.*]] = arith.constant dense<0x7FC00000> : tensor<4x8xf32>
// CHECK: %[[G:.*]] = tile.load %[[PTRS]], %{{.*}}, %[[NAN]] : tensor<4x8x!tile.ptr<f32>>
// CHECK: tile.store %{{.*}}, %[[G]], %{{.*}} : tensor<4x8x!tile.ptr<f32>>
// CHECK: tile.atomic_rmw umax, relaxed, gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<16x!tile.ptr<i32>>
// CHECK: tile.atomic_rmw fadd, relaxed, gpu %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x4x!tile.ptr<f32>>
// CHECK-NOT: descriptor
module {
  tt.func public @descriptor_accesses(%f: !tt.ptr<f32>, %u: !tt.ptr<i32>, %r: !tt.ptr<i32>, %m: i32, %s: i64) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i64
    %rp = tt.splat %r : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
    %rows = tt.load %rp : tensor<4x!tt.ptr<i32>>
    %d = tt.make_tensor_descriptor %f, [%m, %m], [%s, %c1] {padding = 2 : i32} : <f32>, <tensor<1x8xf32>>
    %g = tt.descriptor_gather %d[%rows, %m] : (!tt.tensordesc<tensor<1x8xf32>>, tensor<4xi32>, i32) -> tensor<4x8xf32>
    tt.descriptor_scatter %d[%rows, %c0], %g : !tt.tensordesc<tensor<1x8xf32>>, tensor<4xi32>, i32, tensor<4x8xf32>
    %e = tt.make_tensor_descriptor %u, [%m], [%c1] : <i32>, <tensor<16xui32>>
    %v = arith.constant dense<3> : tensor<16xi32>
    tt.descriptor_reduce max, %e[%m], %v : !tt.tensordesc<tensor<16xui32>>, tensor<16xi32>
    %h = tt.make_tensor_descriptor %f, [%m, %m], [%s, %c1] : <f32>, <tensor<2x4xf32>>
    %w = arith.constant dense<1.0> : tensor<2x4xf32>
    tt.descriptor_reduce add, %h[%c0, %m], %w : !tt.tensordesc<tensor<2x4xf32>>, tensor<2x4xf32>
    tt.return
  }
}

// -----

// tt.unsplat is a reduction of its one element (the combiner never runs); a
// gather whose indices are smaller than the source off its axis first cuts
// the source there with an iota gather.
// CHECK-LABEL: tile.func @unsplat_gather
// CHECK: %[[ONE:.*]] = tile.reshape %{{.*}} : tensor<1x1xi32> -> tensor<1xi32>
// CHECK: tile.reduce(%[[ONE]]) axis = 0 : tensor<1xi32> -> i32 {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %{{.*}}: i32):
// CHECK-NEXT: tile.yield %[[A]] : i32
// CHECK: %[[SRC:.*]] = arith.sitofp
// CHECK: %[[IDX:.*]] = arith.constant dense<1> : tensor<2x2xi32>
// CHECK: %[[IOTA:.*]] = tile.range 0 to 2 : tensor<2xi32>
// CHECK: %[[ROW:.*]] = tile.expand_dims %[[IOTA]], 0 : tensor<2xi32> -> tensor<1x2xi32>
// CHECK: %[[CUT:.*]] = tile.broadcast %[[ROW]] : tensor<1x2xi32> -> tensor<8x2xi32>
// CHECK: %[[NARROW:.*]] = tile.gather %[[SRC]][%[[CUT]]], 1 : tensor<8x4xf32>, tensor<8x2xi32> -> tensor<8x2xf32>
// CHECK: tile.gather %[[NARROW]][%[[IDX]]], 0 : tensor<8x2xf32>, tensor<2x2xi32> -> tensor<2x2xf32>
module {
  tt.func public @unsplat_gather(%f: !tt.ptr<f32>, %q: !tt.ptr<i32>) {
    %r = tt.make_range {end = 1 : i32, start = 0 : i32} : tensor<1xi32>
    %e = tt.expand_dims %r {axis = 0 : i32} : tensor<1xi32> -> tensor<1x1xi32>
    %s = tt.unsplat %e : tensor<1x1xi32>
    tt.store %q, %s : !tt.ptr<i32>
    %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %a = tt.expand_dims %r8 {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %b = tt.broadcast %a : tensor<8x1xi32> -> tensor<8x4xi32>
    %src = arith.sitofp %b : tensor<8x4xi32> to tensor<8x4xf32>
    %i = arith.constant dense<1> : tensor<2x2xi32>
    %g = tt.gather %src[%i] {axis = 0 : i32} : (tensor<8x4xf32>, tensor<2x2xi32>) -> tensor<2x2xf32>
    %fs = tt.splat %f : !tt.ptr<f32> -> tensor<2x2x!tt.ptr<f32>>
    tt.store %fs, %g : tensor<2x2x!tt.ptr<f32>>
    tt.return
  }
}

// -----

// A block pointer is taken apart into base, extents, strides and offsets,
// which travel through scf.for and scf.if as separate values; an access is
// a pointer tensor masked along its boundaryCheck dimensions only.
// CHECK-LABEL: tile.func @block_pointers
// CHECK-NOT: make_tensor_ptr
// CHECK: %{{.*}}:8 = scf.for %{{.*}} iter_args(%[[BASE:[a-z0-9]+]] = %arg0, %{{[a-z0-9]+}} = %arg1, %{{[a-z0-9]+}} = %arg1, %{{[a-z0-9]+}} = %arg2, %{{[a-z0-9]+}} = %c1_i64, %[[ROW:[a-z0-9]+]] = %c0_i32, %[[COL:[a-z0-9]+]] = %c0_i32, %{{[a-z0-9]+}} = %cst) -> (!tile.ptr<f16>, i64, i64, i64, i64, i32, i32, tensor<8x4xf16>)
// CHECK: arith.cmpi slt
// CHECK: arith.cmpi sge
// CHECK-NOT: arith.cmpi
// CHECK: tile.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<8x4x!tile.ptr<f16>>
// CHECK: %[[NEXT:.*]] = arith.addi %[[COL]], %c4_i32 : i32
// CHECK: scf.yield %[[BASE]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[NEXT]], %{{.*}} : !tile.ptr<f16>, i64, i64, i64, i64, i32, i32, tensor<8x4xf16>
// CHECK: scf.if %{{.*}} -> (!tile.ptr<f16>, i64, i64, i64, i64, i32, i32)
// CHECK-NOT: arith.cmpi
// CHECK: tile.store %{{.*}}, %{{.*}} : tensor<8x4x!tile.ptr<f16>>
module {
  tt.func public @block_pointers(%x: !tt.ptr<f16>, %n: i64, %ld: i64, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i32
    %c1_i64 = arith.constant 1 : i64
    %zero = arith.constant dense<0.0> : tensor<8x4xf16>
    %p = tt.make_tensor_ptr %x, [%n, %n], [%ld, %c1_i64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<8x4xf16>>
    %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%q = %p, %acc = %zero) -> (!tt.ptr<tensor<8x4xf16>>, tensor<8x4xf16>) : i32 {
      %v = tt.load %q {boundaryCheck = array<i32: 1>, padding = 1 : i32} : !tt.ptr<tensor<8x4xf16>>
      %s = arith.addf %acc, %v : tensor<8x4xf16>
      %q2 = tt.advance %q, [%c0, %c4] : <tensor<8x4xf16>>
      scf.yield %q2, %s : !tt.ptr<tensor<8x4xf16>>, tensor<8x4xf16>
    }
    %out = scf.if %c -> (!tt.ptr<tensor<8x4xf16>>) {
      scf.yield %r#0 : !tt.ptr<tensor<8x4xf16>>
    } else {
      scf.yield %p : !tt.ptr<tensor<8x4xf16>>
    }
    tt.store %out, %r#1 : !tt.ptr<tensor<8x4xf16>>
    tt.return
  }
}
