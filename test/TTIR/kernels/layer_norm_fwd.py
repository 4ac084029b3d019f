"""Tutorial 05 (layer normalization, forward): per row, mean and variance in
f32 over n_cols (BLOCK columns at a time), y = (x - mean) * rstd * w + b,
and the row's mean and 1/std are stored for a backward pass."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def layer_norm_fwd(x_ptr, y_ptr, w_ptr, b_ptr, mean_ptr, rstd_ptr, row_stride, n_cols, eps,
                   BLOCK: tl.constexpr):
    row = tl.program_id(0)
    x_row = x_ptr + row * row_stride
    y_row = y_ptr + row * row_stride
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        total += tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
    mean = tl.sum(total, axis=0) / n_cols
    sq = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        v = tl.load(x_row + cols, mask=cols < n_cols, other=0.0).to(tl.float32)
        d = tl.where(cols < n_cols, v - mean, 0.0)
        sq += d * d
    var = tl.sum(sq, axis=0) / n_cols
    rstd = 1 / tl.sqrt(var + eps)
    tl.store(mean_ptr + row, mean)
    tl.store(rstd_ptr + row, rstd)
    for start in range(0, n_cols, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        inside = cols < n_cols
        w = tl.load(w_ptr + cols, mask=inside)
        b = tl.load(b_ptr + cols, mask=inside)
        v = tl.load(x_row + cols, mask=inside, other=0.0).to(tl.float32)
        y = (v - mean) * rstd * w + b
        tl.store(y_row + cols, y, mask=inside)


def _spec(name, rows, cols, block, dtype, warps=4, **kw):
    tol_y = {"float16": dict(rtol=2e-3, atol=2e-3), "bfloat16": dict(rtol=8e-3, atol=8e-3),
             "float32": dict(rtol=2e-5, atol=2e-5)}[dtype]
    return dict(name=name, grid=(rows,), constexprs=dict(BLOCK=block), num_warps=warps, num_stages=3,
                scalars=dict(row_stride=cols, n_cols=cols, eps=1e-5),
                shapes=dict(x=(rows, cols), y=(rows, cols), w=(cols,), b=(cols,), mean=(rows,), rstd=(rows,)),
                dtypes=dict(x=dtype, y=dtype, w=dtype, b=dtype, mean="float32", rstd="float32"),
                outputs=["y", "mean", "rstd"],
                tol=dict(y=tol_y, mean=dict(rtol=1e-5, atol=1e-6), rstd=dict(rtol=2e-5, atol=0)), **kw)


SPECS = [
    _spec("r16_c300_f16", 16, 300, 128, "float16"),
    _spec("r8_c1024_f32", 8, 1024, 1024, "float32", warps=8),
    _spec("r4_c2000_bf16", 4, 2000, 512, "bfloat16"),
    _spec("bench_r4096_c8192_f16", 4096, 8192, 1024, "float16", warps=8, bench=True,
          bytes=2 * 2 * 4096 * 8192),
]


def make_inputs(spec, seed):
    g = generator(seed)
    rows, cols = spec["shapes"]["x"]
    dt = spec["dtypes"]["x"]
    return {"x": randn((rows, cols), dt, g, scale=2.0, shift=0.5), "w": randn((cols,), dt, g, shift=1.0),
            "b": randn((cols,), dt, g), "y": torch.zeros((rows, cols)).to(getattr(torch, dt)),
            "mean": torch.full((rows,), float("nan")), "rstd": torch.full((rows,), float("nan"))}


def reference(spec, t):
    x = t["x"].double()
    eps = spec["scalars"]["eps"]
    mean = x.mean(dim=1)
    var = ((x - mean[:, None]) ** 2).mean(dim=1)
    rstd = 1.0 / torch.sqrt(var + eps)
    y = (x - mean[:, None]) * rstd[:, None] * t["w"].double() + t["b"].double()
    return {"y": y, "mean": mean, "rstd": rstd}


def launch(spec, t):
    s = spec["scalars"]
    run(layer_norm_fwd, spec["grid"], t["x"], t["y"], t["w"], t["b"], t["mean"], t["rstd"], s["row_stride"],
        s["n_cols"], s["eps"], **opts(spec))
