"""@triton.jit helper calls: nested helpers (inlined by Triton before the
TTIR is printed: their code keeps call-site locations), a helper returning
two values, and one helper declared noinline=True, which stays a tt.call of
a private tt.func in the TTIR (the importer inlines it). Triton 3.6 takes
only scalar arguments in a noinline call, so that helper works on scalars."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def _square(v):
    return v * v


@triton.jit
def _poly(v, a, b):
    return _square(v) * a + b


@triton.jit
def _low_high(v):
    return tl.min(v, axis=0), tl.max(v, axis=0)


@triton.jit(noinline=True)
def _affine(s, a, b):
    return s * a + b


@triton.jit
def helpers_kernel(x_ptr, y_ptr, stats_ptr, n, a, b, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    tl.store(y_ptr + idx, _poly(x, a, b), mask=inside)
    lo, hi = _low_high(tl.where(inside, x, 0.0))
    tl.store(stats_ptr + pid * 3, lo)
    tl.store(stats_ptr + pid * 3 + 1, hi)
    tl.store(stats_ptr + pid * 3 + 2, _affine(tl.sum(x * x, axis=0), a, b))


def _spec(name, n, block, **kw):
    blocks = triton.cdiv(n, block)
    return dict(name=name, grid=(blocks,), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n, a=0.75, b=-0.5), shapes=dict(x=(n,), y=(n,), stats=(blocks, 3)),
                dtypes=dict(x="float32", y="float32", stats="float32"), outputs=["y", "stats"],
                tol=dict(y=dict(rtol=3e-7, atol=1e-7), stats=dict(rtol=1e-5, atol=1e-6)), **kw)


SPECS = [
    _spec("n1000_b256", 1000, 256),
    _spec("n64_b64", 64, 64),
]


def make_inputs(spec, seed):
    n = spec["scalars"]["n"]
    blocks = spec["grid"][0]
    return {"x": randn((n,), "float32", generator(seed)), "y": torch.full((n,), float("nan")),
            "stats": torch.full((blocks, 3), float("nan"))}


def reference(spec, t):
    s = spec["scalars"]
    block = spec["constexprs"]["BLOCK"]
    x = t["x"].double()
    blocks = spec["grid"][0]
    padded = torch.zeros(blocks * block, dtype=torch.float64)
    padded[: x.shape[0]] = x
    tiles = padded.reshape(blocks, block)
    stats = torch.stack([tiles.min(1).values, tiles.max(1).values, (tiles * tiles).sum(1) * s["a"] + s["b"]], dim=1)
    return {"y": x * x * s["a"] + s["b"], "stats": stats}


def launch(spec, t):
    s = spec["scalars"]
    run(helpers_kernel, spec["grid"], t["x"], t["y"], t["stats"], s["n"], s["a"], s["b"], **opts(spec))
