// Building and reshaping tiles (docs/Semantics.md section 3.1), all exact:
// range, splat, broadcast, expand_dims, trans, cat along either axis, join,
// split, and reshape (row-major). The input is 0, 1, ..., 7, read as 2x4.

// RUN: tile-check %s --kernel shapes --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:24:poison --print 1 | FileCheck %s
// range 3 to 7 | trans (4x2) | broadcast of range 3..7 to 2x4 | splat 42
// CHECK: reference #1 (i32 x 24): 3 4 5 6 0 4 1 5 2 6 3 7 3 4 5 6 3 4 5 6 42 42 42 42
// CHECK: tile-check: PASS @shapes (cpu: 2 buffers match

// cat of the input and the broadcast along axis 0 | along axis 1 | join of
// 0..3 and 3..6 | split of the transpose (left | right) | reshape of the
// transpose to 8 | reshape to 2x2x2, transposed [2, 0, 1], reshaped to 8
// RUN: tile-check %s --kernel restructure --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:64:poison --print 1 \
// RUN:   | FileCheck %s --check-prefix=RESTRUCTURE
// RESTRUCTURE: reference #1 (i32 x 64):
// RESTRUCTURE-SAME: 0 1 2 3 4 5 6 7 3 4 5 6 3 4 5 6
// RESTRUCTURE-SAME: 0 1 2 3 3 4 5 6 4 5 6 7 3 4 5 6
// RESTRUCTURE-SAME: 0 3 1 4 2 5 3 6
// RESTRUCTURE-SAME: 0 1 2 3 4 5 6 7
// RESTRUCTURE-SAME: 0 4 1 5 2 6 3 7
// RESTRUCTURE-SAME: 0 2 4 6 1 3 5 7
// RESTRUCTURE: tile-check: PASS @restructure (cpu: 2 buffers match

tile.func @shapes(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %xo_r = tile.range 0 to 2 : tensor<2xi32>
  %xo_re = tile.expand_dims %xo_r, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %xo_rb = tile.broadcast %xo_re : tensor<2x1xi32> -> tensor<2x4xi32>
  %xo_w = arith.constant dense<4> : tensor<2x4xi32>
  %xo_rw = arith.muli %xo_rb, %xo_w : tensor<2x4xi32>
  %xo_c = tile.range 0 to 4 : tensor<4xi32>
  %xo_ce = tile.expand_dims %xo_c, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %xo_cb = tile.broadcast %xo_ce : tensor<1x4xi32> -> tensor<2x4xi32>
  %xo = arith.addi %xo_rw, %xo_cb : tensor<2x4xi32>
  %pin = tile.splat %in : tensor<2x4x!tile.ptr<i32>>
  %pin1 = tile.addptr %pin, %xo : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %x2 = tile.load %pin1 : tensor<2x4x!tile.ptr<i32>>
  %r = tile.range 3 to 7 : tensor<4xi32>
  %t = tile.trans %x2, [1, 0] : tensor<2x4xi32> -> tensor<4x2xi32>
  %re = tile.expand_dims %r, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tile.broadcast %re : tensor<1x4xi32> -> tensor<2x4xi32>
  %c42 = arith.constant 42 : i32
  %s = tile.splat %c42 : tensor<4xi32>
  %at0 = arith.constant 0 : i32
  %base0 = tile.addptr %out, %at0 : !tile.ptr<i32>, i32
  %bs0 = tile.splat %base0 : tensor<4x!tile.ptr<i32>>
  %i0 = tile.range 0 to 4 : tensor<4xi32>
  %ps0 = tile.addptr %bs0, %i0 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ps0, %r : tensor<4x!tile.ptr<i32>>
  %at1 = arith.constant 4 : i32
  %base1 = tile.addptr %out, %at1 : !tile.ptr<i32>, i32
  %o1_r = tile.range 0 to 4 : tensor<4xi32>
  %o1_re = tile.expand_dims %o1_r, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %o1_rb = tile.broadcast %o1_re : tensor<4x1xi32> -> tensor<4x2xi32>
  %o1_w = arith.constant dense<2> : tensor<4x2xi32>
  %o1_rw = arith.muli %o1_rb, %o1_w : tensor<4x2xi32>
  %o1_c = tile.range 0 to 2 : tensor<2xi32>
  %o1_ce = tile.expand_dims %o1_c, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %o1_cb = tile.broadcast %o1_ce : tensor<1x2xi32> -> tensor<4x2xi32>
  %o1 = arith.addi %o1_rw, %o1_cb : tensor<4x2xi32>
  %bs1 = tile.splat %base1 : tensor<4x2x!tile.ptr<i32>>
  %ps1 = tile.addptr %bs1, %o1 : tensor<4x2x!tile.ptr<i32>>, tensor<4x2xi32>
  tile.store %ps1, %t : tensor<4x2x!tile.ptr<i32>>
  %at2 = arith.constant 12 : i32
  %base2 = tile.addptr %out, %at2 : !tile.ptr<i32>, i32
  %o2_r = tile.range 0 to 2 : tensor<2xi32>
  %o2_re = tile.expand_dims %o2_r, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %o2_rb = tile.broadcast %o2_re : tensor<2x1xi32> -> tensor<2x4xi32>
  %o2_w = arith.constant dense<4> : tensor<2x4xi32>
  %o2_rw = arith.muli %o2_rb, %o2_w : tensor<2x4xi32>
  %o2_c = tile.range 0 to 4 : tensor<4xi32>
  %o2_ce = tile.expand_dims %o2_c, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %o2_cb = tile.broadcast %o2_ce : tensor<1x4xi32> -> tensor<2x4xi32>
  %o2 = arith.addi %o2_rw, %o2_cb : tensor<2x4xi32>
  %bs2 = tile.splat %base2 : tensor<2x4x!tile.ptr<i32>>
  %ps2 = tile.addptr %bs2, %o2 : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  tile.store %ps2, %rb : tensor<2x4x!tile.ptr<i32>>
  %at3 = arith.constant 20 : i32
  %base3 = tile.addptr %out, %at3 : !tile.ptr<i32>, i32
  %bs3 = tile.splat %base3 : tensor<4x!tile.ptr<i32>>
  %i3 = tile.range 0 to 4 : tensor<4xi32>
  %ps3 = tile.addptr %bs3, %i3 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ps3, %s : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @restructure(%in: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %xo_r = tile.range 0 to 2 : tensor<2xi32>
  %xo_re = tile.expand_dims %xo_r, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %xo_rb = tile.broadcast %xo_re : tensor<2x1xi32> -> tensor<2x4xi32>
  %xo_w = arith.constant dense<4> : tensor<2x4xi32>
  %xo_rw = arith.muli %xo_rb, %xo_w : tensor<2x4xi32>
  %xo_c = tile.range 0 to 4 : tensor<4xi32>
  %xo_ce = tile.expand_dims %xo_c, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %xo_cb = tile.broadcast %xo_ce : tensor<1x4xi32> -> tensor<2x4xi32>
  %xo = arith.addi %xo_rw, %xo_cb : tensor<2x4xi32>
  %pin = tile.splat %in : tensor<2x4x!tile.ptr<i32>>
  %pin1 = tile.addptr %pin, %xo : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %x2 = tile.load %pin1 : tensor<2x4x!tile.ptr<i32>>
  %r = tile.range 3 to 7 : tensor<4xi32>
  %t = tile.trans %x2, [1, 0] : tensor<2x4xi32> -> tensor<4x2xi32>
  %re = tile.expand_dims %r, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %rb = tile.broadcast %re : tensor<1x4xi32> -> tensor<2x4xi32>
  %c0 = tile.cat %x2, %rb, 0 : tensor<2x4xi32> -> tensor<4x4xi32>
  %c1 = tile.cat %x2, %rb, 1 : tensor<2x4xi32> -> tensor<2x8xi32>
  %lo = tile.range 0 to 4 : tensor<4xi32>
  %j = tile.join %lo, %r : tensor<4xi32> -> tensor<4x2xi32>
  %sl, %sr = tile.split %t : tensor<4x2xi32> -> tensor<4xi32>
  %x8 = tile.reshape %t : tensor<4x2xi32> -> tensor<8xi32>
  %d = tile.reshape %x2 : tensor<2x4xi32> -> tensor<2x2x2xi32>
  %e = tile.trans %d, [2, 0, 1] : tensor<2x2x2xi32> -> tensor<2x2x2xi32>
  %f = tile.reshape %e : tensor<2x2x2xi32> -> tensor<8xi32>
  %at0 = arith.constant 0 : i32
  %base0 = tile.addptr %out, %at0 : !tile.ptr<i32>, i32
  %o0_r = tile.range 0 to 4 : tensor<4xi32>
  %o0_re = tile.expand_dims %o0_r, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %o0_rb = tile.broadcast %o0_re : tensor<4x1xi32> -> tensor<4x4xi32>
  %o0_w = arith.constant dense<4> : tensor<4x4xi32>
  %o0_rw = arith.muli %o0_rb, %o0_w : tensor<4x4xi32>
  %o0_c = tile.range 0 to 4 : tensor<4xi32>
  %o0_ce = tile.expand_dims %o0_c, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %o0_cb = tile.broadcast %o0_ce : tensor<1x4xi32> -> tensor<4x4xi32>
  %o0 = arith.addi %o0_rw, %o0_cb : tensor<4x4xi32>
  %bs0 = tile.splat %base0 : tensor<4x4x!tile.ptr<i32>>
  %ps0 = tile.addptr %bs0, %o0 : tensor<4x4x!tile.ptr<i32>>, tensor<4x4xi32>
  tile.store %ps0, %c0 : tensor<4x4x!tile.ptr<i32>>
  %at1 = arith.constant 16 : i32
  %base1 = tile.addptr %out, %at1 : !tile.ptr<i32>, i32
  %o1_r = tile.range 0 to 2 : tensor<2xi32>
  %o1_re = tile.expand_dims %o1_r, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %o1_rb = tile.broadcast %o1_re : tensor<2x1xi32> -> tensor<2x8xi32>
  %o1_w = arith.constant dense<8> : tensor<2x8xi32>
  %o1_rw = arith.muli %o1_rb, %o1_w : tensor<2x8xi32>
  %o1_c = tile.range 0 to 8 : tensor<8xi32>
  %o1_ce = tile.expand_dims %o1_c, 0 : tensor<8xi32> -> tensor<1x8xi32>
  %o1_cb = tile.broadcast %o1_ce : tensor<1x8xi32> -> tensor<2x8xi32>
  %o1 = arith.addi %o1_rw, %o1_cb : tensor<2x8xi32>
  %bs1 = tile.splat %base1 : tensor<2x8x!tile.ptr<i32>>
  %ps1 = tile.addptr %bs1, %o1 : tensor<2x8x!tile.ptr<i32>>, tensor<2x8xi32>
  tile.store %ps1, %c1 : tensor<2x8x!tile.ptr<i32>>
  %at2 = arith.constant 32 : i32
  %base2 = tile.addptr %out, %at2 : !tile.ptr<i32>, i32
  %o2_r = tile.range 0 to 4 : tensor<4xi32>
  %o2_re = tile.expand_dims %o2_r, 1 : tensor<4xi32> -> tensor<4x1xi32>
  %o2_rb = tile.broadcast %o2_re : tensor<4x1xi32> -> tensor<4x2xi32>
  %o2_w = arith.constant dense<2> : tensor<4x2xi32>
  %o2_rw = arith.muli %o2_rb, %o2_w : tensor<4x2xi32>
  %o2_c = tile.range 0 to 2 : tensor<2xi32>
  %o2_ce = tile.expand_dims %o2_c, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %o2_cb = tile.broadcast %o2_ce : tensor<1x2xi32> -> tensor<4x2xi32>
  %o2 = arith.addi %o2_rw, %o2_cb : tensor<4x2xi32>
  %bs2 = tile.splat %base2 : tensor<4x2x!tile.ptr<i32>>
  %ps2 = tile.addptr %bs2, %o2 : tensor<4x2x!tile.ptr<i32>>, tensor<4x2xi32>
  tile.store %ps2, %j : tensor<4x2x!tile.ptr<i32>>
  %at3 = arith.constant 40 : i32
  %base3 = tile.addptr %out, %at3 : !tile.ptr<i32>, i32
  %bs3 = tile.splat %base3 : tensor<4x!tile.ptr<i32>>
  %i3 = tile.range 0 to 4 : tensor<4xi32>
  %ps3 = tile.addptr %bs3, %i3 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ps3, %sl : tensor<4x!tile.ptr<i32>>
  %at4 = arith.constant 44 : i32
  %base4 = tile.addptr %out, %at4 : !tile.ptr<i32>, i32
  %bs4 = tile.splat %base4 : tensor<4x!tile.ptr<i32>>
  %i4 = tile.range 0 to 4 : tensor<4xi32>
  %ps4 = tile.addptr %bs4, %i4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ps4, %sr : tensor<4x!tile.ptr<i32>>
  %at5 = arith.constant 48 : i32
  %base5 = tile.addptr %out, %at5 : !tile.ptr<i32>, i32
  %bs5 = tile.splat %base5 : tensor<8x!tile.ptr<i32>>
  %i5 = tile.range 0 to 8 : tensor<8xi32>
  %ps5 = tile.addptr %bs5, %i5 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %ps5, %x8 : tensor<8x!tile.ptr<i32>>
  %at6 = arith.constant 56 : i32
  %base6 = tile.addptr %out, %at6 : !tile.ptr<i32>, i32
  %bs6 = tile.splat %base6 : tensor<8x!tile.ptr<i32>>
  %i6 = tile.range 0 to 8 : tensor<8xi32>
  %ps6 = tile.addptr %bs6, %i6 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  tile.store %ps6, %f : tensor<8x!tile.ptr<i32>>
  tile.return
}
