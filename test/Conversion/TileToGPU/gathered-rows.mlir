// A tile loaded before a pipelined loop whose copies' addresses depend on
// it (rows gathered by index, as an MoE product reads its tokens): the load
// and its mask are computed where the load stands, before the loop, even
// when a later iteration's loads (the prologue's) ask for the load first.
// The mask's code had gone into the loop (copies on sm_90a) or after the
// load (loads through registers on AMD).
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s
// RUN: tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx942" | FileCheck %s

// CHECK-LABEL: gpu.func @gathered_rows
// CHECK: %[[COUNT:.*]] = llvm.load %{{.*}} : !llvm.ptr<1> -> i32
// CHECK: arith.cmpi slt, %{{.*}}, %[[COUNT]] : i32
// CHECK: scf.for
tile.func @gathered_rows(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                         %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                         %rows: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                         %count: !tile.ptr<i32>,
                         %K: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %n = tile.load %count : !tile.ptr<i32>
  %r = tile.range 0 to 64 : tensor<64xi32>
  %n_s = tile.splat %n : tensor<64xi32>
  %ok = arith.cmpi slt, %r, %n_s : tensor<64xi32>
  %rows_base = tile.splat %rows : tensor<64x!tile.ptr<i32>>
  %rows_ptrs = tile.addptr %rows_base, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %zero_i = arith.constant dense<0> : tensor<64xi32>
  %idx = tile.load %rows_ptrs, %ok, %zero_i : tensor<64x!tile.ptr<i32>>

  // a + idx[:, None] * K + k[None, :] and b + k[:, None] * 64 + n[None, :].
  %K_s = tile.splat %K : tensor<64xi32>
  %row_off = arith.muli %idx, %K_s : tensor<64xi32>
  %row_e = tile.expand_dims %row_off, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %row_b = tile.broadcast %row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %col_e = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %col_b = tile.broadcast %col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %a_offs = arith.addi %row_b, %col_b : tensor<64x64xi32>
  %a_base = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %c64_s = arith.constant dense<64> : tensor<64xi32>
  %k_row = arith.muli %r, %c64_s : tensor<64xi32>
  %k_e = tile.expand_dims %k_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %k_b = tile.broadcast %k_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %b_offs = arith.addi %k_b, %col_b : tensor<64x64xi32>
  %b_base = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %ok_e = tile.expand_dims %ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_mask = tile.broadcast %ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %zero_a = arith.constant dense<0.0> : tensor<64x64xbf16>
  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %b_step = arith.constant dense<4096> : tensor<64x64xi32>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap, %bp = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x64x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs : tensor<64x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>
  }
  %c_row = arith.muli %r, %c64_s : tensor<64xi32>
  %c_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_b = tile.broadcast %c_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_b, %col_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %c_ptrs, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
