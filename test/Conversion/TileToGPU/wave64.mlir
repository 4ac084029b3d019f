// The shared lowering at AMD's wave sizes: 64 lanes on gfx942 (CDNA), 32 on
// gfx1100 (RDNA3). Lane and warp ids, shuffle widths and distances, the
// threads of a program and which lanes write follow the wave size.
// RUN: tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx942" --cse | FileCheck %s --enable-var-scope --check-prefixes=CHECK,W64 -D'$WAVE=64'
// RUN: tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx1100" --cse | FileCheck %s --enable-var-scope --check-prefixes=CHECK,W32 -D'$WAVE=32'

// Four warps by default: 256 threads of 64 lanes, 128 of 32. Each warp
// leaves one 8-byte partial of the row sum.
// CHECK: tile.launch = {
// W64-SAME: row_sum = {asserts = 0 : i64, shared = 32 : i64, threads = 256 : i64}
// W32-SAME: row_sum = {asserts = 0 : i64, shared = 32 : i64, threads = 128 : i64}
// W64-SAME: row_sum_i64 = {asserts = 0 : i64, shared = 32 : i64, threads = 256 : i64}
// W64-SAME: scan = {asserts = 0 : i64, shared = {{[0-9]+}} : i64, threads = 256 : i64}

// CHECK-LABEL: gpu.func @row_sum
// W64-SAME: known_block_size = array<i32: 256, 1, 1>
// W32-SAME: known_block_size = array<i32: 128, 1, 1>
// The lane is the low log2(wave) bits of the thread id, the warp the rest.
// CHECK: %[[TID:.*]] = arith.index_cast %thread_id_x : index to i32
// W64: arith.andi %[[TID]], %c63_i32 : i32
// W64: arith.shrui %[[TID]], %c6_i32 : i32
// W32: arith.andi %[[TID]], %c31_i32 : i32
// W32: arith.shrui %[[TID]], %c5_i32 : i32
// A butterfly over every lane bit: six shuffles over 64 lanes, five over 32.
// CHECK: gpu.shuffle  xor %{{.*}}, %c1_i32, %c[[$WAVE]]_i32 : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c2_i32, %c[[$WAVE]]_i32 : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c4_i32, %c[[$WAVE]]_i32 : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c8_i32, %c[[$WAVE]]_i32 : f32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c[[$WAVE]]_i32 : f32
// W64: gpu.shuffle  xor %{{.*}}, %c32_i32, %c64_i32 : f32
// W32-NOT: gpu.shuffle
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}}, %{{.*}} : f32, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: llvm.load %{{.*}} : !llvm.ptr<3> -> f32
// CHECK: gpu.return
tile.func @row_sum(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %dst: !tile.ptr<f32>) {
  %pid = tile.program_id x
  %c1024 = arith.constant 1024 : i32
  %base = arith.muli %pid, %c1024 : i32
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s = tile.addptr %src, %base : !tile.ptr<f32>, i32
  %s0 = tile.splat %s : tensor<1024x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %sp : tensor<1024x!tile.ptr<f32>>
  %sum = tile.reduce(%x) axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %d = tile.addptr %dst, %pid : !tile.ptr<f32>, i32
  tile.store %d, %sum : !tile.ptr<f32>
  tile.return
}

// 64-bit values cross the lanes as two 32-bit shuffles, at every distance up
// to half the wave.
// CHECK-LABEL: gpu.func @row_sum_i64
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c[[$WAVE]]_i32 : i32
// CHECK: gpu.shuffle  xor %{{.*}}, %c16_i32, %c[[$WAVE]]_i32 : i32
// W64: gpu.shuffle  xor %{{.*}}, %c32_i32, %c64_i32 : i32
// W64: gpu.shuffle  xor %{{.*}}, %c32_i32, %c64_i32 : i32
// W32-NOT: gpu.shuffle
// CHECK: gpu.return
tile.func @row_sum_i64(%src: !tile.ptr<i64> {tile.divisibility = 16 : i32},
                       %dst: !tile.ptr<i64>) {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s0 = tile.splat %src : tensor<1024x!tile.ptr<i64>>
  %sp = tile.addptr %s0, %r : tensor<1024x!tile.ptr<i64>>, tensor<1024xi32>
  %x = tile.load %sp : tensor<1024x!tile.ptr<i64>>
  %sum = tile.reduce(%x) axis = 0 : tensor<1024xi64> -> i64 {
  ^bb0(%a: i64, %b: i64):
    %t = arith.addi %a, %b : i64
    tile.yield %t : i64
  }
  tile.store %dst, %sum : !tile.ptr<i64>
  tile.return
}

// A scan's ladder climbs the whole wave (up to distance 32 on 64 lanes, 16
// on 32), then takes each warp's total from its last lane (63 or 31).
// CHECK-LABEL: gpu.func @scan
// CHECK: gpu.shuffle  up %{{.*}}, %c1_i32, %c[[$WAVE]]_i32 : f32
// CHECK: gpu.shuffle  up %{{.*}}, %c16_i32, %c[[$WAVE]]_i32 : f32
// W64: gpu.shuffle  up %{{.*}}, %c32_i32, %c64_i32 : f32
// W32-NOT: gpu.shuffle  up %{{[0-9]+}}, %c32_i32
// W64: %[[LAST:.*]] = arith.ori %{{.*}}, %c63_i32 : i32
// W32: %[[LAST:.*]] = arith.ori %{{.*}}, %c31_i32 : i32
// CHECK: gpu.shuffle  idx %{{.*}}, %[[LAST]], %c[[$WAVE]]_i32 : f32
// CHECK: gpu.return
tile.func @scan(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s0 = tile.splat %src : tensor<1024x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  %x = tile.load %sp : tensor<1024x!tile.ptr<f32>>
  %p = tile.scan(%x) axis = 0 : tensor<1024xf32> -> tensor<1024xf32> {
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tile.yield %t : f32
  }
  %d0 = tile.splat %dst : tensor<1024x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %r : tensor<1024x!tile.ptr<f32>>, tensor<1024xi32>
  tile.store %dp, %p : tensor<1024x!tile.ptr<f32>>
  tile.return
}

// A 16-element tile (one element a lane: too few for wider vectors to reach
// every lane) fills 16 lanes; the other lanes and warps hold copies and do
// not store: lane bits 4-5 (48) at wave 64, 4 (16) at wave 32, and both
// warp bits.
// CHECK-LABEL: gpu.func @small_store
// CHECK: %[[LANE:.*]] = arith.andi %{{.*}}, %c{{63|31}}_i32 : i32
// CHECK: %[[WARP:.*]] = arith.shrui
// CHECK: llvm.load %{{.*}} -> f32
// W64: %[[COPIES:.*]] = arith.andi %[[LANE]], %c48_i32 : i32
// W32: %[[COPIES:.*]] = arith.andi %[[LANE]], %c16_i32 : i32
// CHECK: %[[WARPCOPIES:.*]] = arith.andi %[[WARP]], %c3_i32 : i32
// CHECK: %[[BITS:.*]] = arith.ori %[[COPIES]], %[[WARPCOPIES]] : i32
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[BITS]], %c0_i32 : i32
// CHECK: scf.if %[[FIRST]] {
// CHECK: llvm.store %{{.*}} : f32, !llvm.ptr<1>
tile.func @small_store(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %s0 = tile.splat %src : tensor<16x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %x = tile.load %sp : tensor<16x!tile.ptr<f32>>
  %d0 = tile.splat %dst : tensor<16x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %dp, %x : tensor<16x!tile.ptr<f32>>
  tile.return
}
