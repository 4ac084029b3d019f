"""tl.dot with bf16 inputs and an f32 accumulator: a tiled C = A @ B with a
K loop (masked edges), and a batched dot of 3-D tiles ([B, M, K] x [B, K, N],
one program per batch). Triton prints inputPrecision = tf32 on these dots
(its NVIDIA default), although the inputs are not f32."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def dot_tiled(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def dot_batched(a_ptr, b_ptr, c_ptr, BATCH: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    bi = tl.arange(0, BATCH)
    mi = tl.arange(0, M)
    ni = tl.arange(0, N)
    ki = tl.arange(0, K)
    a = tl.load(a_ptr + bi[:, None, None] * (M * K) + mi[None, :, None] * K + ki[None, None, :])
    b = tl.load(b_ptr + bi[:, None, None] * (K * N) + ki[None, :, None] * N + ni[None, None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + bi[:, None, None] * (M * N) + mi[None, :, None] * N + ni[None, None, :], c)


def _tiled(name, m, n, k, bm, bn, bk, warps=4, **kw):
    return dict(name=name, kernel="tiled", grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=warps, num_stages=3, scalars=dict(M=m, N=n, K=k),
                shapes=dict(a=(m, k), b=(k, n), c=(m, n)), dtypes=dict(a="bfloat16", b="bfloat16", c="float32"),
                outputs=["c"], flops=2 * m * n * k, **kw)


SPECS = [
    _tiled("m128_n64_k96", 128, 64, 96, 64, 64, 32),
    _tiled("m100_n70_k50", 100, 70, 50, 64, 32, 16),
    dict(name="batched_b4_m32_n32_k32", kernel="batched", grid=(1,),
         constexprs=dict(BATCH=4, M=32, N=32, K=32), num_warps=4, num_stages=3,
         shapes=dict(a=(4, 32, 32), b=(4, 32, 32), c=(4, 32, 32)),
         dtypes=dict(a="bfloat16", b="bfloat16", c="float32"), outputs=["c"]),
    _tiled("bench_4096", 4096, 4096, 4096, 128, 128, 64, warps=8, bench=True),
]


def make_inputs(spec, seed):
    g = generator(seed)
    sa, sb, sc = spec["shapes"]["a"], spec["shapes"]["b"], spec["shapes"]["c"]
    return {"a": randn(sa, "bfloat16", g), "b": randn(sb, "bfloat16", g), "c": torch.full(sc, float("nan"))}


def reference(spec, t):
    a, b = t["a"].double(), t["b"].double()
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -23)}}


def launch(spec, t):
    if spec["kernel"] == "tiled":
        s = spec["scalars"]
        run(dot_tiled, spec["grid"], t["a"], t["b"], t["c"], s["M"], s["N"], s["K"], **opts(spec))
    else:
        run(dot_batched, spec["grid"], t["a"], t["b"], t["c"], **opts(spec))
