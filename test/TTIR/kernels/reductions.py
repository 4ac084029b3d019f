"""Reductions of a [R, C] tile (one tile per program, masked): tl.sum along
axis 1, tl.max along axis 0, tl.min, a product through tl.reduce with a
@triton.jit combiner, tl.xor_sum of integers, the sum of int8 values
(widened to int32 by Triton), and a sum over the whole tile (axis=None:
Triton reshapes with allow_reorder first)."""

import torch
import triton
import triton.language as tl

from _common import as_int32, generator, opts, randint, randn, run, uniform


@triton.jit
def _times(a, b):
    return a * b


@triton.jit
def reduce_kernel(x_ptr, p_ptr, i_ptr, b_ptr, row_sum_ptr, col_max_ptr, row_min_ptr, row_prod_ptr, row_xor_ptr,
                  row_bsum_ptr, total_ptr, R, C, R_BLOCK: tl.constexpr, C_BLOCK: tl.constexpr):
    rows = tl.arange(0, R_BLOCK)
    cols = tl.arange(0, C_BLOCK)
    rok = rows < R
    cok = cols < C
    ok = rok[:, None] & cok[None, :]
    offs = rows[:, None] * C + cols[None, :]
    x = tl.load(x_ptr + offs, mask=ok, other=0.0)
    tl.store(row_sum_ptr + rows, tl.sum(x, axis=1), mask=rok)
    tl.store(col_max_ptr + cols, tl.max(tl.where(ok, x, -float("inf")), axis=0), mask=cok)
    tl.store(row_min_ptr + rows, tl.min(tl.where(ok, x, float("inf")), axis=1), mask=rok)
    p = tl.load(p_ptr + offs, mask=ok, other=1.0)
    tl.store(row_prod_ptr + rows, tl.reduce(p, 1, _times), mask=rok)
    v = tl.load(i_ptr + offs, mask=ok, other=0)
    tl.store(row_xor_ptr + rows, tl.xor_sum(v, axis=1), mask=rok)
    small = tl.load(b_ptr + offs, mask=ok, other=0)
    tl.store(row_bsum_ptr + rows, tl.sum(small, axis=1), mask=rok)
    tl.store(total_ptr, tl.sum(x))


def _spec(name, r, c, rb, cb, warps=4, **kw):
    return dict(name=name, grid=(1,), constexprs=dict(R_BLOCK=rb, C_BLOCK=cb), num_warps=warps, num_stages=3,
                scalars=dict(R=r, C=c), shapes=dict(x=(r, c), p=(r, c), i=(r, c), b=(r, c)),
                dtypes=dict(x="float32", p="float32", i="int32", b="int8"),
                outputs=["row_sum", "col_max", "row_min", "row_prod", "row_xor", "row_bsum", "total"],
                tol=dict(row_sum=dict(rtol=1e-5, atol=1e-5), total=dict(rtol=1e-5, atol=1e-4),
                         row_prod=dict(rtol=1e-5, atol=0)), **kw)


SPECS = [
    _spec("r16_c64", 16, 64, 16, 64),
    _spec("r13_c100", 13, 100, 16, 128),
    _spec("r64_c512", 64, 512, 64, 512, warps=8),
]


def make_inputs(spec, seed):
    g = generator(seed)
    r, c = spec["shapes"]["x"]
    return {"x": randn((r, c), "float32", g), "p": uniform((r, c), 0.95, 1.05, "float32", g),
            "i": randint((r, c), -2 ** 31, 2 ** 31, "int32", g), "b": randint((r, c), -128, 128, "int8", g),
            "row_sum": torch.full((r,), float("nan")), "col_max": torch.full((c,), float("nan")),
            "row_min": torch.full((r,), float("nan")), "row_prod": torch.full((r,), float("nan")),
            "row_xor": torch.zeros(r, dtype=torch.int32), "row_bsum": torch.zeros(r, dtype=torch.int32),
            "total": torch.full((1,), float("nan"))}


def reference(spec, t):
    x = t["x"].double()
    xor = torch.zeros(t["i"].shape[0], dtype=torch.int64)
    for j in range(t["i"].shape[1]):
        xor = xor ^ t["i"][:, j].to(torch.int64)
    return {"row_sum": x.sum(1), "col_max": x.max(0).values, "row_min": x.min(1).values,
            "row_prod": t["p"].double().prod(1), "row_xor": as_int32(xor),
            "row_bsum": t["b"].to(torch.int64).sum(1), "total": x.sum().reshape(1)}


def launch(spec, t):
    s = spec["scalars"]
    run(reduce_kernel, spec["grid"], t["x"], t["p"], t["i"], t["b"], t["row_sum"], t["col_max"], t["row_min"],
        t["row_prod"], t["row_xor"], t["row_bsum"], t["total"], s["R"], s["C"], **opts(spec))
