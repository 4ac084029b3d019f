"""tl.gather inside a tile: out[r, j] = src[r, idx[r, j]] along axis 1 (the
index tile has K columns, the source C), and along axis 0. Triton's Python
API requires the index and source shapes to agree on the other axis."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, randn, run


@triton.jit
def gather_kernel(src_ptr, idx1_ptr, idx0_ptr, out1_ptr, out0_ptr, R: tl.constexpr, C: tl.constexpr,
                  K: tl.constexpr):
    r = tl.arange(0, R)
    c = tl.arange(0, C)
    k = tl.arange(0, K)
    src = tl.load(src_ptr + r[:, None] * C + c[None, :])
    idx1 = tl.load(idx1_ptr + r[:, None] * K + k[None, :])
    tl.store(out1_ptr + r[:, None] * K + k[None, :], tl.gather(src, idx1, 1))
    idx0 = tl.load(idx0_ptr + k[:, None] * C + c[None, :])
    tl.store(out0_ptr + k[:, None] * C + c[None, :], tl.gather(src, idx0, 0))


def _spec(name, r, c, k, dtype="float32", **kw):
    return dict(name=name, grid=(1,), constexprs=dict(R=r, C=c, K=k), num_warps=4, num_stages=3,
                shapes=dict(src=(r, c), idx1=(r, k), idx0=(k, c), out1=(r, k), out0=(k, c)),
                dtypes=dict(src=dtype, idx1="int32", idx0="int32"), outputs=["out1", "out0"], **kw)


SPECS = [
    _spec("r16_c32_k8", 16, 32, 8),
    _spec("r8_c64_k128", 8, 64, 128),
    _spec("r32_c16_k16_i32", 32, 16, 16, dtype="int32"),
]


def make_inputs(spec, seed):
    g = generator(seed)
    r, c = spec["shapes"]["src"]
    k = spec["constexprs"]["K"]
    dt = spec["dtypes"]["src"]
    src = randn((r, c), dt, g) if dt == "float32" else randint((r, c), -1000, 1000, dt, g)
    return {"src": src, "idx1": randint((r, k), 0, c, "int32", g), "idx0": randint((k, c), 0, r, "int32", g),
            "out1": torch.zeros((r, k)).to(src.dtype), "out0": torch.zeros((k, c)).to(src.dtype)}


def reference(spec, t):
    src = t["src"].double() if t["src"].dtype.is_floating_point else t["src"].to(torch.int64)
    return {"out1": torch.gather(src, 1, t["idx1"].to(torch.int64)),
            "out0": torch.gather(src, 0, t["idx0"].to(torch.int64))}


def launch(spec, t):
    run(gather_kernel, spec["grid"], t["src"], t["idx1"], t["idx0"], t["out1"], t["out0"], **opts(spec))
