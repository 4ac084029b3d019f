// A row summed in 1024-element blocks at 8 warps (Triton's layer norm's
// first loop): tile-prefetch-loads issues each block's load an iteration
// ahead, and the conversion carries the loaded block in the layout of the
// accumulator it feeds, so that nothing moves through shared memory inside
// the loop. Carried in its load's own (16-byte) layout, the block was moved
// to the accumulator's through shared memory each iteration, two barriers
// and a store and a load per thread, and Triton's layer norm ran at 0.64x
// Triton instead of 0.77x on the H200 (docs/benchmarks/TritonImport.md).
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s

// The first block's load before the loop, the next one's in it, and no
// barrier or shared store between them.
// CHECK-LABEL: .entry row_sum
// CHECK:     ld.global.v4.b16
// CHECK-NOT: {{bar.sync|st.shared}}
// CHECK:     ld.global.v4.b16
tile.func @row_sum(%x: !tile.ptr<f16>, %out: !tile.ptr<f32>, %n: i32)
    attributes {num_warps = 8 : i32} {
  %c0 = arith.constant 0 : i32
  %c1024 = arith.constant 1024 : i32
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %zero_h = arith.constant dense<0.0> : tensor<1024xf16>
  %range = tile.range 0 to 1024 : tensor<1024xi32>
  %n_s = tile.splat %n : tensor<1024xi32>
  %base = tile.splat %x : tensor<1024x!tile.ptr<f16>>
  %sum = scf.for %start = %c0 to %n step %c1024 iter_args(%acc = %zero) -> (tensor<1024xf32>) : i32 {
    %start_s = tile.splat %start : tensor<1024xi32>
    %cols = arith.addi %start_s, %range : tensor<1024xi32>
    %inside = arith.cmpi slt, %cols, %n_s : tensor<1024xi32>
    %ptrs = tile.addptr %base, %cols : tensor<1024x!tile.ptr<f16>>, tensor<1024xi32>
    %v = tile.load %ptrs, %inside, %zero_h : tensor<1024x!tile.ptr<f16>>
    %w = arith.extf %v : tensor<1024xf16> to tensor<1024xf32>
    %next = arith.addf %acc, %w : tensor<1024xf32>
    scf.yield %next : tensor<1024xf32>
  }
  %total = tile.reduce(%sum) axis = 0 : tensor<1024xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  tile.store %out, %total : !tile.ptr<f32>
  tile.return
}

// Offsets loaded an iteration ahead that advance a pointer tile the loop
// carries: the loaded tile is not carried in the pointers' layout (only a
// data tile's is followed), and the kernel runs as the reference says on
// the GPU simulator (wave 64).
// RUN: tile-check %s --kernel chase --targets sim-amd --grid 1 --arg buf:i32:1024:const=1 --arg buf:f32:2048:rand=3 --arg buf:f32:128:zero --arg i32:1024 | FileCheck %s --check-prefix=SIM
// SIM: tile-check: PASS @chase (sim-amd: 3 buffers match)
// CHECK-LABEL: .entry chase
tile.func @chase(%off: !tile.ptr<i32>, %x: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %range = tile.range 0 to 128 : tensor<128xi32>
  %os = tile.splat %off : tensor<128x!tile.ptr<i32>>
  %xs = tile.splat %x : tensor<128x!tile.ptr<f32>>
  %start_ptrs = tile.addptr %xs, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %r:2 = scf.for %s = %c0 to %n step %c128 iter_args(%acc = %zero, %ptrs = %start_ptrs) -> (tensor<128xf32>, tensor<128x!tile.ptr<f32>>) : i32 {
    %ss = tile.splat %s : tensor<128xi32>
    %cols = arith.addi %ss, %range : tensor<128xi32>
    %op = tile.addptr %os, %cols : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
    %d = tile.load %op : tensor<128x!tile.ptr<i32>>
    %v = tile.load %ptrs : tensor<128x!tile.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<128xf32>
    %next = tile.addptr %ptrs, %d : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
    scf.yield %a, %next : tensor<128xf32>, tensor<128x!tile.ptr<f32>>
  }
  %o = tile.splat %out : tensor<128x!tile.ptr<f32>>
  %op2 = tile.addptr %o, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %op2, %r#0 : tensor<128x!tile.ptr<f32>>
  tile.return
}
