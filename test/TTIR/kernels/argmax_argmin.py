"""Reductions with indices: for each row of an [n_rows, n_cols] matrix
(BLOCK_R rows per program, BLOCK_C >= n_cols columns, the rest masked),
tl.argmax, tl.argmin and tl.max(..., return_indices=True). Values are small
integers stored as floats, so ties are frequent: Triton's combiner
(tie_break_left) keeps the smallest index, as docs/Semantics.md 3.8 does.
The TTIR has two-operand tt.reduce ops whose region compares and selects."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, run


@triton.jit
def row_arg_kernel(x_ptr, amax_ptr, amin_ptr, vmax_ptr, imax_ptr, n_rows, n_cols, stride,
                   BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_C)
    row_ok = rows < n_rows
    valid = row_ok[:, None] & (cols[None, :] < n_cols)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :], mask=valid, other=-float("inf"))
    tl.store(amax_ptr + rows, tl.argmax(x, axis=1), mask=row_ok)
    low = tl.where(valid, x, float("inf"))
    tl.store(amin_ptr + rows, tl.argmin(low, axis=1), mask=row_ok)
    vmax, imax = tl.max(x, axis=1, return_indices=True)
    tl.store(vmax_ptr + rows, vmax, mask=row_ok)
    tl.store(imax_ptr + rows, imax, mask=row_ok)


def _spec(name, rows, cols, br, bc, dtype, warps=4, **kw):
    return dict(name=name, grid=(triton.cdiv(rows, br),), constexprs=dict(BLOCK_R=br, BLOCK_C=bc), num_warps=warps,
                num_stages=3, scalars=dict(n_rows=rows, n_cols=cols, stride=cols),
                shapes=dict(x=(rows, cols), amax=(rows,), amin=(rows,), vmax=(rows,), imax=(rows,)),
                dtypes=dict(x=dtype, amax="int32", amin="int32", vmax=dtype, imax="int32"),
                outputs=["amax", "amin", "vmax", "imax"], **kw)


SPECS = [
    _spec("r30_c100_f32", 30, 100, 4, 128, "float32"),
    _spec("r16_c1000_f16", 16, 1000, 2, 1024, "float16", warps=8),
    _spec("r7_c3_f32", 7, 3, 8, 4, "float32", warps=1),
    _spec("bench_r16384_c1024_f32", 16384, 1024, 4, 1024, "float32", warps=8, bench=True, bytes=4 * 16384 * 1024),
]


def make_inputs(spec, seed):
    g = generator(seed)
    rows, cols = spec["shapes"]["x"]
    dt = getattr(torch, spec["dtypes"]["x"])
    x = randint((rows, cols), -8, 8, "int64", g).to(dt)
    return {"x": x, "amax": torch.full((rows,), -1, dtype=torch.int32), "amin": torch.full((rows,), -1, dtype=torch.int32),
            "vmax": torch.full((rows,), float("nan")).to(dt), "imax": torch.full((rows,), -1, dtype=torch.int32)}


def _first_index(x, target):
    cols = torch.arange(x.shape[1]).expand_as(x)
    return torch.where(x == target[:, None], cols, x.shape[1]).min(dim=1).values


def reference(spec, t):
    x = t["x"].double()
    vmax = x.max(dim=1).values
    vmin = x.min(dim=1).values
    amax = _first_index(x, vmax)
    return {"amax": amax, "amin": _first_index(x, vmin), "vmax": vmax, "imax": amax}


def launch(spec, t):
    s = spec["scalars"]
    run(row_arg_kernel, spec["grid"], t["x"], t["amax"], t["amin"], t["vmax"], t["imax"], s["n_rows"], s["n_cols"],
        s["stride"], **opts(spec))
