#!/usr/bin/env python3
"""Derives the polynomial coefficients of the CPU target's tanh and erf
(targets/cpu/CPUMath.cpp, pass tile-cpu-math) and checks the
approximations in simulated f32 arithmetic.

    scripts/math-coefficients.py [--points N]

Each polynomial is a near-minimax fit of the weighted error that matters for
the f32 result (Lawson's iteratively reweighted least squares on a dense grid,
in float64), with the coefficients then rounded to f32. The approximations:

  tanh(x), a = |x|:
    a < 0.625   x + x^3 * P(x^2)                       (odd polynomial)
    otherwise   sign(x) * (1 - 2 / (exp(2 min(a, 10)) + 1))
  erf(x), a = |x|:
    a < 1       x + x * R(x^2)                         (odd polynomial)
    a < 3.92    sign(x) * (1 - exp(-a^2) * Q(a - 2.5))
    otherwise   sign(x)                                (erf rounds to +-1)
  NaN in, NaN out.

The check evaluates those formulas with f32 operations (numpy float32, no
fused multiply-add, as the pass emits them), exp correctly rounded to f32,
against float64 tanh and erf, and prints the largest error in ulp of each
piece. test/E2E/math_ulp.py measures the compiled code, whose exp is MLIR's
polynomial approximation rather than a correctly rounded one.
Prints C++ initializers to paste into CPUTarget.cpp. Needs NumPy.
"""

import argparse
import math

import numpy as np

F32 = np.float32


def lawson(basis, target, weight, iterations=400):
    """Coefficients c minimizing max |weight * (basis @ c - target)|."""
    w = np.ones_like(target)
    c = None
    for _ in range(iterations):
        sw = np.sqrt(w) * weight
        c, *_ = np.linalg.lstsq(basis * sw[:, None], target * sw, rcond=None)
        err = np.abs(weight * (basis @ c - target))
        w = w * err
        w /= w.sum()
    return c


def horner(coefficients, t):
    """Evaluates sum c[i] t^i in f32, highest power first."""
    r = F32(coefficients[-1])
    for c in coefficients[-2::-1]:
        r = F32(r * t) + F32(c)
        r = r.astype(F32)
    return r


def ulp(got, want):
    want32 = want.astype(F32)
    spacing = np.maximum(np.spacing(np.abs(want32)).astype(np.float64),
                         np.finfo(F32).smallest_subnormal)
    return np.abs(got.astype(np.float64) - want) / spacing


def tanh_series(s):
    """(tanh(x) - x) / x^3 as a function of s = x^2, accurate near 0."""
    terms = [-1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925,
             21844 / 6081075, -929569 / 638512875]
    return sum(c * s**i for i, c in enumerate(terms))


def fit_tanh(points, degree):
    x = np.linspace(0, 0.625, points)[1:]
    s = x * x
    target = np.where(x < 0.05, tanh_series(s), (np.tanh(x) - x) / x**3)
    # An error e in P is an error x^3 e in tanh(x), relative to tanh(x).
    weight = x**3 / np.tanh(x)
    basis = np.stack([s**i for i in range(degree + 1)], axis=1)
    return [F32(c) for c in lawson(basis, target, weight)]


def erf_ratio(x):
    """erf(x) / x - 1."""
    return np.array([math.erf(v) / v - 1 for v in x])


def fit_erf_small(points, degree):
    x = np.linspace(0, 1.0, points)[1:]
    s = x * x
    target = erf_ratio(x)
    weight = x / np.array([math.erf(v) for v in x])
    basis = np.stack([s**i for i in range(degree + 1)], axis=1)
    return [F32(c) for c in lawson(basis, target, weight)]


def fit_erf_large(points, degree):
    a = np.linspace(1.0, 3.92, points)
    target = np.array([math.erfc(v) * math.exp(v * v) for v in a])
    # An error e in Q is an error exp(-a^2) e in erf(a) (which is near 1).
    weight = np.exp(-a * a) / np.array([math.erf(v) for v in a])
    t = a - 2.5
    basis = np.stack([t**i for i in range(degree + 1)], axis=1)
    return [F32(c) for c in lawson(basis, target, weight)]


def tanh_f32(x, p):
    x = x.astype(F32)
    a = np.abs(x)
    s = F32(x * x)
    small = F32(x + F32(F32(x * s) * horner(p, s)))
    e = np.exp(F32(2) * np.minimum(a, F32(10))).astype(F32)
    large = np.copysign(F32(F32(1) - F32(F32(2) / F32(e + F32(1)))), x)
    return np.where(a < F32(0.625), small, large)


def erf_f32(x, r, q):
    x = x.astype(F32)
    a = np.abs(x)
    s = F32(x * x)
    small = F32(x + F32(x * horner(r, s)))
    ac = np.minimum(a, F32(3.92))
    e = np.exp(-F32(ac * ac)).astype(F32)
    tail = F32(e * horner(q, F32(ac - F32(2.5))))
    large = np.copysign(F32(F32(1) - tail), x)
    out = np.where(a < F32(1), small, large)
    return np.where(a >= F32(3.92), np.copysign(F32(1), x), out)


def cxx(name, coefficients):
    body = ", ".join(f"{float(c):.9g}f" for c in coefficients)
    return f"constexpr float {name}[] = {{{body}}};"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=20000)
    args = parser.parse_args()
    p = fit_tanh(args.points, 4)
    r = fit_erf_small(args.points, 6)
    q = fit_erf_large(args.points, 8)

    rng = np.random.default_rng(1)
    xt = np.concatenate([rng.uniform(-10, 10, 400000),
                         rng.uniform(-0.7, 0.7, 400000)]).astype(F32)
    et = ulp(tanh_f32(xt, p), np.tanh(xt.astype(np.float64)))
    xe = np.concatenate([rng.uniform(-5, 5, 400000),
                         rng.uniform(-1.1, 1.1, 400000)]).astype(F32)
    want = np.array([math.erf(float(v)) for v in xe])
    ee = ulp(erf_f32(xe, r, q), want)
    for name, x, err, cut in (("tanh", xt, et, 0.625), ("erf", xe, ee, 1.0)):
        a = np.abs(x)
        for label, mask in (("small", a < cut), ("large", a >= cut)):
            i = np.argmax(np.where(mask, err, -1))
            print(f"// {name} {label:5}: max {err[i]:.3f} ulp at x = {x[i]!r}"
                  " (simulated f32, exp correctly rounded)")
    print(cxx("kTanhP", p))
    print(cxx("kErfR", r))
    print(cxx("kErfQ", q))


if __name__ == "__main__":
    main()
