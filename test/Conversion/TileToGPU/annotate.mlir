// convert-tile-to-gpu{annotate=true} leaves the kernels as they are and
// writes the lowering's decisions on their ops: the layouts each tile is
// computed in, the layouts accesses are issued in, the instruction of each
// product and how a product's loop is pipelined.
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=nvidia chip=sm_90a annotate=true" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=nvidia chip=sm_80 annotate=true" | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tile-opt %s --split-input-file --convert-tile-to-gpu="target=amd chip=gfx942 annotate=true" | FileCheck %s --check-prefixes=CHECK,GFX942

// A transpose: the load and the store both run along the rows (16-byte
// vectors; 16 lanes of 4 elements cover a row, the rest of the lanes and
// the warps go down the rows: 8 warps of 32 on NVIDIA, 4 waves of 64 on
// gfx942).
// CHECK-LABEL: tile.func @transpose
// CHECK-NOT: gpu.func
// SM90: tile.load {{.*}}tile.gpu.access = ["<64x64 regs=[(0, 1), (0, 2), (16, 0), (32, 0)] lanes=[(0, 4), (0, 8), (0, 16), (0, 32), (1, 0)] warps=[(2, 0), (4, 0), (8, 0)]>"]
// GFX942: tile.load {{.*}}tile.gpu.access = ["<64x64 regs=[(0, 1), (0, 2), (16, 0), (32, 0)] lanes=[(0, 4), (0, 8), (0, 16), (0, 32), (1, 0), (2, 0)] warps=[(4, 0), (8, 0)]>"]
// CHECK: tile.trans {{.*}}tile.gpu.layout =
// CHECK: tile.store {{.*}}tile.gpu.access =
tile.func @transpose(%src: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %dst: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 64 : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %rows = arith.muli %r, %c64 : tensor<64xi32>
  %re = tile.expand_dims %rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %rb = tile.broadcast %re : tensor<64x1xi32> -> tensor<64x64xi32>
  %ce = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %cb = tile.broadcast %ce : tensor<1x64xi32> -> tensor<64x64xi32>
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  %s0 = tile.splat %src : tensor<64x64x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %x = tile.load %sp : tensor<64x64x!tile.ptr<f32>>
  %t = tile.trans %x, [1, 0] : tensor<64x64xf32> -> tensor<64x64xf32>
  %d0 = tile.splat %dst : tensor<64x64x!tile.ptr<f32>>
  %dp = tile.addptr %d0, %offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  tile.store %dp, %t : tensor<64x64x!tile.ptr<f32>>
  tile.return
}

// -----

// A product in a K loop: a warpgroup instruction on sm_90a, mma.sync on
// sm_80, each fed by a 3-stage pipeline of asynchronous copies; MFMA on
// gfx942, which pipelines through registers (no asynchronous copies), but
// not here: K is not known to be a multiple of 8, so the K mask may change
// inside a 16-byte vector (test/Target/AMD/register-pipeline.test has
// kernels it pipelines).
// CHECK-LABEL: tile.func @k_loop
// SM90: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: async copies; B: async copies; products in flight across iterations"], tile.gpu.product = ["warpgroup instruction bf16 m64 k16"]
// SM90: } {tile.gpu.layout = {{.*}}, tile.gpu.pipeline = ["3 stages; A: async copies; B: async copies; products in flight across iterations"]}
// SM80: tile.dot {{.*}}tile.gpu.pipeline = ["3 stages; A: async copies; B: async copies"], tile.gpu.product = ["matrix instruction bf16 m16 n8 k16"]
// SM80: } {tile.gpu.layout = {{.*}}, tile.gpu.pipeline = ["3 stages; A: async copies; B: async copies"]}
// GFX942: tile.dot {{.*}}tile.gpu.pipeline = ["none: the loads are not whole vectors"], tile.gpu.product = ["matrix instruction bf16 m16 n16 k16"]
tile.func @k_loop(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                  %K: i32, %ld: i32) attributes {num_warps = 4 : i32, num_stages = 3 : i32} {
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
