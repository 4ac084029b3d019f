// f16 and bf16 arithmetic (docs/Semantics.md section 8): each op is computed
// as in f32 and its result rounded to the element type before the next op,
// so ((1 + 2^-8) + 2^-8) stays 1 in bf16 (each sum is a tie, rounded to even)
// where an f32 intermediate would give 1 + 2^-7. Division and square root are
// correctly rounded; overflow gives inf.

// x = 1 | 2 | 300 | 3, y = 2^-8 | 2^-8 | 300 | 1
// RUN: %python %S/Inputs/values.py %t.xb bf16 1 2 300 3
// RUN: %python %S/Inputs/values.py %t.yb bf16 0.00390625 0.00390625 300 1
// RUN: tile-check %s --kernel bf16_ops --grid 1 --arg buf:bf16:4:file=%t.xb \
// RUN:   --arg buf:bf16:4:file=%t.yb --arg buf:bf16:16:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=BF16
// (x + y) + y | x / y | x * y | sqrt(x)
// BF16: reference #2 (bf16 x 16):
// BF16-SAME: 1 2 900 5
// BF16-SAME: 256 512 1 3
// BF16-SAME: 0.00390625 0.0078125 90112 3
// BF16-SAME: 1 1.4140625 17.375 1.734375
// BF16: float outputs compared bit for bit
// BF16: tile-check: PASS @bf16_ops (cpu: 3 buffers match

// bf16 subnormals survive a masked load, a transpose (built from single
// elements) and an add: 2^-133 | -3 * 2^-133 | 127 * 2^-133 | 1, as a 2x2
// tile, transposed, then doubled.
// RUN: %python %S/Inputs/values.py %t.sb bf16 0x0001 0x8003 0x007f 1
// RUN: tile-check %s --kernel bf16_subnormals --grid 1 \
// RUN:   --arg buf:bf16:4:file=%t.sb --arg buf:bf16:8:poison --arg i32:4 \
// RUN:   --print 1 | FileCheck %s --check-prefix=BF16SUB
// BF16SUB: reference #1 (bf16 x 8):
// BF16SUB-SAME: 9.18354962e-41 1.1663108e-38 -2.75506488e-40 1
// BF16SUB-SAME: 1.83670992e-40 2.3326216e-38 -5.51012977e-40 2
// BF16SUB: tile-check: PASS @bf16_subnormals (cpu: 2 buffers match

// RUN: %python %S/Inputs/values.py %t.xh f16 1 2 300 3
// RUN: %python %S/Inputs/values.py %t.yh f16 0.00390625 0.00390625 300 1
// RUN: tile-check %s --kernel f16_ops --grid 1 --arg buf:f16:4:file=%t.xh \
// RUN:   --arg buf:f16:4:file=%t.yh --arg buf:f16:16:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=F16
// F16: reference #2 (f16 x 16):
// F16-SAME: 1.0078125 2.0078125 900 5
// F16-SAME: 256 512 1 3
// F16-SAME: 0.00390625 0.0078125 inf 3
// F16-SAME: 1 1.4140625 17.328125 1.73242188
// F16: float outputs compared bit for bit
// F16: tile-check: PASS @f16_ops (cpu: 3 buffers match

tile.func @bf16_ops(%a: !tile.ptr<bf16>, %b: !tile.ptr<bf16>, %out: !tile.ptr<bf16>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %pa = tile.splat %a : tensor<4x!tile.ptr<bf16>>
  %pa1 = tile.addptr %pa, %i : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  %x = tile.load %pa1 : tensor<4x!tile.ptr<bf16>>
  %pb = tile.splat %b : tensor<4x!tile.ptr<bf16>>
  %pb1 = tile.addptr %pb, %i : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  %y = tile.load %pb1 : tensor<4x!tile.ptr<bf16>>
  %s1 = arith.addf %x, %y : tensor<4xbf16>
  %s2 = arith.addf %s1, %y : tensor<4xbf16>
  %q = arith.divf %x, %y : tensor<4xbf16>
  %p = arith.mulf %x, %y : tensor<4xbf16>
  %r = math.sqrt %x : tensor<4xbf16>
  %po = tile.splat %out : tensor<4x!tile.ptr<bf16>>
  %o0 = tile.addptr %po, %i : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  %o1 = tile.addptr %o0, %c4 : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  %o2 = tile.addptr %o1, %c4 : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  %o3 = tile.addptr %o2, %c4 : tensor<4x!tile.ptr<bf16>>, tensor<4xi32>
  tile.store %o0, %s2 : tensor<4x!tile.ptr<bf16>>
  tile.store %o1, %q : tensor<4x!tile.ptr<bf16>>
  tile.store %o2, %p : tensor<4x!tile.ptr<bf16>>
  tile.store %o3, %r : tensor<4x!tile.ptr<bf16>>
  tile.return
}

tile.func @bf16_subnormals(%a: !tile.ptr<bf16>, %out: !tile.ptr<bf16>,
                           %n: i32) {
  %r = tile.range 0 to 2 : tensor<2xi32>
  %re = tile.expand_dims %r, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %ce = tile.expand_dims %r, 0 : tensor<2xi32> -> tensor<1x2xi32>
  %two = arith.constant dense<2> : tensor<2x1xi32>
  %rs = arith.muli %re, %two : tensor<2x1xi32>
  %rb = tile.broadcast %rs : tensor<2x1xi32> -> tensor<2x2xi32>
  %cb = tile.broadcast %ce : tensor<1x2xi32> -> tensor<2x2xi32>
  %off = arith.addi %rb, %cb : tensor<2x2xi32>
  %ns = tile.splat %n : tensor<2x2xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<2x2xi32>
  %pa = tile.splat %a : tensor<2x2x!tile.ptr<bf16>>
  %p = tile.addptr %pa, %off : tensor<2x2x!tile.ptr<bf16>>, tensor<2x2xi32>
  %x = tile.load %p, %m : tensor<2x2x!tile.ptr<bf16>>
  %t = tile.trans %x, [1, 0] : tensor<2x2xbf16> -> tensor<2x2xbf16>
  %s = arith.addf %t, %t : tensor<2x2xbf16>
  %po = tile.splat %out : tensor<2x2x!tile.ptr<bf16>>
  %q = tile.addptr %po, %off : tensor<2x2x!tile.ptr<bf16>>, tensor<2x2xi32>
  tile.store %q, %t : tensor<2x2x!tile.ptr<bf16>>
  %four = arith.constant dense<4> : tensor<2x2xi32>
  %q4 = tile.addptr %q, %four : tensor<2x2x!tile.ptr<bf16>>, tensor<2x2xi32>
  tile.store %q4, %s : tensor<2x2x!tile.ptr<bf16>>
  tile.return
}

tile.func @f16_ops(%a: !tile.ptr<f16>, %b: !tile.ptr<f16>, %out: !tile.ptr<f16>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %pa = tile.splat %a : tensor<4x!tile.ptr<f16>>
  %pa1 = tile.addptr %pa, %i : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %x = tile.load %pa1 : tensor<4x!tile.ptr<f16>>
  %pb = tile.splat %b : tensor<4x!tile.ptr<f16>>
  %pb1 = tile.addptr %pb, %i : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %y = tile.load %pb1 : tensor<4x!tile.ptr<f16>>
  %s1 = arith.addf %x, %y : tensor<4xf16>
  %s2 = arith.addf %s1, %y : tensor<4xf16>
  %q = arith.divf %x, %y : tensor<4xf16>
  %p = arith.mulf %x, %y : tensor<4xf16>
  %r = math.sqrt %x : tensor<4xf16>
  %po = tile.splat %out : tensor<4x!tile.ptr<f16>>
  %o0 = tile.addptr %po, %i : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %o1 = tile.addptr %o0, %c4 : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %o2 = tile.addptr %o1, %c4 : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  %o3 = tile.addptr %o2, %c4 : tensor<4x!tile.ptr<f16>>, tensor<4xi32>
  tile.store %o0, %s2 : tensor<4x!tile.ptr<f16>>
  tile.store %o1, %q : tensor<4x!tile.ptr<f16>>
  tile.store %o2, %p : tensor<4x!tile.ptr<f16>>
  tile.store %o3, %r : tensor<4x!tile.ptr<f16>>
  tile.return
}
