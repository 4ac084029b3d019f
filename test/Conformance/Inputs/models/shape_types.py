"""Writes test/Conformance/shape-types.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    shape_types.py OUT
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
TYPES = {  # mlir type, tile-run dtype, a values, b values (printed as the reference prints them)
 "i8": ("i8", "i8", [-128, 127, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -100, 100], [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26]),
 "f8": ("f8E4M3FN", "f8e4m3", [448, -448, "-0", 0, 0.5, 1, 1.5, 2, 3, 4, 6, 8, 12, 16, 0.001953125, "nan"], [-1, -2, -3, -4, -6, -8, -12, -16, 24, 32, 48, 64, 96, 128, 192, 256]),
 "i64": ("i64", "i64", [-(1 << 63), (1 << 63) - 1, -1, 0, 1 << 40, 3, 1 << 62, 5, 6, 7, 8, 9, 10, 11, -(1 << 33), 13], list(range(100, 116))),
 "f64": ("f64", "f64", ["nan", "inf", "-inf", "-0", 0.1, 1e300, 5e-324, 2, 3, 4, 5, 6, 7, 8, 9, 10], [float(v) / 4 for v in range(16)]),
 "f16": ("f16", "f16", ["nan", "inf", "-inf", "-0", 65504, 5.960464477539063e-08, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [float(v) / 4 for v in range(16)]),
}
def as_print(v, dtype):
    if isinstance(v, str):
        return v
    return fmt_value(v if isinstance(v, int) else float(v), dtype)
head = """// Building and reshaping tiles of 8-, 16- and 64-bit elements (i8,
// f8E4M3FN, f16, i64, f64; docs/Semantics.md section 3.1, all exact: shape
// ops move elements, bits included: -0, NaN, infinities, subnormals and
// 64-bit integers come through unchanged). a and b are 16 elements each,
// read as 2 x 8: trans, reshape (row-major), cat along either axis, join,
// split, expand_dims then broadcast, and a 3-D reshape + trans [2, 0, 1].
// Expected values from a model of the row-major element order, lane by
// lane, not from the interpreter.
"""
lines = [head]; kernels = []
def store(body, name, value, typ, n, offset, tag):
    p = f"tensor<{n}x!tile.ptr<{typ}>>"
    body += [f"  %at_{tag} = arith.constant {offset} : i32",
             f"  %base_{tag} = tile.addptr %out, %at_{tag} : !tile.ptr<{typ}>, i32",
             f"  %bs_{tag} = tile.splat %base_{tag} : {p}",
             f"  %r_{tag} = tile.range 0 to {n} : tensor<{n}xi32>",
             f"  %ps_{tag} = tile.addptr %bs_{tag}, %r_{tag} : {p}, tensor<{n}xi32>",
             f"  tile.store %ps_{tag}, {value} : {p}"]
for key, (typ, dt, a, b) in TYPES.items():
    T = lambda *s: "tensor<" + "x".join(map(str, s)) + f"x{typ}>"
    body = [f"  %i = tile.range 0 to 16 : tensor<16xi32>"]
    for nm in ("a", "b"):
        body += [f"  %{nm}b = tile.splat %{nm} : tensor<16x!tile.ptr<{typ}>>",
                 f"  %{nm}p = tile.addptr %{nm}b, %i : tensor<16x!tile.ptr<{typ}>>, tensor<16xi32>",
                 f"  %{nm}v = tile.load %{nm}p : tensor<16x!tile.ptr<{typ}>>",
                 f"  %{nm}2 = tile.reshape %{nm}v : {T(16)} -> {T(2, 8)}"]
    body += [f"  %t = tile.trans %a2, [1, 0] : {T(2, 8)} -> {T(8, 2)}",
             f"  %t16 = tile.reshape %t : {T(8, 2)} -> {T(16)}",
             f"  %c0 = tile.cat %a2, %b2, 0 : {T(2, 8)} -> {T(4, 8)}",
             f"  %c0f = tile.reshape %c0 : {T(4, 8)} -> {T(32)}",
             f"  %c1 = tile.cat %a2, %b2, 1 : {T(2, 8)} -> {T(2, 16)}",
             f"  %c1f = tile.reshape %c1 : {T(2, 16)} -> {T(32)}",
             f"  %j = tile.join %av, %bv : {T(16)} -> {T(16, 2)}",
             f"  %jf = tile.reshape %j : {T(16, 2)} -> {T(32)}",
             f"  %sl, %sr = tile.split %t : {T(8, 2)} -> {T(8)}",
             f"  %e = tile.expand_dims %av, 0 : {T(16)} -> {T(1, 16)}",
             f"  %eb = tile.broadcast %e : {T(1, 16)} -> {T(2, 16)}",
             f"  %ebf = tile.reshape %eb : {T(2, 16)} -> {T(32)}",
             f"  %d = tile.reshape %av : {T(16)} -> {T(2, 2, 4)}",
             f"  %dt = tile.trans %d, [2, 0, 1] : {T(2, 2, 4)} -> {T(4, 2, 2)}",
             f"  %dtf = tile.reshape %dt : {T(4, 2, 2)} -> {T(16)}"]
    offset = 0
    for tag, (v, n) in enumerate([("%t16", 16), ("%c0f", 32), ("%c1f", 32), ("%jf", 32), ("%sl", 8), ("%sr", 8), ("%ebf", 32), ("%dtf", 16)]):
        store(body, tag, v, typ, n, offset, tag); offset += n
    kernels.append(f"tile.func @shapes_{key}(%a: !tile.ptr<{typ}>, %b: !tile.ptr<{typ}>, %out: !tile.ptr<{typ}>) {{\n" + "\n".join(body) + "\n  tile.return\n}\n")
    A = [as_print(v, dt) for v in a]; B = [as_print(v, dt) for v in b]
    a2 = [A[0:8], A[8:16]]; b2 = [B[0:8], B[8:16]]
    t = [a2[r][c] for c in range(8) for r in range(2)]
    c0 = A + B
    c1 = a2[0] + b2[0] + a2[1] + b2[1]
    j = [x for pair in zip(A, B) for x in pair]
    sl, sr = t[0::2], t[1::2]
    eb = A + A
    # d[i][j][k] = A[8i + 4j + k]; dt[k][i][j] = d[i][j][k]
    d3 = [A[8 * i + 4 * jj + k] for k in range(4) for i in range(2) for jj in range(2)]
    P = "SHAPE-" + key.upper()
    raw = lambda vals: " ".join(str(v) if not isinstance(v, float) else repr(v) for v in vals)
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.a.{key} {dt} " + raw(a))
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.b.{key} {dt} " + raw(b))
    lines.append(f"// RUN: tile-check %s --kernel shapes_{key} --grid 1 --arg buf:{dt}:16:file=%t.a.{key} \\")
    lines.append(f"// RUN:   --arg buf:{dt}:16:file=%t.b.{key} --arg buf:{dt}:176:poison --print 2 \\")
    lines.append(f"// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}")
    lines.append("// trans | cat axis 0 | cat axis 1 | join | split (left | right) | broadcast | 3-D trans")
    lines.append(f"// {P}: reference #2 ({dt} x 176):")
    for s in (t, c0, c1, j, sl + sr, eb, d3):
        for i in range(0, len(s), 16):
            lines.append(f"// {P}-SAME: " + " ".join(s[i:i + 16]))
    lines.append(f"// {P}: tile-check: PASS @shapes_{key} (cpu: 3 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
