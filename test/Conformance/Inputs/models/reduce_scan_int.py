"""Writes test/Conformance/reduce-scan-int.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    reduce_scan_int.py OUT
"""
import os
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
BITS = {"i8": 8, "i16": 16, "i64": 64}
SCALE = {"i8": (37, -100), "i16": (9973, -31000), "i64": (0x9E3779B97F4A7C15 - (1 << 64), -(1 << 62) + 12345)}
def unsigned(v, bits): return v & ((1 << bits) - 1)
head = """// Integer tile.reduce and tile.scan on i8, i16 and i64 (docs/Semantics.md
// sections 3.8 and 4: integer combiners are exact and wrap in the element
// type). Each row of a 2 x 64 tile holds x = 64 r + c scaled by a large odd
// constant plus an offset, wrapped to the type, so every bit takes part.
// Reductions along axis 1: addi, muli, maxsi, minsi, maxui, minui, andi,
// ori, xori; along axis 0: addi; an inclusive addi scan along axis 1 and a
// reverse maxsi scan. Expected values from a two's-complement model of those
// rules, lane by lane, not from the interpreter; a second run on random
// inputs is compared with the interpreter.
"""
lines = [head]; kernels = []
COMB = [("addi", lambda a, b: a + b), ("muli", lambda a, b: a * b), ("maxsi", max), ("minsi", min),
        ("maxui", None), ("minui", None), ("andi", lambda a, b: a & b), ("ori", lambda a, b: a | b), ("xori", lambda a, b: a ^ b)]
def combiner(name, t):
    return (f"  ^bb0(%p: {t}, %q: {t}):\n    %s = arith.{name} %p, %q : {t}\n    tile.yield %s : {t}\n  }}")
for t, bits in BITS.items():
    C, D = SCALE[t]
    rows = [[wrap((64 * r + c) * C + D, bits) for c in range(64)] for r in range(2)]
    body = [f"  %i = tile.range 0 to 128 : tensor<128xi32>",
            f"  %pb = tile.splat %in : tensor<128x!tile.ptr<{t}>>",
            f"  %pp = tile.addptr %pb, %i : tensor<128x!tile.ptr<{t}>>, tensor<128xi32>",
            f"  %raw = tile.load %pp : tensor<128x!tile.ptr<{t}>>",
            f"  %scale = arith.constant dense<{C}> : tensor<128x{t}>",
            f"  %offset = arith.constant dense<{D}> : tensor<128x{t}>",
            f"  %scaled = arith.muli %raw, %scale : tensor<128x{t}>",
            f"  %flat = arith.addi %scaled, %offset : tensor<128x{t}>",
            f"  %x = tile.reshape %flat : tensor<128x{t}> -> tensor<2x64x{t}>",
            f"  %r2 = tile.range 0 to 2 : tensor<2xi32>",
            f"  %r64 = tile.range 0 to 64 : tensor<64xi32>",
            f"  %ob = tile.splat %out : tensor<2x!tile.ptr<{t}>>",
            f"  %o0 = tile.addptr %ob, %r2 : tensor<2x!tile.ptr<{t}>>, tensor<2xi32>"]
    expected = []
    two = f"tensor<2x!tile.ptr<{t}>>"
    for k, (name, fn) in enumerate(COMB):
        body.append(f"  %red{k} = tile.reduce(%x) axis = 1 : tensor<2x64x{t}> -> tensor<2x{t}> {{")
        body.append(combiner(name, t))
        if k > 0:
            body.append(f"  %o{k} = tile.addptr %o{k-1}, %c2 : {two}, tensor<2xi32>")
        body.append(f"  tile.store %o{k}, %red{k} : {two}")
        for row in rows:
            if name in ("maxui", "minui"):
                u = [unsigned(v, bits) for v in row]
                expected.append(wrap(max(u) if name == "maxui" else min(u), bits))
            else:
                acc = row[0]
                for v in row[1:]:
                    acc = wrap(fn(acc, v), bits)
                expected.append(acc)
    body.insert(11, f"  %c2 = arith.constant dense<2> : tensor<2xi32>")
    n = len(COMB)
    # axis 0 sum, 64 values
    body += [f"  %sum0 = tile.reduce(%x) axis = 0 : tensor<2x64x{t}> -> tensor<64x{t}> {{", combiner("addi", t),
             f"  %cb = tile.splat %cols : tensor<64x!tile.ptr<{t}>>",
             f"  %cp = tile.addptr %cb, %r64 : tensor<64x!tile.ptr<{t}>>, tensor<64xi32>",
             f"  tile.store %cp, %sum0 : tensor<64x!tile.ptr<{t}>>"]
    cols = [wrap(rows[0][c] + rows[1][c], bits) for c in range(64)]
    body += [f"  %scan = tile.scan(%x) axis = 1 : tensor<2x64x{t}> -> tensor<2x64x{t}> {{", combiner("addi", t),
             f"  %rscan = tile.scan(%x) axis = 1 reverse : tensor<2x64x{t}> -> tensor<2x64x{t}> {{", combiner("maxsi", t),
             f"  %sf = tile.reshape %scan : tensor<2x64x{t}> -> tensor<128x{t}>",
             f"  %rf = tile.reshape %rscan : tensor<2x64x{t}> -> tensor<128x{t}>",
             f"  %sb = tile.splat %scans : tensor<128x!tile.ptr<{t}>>",
             f"  %sp = tile.addptr %sb, %i : tensor<128x!tile.ptr<{t}>>, tensor<128xi32>",
             f"  tile.store %sp, %sf : tensor<128x!tile.ptr<{t}>>",
             f"  %c128 = arith.constant dense<128> : tensor<128xi32>",
             f"  %sp2 = tile.addptr %sp, %c128 : tensor<128x!tile.ptr<{t}>>, tensor<128xi32>",
             f"  tile.store %sp2, %rf : tensor<128x!tile.ptr<{t}>>"]
    scans = []
    for row in rows:
        acc = 0
        for v in row:
            acc = wrap(acc + v, bits); scans.append(acc)
    for row in rows:
        out = []; m = None
        for v in reversed(row):
            m = v if m is None else max(m, v); out.append(m)
        scans += list(reversed(out))
    kernels.append(f"tile.func @reduce_scan_{t}(%in: !tile.ptr<{t}>, %out: !tile.ptr<{t}>, %cols: !tile.ptr<{t}>, %scans: !tile.ptr<{t}>) {{\n" + "\n".join(body) + "\n  tile.return\n}\n")
    P = t.upper()
    args = f"--arg buf:{t}:128:iota --arg buf:{t}:{2*n}:poison --arg buf:{t}:64:poison --arg buf:{t}:256:poison"
    lines.append(f"// RUN: tile-check %s --kernel reduce_scan_{t} --grid 1 {args} \\")
    lines.append(f"// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only \\")
    lines.append(f"// RUN:   | FileCheck %s --check-prefix={P}")
    lines.append("// " + " | ".join(c for c, _ in COMB) + " per row")
    lines += check_lines(P, 1, t, expected, 18 if bits < 64 else 6)
    lines.append("// sums along axis 0")
    lines += check_lines(P, 2, t, cols, 16 if bits < 64 else 4)
    lines.append("// inclusive addi scans | reverse maxsi scans, per row")
    lines += check_lines(P, 3, t, scans, 16 if bits < 64 else 4)
    lines.append(f"// {P}: tile-check: PASS @reduce_scan_{t} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append(f"// RUN: tile-check %s --kernel reduce_scan_{t} --grid 1 --arg buf:{t}:128:rand=7 \\")
    lines.append(f"// RUN:   --arg buf:{t}:{2*n}:poison --arg buf:{t}:64:poison --arg buf:{t}:256:poison \\")
    lines.append(f"// RUN:   --targets cpu | FileCheck %s --check-prefix={P}-RAND")
    lines.append(f"// {P}-RAND: tile-check: PASS @reduce_scan_{t} (cpu: 4 buffers match)")
    lines.append("")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
