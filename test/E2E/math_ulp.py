#!/usr/bin/env python3
"""Measures the error of a target's math functions (exp, exp2, log, log2, tanh,
erf, sqrt, rsqrt, sin, cos, and tile.precise_sqrt, correctly rounded: 0.5 ulp
in every type) on f16, bf16, f32 and f64 tiles, in units in the
last place of the EXACT result, and checks it against the bounds of
docs/Semantics.md section 6.

    math_ulp.py --bin build/bin [--points N] [--points-f64 M]     # the CPU
    math_ulp.py --bin build/bin --export DIR --target nvidia      # here
    math_ulp.py --bin build-rt/bin --measure DIR [--summary FILE] # there

The first form exports for --target (default cpu) into a scratch folder and
measures from it, through the same code as the other two. --export compiles
one kernel per function and type (DIR/<fn>.<type>.tile), writes the inputs
(DIR/inputs/<case>.bin), the exact references computed here
(DIR/refs/<case>.npz) and DIR/cases.json; --measure runs them with tile-run
(one `tile-run --batch` on the export's device: cuda for nvidia, hip for amd)
into DIR/results/, measures with NumPy alone (the machine with the device
needs neither the compiler nor mpmath) and prints one line per case, written
to --summary as well. --functions and --types choose a subset.

The error. For an exact result y (a real number) of an output type with p
significand bits and smallest normal exponent e_min, ulp(y) =
2^(max(floor(log2|y|), e_min) - p + 1), the spacing of the type at |y| (the
subnormal spacing below the normal range, the spacing of the top binade above
the largest finite value), and the error of a result g is |g - y| / ulp(y).
It is computed from a reference stored as y = (m + m_lo) * 2^k with
2^k = ulp(y): err = |g * 2^-k - m - m_lo|, exact up to the reference's error.
  * f64: y is mpmath's value at 128 bits (m, m_lo a double-double): its error
    is below 2^-70 ulp.
  * f16, bf16, f32: y is NumPy's float64 value of the function at the input
    (which is exact in float64), m_lo = 0. The script checks, on a sample of
    every case, that it is within 2 float64 ulps of mpmath's (it stops if not),
    so it adds at most 2 * 2^(p-53) ulp (2^-28 for f32, less for f16 and
    bf16); where the float64 value is a power of two, or 1 for tanh and erf,
    the binade comes from mpmath (the exact value may lie just below it).
  * A case passes when every point does. A point whose y is finite is within
    its bound when err + (the reference's error) <= bound. Below the normal
    range (|y| < 2^e_min) a result within 2^e_min of y is accepted too for f32
    and f64 (Semantics.md's absolute region; for bf16, computed in f32, within
    2^-126 plus half a bf16 step); the line shows the largest error there in
    subnormal ulps. A result of +-inf is accepted where y has the sign and
    |y| >= (largest finite + half its ulp) - bound * its ulp: y rounds to
    infinity, or lies within the bound of it; a finite result for such a y
    is measured as above (the largest finite value may be within the bound).
  * Exact results, checked bit for bit (NaN: any NaN): the C11 Annex F values
    for inputs +-0, +-inf and NaN (e.g. exp(-inf) = +0, log(-0) = -inf,
    sqrt(-0) = -0, rsqrt(-0) = -inf, tanh(-inf) = -1, sin(-0) = -0), and
    log(1) = log2(1) = +0; NaN where y is not real (log, sqrt, rsqrt of x < 0).
  * sin and cos with |x| > 10^5: any value in [-1, 1].
Bounds: f32 and f64, section 6's table; f16 and bf16, 1 ulp of the type
(computed in f32 and rounded once).

Inputs. f16 and bf16: all 65,536 bit patterns. f32 (--points, default
200,000) and f64 (--points-f64, default a quarter of --points) per function:
40% uniform over the function's main range (exp over [ln(min subnormal) - 2,
ln(max) + 2], log/sqrt log-uniform over all positive finite values, tanh over
[-10, 10], erf over [-5, 5], sin/cos over [-1e5, 1e5], ...), 30% random bit
patterns of every finite value, 10% subnormals, the rest near multiples of
pi/2 for sin and cos, plus 129 consecutive values around each threshold
(exp near ln(max), ln(2^e_min), ln(min subnormal) and half of it; exp2 near
e_max + 1, e_min, e_min - p; log near 1; tanh and erf where they round to 1
and at the CPU target's interval ends; 1e5 for sin and cos; the smallest
normal and the largest finite value for all), and +-0, +-inf, NaN, +-min
subnormal, +-min normal, +-max, +-0.5, +-1, +-2.

Verdicts: PASS; FAIL (a bound exceeded, a special value wrong, or no result);
KNOWN, for a failure listed in KNOWN_EXCESS with its reason (a compiler defect
to fix, kept visible); XPASS, a listed case that now passes (remove it from the
list), which fails the run like FAIL. Exit status 1 on any FAIL or XPASS."""

import argparse
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

import numpy as np

HERE = pathlib.Path(__file__).resolve().parent

KERNEL = """tile.func @f(%x: !tile.ptr<{t}> {{tile.divisibility = 16 : i32}},
             %y: !tile.ptr<{t}> {{tile.divisibility = 16 : i32}}, %n: i32) {{
  %pid = tile.program_id x
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %r = tile.range 0 to 1024 : tensor<1024xi32>
  %s = tile.splat %start : tensor<1024xi32>
  %offs = arith.addi %s, %r : tensor<1024xi32>
  %ns = tile.splat %n : tensor<1024xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  %px = tile.splat %x : tensor<1024x!tile.ptr<{t}>>
  %ax = tile.addptr %px, %offs : tensor<1024x!tile.ptr<{t}>>, tensor<1024xi32>
  %py = tile.splat %y : tensor<1024x!tile.ptr<{t}>>
  %ay = tile.addptr %py, %offs : tensor<1024x!tile.ptr<{t}>>, tensor<1024xi32>
  %v = tile.load %ax, %m : tensor<1024x!tile.ptr<{t}>>
  %w = {op} %v : tensor<1024x{t}>
  tile.store %ay, %w, %m : tensor<1024x!tile.ptr<{t}>>
  tile.return
}}
"""

DEVICES = {"cpu": "cpu", "nvidia": "cuda", "amd": "hip"}


class FloatType:
    def __init__(self, name, p, emin, emax, bits):
        self.name, self.p, self.emin, self.emax, self.bits = name, p, emin, emax, bits
        self.max = (2.0 - 2.0 ** (1 - p)) * 2.0 ** emax
        self.tiny = 2.0 ** emin
        self.sub = 2.0 ** (emin - p + 1)
        self.width = np.dtype(bits).itemsize * 8


TYPES = {
    "f16": FloatType("f16", 11, -14, 15, np.uint16),
    "bf16": FloatType("bf16", 8, -126, 127, np.uint16),
    "f32": FloatType("f32", 24, -126, 127, np.uint32),
    "f64": FloatType("f64", 53, -1022, 1023, np.uint64),
}

# name: (f32 bound, f64 bound) of docs/Semantics.md section 6; f16 and bf16: 1.
BOUNDS = {
    "exp": (2, 2), "exp2": (2, 2), "log": (2, 2), "log2": (2, 2),
    "tanh": (3, 3), "erf": (3, 3), "sqrt": (1, 0.5), "rsqrt": (2, 2),
    "sin": (2, 2), "cos": (2, 2), "precise_sqrt": (0.5, 0.5),
}

# Ops that compute one of the functions above with a tighter bound: the same
# inputs and references, their own bound in every type.
SAME_FUNCTION = {"precise_sqrt": "sqrt"}
OP = {"precise_sqrt": "tile.precise_sqrt"}

# (target, function, type): why. A listed case that fails is KNOWN, one that
# passes is XPASS (and fails the run, so that the list stays true).
# None today: the CPU's defects found by this script on 2026-12-01 (exp just
# below overflow, log and log2 of subnormals, rsqrt on f16 and bf16 rounding
# twice, f64 erf not compiled) are fixed in targets/cpu/CPUMath.cpp.
KNOWN_EXCESS = {
}

CLS_MEASURE, CLS_NAN, CLS_EXACT, CLS_RANGE = 0, 1, 2, 3
SIN_COS_LIMIT = 1e5


def bound_of(fn, t):
    f32, f64 = BOUNDS[fn]
    narrow = 0.5 if fn in SAME_FUNCTION else 1
    return {"f32": f32, "f64": f64}.get(t, narrow)


# ---------------------------------------------------------------- bits <-> f64

def to_f64(bits, t):
    with np.errstate(all="ignore"):
        return _to_f64(np.asarray(bits, dtype=TYPES[t].bits), t)


def _to_f64(bits, t):
    if t == "f16":
        return bits.view(np.float16).astype(np.float64)
    if t == "bf16":
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if t == "f32":
        return bits.view(np.float32).astype(np.float64)
    return bits.view(np.float64).copy()


def from_f64(values, t):
    """Bits of the values rounded to type t (to nearest)."""
    v = np.asarray(values, dtype=np.float64)
    with np.errstate(all="ignore"):
        if t == "f16":
            return v.astype(np.float16).view(np.uint16)
        if t == "bf16":
            u = v.astype(np.float32).view(np.uint32).astype(np.uint64)
            r = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
            nan = np.isnan(v)
            r[nan] = 0x7FC0
            return r.astype(np.uint16)
        if t == "f32":
            return v.astype(np.float32).view(np.uint32)
        return v.view(np.uint64).copy()


# ------------------------------------------------------------------- inputs

def neighbours(value, t, width=64):
    """The 2*width+1 values of type t around value (same sign, finite)."""
    T = TYPES[t]
    b = int(from_f64([value], t)[0])
    sign = b & (1 << (T.width - 1))
    mag = b & ((1 << (T.width - 1)) - 1)
    top = int(from_f64([T.max], t)[0])
    lo, hi = max(mag - width, 0), min(mag + width, top)
    return to_f64(np.arange(lo, hi + 1, dtype=np.uint64).astype(T.bits) | sign, t)


def all_finite(n, t, rng):
    T = TYPES[t]
    raw = np.frombuffer(rng.bytes(n * T.width // 8), dtype=T.bits)
    x = to_f64(raw, t)
    return x[np.isfinite(x)]


def subnormals(n, t, rng):
    T = TYPES[t]
    mant = rng.integers(1, 2 ** (T.p - 1), n, dtype=np.uint64).astype(np.float64)
    return mant * T.sub * rng.choice([-1.0, 1.0], n)


def logrange(lo, hi, n, rng):
    return np.exp(rng.uniform(np.log(lo), np.log(hi), n))


def erf_one(p):
    """The x above which erf(x) rounds to 1 in a type of p bits."""
    lo, hi = 0.0, 30.0
    for _ in range(100):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if math.erfc(mid) > 2.0 ** -(p + 1) else (lo, mid)
    return lo


def core_inputs(fn, t, n, rng):
    T = TYPES[t]
    if fn == "exp":
        return rng.uniform(math.log(T.sub) - 2, math.log(T.max) + 2, n)
    if fn == "exp2":
        return rng.uniform(T.emin - T.p - 2, T.emax + 2, n)
    if fn in ("log", "log2", "sqrt", "rsqrt"):
        return np.minimum(logrange(T.sub, T.max, n, rng), T.max)
    if fn == "tanh":
        return rng.uniform(-10.0, 10.0, n) * (2 if t == "f64" else 1)
    if fn == "erf":
        return rng.uniform(-5.0, 5.0, n) * (1.3 if t == "f64" else 1)
    return rng.uniform(-SIN_COS_LIMIT, SIN_COS_LIMIT, n)


def thresholds(fn, t):
    T = TYPES[t]
    common = [T.tiny, T.max, -T.max]
    if fn == "exp":
        return common + [math.log(T.max), math.log(T.tiny), math.log(T.sub),
                         math.log(T.sub) - math.log(2)]
    if fn == "exp2":
        return common + [T.emax + 1, T.emin, T.emin - T.p + 1, T.emin - T.p]
    if fn in ("log", "log2"):
        return common + [1.0, 2.0, 0.5]
    if fn in ("sqrt", "rsqrt"):
        return common + [1.0, 4.0]
    if fn == "tanh":
        one = 0.5 * math.log(2.0 ** (T.p + 2) - 1)  # atanh(1 - 2^-(p+1))
        return common + [s * v for s in (1, -1) for v in (0.625, 10.0, one)]
    if fn == "erf":
        return common + [s * v for s in (1, -1)
                         for v in (1.0, 2.5, 3.92, erf_one(T.p))]
    return common + [SIN_COS_LIMIT, -SIN_COS_LIMIT]


def specials(t):
    T = TYPES[t]
    v = [0.0, math.inf, T.sub, T.tiny, T.max, 0.5, 1.0, 2.0]
    return np.array(v + [-x for x in v] + [math.nan])


def inputs(fn, t, n, rng):
    if t in ("f16", "bf16"):
        return np.arange(65536, dtype=np.uint16)
    parts = [core_inputs(fn, t, n * 4 // 10, rng), all_finite(n * 3 // 10, t, rng),
             subnormals(n // 10, t, rng)]
    rest = n - sum(p.size for p in parts)
    if fn in ("sin", "cos"):
        k = rng.integers(1, int(SIN_COS_LIMIT / (math.pi / 2)), max(rest, 0))
        parts.append(k * (math.pi / 2) * rng.choice([-1.0, 1.0], k.size))
    else:
        parts.append(core_inputs(fn, t, max(rest, 0), rng))
    parts += [neighbours(v, t) for v in thresholds(fn, t)]
    parts.append(specials(t))
    return from_f64(np.concatenate(parts), t)


# --------------------------------------------------------------- references

def _libm(fn, special=None):
    """`fn` of the C library element by element; `special` (NumPy's) where
    Python raises instead of returning an infinity or NaN (erf never does)."""
    def one(v):
        try:
            return fn(v)
        except (OverflowError, ValueError):
            with np.errstate(all="ignore"):
                return float(special(np.float64(v)))
    return np.vectorize(one, otypes=[np.float64])


# float64 values of the functions from the C library: NumPy's own loops take
# vectorized paths on AVX-512 machines whose sin and cos are several float64
# ulps off (NumPy 1.24 on Debian 12, 2026-12-02).
NUMPY = {
    "exp": _libm(math.exp, np.exp),
    "exp2": _libm(lambda v: math.pow(2.0, v), np.exp2),
    "log": _libm(math.log, np.log), "log2": _libm(math.log2, np.log2),
    "tanh": _libm(math.tanh, np.tanh), "erf": _libm(math.erf),
    "sqrt": np.sqrt, "rsqrt": lambda x: 1 / np.sqrt(x),
    "sin": _libm(math.sin, np.sin), "cos": _libm(math.cos, np.cos),
}


def mp_value(fn, x):
    import mpmath
    x = mpmath.mpf(x)
    return {
        "exp": mpmath.exp, "exp2": lambda v: mpmath.power(2, v),
        "log": mpmath.log, "log2": lambda v: mpmath.log(v, 2),
        "tanh": mpmath.tanh, "erf": mpmath.erf, "sqrt": mpmath.sqrt,
        "rsqrt": lambda v: 1 / mpmath.sqrt(v), "sin": mpmath.sin,
        "cos": mpmath.cos,
    }[fn](x)


def classify(fn, x):
    """Class of every input, and the exact value for CLS_EXACT (else NaN)."""
    with np.errstate(all="ignore"):
        annex_f = NUMPY[fn](x)
    cls = np.full(x.shape, CLS_MEASURE, np.uint8)
    value = np.full(x.shape, np.nan)
    special = (x == 0) | ~np.isfinite(x)
    if fn in ("log", "log2"):
        special |= x == 1
    exact = special & ~np.isnan(annex_f)
    cls[exact] = CLS_EXACT
    value[exact] = annex_f[exact]
    cls[np.isnan(annex_f) & (special | (x < 0))] = CLS_NAN
    if fn in ("sin", "cos"):
        cls[np.isfinite(x) & (np.abs(x) > SIN_COS_LIMIT)] = CLS_RANGE
    return cls, value


def scale(y_binade, t):
    """k with 2^k = ulp(y), from floor(log2|y|) (an int array)."""
    T = TYPES[t]
    return (np.clip(y_binade, T.emin, T.emax) - T.p + 1).astype(np.int16)


def reference_float64(fn, t, x, cls, rng, check):
    """(k, m) from NumPy's float64 values, checked against mpmath on a sample;
    the binade of power-of-two values (1 for tanh and erf) from mpmath."""
    import mpmath
    with np.errstate(all="ignore"):
        y = NUMPY[fn](x)
    mant, e = np.frexp(y)
    binade = e.astype(np.int64) - 1
    finite = np.isfinite(y) & (y != 0) & (cls == CLS_MEASURE)
    pow2 = np.flatnonzero(finite & (np.abs(mant) == 0.5))
    # Which side of the power of two the exact value lies on; known without
    # mpmath where the float64 value is 1 (tiny x, or tanh and erf saturated).
    one = np.abs(y[pow2]) == 1
    if fn in ("tanh", "erf", "cos"):
        below = one
    elif fn in ("exp", "exp2"):
        below = one & (x[pow2] < 0)
    else:
        below = np.zeros(pow2.size, bool)
    with mpmath.workprec(128):
        for i, known in zip(pow2, below | one):
            if not known and abs(mp_value(fn, x[i])) < abs(y[i]):
                binade[i] -= 1
        binade[pow2[below]] -= 1
        sample = np.flatnonzero(finite)
        sample = rng.choice(sample, min(check, sample.size), replace=False) \
            if sample.size else sample
        for i in sample:
            exact = mp_value(fn, x[i])
            if abs(mpmath.mpf(y[i]) - exact) > 2 * math.ulp(y[i]):
                raise SystemExit(f"math_ulp: NumPy's {fn}({x[i]!r}) = {y[i]!r} "
                                 f"is not within 2 float64 ulps of {exact}")
    binade[~finite] = TYPES[t].emax  # inf from float64 overflow: the top binade
    binade[y == 0] = TYPES[t].emin   # float64 underflow: the subnormal spacing
    k = scale(binade, t)
    with np.errstate(all="ignore"):
        m = np.ldexp(y, -k.astype(np.int32))
    return k, m, np.zeros_like(m)


def reference_mpmath(fn, t, x, cls):
    import mpmath
    k = np.zeros(x.shape, np.int16)
    m = np.zeros(x.shape)
    mlo = np.zeros(x.shape)
    T = TYPES[t]
    with mpmath.workprec(128):
        for i in np.flatnonzero(cls == CLS_MEASURE):
            y = mp_value(fn, x[i])
            if y == 0:
                binade = T.emin
            else:
                binade = mpmath.frexp(y)[1] - 1
                if fn in ("tanh", "erf") and abs(y) >= 1:
                    binade = -1
            ki = int(scale(np.array([binade]), t)[0])
            scaled = mpmath.ldexp(y, -ki)
            hi = float(scaled) if abs(scaled) < 2 ** 1023 else math.copysign(math.inf, scaled)
            k[i], m[i] = ki, hi
            mlo[i] = float(scaled - hi) if math.isfinite(hi) else 0.0
    return k, m, mlo


def reference(fn, t, x, rng, check=200):
    cls, value = classify(fn, x)
    if t == "f64":
        k, m, mlo = reference_mpmath(fn, t, x, cls)
        margin = 2.0 ** -70
    else:
        k, m, mlo = reference_float64(fn, t, x, cls, rng, check)
        margin = 2.0 * 2.0 ** (TYPES[t].p - 53)
    measured = cls == CLS_MEASURE
    k = np.where(measured, k, 0).astype(np.int16)
    m = np.where(measured, m, np.where(cls == CLS_EXACT, value, 0.0))
    mlo = np.where(measured, mlo, 0.0)
    return {"cls": cls, "k": k, "m": m, "mlo": mlo}, margin


# ----------------------------------------------------------------- measure

def measure(got_bits, x_bits, ref, t, bound, margin):
    T = TYPES[t]
    got = to_f64(got_bits, t)
    x = to_f64(x_bits, t)
    cls, k, m, mlo = ref["cls"], ref["k"].astype(np.int32), ref["m"], ref["mlo"]
    ok = np.zeros(got.shape, bool)
    exact = cls == CLS_EXACT
    ok[exact] = (got[exact] == m[exact]) & \
        (np.signbit(got[exact]) == np.signbit(m[exact]))
    ok[cls == CLS_NAN] = np.isnan(got[cls == CLS_NAN])
    rng_ = cls == CLS_RANGE
    ok[rng_] = (got[rng_] >= -1) & (got[rng_] <= 1)

    meas = cls == CLS_MEASURE
    with np.errstate(all="ignore"):
        err = np.abs((np.ldexp(got, -k) - m) - mlo)
    err[np.isnan(err)] = np.inf
    top = 2.0 ** T.p - 0.5 - bound
    inf_ok = meas & np.isinf(got) & (k == T.emax - T.p + 1) & \
        (np.abs(m) >= top) & (np.signbit(got) == np.signbit(m))
    err[inf_ok] = 0.0
    below = meas & (k == T.emin - T.p + 1) & (np.abs(m) < 2.0 ** (T.p - 1))
    normal = meas & ~below
    ok[normal] = err[normal] + margin <= bound
    absolute = {"f32": 2.0 ** 23, "f64": 2.0 ** 52, "bf16": 2.0 ** 7 + 0.5}.get(t, 0.0)
    ok[below] = (err[below] + margin <= bound) | (err[below] <= absolute)

    def worst(mask):
        idx = np.flatnonzero(mask)
        if idx.size == 0:
            return None
        i = idx[np.argmax(err[idx])]
        return i
    out = {"points": int(got.size), "ok": bool(ok.all()),
           "special": int((~meas).sum()), "special_wrong": int((~ok & ~meas).sum()),
           "inf_accepted": int(inf_ok.sum()), "below_normal": int(below.sum())}
    i = worst(normal & ~inf_ok)
    out["max"] = float(err[i]) if i is not None else 0.0
    out["at"] = repr(float(x[i])) if i is not None else "-"
    i = worst(below)
    out["below_max"] = float(err[i]) if i is not None else None
    out["below_at"] = repr(float(x[i])) if i is not None else "-"
    bad = np.flatnonzero(~ok)
    bad = bad[np.unique(x_bits[bad], return_index=True)[1]]  # one per input
    out["failures"] = [
        {"x": repr(float(x[j])), "got": repr(float(got[j])),
         "want": {CLS_NAN: "NaN", CLS_RANGE: "[-1, 1]",
                  CLS_EXACT: repr(float(m[j]))}.get(int(cls[j]),
                                                     f"{(m[j] + mlo[j]) * 2.0 ** int(k[j])!r}"),
         "ulp": None if cls[j] != CLS_MEASURE else float(err[j])}
        for j in bad[np.argsort(-np.where(cls[bad] == CLS_MEASURE, err[bad], np.inf))][:5]]
    return out


# ------------------------------------------------------------------ export

def export(args, directory):
    import mpmath  # noqa: F401  (fail early: the references need it)
    directory.mkdir(parents=True, exist_ok=True)
    for sub in ("src", "inputs", "refs"):
        (directory / sub).mkdir(exist_ok=True)
    rng = np.random.default_rng(args.seed)
    cases = []
    for fn in args.functions:
        for t in args.types:
            name = f"{fn}.{t}"
            case = {"name": name, "fn": fn, "type": t, "bound": bound_of(fn, t),
                    "known": KNOWN_EXCESS.get((args.target, fn, t))}
            src = directory / "src" / f"{name}.mlir"
            src.write_text(KERNEL.format(t=t, op=OP.get(fn, f"math.{fn}")))
            artifact = directory / f"{name}.tile"
            done = subprocess.run(
                [str(args.bin / "tile-compile"), str(src), f"--target={args.target}",
                 "-o", str(artifact)], capture_output=True, text=True)
            if done.returncode != 0:
                lines = (done.stderr or done.stdout).strip().splitlines() or ["?"]
                case["error"] = "not compiled: " + lines[0]
            else:
                case["artifact"] = artifact.name
            cases.append(case)
            if "error" in case:
                continue
            n = args.points_f64 if t == "f64" else args.points
            function = SAME_FUNCTION.get(fn, fn)
            x_bits = inputs(function, t, n, rng)
            x_bits.tofile(directory / "inputs" / f"{name}.bin")
            ref, margin = reference(function, t, to_f64(x_bits, t), rng)
            np.savez_compressed(directory / "refs" / f"{name}.npz", **ref)
            case.update(n=int(x_bits.size), margin=margin)
    (directory / "cases.json").write_text(json.dumps(
        {"target": args.target, "device": DEVICES[args.target],
         "points": args.points, "points_f64": args.points_f64, "seed": args.seed,
         "cases": cases}, indent=1) + "\n")
    return cases


def run_cases(directory, meta, tile_run):
    results = directory / "results"
    if results.exists():
        shutil.rmtree(results)
    results.mkdir()
    lines = []
    for case in meta["cases"]:
        if "artifact" not in case:
            continue
        n, t = case["n"], case["type"]
        lines.append(" ".join([
            str((directory / case["artifact"]).resolve()), "--kernel", "f",
            "--device", meta["device"], "--grid", str(-(-n // 1024)),
            "--warmup", "0", "--repeat", "1",
            "--arg", f"buf:{t}:{n}:file={(directory / 'inputs' / (case['name'] + '.bin')).resolve()}",
            "--arg", f"buf:{t}:{n}:poison", "--arg", f"i32:{n}",
            "--write", f"1={(results / (case['name'] + '.bin')).resolve()}"]))
    batch = results / "batch.txt"
    batch.write_text("\n".join(lines) + "\n")
    done = subprocess.run([str(tile_run), "--batch", str(batch)],
                          capture_output=True, text=True)
    (results / "tile-run.log").write_text(done.stdout + done.stderr)
    return done


def measure_dir(directory, tile_run, summary=None, out=sys.stdout):
    meta = json.loads((directory / "cases.json").read_text())
    done = run_cases(directory, meta, tile_run)
    lines = [f"math_ulp: target {meta['target']} (device {meta['device']}), "
             f"{len({c['fn'] for c in meta['cases']})} functions x "
             f"{len({c['type'] for c in meta['cases']})} types, "
             f"{len(meta['cases'])} cases"]
    counts = {"PASS": 0, "FAIL": 0, "KNOWN": 0, "XPASS": 0}
    report = []
    for case in meta["cases"]:
        name, t, bound = case["name"], case["type"], case["bound"]
        result = directory / "results" / f"{name}.bin"
        head = f"{case['fn']:<12} {t:<4}"
        if "error" in case:
            ok, text = False, case["error"]
        elif not result.exists():
            ok, text = False, "no result (tile-run failed: results/tile-run.log)"
        else:
            x_bits = np.fromfile(directory / "inputs" / f"{name}.bin", TYPES[t].bits)
            got = np.fromfile(result, TYPES[t].bits)
            ref = dict(np.load(directory / "refs" / f"{name}.npz"))
            if got.size != x_bits.size:
                ok, text = False, f"result has {got.size} values, not {x_bits.size}"
            else:
                r = measure(got, x_bits, ref, t, bound, case["margin"])
                ok = r["ok"]
                below = "-" if r["below_max"] is None else f"{r['below_max']:.2f} ulp"
                if r["below_max"] is not None and r["below_max"] > bound:
                    below += " (absolute region)"
                text = (f"max {r['max']:7.3f} ulp at x = {r['at']} (bound {bound});"
                        f" below normal {below}; exact-value checks {r['special']}"
                        f" ({r['special_wrong']} wrong); inf accepted {r['inf_accepted']};"
                        f" {r['points']} points")
                for f in r["failures"]:
                    ulp = "" if f["ulp"] is None else f" ({f['ulp']:.3f} ulp)"
                    text += f"\n    x = {f['x']}: got {f['got']}, want {f['want']}{ulp}"
                case["result"] = r
        if case.get("known"):
            verdict = "XPASS" if ok else "KNOWN"
            text += (f"\n    listed in KNOWN_EXCESS: {case['known']}" if not ok else
                     "\n    listed in KNOWN_EXCESS but within its bound: remove it")
        else:
            verdict = "PASS" if ok else "FAIL"
        counts[verdict] += 1
        report.append({"case": name, "verdict": verdict, **{
            k: case.get(k) for k in ("bound", "known", "error", "result")}})
        lines.append(f"{verdict:<5} {head} {text}")
    failed = counts["FAIL"] + counts["XPASS"]
    lines.append(f"math: {counts['PASS']} passed, {failed} failed, "
                 f"{counts['KNOWN']} known")
    if done.returncode != 0:
        lines.insert(1, f"tile-run --batch exit {done.returncode} "
                        f"(results/tile-run.log)")
    text = "\n".join(lines) + "\n"
    out.write(text)
    if summary:
        pathlib.Path(summary).write_text(text)
        pathlib.Path(str(summary) + ".json").write_text(json.dumps(
            {"target": meta["target"], "cases": report}, indent=1) + "\n")
    return failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", type=pathlib.Path,
                        help="tile-compile (here) or tile-run (--measure)")
    parser.add_argument("--points", type=int, default=200_000, help="f32 inputs per function")
    parser.add_argument("--points-f64", type=int, help="f64 inputs per function")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--target", default="cpu", choices=sorted(DEVICES))
    parser.add_argument("--functions", default=",".join(BOUNDS))
    parser.add_argument("--types", default=",".join(TYPES))
    parser.add_argument("--export", type=pathlib.Path, metavar="DIR")
    parser.add_argument("--measure", type=pathlib.Path, metavar="DIR")
    parser.add_argument("--tile-run", type=pathlib.Path,
                        help="tile-run for --measure (default: --bin/tile-run, $TILE_RUN)")
    parser.add_argument("--summary", help="also write the report here (and FILE.json)")
    args = parser.parse_args()
    args.functions = args.functions.split(",")
    args.types = args.types.split(",")
    for v, known in ((args.functions, BOUNDS), (args.types, TYPES)):
        unknown = [x for x in v if x not in known]
        if unknown:
            parser.error(f"unknown {', '.join(unknown)}")
    if args.points_f64 is None:
        args.points_f64 = max(args.points // 4, 1)
    tile_run = args.tile_run or (args.bin / "tile-run" if args.bin else
                                 os.environ.get("TILE_RUN"))
    if args.measure:
        if not tile_run:
            parser.error("--measure needs --bin, --tile-run or $TILE_RUN")
        sys.exit(1 if measure_dir(args.measure, tile_run, args.summary) else 0)
    if not args.bin:
        parser.error("--bin is needed to compile")
    if args.export:
        cases = export(args, args.export)
        size = sum(f.stat().st_size for f in args.export.rglob("*") if f.is_file())
        print(f"math_ulp: exported {len(cases)} cases for {args.target} to "
              f"{args.export} ({size / 2**20:.1f} MiB); "
              f"{sum('error' in c for c in cases)} not compiled")
        return
    with tempfile.TemporaryDirectory() as tmp:
        export(args, pathlib.Path(tmp))
        sys.exit(1 if measure_dir(pathlib.Path(tmp), tile_run, args.summary) else 0)


if __name__ == "__main__":
    main()
