"""Tutorial 04 (low-memory dropout): out = x / (1 - p) where a Philox random
number drawn from (seed, element index) exceeds p, else 0; the mask is never
stored. tl.rand is Philox 4x32-10 in arith ops plus tt.mulhiui in the TTIR.
Specs use an i32 seed and an i64 seed (key high word non-zero)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, philox4x32, randn, run, uint32_to_unit_interval


@triton.jit
def dropout_kernel(x_ptr, out_ptr, n, p, seed, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside)
    r = tl.rand(seed, idx)
    keep = r > p
    tl.store(out_ptr + idx, tl.where(keep, x / (1 - p), 0.0), mask=inside)


def _spec(name, n, block, p, seed, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4,
                num_stages=3, scalars=dict(n=n, p=p, seed=seed), shapes=dict(x=(n,), out=(n,)),
                dtypes=dict(x="float32", out="float32"), outputs=["out"],
                # Where r lies within 1e-6 of p the reference gives NaN: either side is right.
                tol=dict(out=dict(rtol=4e-7, nan_dont_care=True)), **kw)


SPECS = [
    _spec("n3000_p05_seed123", 3000, 1024, 0.5, 123),
    _spec("n1024_p02_seed64bit", 1024, 256, 0.2, 0x1234_5678_9ABC),
    _spec("bench_n2p24", 1 << 24, 1024, 0.5, 7, bench=True, bytes=8 * (1 << 24)),
]


def make_inputs(spec, seed):
    n = spec["scalars"]["n"]
    return {"x": randn((n,), "float32", generator(seed)), "out": torch.full((n,), float("nan"))}


def reference(spec, t):
    s = spec["scalars"]
    n = s["n"]
    bits = philox4x32(s["seed"], torch.arange(n).numpy())[0]
    r = uint32_to_unit_interval(bits)
    p = float(torch.tensor(s["p"], dtype=torch.float32))      # p is passed as f32
    out = torch.where(r > p, t["x"].double() / (1 - p), torch.zeros(n, dtype=torch.float64))
    out[(r - p).abs() < 1e-6] = float("nan")
    return {"out": out}


def launch(spec, t):
    s = spec["scalars"]
    run(dropout_kernel, spec["grid"], t["x"], t["out"], s["n"], s["p"], s["seed"], **opts(spec))
