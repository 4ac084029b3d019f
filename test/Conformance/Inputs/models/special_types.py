"""Writes test/Conformance/special-types.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    special_types.py OUT
"""
import os
import math, sys
from fractions import Fraction
import mpmath
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
SUB = {"f16": ("0x0001", 2.0 ** -24), "bf16": ("0x0001", 2.0 ** -133), "f64": ("0x1", 5e-324)}
def maxnum(a, b):
    if math.isnan(a): return b
    if math.isnan(b): return a
    if a == b == 0: return 0.0 if (math.copysign(1, a) > 0 or math.copysign(1, b) > 0) else -0.0
    return max(a, b)
def minnum(a, b):
    if math.isnan(a): return b
    if math.isnan(b): return a
    if a == b == 0: return -0.0 if (math.copysign(1, a) < 0 or math.copysign(1, b) < 0) else 0.0
    return min(a, b)
def maximum(a, b): return math.nan if math.isnan(a) or math.isnan(b) else maxnum(a, b)
def minimum(a, b): return math.nan if math.isnan(a) or math.isnan(b) else minnum(a, b)
def div(a, b, t):
    if math.isnan(a) or math.isnan(b) or (math.isinf(a) and math.isinf(b)) or (a == 0 and b == 0): return math.nan
    sign = -1.0 if (math.copysign(1, a) < 0) != (math.copysign(1, b) < 0) else 1.0
    if math.isinf(a) or b == 0: return sign * math.inf
    if math.isinf(b) or a == 0: return sign * 0.0
    return rnd(Fraction(a) / Fraction(b), t)
def sqrt(a, t):
    if math.isnan(a) or a < 0: return math.nan
    if a == 0 or math.isinf(a): return a
    mpmath.mp.prec = 400
    r = mpmath.sqrt(mpmath.mpf(a))
    man, exp = r.man_exp
    return rnd(Fraction(int(man)) * Fraction(2) ** int(exp), t)
head = """// tile.clampf (with and without propagate_nan), tile.precise_divf and
// tile.precise_sqrt on f16, bf16 and f64 (docs/Semantics.md section 3:
// clampf x, lo, hi = minnumf(maxnumf(x, lo), hi), so a NaN x gives lo, a
// NaN bound is ignored, lo > hi gives hi, -0 < +0; with propagate_nan any
// NaN gives NaN; precise_* are correctly rounded in the element type, with
// IEEE's special cases: x / 0 is +-inf, 0 / 0 and inf / inf NaN, the root
// of a negative number NaN, of -0 -0). Expected values from an independent
// model (exact rationals, roots to 400 bits, rounded to nearest even in the
// element type), not from the interpreter.
"""
lines = [head]; kernels = []
for t in ["f16", "bf16", "f64"]:
    sb, sv = SUB[t]
    X = ["nan", "-0", "0", "2", "-3", "0.1", "inf", sb]
    LO = ["0", "0", "-0", "nan", "-1", "0.25", "1", "0"]
    HI = ["1", "0", "-0", "1.5", "nan", "0.2", "100", "1"]
    N = ["1", "2", "1", "-0", "inf", sb, "0", "7"]
    D = ["3", "3", "-0", "5", "inf", "7", "0", "10"]
    val = lambda txt: [sv if x.startswith("0x") else rnd(float(x), t) for x in txt]
    x, lo, hi, n, d = map(val, (X, LO, HI, N, D))
    k = Kernel(f"precise_{t}", 8)
    vx, vl, vh, vn, vd = (k.load(nm, t) for nm in ("x", "lo", "hi", "n", "d"))
    k.output("out", t)
    T = f"tensor<8x{t}>"
    k.store("out", k.op(f"{{r}} = tile.clampf {vx}, {vl}, {vh} : {T}"))
    k.store("out", k.op(f"{{r}} = tile.clampf {vx}, {vl}, {vh} propagate_nan : {T}"))
    k.store("out", k.op(f"{{r}} = tile.precise_divf {vn}, {vd} : {T}"))
    k.store("out", k.op(f"{{r}} = tile.precise_sqrt {vx} : {T}"))
    kernels.append(k.text())
    exp = [minnum(maxnum(a, l), h) for a, l, h in zip(x, lo, hi)]
    exp += [minimum(maximum(a, l), h) for a, l, h in zip(x, lo, hi)]
    exp += [div(a, b, t) for a, b in zip(n, d)]
    exp += [sqrt(a, t) for a in x]
    P = t.upper()
    for nm, txt in (("x", X), ("lo", LO), ("hi", HI), ("n", N), ("d", D)):
        lines.append(f"// RUN: %python %S/Inputs/values.py %t.{nm}.{t} {t} " + " ".join(txt))
    lines.append(f"// RUN: tile-check %s --kernel precise_{t} --grid 1 --arg buf:{t}:8:file=%t.x.{t} \\")
    lines.append(f"// RUN:   --arg buf:{t}:8:file=%t.lo.{t} --arg buf:{t}:8:file=%t.hi.{t} --arg buf:{t}:8:file=%t.n.{t} \\")
    lines.append(f"// RUN:   --arg buf:{t}:8:file=%t.d.{t} --arg buf:{t}:32:poison --print 5 \\")
    lines.append(f"// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}")
    lines.append("// clampf | clampf propagate_nan | precise_divf n / d | precise_sqrt x")
    lines += check_lines(P, 5, t, exp, 8)
    lines.append(f"// {P}: tile-check: PASS @precise_{t} (cpu: 6 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
