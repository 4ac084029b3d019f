// The iterations of a persistent program's loop over the grid
// (tile-apply-schedule's loop, marked tile.grid_loop) are the grid's
// programs, unordered among themselves (docs/Semantics.md section 1.1): the
// C an earlier tile stored does not keep the next tile's copies from a
// producer warp, though C is not marked tile.noalias. A write before the
// loop in the tile's own program still does, and so does an earlier
// iteration's of a loop over tiles written by hand, whose iterations are
// one program's.
// RUN: tile-opt %s --tile-apply-schedule --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s

// CHECK-LABEL: @store_after
// CHECK: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: tensor copies; B: tensor copies; products in flight across iterations", "a producer warp issues the tensor copies"]
tile.func @store_after(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %K: i32 {tile.divisibility = 16 : i32},
                       %m: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32, num_stages = 3 : i32,
                tile.schedule = #tile.schedule<persistent>} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %one = arith.constant 1 : i64
  %ld = arith.constant 128 : i64
  %ldk = arith.extsi %K : i32 to i64
  %x = tile.program_id x
  %row = arith.muli %x, %c128 : i32
  %a_desc = tile.make_desc %a, [%m, %K], [%ldk, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %c_desc = tile.make_desc %c, [%m, %c128], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x128xf32>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x128xbf16>>
    %next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  tile.desc_store %c_desc[%row, %c0], %acc : !tile.desc<tensor<128x128xf32>>
  tile.return
}

// CHECK-LABEL: @clear_first
// CHECK: tile.dot {{.*}}"no producer warp: a write before the loop (or an earlier iteration's, in a loop around it) may reach the memory its tensor copies read; an output marked tile.noalias cannot"]
tile.func @clear_first(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                       %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                       %K: i32 {tile.divisibility = 16 : i32},
                       %m: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32, num_stages = 3 : i32,
                tile.schedule = #tile.schedule<persistent>} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %one = arith.constant 1 : i64
  %ld = arith.constant 128 : i64
  %ldk = arith.extsi %K : i32 to i64
  %x = tile.program_id x
  %row = arith.muli %x, %c128 : i32
  %a_desc = tile.make_desc %a, [%m, %K], [%ldk, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %c_desc = tile.make_desc %c, [%m, %c128], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x128xf32>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  tile.desc_store %c_desc[%row, %c0], %zero : !tile.desc<tensor<128x128xf32>>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x128xbf16>>
    %next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  tile.desc_store %c_desc[%row, %c0], %acc : !tile.desc<tensor<128x128xf32>>
  tile.return
}

// CHECK-LABEL: @by_hand
// CHECK: tile.dot {{.*}}"no producer warp: a write before the loop (or an earlier iteration's, in a loop around it) may reach the memory its tensor copies read; an output marked tile.noalias cannot"]
tile.func @by_hand(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                   %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                   %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %K: i32 {tile.divisibility = 16 : i32},
                   %m: i32 {tile.divisibility = 16 : i32},
                   %tiles: i32)
    attributes {num_warps = 8 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %one = arith.constant 1 : i64
  %ld = arith.constant 128 : i64
  %ldk = arith.extsi %K : i32 to i64
  %x = tile.program_id x
  %programs = tile.num_programs x
  %a_desc = tile.make_desc %a, [%m, %K], [%ldk, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %c_desc = tile.make_desc %c, [%m, %c128], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x128xf32>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  scf.for %t = %x to %tiles step %programs : i32 {
    %row = arith.muli %t, %c128 : i32
    %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) : i32 {
      %a_tile = tile.desc_load %a_desc[%row, %k] : !tile.desc<tensor<128x64xbf16>>
      %b_tile = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x128xbf16>>
      %next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
      scf.yield %next : tensor<128x128xf32>
    }
    tile.desc_store %c_desc[%row, %c0], %acc : !tile.desc<tensor<128x128xf32>>
  }
  tile.return
}
