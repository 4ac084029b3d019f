"""Writes test/Conformance/descriptors-types.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    descriptors_types.py OUT
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
TYPES = [("i8", "i8", False), ("f16", "f16", True), ("bf16", "bf16", True), ("i64", "i64", False),
         ("f64", "f64", True), ("f8E4M3FN", "f8e4m3", True)]
head = """// Descriptors on element types other than f32 (docs/Semantics.md section
// 3.5), as descriptors.mlir checks them on f32: a block read outside the
// array (negative offsets included) reads no memory and yields the padding
// (zero; NaN where the type has one and the descriptor asks for it); a
// block stored partly outside writes its in-bounds elements only. The
// array is 3 x 5 with row stride 6, a[i][j] = 6 i + j (iota); the stored
// block holds 100..107 (f8E4M3FN, whose spacing there is 8, holds 16 18
// 18 20 20 20 22 24 instead); the destination is filled with 7 first.
// Expected values from a model of the block's bounds, not from the
// interpreter.
"""
lines = [head]; kernels = []
for typ, dt, hasnan in TYPES:
    key = typ.lower()
    vals = [16, 18, 18, 20, 20, 20, 22, 24] if dt == "f8e4m3" else list(range(100, 108))
    fill = 7
    # Store of the 2x4 block at (2, 3) into a 3x5 array of stride 5: row 2
    # columns 3, 4 hold vals[0], vals[1]; row 3 is outside.
    out = [fill] * 15; out[13], out[14] = vals[0], vals[1]
    a = lambda i, j: 6 * i + j
    def block(r0, c0, pad):
        res = []
        for i in range(r0, r0 + 2):
            for j in range(c0, c0 + 4):
                res.append(a(i, j) if 0 <= i < 3 and 0 <= j < 5 else pad)
        return res
    b0 = block(-1, 3, 0)
    b1 = block(1, 2, "nan" if hasnan else 0)
    P = "DESC-" + dt.upper()
    pr = lambda xs: " ".join(x if isinstance(x, str) else fmt_value(x if dt.startswith("i") else float(x), dt) for x in xs)
    lines += [f"// RUN: %python %S/Inputs/values.py %t.v.{key} {dt} " + " ".join(map(str, vals)),
              f"// RUN: tile-check %s --kernel desc_{key} --grid 1 --arg buf:{dt}:18:iota --arg buf:{dt}:15:const=7 \\",
              f"// RUN:   --arg buf:{dt}:16:poison --arg buf:{dt}:8:file=%t.v.{key} --print 1 --print 2 \\",
              f"// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}",
              f"// {P}: reference #1 ({dt} x 15): {pr(out)}",
              f"// {P}: reference #2 ({dt} x 16): {pr(b0 + b1)}",
              f"// {P}: tile-check: PASS @desc_{key} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})", ""]
    D = f"!tile.desc<tensor<2x4x{typ}>>"
    pad = " padding = nan" if hasnan else ""
    P8 = f"tensor<8x!tile.ptr<{typ}>>"
    body = f"""  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %s6 = arith.constant 6 : i64
  %s5 = arith.constant 5 : i64
  %s1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %zpad = tile.make_desc %a, [%c3, %c5], [%s6, %s1] : !tile.ptr<{typ}> -> {D}
  %npad = tile.make_desc %a, [%c3, %c5], [%s6, %s1]{pad} : !tile.ptr<{typ}> -> {D}
  %b0 = tile.desc_load %zpad[%m1, %c3] : {D}
  %b1 = tile.desc_load %npad[%c1, %c2] : {D}
  %dst = tile.make_desc %out, [%c3, %c5], [%s5, %s1] : !tile.ptr<{typ}> -> {D}
  %i = tile.range 0 to 8 : tensor<8xi32>
  %vb = tile.splat %vals : {P8}
  %vp = tile.addptr %vb, %i : {P8}, tensor<8xi32>
  %v8 = tile.load %vp : {P8}
  %v = tile.reshape %v8 : tensor<8x{typ}> -> tensor<2x4x{typ}>
  tile.desc_store %dst[%c2, %c3], %v : {D}
  %f0 = tile.reshape %b0 : tensor<2x4x{typ}> -> tensor<8x{typ}>
  %f1 = tile.reshape %b1 : tensor<2x4x{typ}> -> tensor<8x{typ}>
  %bb = tile.splat %blocks : {P8}
  %p0 = tile.addptr %bb, %i : {P8}, tensor<8xi32>
  tile.store %p0, %f0 : {P8}
  %eight = arith.constant dense<8> : tensor<8xi32>
  %p1 = tile.addptr %p0, %eight : {P8}, tensor<8xi32>
  tile.store %p1, %f1 : {P8}"""
    kernels.append(f"tile.func @desc_{key}(%a: !tile.ptr<{typ}>, %out: !tile.ptr<{typ}>, %blocks: !tile.ptr<{typ}>, %vals: !tile.ptr<{typ}>) {{\n{body}\n  tile.return\n}}\n")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
