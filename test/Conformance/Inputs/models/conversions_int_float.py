"""Writes test/Conformance/conversions-int-float.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    conversions_int_float.py OUT
"""
import os
import math, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
IB = {"i8": 8, "i16": 16, "i64": 64}
def fptoi(v, bits, signed):
    if math.isnan(v): return 0
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if math.isinf(v): r = hi if v > 0 else lo
    else: r = max(lo, min(hi, int(v)))  # int() truncates toward zero
    return wrap(r, bits)  # stored in the signed type's bits
head = """// Conversions between floats and integers on the type pairs
// conversions.mlir leaves out (docs/Semantics.md section 7): fptosi and
// fptoui from f16, bf16 and f64 to i8, i16 and i64 round toward zero and
// saturate to the integer range (NaN gives 0, fptoui of a negative value
// 0); sitofp and uitofp from i8, i16 and i64 to f16, bf16 and f64 round to
// nearest even once (i64 2^53 + 1 to f64 is a tie; i16 65535 as unsigned
// overflows f16 to inf). Unsigned results are stored in the signed type's
// bits and printed signed. Expected values from an independent model of
// those rules (exact integers rounded in the float format), not from the
// interpreter.
"""
lines = [head]; kernels = []
FV = ["nan", "inf", "-inf", "-0", "0.75", "-0.75", "3.99", "-3.99", "127.5", "-128.9", "255.5", "300", "-300", "40000", "-40000"]
BIGF = {"f16": "65504", "bf16": "1e19", "f64": "1e19"}
for t in ["f16", "bf16", "f64"]:
    txt = FV + [BIGF[t]]
    vals = [rnd(float(x), t) for x in txt]
    k = Kernel(f"float_to_int_{t}", 16)
    x = k.load("x", t)
    checks = []
    for idx, (it, bits) in enumerate(IB.items()):
        k.output(f"o{bits}", it)
        k.store(f"o{bits}", k.op(f"{{r}} = arith.fptosi {x} : tensor<16x{t}> to tensor<16x{it}>"))
        k.store(f"o{bits}", k.op(f"{{r}} = arith.fptoui {x} : tensor<16x{t}> to tensor<16x{it}>"))
        exp = [fptoi(v, bits, True) for v in vals] + [fptoi(v, bits, False) for v in vals]
        checks.append((idx + 1, it, exp))
    kernels.append(k.text())
    P = "F2I-" + t.upper()
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.{t} {t} " + " ".join(txt))
    lines.append(f"// RUN: tile-check %s --kernel float_to_int_{t} --grid 1 --arg buf:{t}:16:file=%t.{t} \\")
    lines.append(f"// RUN:   --arg buf:i8:32:poison --arg buf:i16:32:poison --arg buf:i64:32:poison \\")
    lines.append(f"// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}")
    lines.append("// fptosi | fptoui, to i8, i16, i64")
    for i, it, exp in checks:
        lines += check_lines(P, i, it, exp, 16 if it != "i64" else 8)
    lines.append(f"// {P}: tile-check: PASS @float_to_int_{t} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
IV = {"i8": [-128, 127, -1, 0, 1, 100, -100, 77],
      "i16": [-32768, 32767, -1, 2049, 2051, -4097, 257, 1000],
      "i64": [-(1 << 63), (1 << 63) - 1, -1, (1 << 53) + 1, (1 << 24) + 1, 65519, 65520, -(1 << 40) - 1]}
for it, bits in IB.items():
    vals = IV[it]
    k = Kernel(f"int_to_float_{it}", 8)
    x = k.load("x", it)
    checks = []
    for idx, t in enumerate(["f16", "bf16", "f64"]):
        k.output(t, t)
        k.store(t, k.op(f"{{r}} = arith.sitofp {x} : tensor<8x{it}> to tensor<8x{t}>"))
        k.store(t, k.op(f"{{r}} = arith.uitofp {x} : tensor<8x{it}> to tensor<8x{t}>"))
        exp = [rnd(v, t) for v in vals] + [rnd(v & ((1 << bits) - 1), t) for v in vals]
        checks.append((idx + 1, t, exp))
    kernels.append(k.text())
    P = "I2F-" + it.upper()
    lines.append(f"// RUN: %python %S/Inputs/values.py %t.{it} {it} " + " ".join(map(str, vals)))
    lines.append(f"// RUN: tile-check %s --kernel int_to_float_{it} --grid 1 --arg buf:{it}:8:file=%t.{it} \\")
    lines.append(f"// RUN:   --arg buf:f16:16:poison --arg buf:bf16:16:poison --arg buf:f64:16:poison \\")
    lines.append(f"// RUN:   --print 1 --print 2 --print 3 --targets cpu,nvidia,amd --compile-only | FileCheck %s --check-prefix={P}")
    lines.append("// sitofp | uitofp, to f16, bf16, f64")
    for i, t, exp in checks:
        lines += check_lines(P, i, t, exp, 8)
    lines.append(f"// {P}: tile-check: PASS @int_to_float_{it} (cpu: 4 buffers match; nvidia: {{{{.*}}}}; amd: {{{{.*}}}})")
    lines.append("")
open(sys.argv[1], "w").write("\n".join(lines) + "\n" + "\n".join(kernels))
