"""Helpers to write conformance kernels: independent Python models of the
ops' results, and the kernel text (1-D tiles of 8 lanes)."""
import os
import math
from fractions import Fraction

FORMATS = {"f16": (11, -14, 15), "bf16": (8, -126, 127), "f64": (53, -1022, 1023),
           "f32": (24, -126, 127)}

def rnd(v, fmt):
    """v (float) rounded to nearest even in fmt (f64 is Python's float)."""
    if fmt == "f64":
        return float(v)  # correctly rounded from an int too
    if isinstance(v, float) and (math.isnan(v) or math.isinf(v)) or v == 0:
        return float(v)
    p, emin, emax = FORMATS[fmt]
    a = Fraction(abs(v))
    e = math.floor(math.log2(a))
    while Fraction(2) ** e > a: e -= 1
    while Fraction(2) ** (e + 1) <= a: e += 1
    e = max(e, emin)
    q = Fraction(2) ** (e - p + 1)
    n = a / q
    fl = math.floor(n); rem = n - fl
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and fl % 2 == 1):
        fl += 1
    r = fl * q
    if r >= Fraction(2) ** (emax + 1):
        return math.copysign(math.inf, v)
    return math.copysign(float(r), v)

def wrap(v, bits):
    """The two's-complement value of the low `bits` bits of v."""
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v

def fmt_value(v, dtype):
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if math.isnan(v):
        return "nan"
    return ("%.17g" if dtype == "f64" else "%.9g") % v

def check_lines(prefix, index, dtype, values, per_line=8, comments=None):
    out = [f"// {prefix}: reference #{index} ({dtype} x {len(values)}):"]
    for i in range(0, len(values), per_line):
        out.append(f"// {prefix}-SAME: " + " ".join(fmt_value(v, dtype) for v in values[i:i + per_line]))
    return out

def ptr(t, n=8):
    return f"tensor<{n}x!tile.ptr<{t}>>"

class Kernel:
    """A kernel over 8-lane tiles: inputs loaded, results stored one after
    another in each output buffer."""
    def __init__(self, name, n=8):
        self.name, self.n, self.args, self.body, self.tmp = name, n, [], [], 0
        self.cursor = {}
        self.body.append(f"  %i = tile.range 0 to {n} : tensor<{n}xi32>")
        self.body.append(f"  %step = arith.constant dense<{n}> : tensor<{n}xi32>")
    def fresh(self, base="v"):
        self.tmp += 1
        return f"%{base}{self.tmp}"
    def load(self, name, t):
        self.args.append(f"%{name}: !tile.ptr<{t}>")
        n = self.n
        self.body += [f"  %{name}_b = tile.splat %{name} : {ptr(t, n)}",
                      f"  %{name}_p = tile.addptr %{name}_b, %i : {ptr(t, n)}, tensor<{n}xi32>",
                      f"  %{name}_v = tile.load %{name}_p : {ptr(t, n)}"]
        return f"%{name}_v"
    def output(self, name, t):
        self.args.append(f"%{name}: !tile.ptr<{t}>")
        n = self.n
        self.body += [f"  %{name}_b = tile.splat %{name} : {ptr(t, n)}",
                      f"  %{name}_p0 = tile.addptr %{name}_b, %i : {ptr(t, n)}, tensor<{n}xi32>"]
        self.cursor[name] = (t, 0)
    def op(self, text):
        """text with {r} for the result name; returns the name."""
        r = self.fresh()
        self.body.append("  " + text.format(r=r))
        return r
    def store(self, name, value):
        t, k = self.cursor[name]
        n = self.n
        p = f"%{name}_p{k}"
        if k > 0:
            self.body.append(f"  {p} = tile.addptr %{name}_p{k-1}, %step : {ptr(t, n)}, tensor<{n}xi32>")
        self.body.append(f"  tile.store {p}, {value} : {ptr(t, n)}")
        self.cursor[name] = (t, k + 1)
    def text(self):
        return (f"tile.func @{self.name}(" + ", ".join(self.args) + ") {\n" +
                "\n".join(self.body) + "\n  tile.return\n}\n")
