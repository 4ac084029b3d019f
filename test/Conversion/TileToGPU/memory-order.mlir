// Program order across the threads of a program (docs/Semantics.md 1): a
// barrier between two accesses that different threads may make to one
// address, one of them a write; none where the accesses cannot conflict.
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// A store, then a load of other elements of the same buffer (a reversal):
// the barrier goes between them.
// CHECK-LABEL: gpu.func @store_then_load
// CHECK: llvm.store
// CHECK: gpu.barrier
// CHECK: llvm.load
// CHECK: llvm.store
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func @store_then_load(%scratch: !tile.ptr<f32>, %out: !tile.ptr<f32> {tile.noalias}) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %c255 = arith.constant dense<255> : tensor<256xi32>
  %rev = arith.subi %c255, %r : tensor<256xi32>
  %v = arith.sitofp %r : tensor<256xi32> to tensor<256xf32>
  %s = tile.splat %scratch : tensor<256x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  %q = tile.addptr %s, %rev : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %p, %v : tensor<256x!tile.ptr<f32>>
  %back = tile.load %q : tensor<256x!tile.ptr<f32>>
  %o = tile.splat %out : tensor<256x!tile.ptr<f32>>
  %op = tile.addptr %o, %r : tensor<256x!tile.ptr<f32>>, tensor<256xi32>
  tile.store %op, %back : tensor<256x!tile.ptr<f32>>
  tile.return
}

// -----

// In place through one pointer tile: each thread writes what it read.
// CHECK-LABEL: gpu.func @in_place
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func @in_place(%x: !tile.ptr<f32>) {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %p : tensor<1024x!tile.ptr<f32>>
  %w = arith.addf %v, %v : tensor<1024xf32>
  tile.store %p, %w : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// Two arguments that may be one buffer: the loads are ordered before the
// store (an earlier load must not see a later store of another thread).
// CHECK-LABEL: gpu.func @may_alias
// CHECK: llvm.load
// CHECK: gpu.barrier
// CHECK: llvm.store
tile.func @may_alias(%x: !tile.ptr<f32>, %y: !tile.ptr<f32>) {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s = tile.splat %x : tensor<1024x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %v = tile.load %p : tensor<1024x!tile.ptr<f32>>
  %t = tile.splat %y : tensor<1024x!tile.ptr<f32>>
  %q = tile.addptr %t, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %q, %v : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// -----

// A scalar written by thread 0 and read by every thread, then a loop that
// only reads: one barrier, before the loop, none in it.
// CHECK-LABEL: gpu.func @scalar_then_reading_loop
// CHECK: llvm.store
// CHECK: gpu.barrier
// CHECK-NEXT: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: scf.yield
tile.func @scalar_then_reading_loop(%x: !tile.ptr<f32>, %out: !tile.ptr<f32> {tile.noalias}, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : f32
  tile.store %x, %one : !tile.ptr<f32>
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %p = tile.addptr %s, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128xf32>) : i32 {
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<128xf32>
    scf.yield %a : tensor<128xf32>
  }
  %o = tile.splat %out : tensor<128x!tile.ptr<f32>>
  %q = tile.addptr %o, %r : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %q, %sum : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// A loop that loads one block and stores the block before it, in the same
// buffer: the store of one iteration and the load of the next conflict
// across the back edge even though both use the same pointer tile value.
// CHECK-LABEL: gpu.func @shift_in_loop
// CHECK: scf.for
// CHECK: gpu.barrier
// CHECK: llvm.load
// CHECK: gpu.barrier
// CHECK: llvm.store
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func @shift_in_loop(%x: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %one = arith.constant dense<1> : tensor<128xi32>
  %shifted = arith.addi %r, %one : tensor<128xi32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b = arith.muli %i, %c1 : i32
    %bs = tile.splat %b : tensor<128xi32>
    %offs = arith.addi %shifted, %bs : tensor<128xi32>
    %p = tile.addptr %s, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %prev = arith.subi %offs, %one : tensor<128xi32>
    %q = tile.addptr %s, %prev : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    tile.store %q, %v : tensor<128x!tile.ptr<f32>>
  }
  tile.return
}

// -----

// The same loop over the grid's programs (tile.grid_loop, as
// tile-apply-schedule makes a persistent kernel's): its iterations are
// other programs, which nothing but atomics orders, so only the barrier
// within an iteration stays.
// CHECK-LABEL: gpu.func @shift_in_grid_loop
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: llvm.load
// CHECK: gpu.barrier
// CHECK: llvm.store
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func @shift_in_grid_loop(%x: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %one = arith.constant dense<1> : tensor<128xi32>
  %shifted = arith.addi %r, %one : tensor<128xi32>
  scf.for %i = %c0 to %n step %c1 : i32 {
    %b = arith.muli %i, %c1 : i32
    %bs = tile.splat %b : tensor<128xi32>
    %offs = arith.addi %shifted, %bs : tensor<128xi32>
    %p = tile.addptr %s, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    %v = tile.load %p : tensor<128x!tile.ptr<f32>>
    %prev = arith.subi %offs, %one : tensor<128xi32>
    %q = tile.addptr %s, %prev : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    tile.store %q, %v : tensor<128x!tile.ptr<f32>>
  } {tile.grid_loop}
  tile.return
}

// -----

// Atomic adds whose old values nobody reads commute: no barrier.
// CHECK-LABEL: gpu.func @commuting_atomics
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tile.func @commuting_atomics(%x: !tile.ptr<i32>) {
  %r = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %x : tensor<128x!tile.ptr<i32>>
  %p = tile.addptr %s, %r : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  %one = arith.constant dense<1> : tensor<128xi32>
  %a = tile.atomic_rmw add, relaxed, gpu %p, %one : tensor<128x!tile.ptr<i32>>
  %b = tile.atomic_rmw add, relaxed, gpu %p, %one : tensor<128x!tile.ptr<i32>>
  tile.return
}
