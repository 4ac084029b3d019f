// What the GPU lowering refuses, with the op and the reason.
// RUN: tile-opt %s --split-input-file --verify-diagnostics --convert-tile-to-gpu="target=nvidia chip=sm_90a"

// Staging 256x256 bf16 operands twice needs more than sm_90a's 227 KiB.
// expected-error @+1 {{needs 262144 bytes of shared memory; the chip allows 232448 per program}}
tile.func @too_much_shared(%a: !tile.ptr<bf16>, %c: !tile.ptr<f32>) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %re = tile.expand_dims %r, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %rb = tile.broadcast %re : tensor<256x1xi32> -> tensor<256x256xi32>
  %a0 = tile.splat %a : tensor<256x256x!tile.ptr<bf16>>
  %ap = tile.addptr %a0, %rb : tensor<256x256x!tile.ptr<bf16>>, tensor<256x256xi32>
  %x = tile.load %ap : tensor<256x256x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %p = tile.dot %x, %x, %zero : tensor<256x256xbf16>, tensor<256x256xbf16> -> tensor<256x256xf32>
  %c0 = tile.splat %c : tensor<256x256x!tile.ptr<f32>>
  %cp = tile.addptr %c0, %rb : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  tile.store %cp, %p : tensor<256x256x!tile.ptr<f32>>
  tile.return
}

// -----

// A stage count is checked against shared memory before any stage is built
// (regression: 65536 stages took 7.6 GB, then aborted).
tile.func @too_many_stages(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i32) attributes {num_warps = 4 : i32, num_stages = 65536 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ld_s = tile.splat %ld : tensor<64xi32>
  %rows = arith.muli %r, %ld_s : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %a0 = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %ap0 = tile.addptr %a0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %b0 = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %bp0 = tile.addptr %b0, %offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %b_step_s = arith.muli %ld, %c64 : i32
  %b_step = tile.splat %b_step_s : tensor<64x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %ap_end, %bp_end = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %ap = %ap0, %bp = %bp0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    %k_s = tile.splat %k : tensor<64xi32>
    %ks = arith.addi %k_s, %r : tensor<64xi32>
    %k_ok = arith.cmpi slt, %ks, %K_s : tensor<64xi32>
    %col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_mask = tile.broadcast %col : tensor<1x64xi1> -> tensor<64x64xi1>
    %row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_mask = tile.broadcast %row : tensor<64x1xi1> -> tensor<64x64xi1>
    %x = tile.load %ap, %a_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    %y = tile.load %bp, %b_mask, %zero : tensor<64x64x!tile.ptr<bf16>>
    // expected-error @+1 {{num_stages = 65536 needs 1073741824 bytes of shared memory for its pipelined operands (16384 per stage); the chip allows 232448 per program}}
    %acc_next = tile.dot %x, %y, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %ap_next = tile.addptr %ap, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %bp_next = tile.addptr %bp, %b_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %ap_next, %bp_next
        : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>
  }
  %c_0 = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %cp = tile.addptr %c_0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %cp, %acc : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// A tile is checked against the registers of a thread before any code for
// it exists (regression: a 2^24-element tile exhausted memory in LLVM).
tile.func @tile_too_large(%x: !tile.ptr<f32>) attributes {num_warps = 4 : i32} {
  // expected-error @+1 {{result of type 'tensor<16777216xi32>' needs 131072 registers per thread over 128 threads; at most 1020 are allowed (use smaller tiles or more warps)}}
  %r = tile.range 0 to 16777216 : tensor<16777216xi32>
  %b = tile.splat %x : tensor<16777216x!tile.ptr<f32>>
  %p = tile.addptr %b, %r : tensor<16777216x!tile.ptr<f32>>, tensor<16777216xi32>
  %v = tile.load %p : tensor<16777216x!tile.ptr<f32>>
  tile.store %p, %v : tensor<16777216x!tile.ptr<f32>>
  tile.return
}

// -----

// The layouts describe power-of-two extents only (regression: a 6x8 tile
// reduced along its rows wrapped rows 6 and 7 onto real rows and gave NaN
// for rows 2 and 3 on the H200).
tile.func @extent_not_power_of_two(%x: !tile.ptr<f32>) {
  // expected-error @+1 {{result of type 'tensor<6xi32>' has an extent that is not a power of two, which the GPU targets do not support (pad the tile and mask its loads and stores)}}
  %r = tile.range 0 to 6 : tensor<6xi32>
  %b = tile.splat %x : tensor<6x!tile.ptr<f32>>
  %p = tile.addptr %b, %r : tensor<6x!tile.ptr<f32>>, tensor<6xi32>
  %v = tile.load %p : tensor<6x!tile.ptr<f32>>
  tile.store %p, %v : tensor<6x!tile.ptr<f32>>
  tile.return
}
