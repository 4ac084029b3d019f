"""tl.map_elementwise (new in the Triton 3.5/3.6 line): a scalar @triton.jit
function with data-dependent control flow (if / elif / else with returns)
mapped over tensors; the TTIR op is tt.map_elementwise, printed in generic
form with a `pack` property and a region that may hold several blocks
(cf branches). A second call returns two results (a pair of tensors)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def _soft_threshold(v, t):
    if v > t:
        return v - t
    elif v < -t:
        return v + t
    else:
        return v * 0.0


@triton.jit
def _split_sign(v):
    if v >= 0:
        return v, v * 0.0
    return v * 0.0, -v


@triton.jit
def map_kernel(x_ptr, y_ptr, pos_ptr, neg_ptr, n, threshold, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    tl.store(y_ptr + idx, tl.map_elementwise(_soft_threshold, x, threshold), mask=inside)
    pos, neg = tl.map_elementwise(_split_sign, x)
    tl.store(pos_ptr + idx, pos, mask=inside)
    tl.store(neg_ptr + idx, neg, mask=inside)


SPECS = [
    dict(name="n1000_t05", grid=(4,), constexprs=dict(BLOCK=256), num_warps=4, num_stages=3,
         scalars=dict(n=1000, threshold=0.5), shapes=dict(x=(1000,)), dtypes=dict(x="float32"),
         outputs=["y", "pos", "neg"], tol=dict(y=dict(rtol=2 ** -24, atol=0.0))),
]


def make_inputs(spec, seed):
    n = spec["scalars"]["n"]
    nan = lambda: torch.full((n,), float("nan"))
    return {"x": randn((n,), "float32", generator(seed)), "y": nan(), "pos": nan(), "neg": nan()}


def reference(spec, t):
    x = t["x"].double()
    th = spec["scalars"]["threshold"]
    y = torch.where(x > th, x - th, torch.where(x < -th, x + th, torch.zeros_like(x)))
    return {"y": y, "pos": x.clamp(min=0), "neg": (-x).clamp(min=0)}


def launch(spec, t):
    s = spec["scalars"]
    run(map_kernel, spec["grid"], t["x"], t["y"], t["pos"], t["neg"], s["n"], s["threshold"], **opts(spec))
