"""Tensor descriptors passed as kernel arguments (host-side
triton.tools.tensor_descriptor.TensorDescriptor): c = a + 2 b block by
block, through desc.load and desc.store. The TTIR arguments are
!tt.tensordesc values; the sidecar records each descriptor's buffer, shape,
strides, block shape and padding, which the importer must turn into tile
arguments (tile descriptors are in-kernel values only)."""

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


def _spec(name, m, n, bm, bn, dtype, **kw):
    tol = dict(rtol=2 ** -10, atol=0.0) if dtype == "float16" else dict(rtol=2 ** -23, atol=0.0)
    return dict(name=name, grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)), constexprs=dict(BM=bm, BN=bn),
                num_warps=4, num_stages=3, shapes=dict(a=(m, n), b=(m, n), c=(m, n)),
                dtypes=dict(a=dtype, b=dtype, c=dtype), outputs=["c"], tol=dict(c=tol), **kw)


SPECS = [
    _spec("m100_n64_f32", 100, 64, 32, 32, "float32"),
    _spec("m256_n200_f16", 256, 200, 64, 64, "float16"),
]


def make_inputs(spec, seed):
    g = generator(seed)
    m, n = spec["shapes"]["a"]
    dt = spec["dtypes"]["a"]
    return {"a": randn((m, n), dt, g), "b": randn((m, n), dt, g), "c": torch.full((m, n), float("nan")).to(getattr(torch, dt))}


def reference(spec, t):
    return {"c": t["a"].double() + 2.0 * t["b"].double()}


def launch(spec, t):
    block = [spec["constexprs"]["BM"], spec["constexprs"]["BN"]]
    descs = [TensorDescriptor.from_tensor(t[x], block) for x in ("a", "b", "c")]
    run(desc_axpy_kernel, spec["grid"], *descs, **opts(spec))
