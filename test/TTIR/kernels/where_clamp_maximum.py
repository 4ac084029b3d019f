"""Selection and clamping on inputs with NaNs, signed zeros and infinities:
tl.where, tl.clamp (tt.clampf, propagateNan = none and all), tl.maximum and
tl.minimum (arith.maxnumf / minnumf by default, maximumf with
propagate_nan=ALL). The references follow docs/Semantics.md 3.9 and 5; the
NaN cases are probes (recorded if Triton's NVIDIA lowering differs)."""

import math

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def select_kernel(x_ptr, y_ptr, where_ptr, clamp_ptr, clamp_nan_ptr, max_ptr, max_nan_ptr, min_ptr, n, lo, hi,
                  BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    y = tl.load(y_ptr + idx, mask=inside, other=0.0)
    tl.store(where_ptr + idx, tl.where(x > y, x, y * 2.0), mask=inside)
    tl.store(clamp_ptr + idx, tl.clamp(x, lo, hi), mask=inside)
    tl.store(clamp_nan_ptr + idx, tl.clamp(x, lo, hi, propagate_nan=tl.PropagateNan.ALL), mask=inside)
    tl.store(max_ptr + idx, tl.maximum(x, y), mask=inside)
    tl.store(max_nan_ptr + idx, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=inside)
    tl.store(min_ptr + idx, tl.minimum(x, y), mask=inside)


OUTS = ["where", "clamp", "clamp_nan", "max", "max_nan", "min"]
SPECIALS = [float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1.0, -1.0]


def _spec(name, n, block, lo, hi, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n, lo=lo, hi=hi), shapes=dict(x=(n,), y=(n,)), dtypes=dict(x="float32", y="float32"),
                outputs=OUTS, probe=["clamp", "clamp_nan", "max", "max_nan", "min"], **kw)


SPECS = [
    _spec("n1024_lo-1_hi1", 1024, 256, -1.0, 1.0),
    _spec("n300_lo0_hi0.5", 300, 128, 0.0, 0.5),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    x, y = randn((n,), "float32", g, scale=2.0), randn((n,), "float32", g, scale=2.0)
    k = len(SPECIALS)
    for i, a in enumerate(SPECIALS):        # every pair of special values, at the front
        for j, b in enumerate(SPECIALS):
            x[i * k + j], y[i * k + j] = a, b
    t = {"x": x, "y": y}
    for o in OUTS:
        t[o] = torch.full((n,), 123.0)
    return t


def _maxnum(a, b):
    return torch.where(torch.isnan(a), b, torch.where(torch.isnan(b), a, _ordered_max(a, b)))


def _minnum(a, b):
    return torch.where(torch.isnan(a), b, torch.where(torch.isnan(b), a, -_ordered_max(-a, -b)))


def _ordered_max(a, b):
    # -0 < +0 (docs/Semantics.md 5): among equal values prefer the one without the sign bit.
    return torch.where(a > b, a, torch.where(b > a, b, torch.where(torch.signbit(a), b, a)))


def reference(spec, t):
    s = spec["scalars"]
    x, y = t["x"].double(), t["y"].double()
    lo = torch.full_like(x, s["lo"])
    hi = torch.full_like(x, s["hi"])
    nan = torch.full_like(x, math.nan)
    either_nan = torch.isnan(x) | torch.isnan(y)
    return {"where": torch.where(x > y, x, 2.0 * y),
            "clamp": _minnum(_maxnum(x, lo), hi),
            "clamp_nan": torch.where(torch.isnan(x), nan, _minnum(_maxnum(x, lo), hi)),
            "max": _maxnum(x, y), "max_nan": torch.where(either_nan, nan, _maxnum(x, y)), "min": _minnum(x, y)}


def launch(spec, t):
    s = spec["scalars"]
    run(select_kernel, spec["grid"], t["x"], t["y"], *[t[o] for o in OUTS], s["n"], s["lo"], s["hi"], **opts(spec))
