"""Contraction: d = a * b + c written as two ops; with enable_fp_fusion
(Triton's default) the NVIDIA backend fuses them into one FMA (one rounding),
without it each op rounds (docs/Semantics.md 5: tile fuses only with
fastmath<contract>). The first rows are chosen so that the unfused and fused
results differ by an integer after the conversion to int32: a = b = 1 + 2^-12,
c = -(2^-11 + 2^-24): exactly a * b + c = 1 (fused: 1), while a * b rounds
to 1 + 2^-11 first (unfused: 1 - 2^-24, which truncates to 0). The
reference is the exact value, so `as_int` is a probe in both specs."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def mul_add_kernel(a_ptr, b_ptr, c_ptr, d_ptr, d_int_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    a = tl.load(a_ptr + idx, mask=inside)
    b = tl.load(b_ptr + idx, mask=inside)
    c = tl.load(c_ptr + idx, mask=inside)
    d = a * b + c
    tl.store(d_ptr + idx, d, mask=inside)
    tl.store(d_int_ptr + idx, d.to(tl.int32), mask=inside)


def _spec(name, fusion, **kw):
    n = 1000
    return dict(name=name, grid=(4,), constexprs=dict(BLOCK=256), num_warps=4, num_stages=3,
                options=dict(enable_fp_fusion=fusion), scalars=dict(n=n), shapes=dict(a=(n,), b=(n,), c=(n,)),
                dtypes=dict(a="float32", b="float32", c="float32"), outputs=["d", "as_int"],
                probe=["as_int"], **kw)


SPECS = [
    _spec("fused", True),
    _spec("unfused", False),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    a, b, c = (randn((n,), "float32", g, scale=8.0) for _ in range(3))
    a[:4] = 1 + 2.0 ** -12
    b[:4] = 1 + 2.0 ** -12
    c[:4] = -(2.0 ** -11 + 2.0 ** -24)
    return {"a": a, "b": b, "c": c, "d": torch.full((n,), float("nan")), "as_int": torch.zeros(n, dtype=torch.int32)}


def reference(spec, t):
    a, b, c = (t[k].double() for k in "abc")
    d = a * b + c                      # a * b is exact in float64; the sum rounds once, at 2^-53
    # Unfused: the product's rounding (2^-24 |a b|) and the sum's (2^-24 |d|); fused: the latter.
    bound = (a * b).abs() * 2.0 ** -24 + d.abs() * 2.0 ** -24
    return {"d": {"value": d, "atol": bound}, "as_int": torch.trunc(d).clamp(-2 ** 31, 2 ** 31 - 1)}


def launch(spec, t):
    run(mul_add_kernel, spec["grid"], t["a"], t["b"], t["c"], t["d"], t["as_int"], spec["scalars"]["n"], **opts(spec))
