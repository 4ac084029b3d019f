"""Writes test/Conformance/float-types-arith.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    float_types_arith.py OUT
"""
import os
import math, struct, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *

PREDS = ["oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno"]
def cmp(p, a, b):
    uno = math.isnan(a) or math.isnan(b)
    if p == "ord": return not uno
    if p == "uno": return uno
    base = {"eq": a == b, "gt": a > b, "ge": a >= b, "lt": a < b, "le": a <= b, "ne": a != b}[p[1:]]
    return (not uno and base) if p[0] == "o" else (uno or base)

def fmod(a, b):
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0: return math.nan
    if math.isinf(b): return a
    return math.fmod(a, b)

SUB = {"f16": ("0x0001", 2.0 ** -24), "bf16": ("0x0001", 2.0 ** -133), "f64": ("0x1", 5e-324)}
BIG = {"f16": ("65504", 65504.0), "bf16": ("3.3895313892515355e38", 3.3895313892515355e38), "f64": ("1.7976931348623157e308", 1.7976931348623157e308)}
files = []
head = """// subf, negf, remf and every cmpf predicate on f16, bf16 and f64 (docs/
// Semantics.md section 5: subf correctly rounded in the element type, remf
// is C fmod (exact, the dividend's sign, x % 0 and inf % y NaN), negf flips
// the sign bit only, ordered predicates are false and unordered ones true
// on a NaN, -0 == +0). The inputs hold NaN, +-inf, +-0, the smallest
// subnormal and the largest finite value (whose difference with -MAX
// overflows to -inf). Expected values derived from an independent model of
// those rules (exact rational arithmetic rounded to nearest even in the
// element type, lane by lane), not from the interpreter.
"""
lines = [head]
kernels = []
for t in ["f16", "bf16", "f64"]:
    sb, sv = SUB[t]; mb, mv = BIG[t]
    a_txt = ["nan", "1", "-0", "inf", "3", sb, "-inf", "5.5"]
    b_txt = ["1", "nan", "0", "inf", "-2", sb, "2", "-0"]
    a = [math.nan, 1.0, -0.0, math.inf, 3.0, sv, -math.inf, 5.5]
    b = [1.0, math.nan, 0.0, math.inf, -2.0, sv, 2.0, -0.0]
    # a second row: finite values where rounding and remainders matter
    a2_txt = [mb, "-" + mb, "7.25", "-7.25", "0.1", "1e3", sb, "-3"]
    b2_txt = ["-" + mb, mb, "2", "2", "0.3", "0.75", "3", "-0"]
    def parse(x):
        if x.startswith("0x"): return sv
        return float(x)
    a2 = [rnd(parse(x), t) for x in a2_txt]; b2 = [rnd(parse(x), t) for x in b2_txt]
    A, B = a + a2, b + b2
    k = Kernel(f"float_ops_{t}", 16)
    x = k.load("a", t); y = k.load("b", t)
    k.output("out", t); k.output("flags", "i1")
    T = f"tensor<16x{t}>"
    k.store("out", k.op(f"{{r}} = arith.subf {x}, {y} : {T}"))
    k.store("out", k.op(f"{{r}} = arith.negf {x} : {T}"))
    k.store("out", k.op(f"{{r}} = arith.remf {x}, {y} : {T}"))
    for p in PREDS:
        k.store("flags", k.op(f"{{r}} = arith.cmpf {p}, {x}, {y} : {T}"))
    kernels.append(k.text())
    out = [rnd(p - q, t) if not (math.isinf(p) and math.isinf(q) and p == q) else math.nan for p, q in zip(A, B)]
    out += [-p for p in A]
    out += [fmod(p, q) for p, q in zip(A, B)]
    flags = [cmp(pr, p, q) for pr in PREDS for p, q in zip(A, B)]
    P = t.upper()
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.a.{t} {t} " + " ".join(a_txt + a2_txt))
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.b.{t} {t} " + " ".join(b_txt + b2_txt))
    lines.append(f"// RUN: tile-check %s --kernel float_ops_{t} --grid 1 --arg buf:{t}:16:file=%t.a.{t} \\")
    lines.append(f"// RUN:   --arg buf:{t}:16:file=%t.b.{t} --arg buf:{t}:48:poison --arg buf:u8:224:poison \\")
    lines.append(f"// RUN:   --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}")
    lines.append(f"// subf | negf | remf, 16 lanes each")
    lines += check_lines(P, 2, t, out, 16)
    lines.append("// " + " | ".join(PREDS) + ", 16 lanes each")
    lines += check_lines(P, 3, "u8", [int(f) for f in flags], 16)
    lines.append(f"// {P}: tile-check: PASS @float_ops_{t} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
