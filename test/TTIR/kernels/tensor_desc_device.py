"""Tensor descriptors made in the kernel (tl.make_tensor_descriptor, TMA on
Hopper; needs triton.set_allocator): each program loads a BM x BN block of
an [M, N] matrix with row stride LD (LD >= N), scales its transpose and
stores it into an [N, M] matrix. Blocks at the edges reach past the matrix:
their out-of-bounds elements read as the padding (zero, or NaN with
padding_option="nan") and are not written. Each program also stores the
number of NaNs it loaded, which shows the padding."""

import torch
import triton
import triton.language as tl

from _common import ensure_allocator, generator, opts, randn, run


@triton.jit
def desc_transpose_kernel(in_ptr, out_ptr, nan_count_ptr, M, N, LD, alpha,
                          BM: tl.constexpr, BN: tl.constexpr, PAD_NAN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    if PAD_NAN:
        src = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[LD, 1], block_shape=[BM, BN],
                                        padding_option="nan")
    else:
        src = tl.make_tensor_descriptor(in_ptr, shape=[M, N], strides=[LD, 1], block_shape=[BM, BN])
    dst = tl.make_tensor_descriptor(out_ptr, shape=[N, M], strides=[M, 1], block_shape=[BN, BM])
    block = src.load([pm * BM, pn * BN])
    tl.store(nan_count_ptr + pm * tl.num_programs(1) + pn, tl.sum((block != block).to(tl.int32)))
    dst.store([pn * BN, pm * BM], tl.trans(block) * alpha)


def _spec(name, m, n, ld, bm, bn, pad_nan, **kw):
    grid = (triton.cdiv(m, bm), triton.cdiv(n, bn))
    return dict(name=name, grid=grid, constexprs=dict(BM=bm, BN=bn, PAD_NAN=pad_nan), num_warps=4, num_stages=3,
                scalars=dict(M=m, N=n, LD=ld, alpha=2.5), shapes=dict(x=(m, ld), out=(n, m)),
                dtypes=dict(x="float32", out="float32"), outputs=["out", "nan_count"],
                tol=dict(out=dict(rtol=2 ** -24, atol=0.0)), **kw)


SPECS = [
    _spec("m100_n72_ld80_zero", 100, 72, 80, 32, 32, False),
    _spec("m100_n72_ld80_nan", 100, 72, 80, 32, 32, True),
    _spec("m64_n128_ld128_nan", 64, 128, 128, 64, 64, True),
]


def make_inputs(spec, seed):
    m, ld = spec["shapes"]["x"]
    n = spec["scalars"]["N"]
    grid = spec["grid"]
    return {"x": randn((m, ld), "float32", generator(seed)), "out": torch.full((n, m), -1.0),
            "nan_count": torch.full((grid[0] * grid[1],), -1, dtype=torch.int32)}


def reference(spec, t):
    s = spec["scalars"]
    m, n = s["M"], s["N"]
    bm, bn = spec["constexprs"]["BM"], spec["constexprs"]["BN"]
    out = t["x"][:, :n].double().T * s["alpha"]
    counts = []
    for pm in range(spec["grid"][0]):
        for pn in range(spec["grid"][1]):
            rows = max(0, min(bm, m - pm * bm))
            cols = max(0, min(bn, n - pn * bn))
            counts.append(bm * bn - rows * cols if spec["constexprs"]["PAD_NAN"] else 0)
    return {"out": out, "nan_count": torch.tensor(counts)}


def launch(spec, t):
    ensure_allocator()
    s = spec["scalars"]
    run(desc_transpose_kernel, spec["grid"], t["x"], t["out"], t["nan_count"], s["M"], s["N"], s["LD"], s["alpha"],
        **opts(spec))
