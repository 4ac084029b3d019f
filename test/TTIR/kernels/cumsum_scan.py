"""Prefix sums: tl.cumsum along a 1-D block (f32 and wrapping int32), in
reverse (reverse=True), and along axis 1 of a 2-D tile. Each is a tt.scan
with an add combiner (generic form, with the `reverse` property)."""

import torch
import triton
import triton.language as tl

from _common import as_int32, generator, opts, randint, randn, run


@triton.jit
def cumsum_kernel(x_ptr, xi_ptr, m_ptr, fwd_ptr, rev_ptr, ifwd_ptr, rows_ptr, n, R, C,
                  BLOCK: tl.constexpr, R_BLOCK: tl.constexpr, C_BLOCK: tl.constexpr):
    idx = tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    tl.store(fwd_ptr + idx, tl.cumsum(x, axis=0), mask=inside)
    tl.store(rev_ptr + idx, tl.cumsum(x, axis=0, reverse=True), mask=inside)
    xi = tl.load(xi_ptr + idx, mask=inside, other=0)
    tl.store(ifwd_ptr + idx, tl.cumsum(xi, axis=0), mask=inside)
    r = tl.arange(0, R_BLOCK)
    c = tl.arange(0, C_BLOCK)
    ok = (r[:, None] < R) & (c[None, :] < C)
    m = tl.load(m_ptr + r[:, None] * C + c[None, :], mask=ok, other=0.0)
    tl.store(rows_ptr + r[:, None] * C + c[None, :], tl.cumsum(m, axis=1), mask=ok)


def _spec(name, n, block, r, c, rb, cb, warps=4, **kw):
    return dict(name=name, grid=(1,), constexprs=dict(BLOCK=block, R_BLOCK=rb, C_BLOCK=cb), num_warps=warps,
                num_stages=3, scalars=dict(n=n, R=r, C=c), shapes=dict(x=(n,), xi=(n,), m=(r, c)),
                dtypes=dict(x="float32", xi="int32", m="float32"), outputs=["fwd", "rev", "ifwd", "rows"],
                tol=dict(fwd=dict(rtol=1e-5, atol=2e-5), rev=dict(rtol=1e-5, atol=2e-5),
                         rows=dict(rtol=1e-5, atol=2e-5)), **kw)


SPECS = [
    _spec("n1000_r8_c60", 1000, 1024, 8, 60, 8, 64),
    _spec("n256_r32_c128", 256, 256, 32, 128, 32, 128),
    _spec("n5_r3_c5", 5, 8, 3, 5, 4, 8, warps=1),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    r, c = spec["shapes"]["m"]
    return {"x": randn((n,), "float32", g), "xi": randint((n,), -2 ** 31, 2 ** 31, "int32", g),
            "m": randn((r, c), "float32", g), "fwd": torch.full((n,), float("nan")),
            "rev": torch.full((n,), float("nan")), "ifwd": torch.zeros(n, dtype=torch.int32),
            "rows": torch.full((r, c), float("nan"))}


def reference(spec, t):
    x = t["x"].double()
    return {"fwd": torch.cumsum(x, 0), "rev": torch.flip(torch.cumsum(torch.flip(x, [0]), 0), [0]),
            "ifwd": as_int32(torch.cumsum(t["xi"].to(torch.int64), 0)), "rows": torch.cumsum(t["m"].double(), 1)}


def launch(spec, t):
    s = spec["scalars"]
    run(cumsum_kernel, spec["grid"], t["x"], t["xi"], t["m"], t["fwd"], t["rev"], t["ifwd"], t["rows"], s["n"],
        s["R"], s["C"], **opts(spec))
