// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// RUN: tile-check %s --grid 2 --arg buf:f16:1216:iota --arg buf:f16:1216:poison \
// RUN:   --arg i32:144 --targets sim-nvidia:chip=sm_90a | FileCheck %s --check-prefix=SIM

// A tile of 1024 f16 over a program of 8 warps (256 threads) is four
// elements a thread, 8-byte accesses, not eight (16 bytes) in 128 threads
// with the other 128 holding copies: these load the same bytes again and
// wait at the store (layer_norm_fwd's store loop did). Rows of n = 144
// columns, the rest masked off, run on the simulator.
// CHECK-LABEL: .entry rows(
// CHECK-NOT:     ld.global.v4.b32
// CHECK:         ld.global.v4.b16
// CHECK-NOT:     ld.global
// CHECK:         st.global.v2.b32
// CHECK-NOT:     st.global
// SIM: tile-check: PASS @rows
tile.func @rows(%x: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                %y: !tile.ptr<f16> {tile.divisibility = 16 : i32},
                %n: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32} {
  %pid = tile.program_id x
  %c4 = arith.constant 4 : i32
  %r0 = arith.muli %pid, %c4 : i32
  %rows = tile.range 0 to 4 : tensor<4xi32>
  %cols = tile.range 0 to 256 : tensor<256xi32>
  %r0s = tile.splat %r0 : tensor<4xi32>
  %r = arith.addi %r0s, %rows : tensor<4xi32>
  %re = tile.expand_dims %r, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %ns = tile.splat %n : tensor<4x1xi32>
  %ro = arith.muli %re, %ns : tensor<4x1xi32>
  %ce = tile.expand_dims %cols, 0 : tensor<256xi32> -> tensor<1x256xi32>
  %rb = tile.broadcast %ro : tensor<4x1xi32> -> tensor<4x256xi32>
  %cb = tile.broadcast %ce : tensor<1x256xi32> -> tensor<4x256xi32>
  %off = arith.addi %rb, %cb : tensor<4x256xi32>
  %nb = tile.splat %n : tensor<4x256xi32>
  %m = arith.cmpi slt, %cb, %nb : tensor<4x256xi32>
  %xs = tile.splat %x : tensor<4x256x!tile.ptr<f16>>
  %xp = tile.addptr %xs, %off : tensor<4x256x!tile.ptr<f16>>, tensor<4x256xi32>
  %v = tile.load %xp, %m : tensor<4x256x!tile.ptr<f16>>
  %w = arith.addf %v, %v : tensor<4x256xf16>
  %ys = tile.splat %y : tensor<4x256x!tile.ptr<f16>>
  %yp = tile.addptr %ys, %off : tensor<4x256x!tile.ptr<f16>>, tensor<4x256xi32>
  tile.store %yp, %w, %m : tensor<4x256x!tile.ptr<f16>>
  tile.return
}
