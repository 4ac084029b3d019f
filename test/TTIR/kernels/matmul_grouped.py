"""Tutorial 03 (matrix multiplication): C = act(A @ B), f16 inputs, f32
accumulation, f16 output, one BLOCK_M x BLOCK_N tile per program. Programs
are mapped to tiles in groups of GROUP_M block rows (the "grouped order"
that improves L2 reuse). The K loop masks the last partial K block; the
optional activation is a @triton.jit helper (inlined by Triton before the
TTIR is printed). Strides equal to 1 are specialized away by Triton."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def leaky_relu(v):
    return tl.where(v >= 0, v, 0.01 * v)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                  stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                  BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                  GROUP_M: tl.constexpr, ACTIVATION: tl.constexpr):
    pid = tl.program_id(0)
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    per_group = GROUP_M * tiles_n
    group = pid // per_group
    row0 = group * GROUP_M
    rows_here = min(tiles_m - row0, GROUP_M)
    tile_m = row0 + (pid % per_group) % rows_here
    tile_n = (pid % per_group) // rows_here

    rm = (tile_m * BLOCK_M + tl.arange(0, BLOCK_M)) % M
    rn = (tile_n * BLOCK_N + tl.arange(0, BLOCK_N)) % N
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :] * stride_ak
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :] * stride_bn
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kb in range(0, tl.cdiv(K, BLOCK_K)):
        left = K - kb * BLOCK_K
        a = tl.load(a_ptrs, mask=rk[None, :] < left, other=0.0)
        b = tl.load(b_ptrs, mask=rk[:, None] < left, other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * stride_ak
        b_ptrs += BLOCK_K * stride_bk
    if ACTIVATION == "leaky_relu":
        acc = leaky_relu(acc)
    c = acc.to(tl.float16)

    cm = tile_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cn = tile_n * BLOCK_N + tl.arange(0, BLOCK_N)
    tl.store(c_ptr + cm[:, None] * stride_cm + cn[None, :] * stride_cn, c, mask=(cm[:, None] < M) & (cn[None, :] < N))


def _spec(name, m, n, k, bm, bn, bk, group=8, act="", warps=4, stages=3, **kw):
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
    return dict(name=name, grid=grid, constexprs=dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=group,
                                                      ACTIVATION=act),
                num_warps=warps, num_stages=stages, scalars=dict(M=m, N=n, K=k),
                shapes=dict(a=(m, k), b=(k, n), c=(m, n)), dtypes=dict(a="float16", b="float16", c="float16"),
                outputs=["c"], **kw)


SPECS = [
    _spec("m128_n128_k128", 128, 128, 128, 64, 64, 32),
    _spec("m200_n136_k72_leaky", 200, 136, 72, 64, 64, 32, group=2, act="leaky_relu"),
    _spec("m64_n256_k256_b128", 64, 256, 256, 64, 128, 64, warps=8),
    _spec("bench_4096", 4096, 4096, 4096, 128, 128, 64, warps=8, stages=3, bench=True,
          flops=2 * 4096 ** 3),
]


def make_inputs(spec, seed):
    g = generator(seed)
    m, n, k = (spec["scalars"][x] for x in "MNK")
    return {"a": randn((m, k), "float16", g), "b": randn((k, n), "float16", g),
            "c": torch.full((m, n), float("nan"), dtype=torch.float16)}


def reference(spec, t):
    a, b = t["a"].double(), t["b"].double()
    c = a @ b
    bound = dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -23, out_eps=2.0 ** -11)
    if spec["constexprs"]["ACTIVATION"] == "leaky_relu":
        negative_slope = 0.01          # the definition of the activation
        c = torch.where(c >= 0, c, negative_slope * c)
    return {"c": {"value": c, "atol": bound + 2.0 ** -24}}


def launch(spec, t):
    s = spec["scalars"]
    a, b, c = t["a"], t["b"], t["c"]
    run(matmul_kernel, spec["grid"], a, b, c, s["M"], s["N"], s["K"], a.stride(0), a.stride(1),
        b.stride(0), b.stride(1), c.stride(0), c.stride(1), **opts(spec))
