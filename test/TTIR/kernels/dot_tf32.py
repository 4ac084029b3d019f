"""tl.dot with f32 inputs and each input precision: the NVIDIA default
(none given: Triton picks tf32), "tf32", "tf32x3" and "ieee". The bounds
are docs/Semantics.md 10's: delta = 2^-9 per product for tf32, 2^-20 for
tf32x3, 0 for ieee, plus the f32 accumulation."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def dot_f32_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                   PRECISION: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, input_precision=PRECISION)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


DELTA = {None: 2.0 ** -9, "tf32": 2.0 ** -9, "tf32x3": 2.0 ** -20, "ieee": 0.0}


def _spec(name, m, n, k, precision, bm=64, bn=64, bk=32, **kw):
    return dict(name=name, grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BM=bm, BN=bn, BK=bk, PRECISION=precision), num_warps=4, num_stages=3,
                scalars=dict(M=m, N=n, K=k), shapes=dict(a=(m, k), b=(k, n), c=(m, n)),
                dtypes=dict(a="float32", b="float32", c="float32"), outputs=["c"], flops=2 * m * n * k, **kw)


SPECS = [
    _spec("default_m64_n64_k128", 64, 64, 128, None),
    _spec("tf32_m100_n64_k70", 100, 64, 70, "tf32"),
    _spec("tf32x3_m64_n64_k128", 64, 64, 128, "tf32x3"),
    _spec("ieee_m64_n32_k64", 64, 32, 64, "ieee", bn=32),
    _spec("bench_tf32_4096", 4096, 4096, 4096, "tf32", bm=128, bn=128, bk=32, bench=True),
]


def make_inputs(spec, seed):
    g = generator(seed)
    sa, sb, sc = spec["shapes"]["a"], spec["shapes"]["b"], spec["shapes"]["c"]
    return {"a": randn(sa, "float32", g), "b": randn(sb, "float32", g), "c": torch.full(sc, float("nan"))}


def reference(spec, t):
    a, b = t["a"].double(), t["b"].double()
    delta = DELTA[spec["constexprs"]["PRECISION"]]
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, per_product=2 * delta, acc_eps=2.0 ** -23) + 2 ** -24}}


def launch(spec, t):
    s = spec["scalars"]
    run(dot_f32_kernel, spec["grid"], t["a"], t["b"], t["c"], s["M"], s["N"], s["K"], **opts(spec))
