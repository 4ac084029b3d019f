"""tl.dot_scaled (microscaling, tutorial 10's op): C = (A * 2^(sa - 127))
@ (B * 2^(sb - 127)) with A, B in e4m3 (mxfp8) and one e8m0 scale (a uint8
exponent) per 32 consecutive k of a row of A and of a column of B. Hopper has
no block-scaled matrix unit; Triton decomposes the op. tile has no twin:
the importer decomposes it too (docs/TTIR.md)."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randint, randn, run


@triton.jit
def dot_scaled_kernel(a_ptr, a_scale_ptr, b_ptr, b_scale_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr,
                      K: tl.constexpr):
    VEC: tl.constexpr = 32
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    k = tl.arange(0, K)
    ks = tl.arange(0, K // VEC)
    a = tl.load(a_ptr + m[:, None] * K + k[None, :])
    b = tl.load(b_ptr + k[:, None] * N + n[None, :])
    sa = tl.load(a_scale_ptr + m[:, None] * (K // VEC) + ks[None, :])
    sb = tl.load(b_scale_ptr + n[:, None] * (K // VEC) + ks[None, :])
    c = tl.dot_scaled(a, sa, "e4m3", b, sb, "e4m3")
    tl.store(c_ptr + m[:, None] * N + n[None, :], c)


SPECS = [
    dict(name="e4m3_m64_n64_k128", grid=(1,), constexprs=dict(M=64, N=64, K=128), num_warps=4, num_stages=3,
         shapes=dict(a=(64, 128), b=(128, 64), a_scale=(64, 4), b_scale=(64, 4)),
         dtypes=dict(a="float8_e4m3fn", b="float8_e4m3fn", a_scale="uint8", b_scale="uint8"), outputs=["c"]),
]


def make_inputs(spec, seed):
    g = generator(seed)
    s = spec["shapes"]
    return {"a": randn(s["a"], "float8_e4m3fn", g), "b": randn(s["b"], "float8_e4m3fn", g),
            "a_scale": randint(s["a_scale"], 124, 131, "uint8", g), "b_scale": randint(s["b_scale"], 124, 131, "uint8", g),
            "c": torch.full((s["a"][0], s["b"][1]), float("nan"))}


def reference(spec, t):
    group = 32                                            # the MX block size (OCP microscaling)
    a = t["a"].double() * torch.pow(2.0, t["a_scale"].double() - 127).repeat_interleave(group, dim=1)
    b = t["b"].double() * torch.pow(2.0, t["b_scale"].double() - 127).repeat_interleave(group, dim=1).T
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -12) + 2 ** -24}}


def launch(spec, t):
    run(dot_scaled_kernel, spec["grid"], t["a"], t["a_scale"], t["b"], t["b_scale"], t["c"], **opts(spec))
