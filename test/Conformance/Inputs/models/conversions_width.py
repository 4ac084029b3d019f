"""Writes test/Conformance/conversions-width.mlir: its kernels, RUN lines and the
expected values of an independent model of docs/Semantics.md's rules
(not the interpreter). models.test checks that the file in the tree is
what this writes.

    conversions_width.py OUT
"""
import os
import math, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from common import *
head = """// Integer width changes and float widening/narrowing on the pairs
// conversions.mlir leaves out (docs/Semantics.md section 7): trunci keeps
// the low bits, extsi copies the sign bit, extui fills with zeros; extf is
// exact, truncf rounds to nearest even once (overflow to inf, subnormals
// kept). Expected values from a two's-complement and an exact-rational
// model, lane by lane, not from the interpreter.
"""
lines = [head]; kernels = []
IV = [-(1 << 63), (1 << 63) - 1, -1, 0, 0x123456789ABCDEF0 - (1 << 64) if 0x123456789ABCDEF0 >> 63 else 0x123456789ABCDEF0, -129, 255, 0x7FFF8001]
k = Kernel("int_widths", 8)
x = k.load("x", "i64")
exp = {}
narrow = {}
for bits in (32, 16, 8):
    t = f"i{bits}"
    k.output(f"t{bits}", t)
    r = k.op(f"{{r}} = arith.trunci {x} : tensor<8xi64> to tensor<8x{t}>")
    k.store(f"t{bits}", r)
    truncated = r
    narrow[bits] = r
    small = [wrap(v, bits) for v in IV]
    exp[f"t{bits}"] = (t, small[:])
    k.output(f"e{bits}", "i64")
    k.store(f"e{bits}", k.op(f"{{r}} = arith.extsi {r} : tensor<8x{t}> to tensor<8xi64>"))
    k.store(f"e{bits}", k.op(f"{{r}} = arith.extui {r} : tensor<8x{t}> to tensor<8xi64>"))
    exp[f"e{bits}"] = ("i64", small + [v & ((1 << bits) - 1) for v in small])
# i8 -> i16 and i16 -> i32 (the narrow sources through their own ext)
k.output("n16", "i16")
k.store("n16", k.op(f"{{r}} = arith.extsi {truncated} : tensor<8xi8> to tensor<8xi16>"))
k.store("n16", k.op(f"{{r}} = arith.extui {truncated} : tensor<8xi8> to tensor<8xi16>"))
s8 = [wrap(v, 8) for v in IV]
exp["n16"] = ("i16", s8 + [v & 0xFF for v in s8])
# i32 -> i16 and i16 -> i8: narrow sources truncated again
k.output("m", "i16")
k.store("m", k.op(f"{{r}} = arith.trunci {narrow[32]} : tensor<8xi32> to tensor<8xi16>"))
k.output("m8", "i8")
k.store("m8", k.op(f"{{r}} = arith.trunci {narrow[16]} : tensor<8xi16> to tensor<8xi8>"))
exp["m"] = ("i16", [wrap(v, 16) for v in IV])
exp["m8"] = ("i8", [wrap(v, 8) for v in IV])
kernels.append(k.text())
order = ["t32", "e32", "t16", "e16", "t8", "e8", "n16", "m", "m8"]
lines.append("// RUN: %python %S/Inputs/values.py %t.i64 i64 " + " ".join(map(str, IV)))
args = " ".join(f"--arg buf:{exp[o][0]}:{len(exp[o][1])}:poison" for o in order)
lines.append("// RUN: tile-check %s --kernel int_widths --grid 1 --arg buf:i64:8:file=%t.i64 \\")
lines.append(f"// RUN:   {args} \\")
lines.append("// RUN:   " + " ".join(f"--print {i+1}" for i in range(len(order))) + " --targets cpu,nvidia,amd --compile-only \\")
lines.append("// RUN:   | FileCheck %s --check-prefix=INT")
lines.append("// trunci to i32 | extsi, extui back | the same through i16 | through i8 | i8 to i16 (extsi | extui) | i32 to i16 | i16 to i8")
for i, o in enumerate(order):
    lines += check_lines("INT", i + 1, exp[o][0], exp[o][1], 8)
lines.append("// INT: tile-check: PASS @int_widths (cpu: 10 buffers match; nvidia: {{.*}}; amd: {{.*}})")
lines.append("")
# floats
FX = ["nan", "-inf", "-0", "1.00048828125", "65520", "1e-40", "3.4028234663852886e38", "1e-5"]
fx = [float(v) for v in FX]
k = Kernel("float_widths", 8)
d = k.load("d", "f64"); h = k.load("h", "f16"); b = k.load("b", "bf16")
for nm, t in (("nf16", "f16"), ("nbf16", "bf16"), ("w", "f64"), ("w32", "f32")):
    k.output(nm, t)
k.store("nf16", k.op(f"{{r}} = arith.truncf {d} : tensor<8xf64> to tensor<8xf16>"))
k.store("nbf16", k.op(f"{{r}} = arith.truncf {d} : tensor<8xf64> to tensor<8xbf16>"))
k.store("w", k.op(f"{{r}} = arith.extf {h} : tensor<8xf16> to tensor<8xf64>"))
k.store("w", k.op(f"{{r}} = arith.extf {b} : tensor<8xbf16> to tensor<8xf64>"))
k.store("w32", k.op(f"{{r}} = arith.extf {b} : tensor<8xbf16> to tensor<8xf32>"))
kernels.append(k.text())
HX = ["nan", "-inf", "-0", "65504", "0x0001", "0x03ff", "-2.5", "0.1"]
BX = ["nan", "inf", "-0", "3.3895313892515355e38", "0x0001", "0x007f", "-2.5", "0.1"]
def val(txt, t, sub):
    out = []
    for s in txt:
        if s.startswith("0x"): out.append(int(s, 16) * sub)
        else: out.append(rnd(float(s), t))
    return out
hv = val(HX, "f16", 2.0 ** -24); bv = val(BX, "bf16", 2.0 ** -133)
lines.append("// RUN: %python %S/Inputs/values.py %t.f64 f64 " + " ".join(FX))
lines.append("// RUN: %python %S/Inputs/values.py %t.f16 f16 " + " ".join(HX))
lines.append("// RUN: %python %S/Inputs/values.py %t.bf16 bf16 " + " ".join(BX))
lines.append("// RUN: tile-check %s --kernel float_widths --grid 1 --arg buf:f64:8:file=%t.f64 \\")
lines.append("// RUN:   --arg buf:f16:8:file=%t.f16 --arg buf:bf16:8:file=%t.bf16 --arg buf:f16:8:poison \\")
lines.append("// RUN:   --arg buf:bf16:8:poison --arg buf:f64:16:poison --arg buf:f32:8:poison \\")
lines.append("// RUN:   --print 3 --print 4 --print 5 --print 6 --targets cpu,nvidia,amd --compile-only \\")
lines.append("// RUN:   | FileCheck %s --check-prefix=FLOAT")
lines.append("// truncf f64 to f16 | to bf16 | extf f16 and bf16 to f64 | bf16 to f32")
lines += check_lines("FLOAT", 3, "f16", [rnd(v, "f16") for v in fx])
lines += check_lines("FLOAT", 4, "bf16", [rnd(v, "bf16") for v in fx])
lines += check_lines("FLOAT", 5, "f64", hv + bv)
lines += check_lines("FLOAT", 6, "f32", bv)
lines.append("// FLOAT: tile-check: PASS @float_widths (cpu: 7 buffers match; nvidia: {{.*}}; amd: {{.*}})")
open(sys.argv[1], "w").write("\n".join(lines) + "\n\n" + "\n".join(kernels))
