"""Tutorial 01 (vector addition): out[i] = x[i] + y[i] for i < n, one block
of BLOCK elements per program, the tail masked. The specs cover an n that is
a multiple of 16 (Triton adds tt.divisibility to n), one that is not, and
n == 1 (Triton specializes it away: n is absent from the TTIR signature)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    a = tl.load(x_ptr + idx, mask=inside)
    b = tl.load(y_ptr + idx, mask=inside)
    tl.store(out_ptr + idx, a + b, mask=inside)


def _spec(name, n, block, warps=4, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=warps,
                num_stages=3, scalars=dict(n=n), shapes=dict(x=(n,), y=(n,), out=(n,)),
                dtypes=dict(x="float32", y="float32", out="float32"), outputs=["out"],
                tol=dict(out=dict(rtol=2 ** -23)), **kw)


SPECS = [
    _spec("n1000_b256", 1000, 256),
    _spec("n4096_b1024", 4096, 1024),
    _spec("n1_b128", 1, 128, warps=1),
    _spec("bench_n2p26", 1 << 26, 1024, bench=True, bytes=12 * (1 << 26)),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    return {"x": randn((n,), "float32", g), "y": randn((n,), "float32", g),
            "out": torch.full((n,), float("nan"), dtype=torch.float32)}


def reference(spec, t):
    return {"out": t["x"].double() + t["y"].double()}


def launch(spec, t):
    run(add_kernel, spec["grid"], t["x"], t["y"], t["out"], spec["scalars"]["n"], **opts(spec))
