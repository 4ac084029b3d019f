"""Tensor descriptors passed as kernel arguments (host-side
triton.tools.tensor_descriptor.TensorDescriptor): c = a + 2 b block by
block, through desc.load and desc.store, and row sums of blocks that reach
past the array's last column, so that the descriptor's padding ("zero" or
"nan") shows in the result. In the TTIR each descriptor is a !tt.tensordesc
argument followed by the array's extents (i32) and strides (i64); the
padding is recorded nowhere but in the sidecar, which records each
descriptor's buffer, shape, strides, block shape and padding."""

import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

from _common import generator, opts, randn, run


@triton.jit
def desc_axpy_kernel(a_desc, b_desc, c_desc, BM: tl.constexpr, BN: tl.constexpr):
    om = tl.program_id(0) * BM
    on = tl.program_id(1) * BN
    a = a_desc.load([om, on])
    b = b_desc.load([om, on])
    c_desc.store([om, on], a + 2.0 * b)


@triton.jit
def desc_rowsum_kernel(x_desc, s_ptr, M, BM: tl.constexpr, BN: tl.constexpr):
    om = tl.program_id(0) * BM
    x = x_desc.load([om, 0])
    rows = om + tl.arange(0, BM)
    tl.store(s_ptr + rows, tl.sum(x, axis=1), mask=rows < M)


def _rowsum_spec(name, m, n, bm, bn, padding):
    return dict(name=name, kernel="rowsum", grid=(triton.cdiv(m, bm),), constexprs=dict(BM=bm, BN=bn),
                num_warps=4, num_stages=3, scalars=dict(M=m), padding=padding,
                shapes=dict(x=(m, n), s=(m,)), dtypes=dict(x="float32", s="float32"), outputs=["s"],
                tol=dict(s=dict(rtol=1e-5, atol=1e-5)))


def _spec(name, m, n, bm, bn, dtype, **kw):
    tol = dict(rtol=2 ** -10, atol=0.0) if dtype == "float16" else dict(rtol=2 ** -23, atol=0.0)
    return dict(name=name, grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)), constexprs=dict(BM=bm, BN=bn),
                num_warps=4, num_stages=3, shapes=dict(a=(m, n), b=(m, n), c=(m, n)),
                dtypes=dict(a=dtype, b=dtype, c=dtype), outputs=["c"], tol=dict(c=tol), **kw)


SPECS = [
    _spec("m100_n64_f32", 100, 64, 32, 32, "float32"),
    _spec("m256_n200_f16", 256, 200, 64, 64, "float16"),
    # 48 columns read as blocks of 64: 16 padding columns in every row.
    _rowsum_spec("rowsum_m100_n48_zero", 100, 48, 32, 64, "zero"),
    _rowsum_spec("rowsum_m100_n48_nan", 100, 48, 32, 64, "nan"),
]


def make_inputs(spec, seed):
    g = generator(seed)
    if spec.get("kernel") == "rowsum":
        m, n = spec["shapes"]["x"]
        # A finite start, so that a row never stored shows against the
        # NaN-padded entry's all-NaN reference.
        return {"x": randn((m, n), "float32", g), "s": torch.full((m,), -1.0)}
    m, n = spec["shapes"]["a"]
    dt = spec["dtypes"]["a"]
    return {"a": randn((m, n), dt, g), "b": randn((m, n), dt, g), "c": torch.full((m, n), float("nan")).to(getattr(torch, dt))}


def reference(spec, t):
    if spec.get("kernel") == "rowsum":
        s = t["x"].double().sum(dim=1)
        return {"s": torch.full_like(s, float("nan")) if spec["padding"] == "nan" else s}
    return {"c": t["a"].double() + 2.0 * t["b"].double()}


def launch(spec, t):
    if spec.get("kernel") == "rowsum":
        x = t["x"]
        desc = TensorDescriptor(x, list(x.shape), list(x.stride()),
                                [spec["constexprs"]["BM"], spec["constexprs"]["BN"]], padding=spec["padding"])
        run(desc_rowsum_kernel, spec["grid"], desc, t["s"], spec["scalars"]["M"], **opts(spec))
        return
    block = [spec["constexprs"]["BM"], spec["constexprs"]["BN"]]
    descs = [TensorDescriptor.from_tensor(t[x], block) for x in ("a", "b", "c")]
    run(desc_axpy_kernel, spec["grid"], *descs, **opts(spec))
