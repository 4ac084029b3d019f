"""Writes test/Conformance/wide-misc.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    wide_misc.py OUT
"""
import os
import math, sys
from fractions import Fraction
import mpmath
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
mpmath.mp.prec = 200
head = """// The op-by-type pairs no other file has: tile.histogram of i64 values into
// i64 counts and of i32 values into i64 counts; tile.mulhiui on i64
// (section 3: the high 64 bits of the unsigned 128-bit product);
// mulsi_extended and mului_extended on i8, i16 and i64 (section 4: the full
// 2N-bit product in two halves); select on f16, bf16, f64 and f8E4M3FN (bits
// moved unchanged); asinh, acosh, atanh and cbrt on f16, bf16 and f64
// (section 6: Annex F special values exact, finite values within 1 ulp of
// the type for f16 and bf16 and 4 ulp for f64, tile-check's element bounds).
// Expected values from a model (counts, exact products, mpmath at 200 bits
// rounded once to the type), not from the interpreter; the f64 finite math
// values are compared with the interpreter within their bound only (the
// host's cbrt(27) is 3.0000000000000004, one ulp off and within it).
"""
lines = [head]; kernels = []
# histogram + mulhiui
H = [-1, 0, 1, 1, 3, (1 << 40), 2, 0]
A = [-1, (1 << 63), 3, (1 << 32) + 5, 0x123456789ABCDEF, -2, 1, 7]
B = [-1, 2, -1, (1 << 32) + 7, 0xFEDCBA987654321, -3, 1, 1 << 62]
hist = [sum(1 for v in H if v == b) for b in range(4)]
mulhi = [wrap(((a & (2**64 - 1)) * (b & (2**64 - 1))) >> 64, 64) for a, b in zip(A, B)]
lines += ["// RUN: %python %S/Inputs/values.py %t.h i64 " + " ".join(map(str, H)),
          "// RUN: %python %S/Inputs/values.py %t.h32 i32 -1 0 1 1 3 100 2 0",
          "// RUN: %python %S/Inputs/values.py %t.a i64 " + " ".join(map(str, A)),
          "// RUN: %python %S/Inputs/values.py %t.b i64 " + " ".join(map(str, B)),
          "// RUN: tile-check %s --kernel wide_ints --grid 1 --arg buf:i64:8:file=%t.h --arg buf:i32:8:file=%t.h32 \\",
          "// RUN:   --arg buf:i64:8:file=%t.a --arg buf:i64:8:file=%t.b --arg buf:i64:4:zero --arg buf:i64:4:zero \\",
          "// RUN:   --arg buf:i64:8:poison --print 4 --print 5 --print 6 --targets cpu,nvidia,amd --compile-only \\",
          "// RUN:   | FileCheck %s --check-prefix=INT",
          "// histogram of i64 values (2^40 out of range) | of i32 values | mulhiui"]
lines += check_lines("INT", 4, "i64", hist) + check_lines("INT", 5, "i64", [sum(1 for v in [-1, 0, 1, 1, 3, 100, 2, 0] if v == b) for b in range(4)]) + check_lines("INT", 6, "i64", mulhi)
lines += ["// INT: tile-check: PASS @wide_ints (cpu: 7 buffers match; nvidia: {{.*}}; amd: {{.*}})", ""]
kernels.append("""tile.func @wide_ints(%h: !tile.ptr<i64>, %h32: !tile.ptr<i32>, %a: !tile.ptr<i64>, %b: !tile.ptr<i64>,
                     %counts: !tile.ptr<i64>, %counts32: !tile.ptr<i64>, %hi: !tile.ptr<i64>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %j = tile.range 0 to 4 : tensor<4xi32>
  %hb = tile.splat %h : tensor<8x!tile.ptr<i64>>
  %hp = tile.addptr %hb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %hv = tile.load %hp : tensor<8x!tile.ptr<i64>>
  %h32b = tile.splat %h32 : tensor<8x!tile.ptr<i32>>
  %h32p = tile.addptr %h32b, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %h32v = tile.load %h32p : tensor<8x!tile.ptr<i32>>
  %ab = tile.splat %a : tensor<8x!tile.ptr<i64>>
  %ap = tile.addptr %ab, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %av = tile.load %ap : tensor<8x!tile.ptr<i64>>
  %bb = tile.splat %b : tensor<8x!tile.ptr<i64>>
  %bp = tile.addptr %bb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  %bv = tile.load %bp : tensor<8x!tile.ptr<i64>>
  %c = tile.histogram %hv : tensor<8xi64> -> tensor<4xi64>
  %c32 = tile.histogram %h32v : tensor<8xi32> -> tensor<4xi64>
  %m = tile.mulhiui %av, %bv : tensor<8xi64>
  %cb = tile.splat %counts : tensor<4x!tile.ptr<i64>>
  %cp = tile.addptr %cb, %j : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %cp, %c : tensor<4x!tile.ptr<i64>>
  %c32b = tile.splat %counts32 : tensor<4x!tile.ptr<i64>>
  %c32p = tile.addptr %c32b, %j : tensor<4x!tile.ptr<i64>>, tensor<4xi32>
  tile.store %c32p, %c32 : tensor<4x!tile.ptr<i64>>
  %mb = tile.splat %hi : tensor<8x!tile.ptr<i64>>
  %mp = tile.addptr %mb, %i : tensor<8x!tile.ptr<i64>>, tensor<8xi32>
  tile.store %mp, %m : tensor<8x!tile.ptr<i64>>
  tile.return
}
""")
# select on float types
for typ, dt in (("f16", "f16"), ("bf16", "bf16"), ("f64", "f64"), ("f8E4M3FN", "f8e4m3")):
    X = ["nan", "-0", "1", "-2", "0.5", "inf" if dt != "f8e4m3" else "448", "-3", "4"]
    Y = ["5", "6", "-0", "nan", "-7", "8", "0.25", "-448" if dt == "f8e4m3" else "-inf"]
    key = typ.lower()
    P = "SEL-" + dt.upper()
    cond = [1, 0, 1, 0, 1, 1, 0, 0]
    pv = lambda s: s if s in ("nan", "inf", "-inf", "-0") else fmt_value(float(s), dt)
    exp = [pv(x if c else y) for c, x, y in zip(cond, X, Y)]
    lines += [f"// RUN: %python %S/Inputs/values.py %t.x.{key} {dt} " + " ".join(X),
              f"// RUN: %python %S/Inputs/values.py %t.y.{key} {dt} " + " ".join(Y),
              f"// RUN: %python %S/Inputs/values.py %t.c.{key} u8 " + " ".join(map(str, cond)),
              f"// RUN: tile-check %s --kernel select_{key} --grid 1 --arg buf:u8:8:file=%t.c.{key} \\",
              f"// RUN:   --arg buf:{dt}:8:file=%t.x.{key} --arg buf:{dt}:8:file=%t.y.{key} --arg buf:{dt}:8:poison \\",
              f"// RUN:   --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}",
              f"// {P}: reference #3 ({dt} x 8): " + " ".join(exp),
              f"// {P}: tile-check: PASS @select_{key} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})", ""]
    k = Kernel(f"select_{key}", 8)
    c = k.load("c", "i1"); x = k.load("x", typ); y = k.load("y", typ)
    k.output("out", typ)
    k.store("out", k.op(f"{{r}} = arith.select {c}, {x}, {y} : tensor<8xi1>, tensor<8x{typ}>"))
    kernels.append(k.text())
# hyperbolic inverses and cbrt
def exact(fn, v, t):
    if fn == "asinh":
        if math.isnan(v) or math.isinf(v) or v == 0: return v
        r = mpmath.asinh(mpmath.mpf(v))
    elif fn == "acosh":
        if math.isnan(v) or v < 1: return math.nan
        if v == 1: return 0.0
        if math.isinf(v): return v
        r = mpmath.acosh(mpmath.mpf(v))
    elif fn == "atanh":
        if math.isnan(v) or abs(v) > 1: return math.nan
        if abs(v) == 1: return math.copysign(math.inf, v)
        if v == 0: return v
        r = mpmath.atanh(mpmath.mpf(v))
    else:
        if math.isnan(v) or math.isinf(v) or v == 0: return v
        r = mpmath.cbrt(mpmath.mpf(v)) if v > 0 else -mpmath.cbrt(mpmath.mpf(-v))
    sign, man, e, _ = r._mpf_
    return rnd((-1) ** sign * Fraction(int(man)) * Fraction(2) ** int(e), t)
FNS = ["asinh", "acosh", "atanh", "cbrt"]
for t in ("f16", "bf16", "f64"):
    X = ["nan", "-0", "0", "inf", "-inf", "1", "-1", "0.5", "-0.5", "2", "-8", "27", "0.125", "10", "0.9375", "3"]
    x = [rnd(float(s), t) for s in X]
    k = Kernel(f"inverse_{t}", 16)
    v = k.load("x", t); k.output("out", t)
    for fn in FNS:
        k.store("out", k.op(f"{{r}} = math.{fn} {v} : tensor<16x{t}>"))
    kernels.append(k.text())
    P = "INV-" + t.upper()
    lines += [f"// RUN: %python %S/Inputs/values.py %t.inv.{t} {t} " + " ".join(X),
              f"// RUN: tile-check %s --kernel inverse_{t} --grid 1 --arg buf:{t}:16:file=%t.inv.{t} \\",
              f"// RUN:   --arg buf:{t}:64:poison --print 1 --targets cpu,nvidia,amd --compile-only \\",
              f"// RUN:   | FileCheck %s --check-prefix={P}",
              "// " + " | ".join(FNS)]
    if t == "f64":
        # Only the exact (special) lanes are written out: libm's finite f64
        # values may differ from the correctly rounded ones within the bound.
        exp = []
        for fn in FNS:
            for s, val in zip(X, x):
                r = exact(fn, val, t)
                special = math.isnan(r) or math.isinf(r) or r == 0
                exp.append(fmt_value(r, t) if special else "{{[^ ]+}}")
        lines.append(f"// {P}: reference #1 (f64 x 64):")
        for i in range(0, 64, 16):
            lines.append(f"// {P}-SAME: " + " ".join(exp[i:i + 16]))
    else:
        lines += check_lines(P, 1, t, [exact(fn, val, t) for fn in FNS for val in x], 16)
    lines += [f"// {P}: tile-check: PASS @inverse_{t} (cpu: 2 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})", ""]
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
# mulsi_extended / mului_extended on i8, i16, i64
ext_lines, ext_kernels = [], []
EV = {"i8": ([-128, 127, -1, 0, 100, -100, 15, 77], [-128, 127, -1, 5, 3, 100, -16, 2]),
      "i16": ([-32768, 32767, -1, 0, 300, -3000, 255, 12345], [-32768, 32767, -1, 5, 300, 3000, -256, 2]),
      "i64": ([-(1 << 63), (1 << 63) - 1, -1, 0, (1 << 40) + 3, -(1 << 35), 0x123456789, 7],
              [-(1 << 63), (1 << 63) - 1, -1, 5, (1 << 30) + 1, 1 << 40, -0x987654321, 1 << 62])}
for t, (xa, xb) in EV.items():
    bits = int(t[1:])
    k = Kernel(f"extended_{t}", 8)
    a = k.load("a", t); b = k.load("b", t); k.output("out", t)
    T = f"tensor<8x{t}>"
    r = k.fresh(); k.body.append(f"  {r}, {r}h = arith.mulsi_extended {a}, {b} : {T}")
    u = k.fresh(); k.body.append(f"  {u}, {u}h = arith.mului_extended {a}, {b} : {T}")
    for v in (r, r + "h", u, u + "h"):
        k.store("out", v)
    ext_kernels.append(k.text())
    m = (1 << bits) - 1
    sp = [x * y for x, y in zip(xa, xb)]
    up = [(x & m) * (y & m) for x, y in zip(xa, xb)]
    exp = [wrap(p, bits) for p in sp] + [wrap(p >> bits, bits) for p in sp] + \
          [wrap(p, bits) for p in up] + [wrap(p >> bits, bits) for p in up]
    P = "EXT-" + t.upper()
    ext_lines += [f"// RUN: %python %S/Inputs/values.py %t.ea.{t} {t} " + " ".join(map(str, xa)),
                  f"// RUN: %python %S/Inputs/values.py %t.eb.{t} {t} " + " ".join(map(str, xb)),
                  f"// RUN: tile-check %s --kernel extended_{t} --grid 1 --arg buf:{t}:8:file=%t.ea.{t} \\",
                  f"// RUN:   --arg buf:{t}:8:file=%t.eb.{t} --arg buf:{t}:32:poison --print 2 \\",
                  f"// RUN:   --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}",
                  "// mulsi_extended low | high | mului_extended low | high"]
    ext_lines += check_lines(P, 2, t, exp, 8)
    ext_lines += [f"// {P}: tile-check: PASS @extended_{t} (cpu: 3 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})", ""]
text = open(sys.argv[1]).read()
cut = text.index("tile.func @")
open(sys.argv[1], "w").write(text[:cut] + "\n".join(ext_lines) + "\n" + text[cut:] + "\n" + "\n".join(ext_kernels))
