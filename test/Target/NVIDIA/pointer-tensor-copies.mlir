// A block read through pointers, base + rows * ld + columns, masked by the
// matrix's bounds exactly and moved along K each iteration, is the tensor
// copy its descriptor form would be (PointerTensorCopies.cpp): on sm_90a
// both operands of the product below come through tensor maps, the kernel's
// parameters after its arguments.
// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=BOTH
// BOTH-LABEL: .entry pointer_matmul(
// BOTH: .param .align 64 .b8 pointer_matmul_param_9[128]
// BOTH: .param .align 64 .b8 pointer_matmul_param_10[128]
// BOTH: cp.async.bulk.tensor.2d
// BOTH: wgmma.mma_async
//
// Persistent programs (tile.schedule): the first row comes from the loop over
// tiles (program ids narrowed from i64 with nsw, so not negative); the two
// tensor maps follow the grid's three extents.
// RUN: sed 's/    attributes {num_warps = 4 : i32} {/    attributes {num_warps = 4 : i32, tile.schedule = #tile.schedule<persistent, grouped = 8>, tile.grid = affine_map<()[s0, s1, s2, s3, s4] -> (s3 ceildiv 64, s4 ceildiv 64)>} {/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=PERSISTENT
// PERSISTENT-LABEL: .entry pointer_matmul(
// PERSISTENT: .param .align 64 .b8 pointer_matmul_param_12[128]
// PERSISTENT: .param .align 64 .b8 pointer_matmul_param_13[128]
// PERSISTENT: cp.async.bulk.tensor.2d
//
// A matrix of a batch: A's base moved by pid_b * (lda * 128), an offset
// outside the rows and columns, unmasked. It becomes a third, leading
// dimension of extent 1 in the block, every plane in bounds, its stride an
// argument times a constant (the tensor map's `a6*128`); B stays 2-D.
// RUN: sed 's/  %n_start = arith.muli %%pid_n, %c64 : i32/&\n  %%pid_b = tile.program_id z\n  %c128 = arith.constant 128 : i32\n  %a_stride = arith.muli %lda, %c128 : i32\n  %a_plane = arith.muli %%pid_b, %a_stride : i32\n  %a_batch = tile.addptr %a, %a_plane : !tile.ptr<bf16>, i32/; s/%a_base = tile.splat %a :/%a_base = tile.splat %a_batch :/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a -o %t.planes && grep -a "^tensor_map" %t.planes | FileCheck %s --check-prefixes=PLANES
// PLANES: tensor_map bf16 base=a0 sizes=2147483647,a3,a5 strides=a6*128,a6,1 box=1,64,64
// PLANES: tensor_map bf16 base=a1 sizes=a5,a4 strides=a7,1 box=64,64
//
// Not with a plane that may be negative (the pointers read memory before
// the base there, the tensor copy padding), nor with a plane offset
// pid_b * lda * M, whose stride no tensor map field holds: lda * M is two
// arguments' product, and with lda alone the plane pid_b * M may be negative.
// RUN: sed 's/  %n_start = arith.muli %%pid_n, %c64 : i32/&\n  %%pid_b = tile.program_id z\n  %a_first = arith.subi %%pid_b, %c64 : i32\n  %a_plane = arith.muli %a_first, %lda : i32\n  %a_batch = tile.addptr %a, %a_plane : !tile.ptr<bf16>, i32/; s/%a_base = tile.splat %a :/%a_base = tile.splat %a_batch :/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// RUN: sed 's/  %n_start = arith.muli %%pid_n, %c64 : i32/&\n  %%pid_b = tile.program_id z\n  %a_stride = arith.muli %lda, %M : i32\n  %a_plane = arith.muli %%pid_b, %a_stride : i32\n  %a_batch = tile.addptr %a, %a_plane : !tile.ptr<bf16>, i32/; s/%a_base = tile.splat %a :/%a_base = tile.splat %a_batch :/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
//
// Where A's load is not exactly such a block, it stays a pointer load, and
// so does B: a product reads both operands through tensor copies or neither
// (one read through registers beside a tensor copy would lose the
// asynchronous copies both had). So with
// masked-off elements that read 1, not the padding's 0;
// RUN: sed 's/%zero_a = arith.constant dense<0.0>/%zero_a = arith.constant dense<1.0>/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// a first row that may be negative (the pointer load reads memory there, a
// tensor copy padding);
// RUN: sed 's/%m_start = arith.muli %%pid_m, %c64/%m_start = arith.subi %%pid_m, %c64/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// no mask along K (columns past K would read the next row's elements, not
// padding);
// RUN: sed 's/%a_mask = arith.andi %a_m_mask, %a_k_mask/%a_mask = arith.andi %a_m_mask, %a_m_mask/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// a K mask one element too long (j <= K - k: the extent would be K + 1, no
// argument);
// RUN: sed 's/%k_ok = arith.cmpi slt, %r64, %k_left/%k_ok = arith.cmpi sle, %r64, %k_left/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// rows bounded by a value that is not an argument (no tensor map can hold it);
// RUN: sed 's/%M_s = tile.splat %M :/%M_s = tile.splat %n_start :/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// a mask about other rows than the pointers';
// RUN: sed 's/%a_row = arith.muli %offs_m, %lda_s/%a_row = arith.muli %offs_n, %lda_s/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// a row stride not known to be 16-byte aligned;
// RUN: sed 's/%lda: i32 {tile.divisibility = 16 : i32}/%lda: i32/' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// an e4m3 product, whose wgmma reads only k-contiguous operands, with B's
// rows along n (a tensor copy cannot restage it k-major; the asynchronous
// copies' pipeline does).
// RUN: sed 's/bf16/f8E4M3FN/g' %s \
// RUN:   | tile-compile - --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s --check-prefixes=NONE
// NONE-LABEL: .entry pointer_matmul(
// NONE-NOT: .param .align 64 .b8
// NONE-NOT: cp.async.bulk.tensor
// NONE: cp.async.cg.shared.global
// NONE-NOT: cp.async.bulk.tensor
//
// Without TMA (sm_80), pointer loads as written.
// RUN: tile-compile %s --target=nvidia:chip=sm_80 --emit=asm -o - | FileCheck %s --check-prefixes=NONE
//
// The kernel's results on the CPU against the reference interpreter, ragged
// edges included (the form the rewrite starts from is the form every target
// runs).
// RUN: tile-check %s --kernel pointer_matmul --grid 2,3 \
// RUN:   --arg buf:bf16:5600:rand --arg buf:bf16:11520:rand --arg buf:f32:9100:poison \
// RUN:   --arg i32:70 --arg i32:130 --arg i32:80 --arg i32:80 --arg i32:144 --arg i32:130 \
// RUN:   | FileCheck %s --check-prefix=CPU
// CPU: tile-check: PASS @pointer_matmul

// C = A x B, A: M x K, B: K x N, C: M x N, row-major with leading dimensions
// lda, ldb, ldc; 64 x 64 blocks, K in steps of 64.
tile.func @pointer_matmul(%a: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                          %b: !tile.ptr<bf16> {tile.divisibility = 16 : i32},
                          %c: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                          %M: i32, %N: i32, %K: i32,
                          %lda: i32 {tile.divisibility = 16 : i32},
                          %ldb: i32 {tile.divisibility = 16 : i32}, %ldc: i32)
    attributes {num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %pid_m = tile.program_id x
  %pid_n = tile.program_id y
  %m_start = arith.muli %pid_m, %c64 : i32
  %n_start = arith.muli %pid_n, %c64 : i32
  %r64 = tile.range 0 to 64 : tensor<64xi32>
  %m_start_s = tile.splat %m_start : tensor<64xi32>
  %offs_m = arith.addi %m_start_s, %r64 : tensor<64xi32>
  %n_start_s = tile.splat %n_start : tensor<64xi32>
  %offs_n = arith.addi %n_start_s, %r64 : tensor<64xi32>

  // A: a + offs_m[:, None] * lda + k[None, :]; B: b + k[:, None] * ldb + offs_n[None, :]
  %lda_s = tile.splat %lda : tensor<64xi32>
  %a_row = arith.muli %offs_m, %lda_s : tensor<64xi32>
  %a_row_e = tile.expand_dims %a_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %a_row_b = tile.broadcast %a_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %k_col_e = tile.expand_dims %r64, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %k_col_b = tile.broadcast %k_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %a_offs = arith.addi %a_row_b, %k_col_b : tensor<64x64xi32>
  %a_base = tile.splat %a : tensor<64x64x!tile.ptr<bf16>>
  %a_ptrs0 = tile.addptr %a_base, %a_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
  %ldb_s = tile.splat %ldb : tensor<64xi32>
  %b_row = arith.muli %r64, %ldb_s : tensor<64xi32>
  %b_row_e = tile.expand_dims %b_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %b_row_b = tile.broadcast %b_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %n_col_e = tile.expand_dims %offs_n, 0 : tensor<64xi32> -> tensor<1x64xi32>
  %n_col_b = tile.broadcast %n_col_e : tensor<1x64xi32> -> tensor<64x64xi32>
  %b_offs = arith.addi %b_row_b, %n_col_b : tensor<64x64xi32>
  %b_base = tile.splat %b : tensor<64x64x!tile.ptr<bf16>>
  %b_ptrs0 = tile.addptr %b_base, %b_offs : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>

  %M_s = tile.splat %M : tensor<64xi32>
  %m_ok = arith.cmpi slt, %offs_m, %M_s : tensor<64xi32>
  %m_ok_e = tile.expand_dims %m_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
  %a_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %N_s = tile.splat %N : tensor<64xi32>
  %n_ok = arith.cmpi slt, %offs_n, %N_s : tensor<64xi32>
  %n_ok_e = tile.expand_dims %n_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
  %b_n_mask = tile.broadcast %n_ok_e : tensor<1x64xi1> -> tensor<64x64xi1>

  %a_step = arith.constant dense<64> : tensor<64x64xi32>
  %b_step_scalar = arith.muli %ldb, %c64 : i32
  %b_step = tile.splat %b_step_scalar : tensor<64x64xi32>
  %K_s = tile.splat %K : tensor<64xi32>
  %zero_a = arith.constant dense<0.0> : tensor<64x64xbf16>
  %zero_b = arith.constant dense<0.0> : tensor<64x64xbf16>
  %acc0 = arith.constant dense<0.0> : tensor<64x64xf32>
  %acc, %a_end, %b_end = scf.for %k = %c0 to %K step %c64
      iter_args(%acc_i = %acc0, %a_ptrs = %a_ptrs0, %b_ptrs = %b_ptrs0)
      -> (tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>) : i32 {
    // k + j < K, written as Triton's tutorial writes it: j < K - k.
    %k_s = tile.splat %k : tensor<64xi32>
    %k_left = arith.subi %K_s, %k_s : tensor<64xi32>
    %k_ok = arith.cmpi slt, %r64, %k_left : tensor<64xi32>
    %k_ok_col = tile.expand_dims %k_ok, 0 : tensor<64xi1> -> tensor<1x64xi1>
    %a_k_mask = tile.broadcast %k_ok_col : tensor<1x64xi1> -> tensor<64x64xi1>
    %a_mask = arith.andi %a_m_mask, %a_k_mask : tensor<64x64xi1>
    %k_ok_row = tile.expand_dims %k_ok, 1 : tensor<64xi1> -> tensor<64x1xi1>
    %b_k_mask = tile.broadcast %k_ok_row : tensor<64x1xi1> -> tensor<64x64xi1>
    %b_mask = arith.andi %b_k_mask, %b_n_mask : tensor<64x64xi1>
    %a_tile = tile.load %a_ptrs, %a_mask, %zero_a : tensor<64x64x!tile.ptr<bf16>>
    %b_tile = tile.load %b_ptrs, %b_mask, %zero_b : tensor<64x64x!tile.ptr<bf16>>
    %acc_next = tile.dot %a_tile, %b_tile, %acc_i : tensor<64x64xbf16>, tensor<64x64xbf16> -> tensor<64x64xf32>
    %a_next = tile.addptr %a_ptrs, %a_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    %b_next = tile.addptr %b_ptrs, %b_step : tensor<64x64x!tile.ptr<bf16>>, tensor<64x64xi32>
    scf.yield %acc_next, %a_next, %b_next
        : tensor<64x64xf32>, tensor<64x64x!tile.ptr<bf16>>, tensor<64x64x!tile.ptr<bf16>>
  }

  %ldc_s = tile.splat %ldc : tensor<64xi32>
  %c_row = arith.muli %offs_m, %ldc_s : tensor<64xi32>
  %c_row_e = tile.expand_dims %c_row, 1 : tensor<64xi32> -> tensor<64x1xi32>
  %c_row_b = tile.broadcast %c_row_e : tensor<64x1xi32> -> tensor<64x64xi32>
  %c_offs = arith.addi %c_row_b, %n_col_b : tensor<64x64xi32>
  %c_base = tile.splat %c : tensor<64x64x!tile.ptr<f32>>
  %c_ptrs = tile.addptr %c_base, %c_offs : tensor<64x64x!tile.ptr<f32>>, tensor<64x64xi32>
  %c_m_mask = tile.broadcast %m_ok_e : tensor<64x1xi1> -> tensor<64x64xi1>
  %c_mask = arith.andi %c_m_mask, %b_n_mask : tensor<64x64xi1>
  tile.store %c_ptrs, %acc, %c_mask : tensor<64x64x!tile.ptr<f32>>
  tile.return
}
