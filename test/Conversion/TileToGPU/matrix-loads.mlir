// Products too small for a warpgroup (16 rows) take mma.sync, whose operand
// fragments come from shared memory as whole 8 x 8 matrices (ldmatrix). An
// operand that is the transpose of a load (attention's K^T) is staged from
// the load's registers, k-contiguous, 16 bytes at a time, and read without
// transposing; one whose rows run along n (V) is read transposed. No
// operand moves through shared memory twice, and nothing is read or
// written 16 bits at a time.
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s

// CHECK-LABEL: gpu.func @scores
// CHECK: gpu.barrier
// CHECK-COUNT-2: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK-NOT: mma_layout<col>
// CHECK: mma.sync.aligned.m16n8k16
// CHECK-NOT: -> i16
// CHECK-NOT: : i16, !llvm.ptr<3>
// CHECK: gpu.return
tile.func @scores(%q: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %k: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                  %s: !tile.ptr<f32> {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %d = tile.range 0 to 128 : tensor<128xi32>
  %d_e = tile.expand_dims %d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %c128_16 = arith.constant dense<128> : tensor<16xi32>
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %q_rows = arith.muli %r16, %c128_16 : tensor<16xi32>
  %q_rows_e = tile.expand_dims %q_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %q_rows_b = tile.broadcast %q_rows_e : tensor<16x1xi32> -> tensor<16x128xi32>
  %q_d = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<16x128xi32>
  %q_offs = arith.addi %q_rows_b, %q_d : tensor<16x128xi32>
  %q0 = tile.splat %q : tensor<16x128x!tile.ptr<bf16>>
  %qp = tile.addptr %q0, %q_offs : tensor<16x128x!tile.ptr<bf16>>, tensor<16x128xi32>
  %qt = tile.load %qp : tensor<16x128x!tile.ptr<bf16>>
  %c128_64 = arith.constant dense<128> : tensor<64xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %k_rows = arith.muli %r64, %c128_64 : tensor<64xi32>
  %k_rows_e = tile.expand_dims %k_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %k_rows_b = tile.broadcast %k_rows_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %k_d = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %k_offs = arith.addi %k_rows_b, %k_d : tensor<64x128xi32>
  %k0 = tile.splat %k : tensor<64x128x!tile.ptr<bf16>>
  %kp = tile.addptr %k0, %k_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %kt = tile.load %kp : tensor<64x128x!tile.ptr<bf16>>
  %ktt = tile.trans %kt, [1, 0] : tensor<64x128xbf16> -> tensor<128x64xbf16>
  %zero = arith.constant dense<0.0> : tensor<16x64xf32>
  %p = tile.dot %qt, %ktt, %zero : tensor<16x128xbf16>, tensor<128x64xbf16> -> tensor<16x64xf32>
  %c64_16 = arith.constant dense<64> : tensor<16xi32>
  %s_rows = arith.muli %r16, %c64_16 : tensor<16xi32>
  %s_rows_e = tile.expand_dims %s_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %s_rows_b = tile.broadcast %s_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %n_e = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %n_b = tile.broadcast %n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %s_offs = arith.addi %s_rows_b, %n_b : tensor<16x64xi32>
  %s0 = tile.splat %s : tensor<16x64x!tile.ptr<f32>>
  %sp = tile.addptr %s0, %s_offs : tensor<16x64x!tile.ptr<f32>>, tensor<16x64xi32>
  tile.store %sp, %p : tensor<16x64x!tile.ptr<f32>>
  tile.return
}

// CHECK-LABEL: gpu.func @weighted_values
// CHECK: gpu.barrier
// CHECK: llvm.store %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
// CHECK: gpu.barrier
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4
// CHECK: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>, num = 4
// CHECK: mma.sync.aligned.m16n8k16
// CHECK-NOT: -> i16
// CHECK: gpu.return
tile.func @weighted_values(%p: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %v: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                           %o: !tile.ptr<f32> {tile.divisibility = 16 : i32})
    attributes {num_warps = 4 : i32} {
  %r16 = tile.range 0 to 16 : tensor<16xi32>
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %d = tile.range 0 to 128 : tensor<128xi32>
  %c64_16 = arith.constant dense<64> : tensor<16xi32>
  %p_rows = arith.muli %r16, %c64_16 : tensor<16xi32>
  %p_rows_e = tile.expand_dims %p_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %p_rows_b = tile.broadcast %p_rows_e : tensor<16x1xi32> -> tensor<16x64xi32>
  %n_e = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %n_b = tile.broadcast %n_e : tensor<1x64xi32> -> tensor<16x64xi32>
  %p_offs = arith.addi %p_rows_b, %n_b : tensor<16x64xi32>
  %p0 = tile.splat %p : tensor<16x64x!tile.ptr<bf16>>
  %pp = tile.addptr %p0, %p_offs : tensor<16x64x!tile.ptr<bf16>>, tensor<16x64xi32>
  %pt = tile.load %pp : tensor<16x64x!tile.ptr<bf16>>
  %c128_64 = arith.constant dense<128> : tensor<64xi32>
  %v_rows = arith.muli %r64, %c128_64 : tensor<64xi32>
  %v_rows_e = tile.expand_dims %v_rows, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %v_rows_b = tile.broadcast %v_rows_e : tensor<64x1xi32> -> tensor<64x128xi32>
  %d_e = tile.expand_dims %d, 0 : tensor<128xi32> -> tensor<1x128xi32>
  %v_d = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<64x128xi32>
  %v_offs = arith.addi %v_rows_b, %v_d : tensor<64x128xi32>
  %v0 = tile.splat %v : tensor<64x128x!tile.ptr<bf16>>
  %vp = tile.addptr %v0, %v_offs : tensor<64x128x!tile.ptr<bf16>>, tensor<64x128xi32>
  %vt = tile.load %vp : tensor<64x128x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<16x128xf32>
  %acc = tile.dot %pt, %vt, %zero : tensor<16x64xbf16>, tensor<64x128xbf16> -> tensor<16x128xf32>
  %c128_16 = arith.constant dense<128> : tensor<16xi32>
  %o_rows = arith.muli %r16, %c128_16 : tensor<16xi32>
  %o_rows_e = tile.expand_dims %o_rows, 1 : tensor<16xi32> -> tensor<16x1xi32>
  %o_rows_b = tile.broadcast %o_rows_e : tensor<16x1xi32> -> tensor<16x128xi32>
  %o_d = tile.broadcast %d_e : tensor<1x128xi32> -> tensor<16x128xi32>
  %o_offs = arith.addi %o_rows_b, %o_d : tensor<16x128xi32>
  %o0 = tile.splat %o : tensor<16x128x!tile.ptr<f32>>
  %op = tile.addptr %o0, %o_offs : tensor<16x128x!tile.ptr<f32>>, tensor<16x128xi32>
  tile.store %op, %acc : tensor<16x128x!tile.ptr<f32>>
  tile.return
}
