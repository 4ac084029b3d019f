"""tl.dot with f8 inputs (e4m3fn = tl.float8e4nv, e5m2 = tl.float8e5, and
one mixed pair) and an f32 accumulator. On sm_90 Triton prints
maxNumImpreciseAcc = 2^30 unless the kernel passes max_num_imprecise_acc
(one spec passes 32): the matrix unit may keep partial sums in reduced
precision over the whole K (docs/Semantics.md 3.7 allows 128 consecutive k;
the reference bound here is loose enough for either)."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def dot_f8_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                  MAX_IMPRECISE: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.program_id(1) * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k0 in range(0, K, BK):
        kk = k0 + rk
        a = tl.load(a_ptr + rm[:, None] * K + kk[None, :], mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * N + rn[None, :], mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc, max_num_imprecise_acc=MAX_IMPRECISE)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc, mask=(rm[:, None] < M) & (rn[None, :] < N))


def _spec(name, m, n, k, a_type, b_type, max_imprecise=None, bm=64, bn=64, bk=64, warps=4, **kw):
    return dict(name=name, grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BM=bm, BN=bn, BK=bk, MAX_IMPRECISE=max_imprecise), num_warps=warps, num_stages=3,
                scalars=dict(M=m, N=n, K=k), shapes=dict(a=(m, k), b=(k, n), c=(m, n)),
                dtypes=dict(a=a_type, b=b_type, c="float32"), outputs=["c"], flops=2 * m * n * k, **kw)


SPECS = [
    _spec("e4m3_m64_n64_k256", 64, 64, 256, "float8_e4m3fn", "float8_e4m3fn"),
    _spec("e5m2_m128_n64_k128", 128, 64, 128, "float8_e5m2", "float8_e5m2"),
    _spec("e4m3_e5m2_m64_n128_k128", 64, 128, 128, "float8_e4m3fn", "float8_e5m2"),
    _spec("e4m3_imprecise32_m64_n64_k256", 64, 64, 256, "float8_e4m3fn", "float8_e4m3fn", max_imprecise=32),
    _spec("bench_e4m3_4096", 4096, 4096, 4096, "float8_e4m3fn", "float8_e4m3fn", bm=128, bn=128, bk=128,
          bench=True, warps=8),
]


def make_inputs(spec, seed):
    g = generator(seed)
    sa, sb, sc = spec["shapes"]["a"], spec["shapes"]["b"], spec["shapes"]["c"]
    return {"a": randn(sa, spec["dtypes"]["a"], g), "b": randn(sb, spec["dtypes"]["b"], g),
            "c": torch.full(sc, float("nan"))}


def reference(spec, t):
    a, b = t["a"].double(), t["b"].double()
    # Products of f8 values are exact in f32; the accumulation may keep as few as
    # ~13 significand bits over a run of k (Hopper's f8 path), hence 2^-12 per term.
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -12) + 2 ** -24}}


def launch(spec, t):
    s = spec["scalars"]
    run(dot_f8_kernel, spec["grid"], t["a"], t["b"], t["c"], s["M"], s["N"], s["K"], **opts(spec))
