"""Writes test/Conformance/gather-types.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    gather_types.py OUT
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
# ---- gather ----
SRC = [("i8", "i8", "i32"), ("i16", "i16", "i8"), ("i64", "i64", "i64"), ("f16", "f16", "i16"),
       ("bf16", "bf16", "i32"), ("f64", "f64", "i64"), ("f8E4M3FN", "f8e4m3", "i32")]
VALS = {"i8": [-128, 127, -1, 0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, -7, 100],
        "i16": [-32768, 32767, -1, 0, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, -300, 1000],
        "i64": [-(1 << 63), (1 << 63) - 1, -1, 0, 1 << 40, 5, 6, 7, 8, 9, 10, 11, 12, -(1 << 35), 14, 15],
        "f16": ["nan", "inf", "-inf", "-0", "65504", "0.5", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        "bf16": ["nan", "inf", "-inf", "-0", "1e38", "0.5", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        "f64": ["nan", "inf", "-inf", "-0", "1e300", "5e-324", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
        "f8e4m3": ["nan", "448", "-448", "-0", "0.001953125", "0.5", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]}
IDX1 = [7, 0, 3, 3, 1, 6, 2, 5, 0, 0, 7, 1, 4, 2, 6, 3,   # axis 1, 2 x 16 (a larger result than the source)
        2, 2, 5, 4, 1, 0, 7, 6, 3, 3, 3, 3, 0, 1, 2, 7]
IDX0 = [1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1]  # axis 0, 2 x 8
def pval(v, dt):
    if isinstance(v, str):
        return fmt_value(rnd(float(v), dt) if dt in ("f16", "bf16", "f64") else float(v), dt)
    return str(v)
head = """// tile.gather on element types other than i32 (i8, i16, i64, f16, bf16,
// f64, f8E4M3FN) and with i8, i16, i32 and i64 indices (docs/Semantics.md
// section 3.1: r[i] = src[i with i_k replaced by idx[i]], exact, the
// element's bits moved unchanged: NaN, infinities, -0, subnormals). The
// source is 2 x 8; along axis 1 the indices are 2 x 16 (the result takes
// the indices' shape, with repeats), along axis 0 2 x 8. Every index is in
// range. Expected values from a model of the gather, not from the
// interpreter.
"""
lines = [head]; kernels = []
for typ, dt, it in SRC:
    A = [pval(v, dt) for v in VALS[dt]]
    r1 = [A[8 * r + IDX1[16 * r + c]] for r in range(2) for c in range(16)]
    r0 = [A[8 * IDX0[8 * r + c] + c] for r in range(2) for c in range(8)]
    key = typ.lower()
    P = "GATHER-" + dt.upper()
    lines += [f"// RUN: %python %S/Inputs/values.py %t.src.{key} {dt} " + " ".join(map(str, VALS[dt])),
              f"// RUN: %python %S/Inputs/values.py %t.i1.{key} {it} " + " ".join(map(str, IDX1)),
              f"// RUN: %python %S/Inputs/values.py %t.i0.{key} {it} " + " ".join(map(str, IDX0)),
              f"// RUN: tile-check %s --kernel gather_{key} --grid 1 --arg buf:{dt}:16:file=%t.src.{key} \\",
              f"// RUN:   --arg buf:{it}:32:file=%t.i1.{key} --arg buf:{it}:16:file=%t.i0.{key} --arg buf:{dt}:48:poison \\",
              f"// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}",
              "// along axis 1 (2 x 16) | along axis 0 (2 x 8)",
              f"// {P}: reference #3 ({dt} x 48):"]
    for s in (r1, r0):
        for i in range(0, len(s), 16):
            lines.append(f"// {P}-SAME: " + " ".join(s[i:i + 16]))
    lines += [f"// {P}: tile-check: PASS @gather_{key} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})", ""]
    T = lambda *s, e=typ: "tensor<" + "x".join(map(str, s)) + f"x{e}>"
    P_ = lambda n, e: f"tensor<{n}x!tile.ptr<{e}>>"
    body = []
    for nm, e, n, shape in (("src", typ, 16, (2, 8)), ("i1", it, 32, (2, 16)), ("i0", it, 16, (2, 8))):
        body += [f"  %r_{nm} = tile.range 0 to {n} : tensor<{n}xi32>",
                 f"  %b_{nm} = tile.splat %{nm} : {P_(n, e)}",
                 f"  %p_{nm} = tile.addptr %b_{nm}, %r_{nm} : {P_(n, e)}, tensor<{n}xi32>",
                 f"  %l_{nm} = tile.load %p_{nm} : {P_(n, e)}",
                 f"  %v_{nm} = tile.reshape %l_{nm} : {T(n, e=e)} -> {T(*shape, e=e)}"]
    body += [f"  %g1 = tile.gather %v_src[%v_i1], 1 : {T(2, 8)}, {T(2, 16, e=it)} -> {T(2, 16)}",
             f"  %g0 = tile.gather %v_src[%v_i0], 0 : {T(2, 8)}, {T(2, 8, e=it)} -> {T(2, 8)}",
             f"  %g1f = tile.reshape %g1 : {T(2, 16)} -> {T(32)}",
             f"  %g0f = tile.reshape %g0 : {T(2, 8)} -> {T(16)}",
             f"  %r32 = tile.range 0 to 32 : tensor<32xi32>",
             f"  %ob = tile.splat %out : {P_(32, typ)}",
             f"  %op = tile.addptr %ob, %r32 : {P_(32, typ)}, tensor<32xi32>",
             f"  tile.store %op, %g1f : {P_(32, typ)}",
             f"  %c32 = arith.constant 32 : i32",
             f"  %out2 = tile.addptr %out, %c32 : !tile.ptr<{typ}>, i32",
             f"  %ob2 = tile.splat %out2 : {P_(16, typ)}",
             f"  %op2 = tile.addptr %ob2, %r_src : {P_(16, typ)}, tensor<16xi32>",
             f"  tile.store %op2, %g0f : {P_(16, typ)}"]
    kernels.append(f"tile.func @gather_{key}(%src: !tile.ptr<{typ}>, %i1: !tile.ptr<{it}>, %i0: !tile.ptr<{it}>, %out: !tile.ptr<{typ}>) {{\n" + "\n".join(body) + "\n  tile.return\n}\n")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
