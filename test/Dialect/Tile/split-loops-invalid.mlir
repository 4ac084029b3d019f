// RUN: tile-opt %s --tile-split-loops --split-input-file --verify-diagnostics

tile.func @float_sum(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f1 = arith.constant 1.0 : f32
  // expected-error @+1 {{carries value #0, a float sum of arith.addf: its rounding is exact}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f1) -> (f32) : i32 {
    %s1 = arith.addf %s, %f1 : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<f32>
  tile.return
}

// -----

tile.func @not_a_sum(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f1 = arith.constant 1.0 : f32
  // expected-error @+1 {{carries value #0, which is not a sum}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f1) -> (f32) : i32 {
    %s1 = arith.mulf %s, %s : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<f32>
  tile.return
}

// -----

tile.func @sum_used_twice(%out: !tile.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{carries value #0, which is not a sum}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c1) -> (i32) : i32 {
    %d = arith.addi %s, %s : i32
    scf.yield %d : i32
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<i32>
  tile.return
}

// -----

tile.func @store_before(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  // expected-error @+1 {{writes memory before a loop marked 'tile.split_k': it would run once per split program}}
  tile.store %out, %f0 : !tile.ptr<f32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f0) -> (f32) : i32 {
    %s1 = arith.addf %s, %f0 : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<f32>
  tile.return
}

// -----

tile.func @atomic_in(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f0) -> (f32) : i32 {
    // expected-error @+1 {{writes memory in a loop marked 'tile.split_k' (a split loop only reads)}}
    %old = tile.atomic_rmw fadd, relaxed, gpu %out, %s : !tile.ptr<f32>
    %s1 = arith.addf %s, %old : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<f32>
  tile.return
}

// -----

tile.func @two(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %f0 = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %f0) -> (f32) : i32 {
    %s1 = arith.addf %s, %f0 : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  // expected-error @+1 {{is the second loop of its kernel marked 'tile.split_k' (one per kernel)}}
  %q = scf.for %i = %c0 to %n step %c1 iter_args(%s = %r) -> (f32) : i32 {
    %s1 = arith.addf %s, %f0 : f32
    scf.yield %s1 : f32
  } {tile.split_k = 2 : i32}
  tile.store %out, %q : !tile.ptr<f32>
  tile.return
}

// -----

tile.func @nothing(%out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{is marked 'tile.split_k' but carries no sum to split}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.split_k = 2 : i32}
  tile.return
}

// -----

tile.func @narrow(%out: !tile.ptr<i8>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %b = arith.constant 1 : i8
  // expected-error @+1 {{carries value #0 of 'i8': a split loop sums f16, bf16, f32, f64, i32 or i64}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %b) -> (i8) : i32 {
    %s1 = arith.addi %s, %b : i8
    scf.yield %s1 : i8
  } {tile.split_k = 2 : i32}
  tile.store %out, %r : !tile.ptr<i8>
  tile.return
}

// -----

// An advanced pointer used after the loop would end elsewhere in a split.
tile.func @pointer_used(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{carries value #1, which is not a sum}}
  %r, %p = scf.for %i = %c0 to %n step %c1 iter_args(%s = %c0, %q = %in)
      -> (i32, !tile.ptr<i32>) : i32 {
    %v = tile.load %q : !tile.ptr<i32>
    %s1 = arith.addi %s, %v : i32
    %q1 = tile.addptr %q, %c1 : !tile.ptr<i32>, i32
    scf.yield %s1, %q1 : i32, !tile.ptr<i32>
  } {tile.split_k = 2 : i32}
  tile.store %p, %r : !tile.ptr<i32>
  tile.return
}
