"""Writes test/Conformance/rounding-types.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    rounding_types.py OUT
"""
import os
import math, sys
from fractions import Fraction
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
SUB = {"f16": ("0x0001", 2.0 ** -24), "bf16": ("0x0001", 2.0 ** -133), "f64": ("0x1", 5e-324)}
def keep(f):
    def g(v):
        if math.isnan(v) or math.isinf(v): return v
        r = float(f(v))
        return math.copysign(r, v) if r == 0 else r  # sign of zero kept (-0.5 -> -0)
    return g
def round_away(v):
    a = abs(v); r = math.floor(a + 0.5) if a - math.floor(a) != 0.5 else math.floor(a) + 1
    return math.copysign(r, v)
def roundeven(v):
    return float(round(Fraction(v)))  # Python rounds halves to even
def fma(a, b, c, t):
    if any(math.isnan(x) or math.isinf(x) for x in (a, b, c)):
        return a * b + c if not (math.isnan(a * b + c)) else math.nan
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        p = a * b  # exact zero: sign per IEEE (x*y + z both zero signs, RTNE)
        return p + c if p == 0 else 0.0
    return rnd(exact, t)
OPS = [("math.floor", keep(math.floor)), ("math.ceil", keep(math.ceil)), ("math.trunc", keep(math.trunc)),
       ("math.round", keep(round_away)), ("math.roundeven", keep(roundeven)), ("math.absf", abs)]
head = """// floor, ceil, trunc, round (ties away from zero), roundeven, absf,
// copysign and math.fma on f16, bf16 and f64, and arith.divf on every float
// type (docs/Semantics.md section 5: all but divf exact across targets,
// NaN and infinities kept, the sign of a zero result kept (-0.5 rounds to
// -0); fma rounds once; divf within section 6's bound, with x / 0 = +-inf).
// Expected values of the exact ops from an independent model (exact
// rationals rounded to nearest even in the element type), not from the
// interpreter; divf is compared with the interpreter within its bound.
"""
lines = [head]; kernels = []
for t in ["f16", "bf16", "f64"]:
    sb, sv = SUB[t]
    X = ["nan", "-inf", "-0", "0.5", "-0.5", "1.5", "2.5", "-2.5", "-3.75", "7.5", "0.49951171875", sb, "-1", "1000.5", "-0.25", "inf"]
    Y = ["-1", "1", "1", "-0", "2", "-3", "3", "0.1", "-7", "0.2", "3", "1", "nan", "0.001", "-inf", "2"]
    Z = ["1", "0", "-0", "0", "1", "-0.5", "2", "0.25", "-1", "-1.5", "1", "-0", "1", "1", "3", "-inf"]
    val = lambda txt: [sv if s.startswith("0x") else rnd(float(s), t) for s in txt]
    x, y, z = map(val, (X, Y, Z))
    k = Kernel(f"rounding_{t}", 16)
    vx, vy, vz = (k.load(nm, t) for nm in ("x", "y", "z"))
    k.output("out", t); k.output("quot", t)
    T = f"tensor<16x{t}>"
    exp = []
    for name, fn in OPS:
        k.store("out", k.op(f"{{r}} = {name} {vx} : {T}"))
        exp += [fn(v) for v in x]
    k.store("out", k.op(f"{{r}} = math.copysign {vx}, {vy} : {T}"))
    exp += [math.copysign(a, b) if not math.isnan(b) else None for a, b in zip(x, y)]
    k.store("out", k.op(f"{{r}} = math.fma {vx}, {vy}, {vz} : {T}"))
    exp += [fma(a, b, c, t) for a, b, c in zip(x, y, z)]
    k.store("quot", k.op(f"{{r}} = arith.divf {vx}, {vy} : {T}"))
    kernels.append(k.text())
    # copysign from a NaN y: the sign of that NaN's bits (values.py writes a
    # positive quiet NaN).
    ci = len(OPS) * 16
    for i in range(16):
        if exp[ci + i] is None:
            exp[ci + i] = abs(x[i])
    P = "ROUND-" + t.upper()
    for nm, txt in (("x", X), ("y", Y), ("z", Z)):
        lines.append(f"// RUN: %python %S/Inputs/values.py %t.{nm}.{t} {t} " + " ".join(txt))
    lines.append(f"// RUN: tile-check %s --kernel rounding_{t} --grid 1 --arg buf:{t}:16:file=%t.x.{t} \\")
    lines.append(f"// RUN:   --arg buf:{t}:16:file=%t.y.{t} --arg buf:{t}:16:file=%t.z.{t} --arg buf:{t}:128:poison \\")
    lines.append(f"// RUN:   --arg buf:{t}:16:poison --print 3 --targets cpu,nvidia,amd --compile-only \\")
    lines.append(f"// RUN:   | FileCheck %s --check-prefix={P}")
    lines.append("// " + " | ".join(n for n, _ in OPS) + " | copysign x, y | fma x, y, z")
    lines += check_lines(P, 3, t, exp, 16)
    lines.append(f"// {P}: tile-check: PASS @rounding_{t} (cpu: 5 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
# divf on f32 (the other types above): the interpreter is the reference.
lines += ["// RUN: tile-check %s --kernel divf_f32 --grid 1 --arg buf:f32:16:rand=3 --arg buf:f32:16:rand=4 \\",
          "// RUN:   --arg buf:f32:16:poison --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix=DIVF",
          "// DIVF: tile-check: PASS @divf_f32 (cpu: 3 buffers match; nvidia: {{.*}}; amd: {{.*}})", ""]
k = Kernel("divf_f32", 16)
a = k.load("a", "f32"); b = k.load("b", "f32"); k.output("q", "f32")
k.store("q", k.op(f"{{r}} = arith.divf {a}, {b} : tensor<16xf32>"))
kernels.append(k.text())
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
