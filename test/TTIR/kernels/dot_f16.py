"""tl.dot with f16 inputs: an f32 accumulator, and an f16 accumulator
(out_dtype=tl.float16: each partial sum rounds to f16), both chained over a
K loop, plus an i8 x i8 -> i32 dot (exact)."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randint, randn, run


@triton.jit
def dot_acc_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   ACC16: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    if ACC16:
        acc = tl.zeros((BM, BN), dtype=tl.float16)
    else:
        acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        if ACC16:
            acc = tl.dot(a, b, acc, out_dtype=tl.float16)
        else:
            acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def dot_i8_kernel(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    rm = tl.arange(0, M)
    rn = tl.arange(0, N)
    rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], tl.dot(a, b))


def _f16(name, m, n, k, bm, bn, bk, acc16, **kw):
    out = "float16" if acc16 else "float32"
    return dict(name=name, kernel="f16", grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BM=bm, BN=bn, BK=bk, ACC16=acc16), num_warps=4, num_stages=3,
                scalars=dict(M=m, N=n, K=k), shapes=dict(a=(m, k), b=(k, n), c=(m, n)),
                dtypes=dict(a="float16", b="float16", c=out), outputs=["c"], **kw)


SPECS = [
    _f16("acc32_m64_n64_k128", 64, 64, 128, 64, 64, 32, False),
    _f16("acc16_m64_n64_k128", 64, 64, 128, 64, 64, 32, True),
    _f16("acc16_m96_n80_k40", 96, 80, 40, 32, 32, 16, True),
    dict(name="i8_m64_n64_k64", kernel="i8", grid=(1,), constexprs=dict(M=64, N=64, K=64), num_warps=4,
         num_stages=3, shapes=dict(a=(64, 64), b=(64, 64), c=(64, 64)),
         dtypes=dict(a="int8", b="int8", c="int32"), outputs=["c"]),
]


def make_inputs(spec, seed):
    g = generator(seed)
    sa, sb, sc = spec["shapes"]["a"], spec["shapes"]["b"], spec["shapes"]["c"]
    if spec["kernel"] == "i8":
        return {"a": randint(sa, -128, 128, "int8", g), "b": randint(sb, -128, 128, "int8", g),
                "c": torch.zeros(sc, dtype=torch.int32)}
    out = getattr(torch, spec["dtypes"]["c"])
    return {"a": randn(sa, "float16", g, scale=0.5), "b": randn(sb, "float16", g, scale=0.5),
            "c": torch.full(sc, float("nan")).to(out)}


def reference(spec, t):
    if spec["kernel"] == "i8":
        return {"c": t["a"].to(torch.int64) @ t["b"].to(torch.int64)}
    a, b = t["a"].double(), t["b"].double()
    eps = 2.0 ** -10 if spec["constexprs"]["ACC16"] else 2.0 ** -23     # f16 or f32 accumulation
    out_eps = 2.0 ** -11 if spec["constexprs"]["ACC16"] else 0.0
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, per_product=0.0, acc_eps=eps, out_eps=out_eps) + 2 ** -24}}


def launch(spec, t):
    if spec["kernel"] == "i8":
        run(dot_i8_kernel, spec["grid"], t["a"], t["b"], t["c"], **opts(spec))
    else:
        s = spec["scalars"]
        run(dot_acc_kernel, spec["grid"], t["a"], t["b"], t["c"], s["M"], s["N"], s["K"], **opts(spec))
