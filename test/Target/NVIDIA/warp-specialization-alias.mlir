// The producer warp runs ahead of the consumers, held by none of their
// barriers, so a write program order puts before the loop that may reach
// what its tensor copies read (here C cleared first, C not marked as
// overlapping nothing) keeps the loop unspecialized. Where the lowering's
// decisions are shown, it says so, and what lifts it: with C marked
// `tile.noalias` the producer warp issues the copies.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s --check-prefix=ALIAS
// RUN: sed 's/%%c: !tile.ptr<f32> {tile.divisibility = 16 : i32}/%%c: !tile.ptr<f32> {tile.divisibility = 16 : i32, tile.noalias}/' %s \
// RUN:   | tile-opt --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s --check-prefix=NOALIAS
// ALIAS: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: tensor copies; B: tensor copies; products in flight across iterations", "no producer warp: a write before the loop (or an earlier iteration's, in a loop around it) may reach the memory its tensor copies read; an output marked tile.noalias cannot"]
// NOALIAS: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: tensor copies; B: tensor copies; products in flight across iterations", "a producer warp issues the tensor copies"]
// NOALIAS-NOT: no producer warp
tile.func @clear_then_multiply(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                               %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                               %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                               %K: i32 {tile.divisibility = 16 : i32})
    attributes {num_warps = 8 : i32, num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c128 = arith.constant 128 : i32
  %one = arith.constant 1 : i64
  %ld = arith.constant 128 : i64
  %ldk = arith.extsi %K : i32 to i64
  %a_desc = tile.make_desc %a, [%c128, %K], [%ldk, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<128x64xbf16>>
  %b_desc = tile.make_desc %b, [%K, %c128], [%ld, %one] : !tile.ptr<bf16> -> !tile.desc<tensor<64x128xbf16>>
  %c_desc = tile.make_desc %c, [%c128, %c128], [%ld, %one] : !tile.ptr<f32> -> !tile.desc<tensor<128x128xf32>>
  %zero = arith.constant dense<0.0> : tensor<128x128xf32>
  tile.desc_store %c_desc[%c0, %c0], %zero : !tile.desc<tensor<128x128xf32>>
  %acc = scf.for %k = %c0 to %K step %c64 iter_args(%acc_i = %zero) -> (tensor<128x128xf32>) : i32 {
    %a_tile = tile.desc_load %a_desc[%c0, %k] : !tile.desc<tensor<128x64xbf16>>
    %b_tile = tile.desc_load %b_desc[%k, %c0] : !tile.desc<tensor<64x128xbf16>>
    %next = tile.dot %a_tile, %b_tile, %acc_i : tensor<128x64xbf16>, tensor<64x128xbf16> -> tensor<128x128xf32>
    scf.yield %next : tensor<128x128xf32>
  }
  tile.desc_store %c_desc[%c0, %c0], %acc : !tile.desc<tensor<128x128xf32>>
  tile.return
}
