// The ordering of an atomic update is its fences: LLVM 22's NVPTX backend
// emits every `atomicrmw` as a relaxed `atom` whatever its ordering, so the
// lowering emits the op's updates relaxed after a release fence and before
// an acquire fence of the atomic's scope (one each per op and thread). Its order spans the whole program: block
// barriers order the other threads' accesses before a release and after an
// acquire, whether or not they may touch the same memory (split-K's partial
// sums and their counter).
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s

// CHECK-LABEL: .entry publish(
// CHECK: st.global.v4.b32
// CHECK: bar.sync 0;
// CHECK-NOT: atom
// CHECK: fence.acq_rel.gpu;
// CHECK: atom.global.add.u32
// CHECK-NOT: fence
// CHECK: ret;
tile.func @publish(%data: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                   %flag: !tile.ptr<i32> {tile.noalias}) attributes {num_warps = 4 : i32} {
  %r = tile.range 0 to 512 : tensor<512xi32>
  %base = tile.splat %data : tensor<512x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %v = arith.constant dense<1.0> : tensor<512xf32>
  tile.store %ptrs, %v : tensor<512x!tile.ptr<f32>>
  %one = arith.constant 1 : i32
  %old = tile.atomic_rmw add, release, gpu %flag, %one : !tile.ptr<i32>
  tile.return
}

// A system-scope update is a loop of system-scope compare-and-swaps (the
// `atom` LLVM makes of `atomicrmw` is `.gpu`-scope only).
// CHECK-LABEL: .entry consume(
// CHECK: ld.relaxed.sys.global.b32
// CHECK: atom.relaxed.sys.global.cas.b32
// CHECK: fence.acq_rel.sys;
// CHECK: bar.sync 0;
// CHECK: ld.global
tile.func @consume(%data: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                   %flag: !tile.ptr<i32> {tile.noalias},
                   %out: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias}) attributes {num_warps = 4 : i32} {
  %zero = arith.constant 0 : i32
  %old = tile.atomic_rmw add, acquire, sys %flag, %zero : !tile.ptr<i32>
  %r = tile.range 0 to 512 : tensor<512xi32>
  %base = tile.splat %data : tensor<512x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %v = tile.load %ptrs : tensor<512x!tile.ptr<f32>>
  %obase = tile.splat %out : tensor<512x!tile.ptr<f32>>
  %optrs = tile.addptr %obase, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  tile.store %optrs, %v : tensor<512x!tile.ptr<f32>>
  tile.return
}

// Relaxed updates need neither fences nor barriers.
// CHECK-LABEL: .entry count(
// CHECK-NOT: fence
// CHECK-NOT: bar.sync
// CHECK: atom.global.add.u32
// CHECK-NOT: fence
// CHECK: ret;
tile.func @count(%data: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias},
                 %flag: !tile.ptr<i32> {tile.noalias}) attributes {num_warps = 4 : i32} {
  %r = tile.range 0 to 512 : tensor<512xi32>
  %base = tile.splat %data : tensor<512x!tile.ptr<f32>>
  %ptrs = tile.addptr %base, %r : tensor<512x!tile.ptr<f32>>, tensor<512xi32>
  %v = arith.constant dense<1.0> : tensor<512xf32>
  tile.store %ptrs, %v : tensor<512x!tile.ptr<f32>>
  %one = arith.constant 1 : i32
  %old = tile.atomic_rmw add, relaxed, gpu %flag, %one : !tile.ptr<i32>
  tile.return
}
