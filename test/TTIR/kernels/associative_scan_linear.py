"""A scan whose combiner is associative but not commutative (legal in
Triton; docs/Semantics.md 3.8 asks for both): the first-order linear
recurrence h[t] = a[t] * h[t-1] + b[t], h[-1] = 0, by tl.associative_scan
over pairs (a, b) with (a1, b1) . (a2, b2) = (a1 * a2, b1 * a2 + b2).
In int32 (wrapping) the combiner is exactly associative, so the result is
exact; in f32 it is within rounding. The reverse specs run the scan from the
end, the combiner applied as (accumulated, new) in the scan's direction:
r[i] = (...(x[n-1] . x[n-2]) . ...) . x[i], as Triton and docs/Semantics.md
3.8 define it (the 2026-12-01 corpus recorded Triton's order as a probe
against the other reading, x[i] . (x[i+1] . ...), which 63 of 64 and 199
of 200 elements differed from)."""

import torch
import triton
import triton.language as tl

from _common import as_int32, generator, opts, randint, randn, run, uniform


@triton.jit
def _affine_compose(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2


@triton.jit
def recurrence_kernel(a_ptr, b_ptr, h_ptr, n, BLOCK: tl.constexpr, REVERSE: tl.constexpr):
    idx = tl.arange(0, BLOCK)
    inside = idx < n
    a = tl.load(a_ptr + idx, mask=inside, other=1)
    b = tl.load(b_ptr + idx, mask=inside, other=0)
    _, h = tl.associative_scan((a, b), 0, _affine_compose, reverse=REVERSE)
    tl.store(h_ptr + idx, h, mask=inside)


def _spec(name, n, block, dtype, reverse, **kw):
    tol = {} if dtype == "int32" else dict(h=dict(rtol=1e-5, atol=1e-5))
    return dict(name=name, grid=(1,), constexprs=dict(BLOCK=block, REVERSE=reverse), num_warps=4, num_stages=3,
                scalars=dict(n=n), shapes=dict(a=(n,), b=(n,), h=(n,)), dtypes=dict(a=dtype, b=dtype, h=dtype),
                outputs=["h"], tol=tol, **kw)


SPECS = [
    _spec("i32_n1000", 1000, 1024, "int32", False),
    _spec("f32_n512", 512, 512, "float32", False),
    _spec("i32_n200_reverse", 200, 256, "int32", True),
    _spec("f32_n64_reverse", 64, 64, "float32", True),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    if spec["dtypes"]["a"] == "int32":
        a, b = randint((n,), -2 ** 31, 2 ** 31, "int32", g), randint((n,), -2 ** 31, 2 ** 31, "int32", g)
        h = torch.zeros(n, dtype=torch.int32)
    else:
        a, b = uniform((n,), 0.5, 1.0, "float32", g), randn((n,), "float32", g)
        h = torch.full((n,), float("nan"))
    return {"a": a, "b": b, "h": h}


def _compose(x, y, wrap):
    (a1, b1), (a2, b2) = x, y
    r = (a1 * a2, b1 * a2 + b2)
    return tuple(v & 0xFFFFFFFF for v in r) if wrap else r


def reference(spec, t):
    wrap = spec["dtypes"]["a"] == "int32"
    conv = (lambda v: [int(e) & 0xFFFFFFFF for e in v]) if wrap else (lambda v: [float(e) for e in v])
    a, b = conv(t["a"].tolist()), conv(t["b"].tolist())
    n = len(a)
    out = [None] * n
    if not spec["constexprs"]["REVERSE"]:
        acc = (a[0], b[0])
        out[0] = acc[1]
        for i in range(1, n):
            acc = _compose(acc, (a[i], b[i]), wrap)
            out[i] = acc[1]
    else:
        acc = (a[n - 1], b[n - 1])
        out[n - 1] = acc[1]
        for i in range(n - 2, -1, -1):
            acc = _compose(acc, (a[i], b[i]), wrap)       # (x[n-1] . ... . x[i+1]) . x[i]
            out[i] = acc[1]
    if wrap:
        return {"h": as_int32(torch.tensor(out, dtype=torch.int64))}
    return {"h": torch.tensor(out, dtype=torch.float64)}


def launch(spec, t):
    run(recurrence_kernel, spec["grid"], t["a"], t["b"], t["h"], spec["scalars"]["n"], **opts(spec))
