"""Tutorial 06 (fused attention, forward pass): O = softmax(Q K^T * scale) V
per (batch, head), computed block by block with the online softmax in base 2
(exp2 of scores times scale * log2(e)); also stores M = log2 of the row sums
of exp2 (the log-sum-exp in base 2, for a backward pass). Causal attention
runs the blocks below the diagonal, then the diagonal block with a mask,
through the same @triton.jit helper. Q, K, V, O: [Z, H, N_CTX, HEAD_DIM] f16,
N_CTX a multiple of the block sizes (no masking, as in the tutorial)."""

import math

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def _attend_blocks(acc, row_sum, row_max, q, k_base, v_base, seq_stride, start_m, qk_scale,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, HEAD_DIM: tl.constexpr,
                   STAGE: tl.constexpr, rows, N_CTX):
    if STAGE == 1:          # causal, blocks strictly left of the diagonal
        lo, hi = 0, start_m * BLOCK_M
    elif STAGE == 2:        # causal, the diagonal block
        lo, hi = start_m * BLOCK_M, (start_m + 1) * BLOCK_M
        lo = tl.multiple_of(lo, BLOCK_M)
    else:                   # not causal: every block
        lo, hi = 0, N_CTX
    cols = tl.arange(0, BLOCK_N)
    dims = tl.arange(0, HEAD_DIM)
    for start_n in tl.range(lo, hi, BLOCK_N):
        start_n = tl.multiple_of(start_n, BLOCK_N)
        kt = tl.load(k_base + (start_n + cols)[None, :] * seq_stride + dims[:, None])   # K^T block
        s = tl.dot(q, kt)
        if STAGE == 2:
            allowed = rows[:, None] >= (start_n + cols)[None, :]
            s = s * qk_scale + tl.where(allowed, 0.0, -1.0e6)
            new_max = tl.maximum(row_max, tl.max(s, 1))
            s -= new_max[:, None]
        else:
            new_max = tl.maximum(row_max, tl.max(s, 1) * qk_scale)
            s = s * qk_scale - new_max[:, None]
        p = tl.math.exp2(s)
        correction = tl.math.exp2(row_max - new_max)
        row_sum = row_sum * correction + tl.sum(p, 1)
        acc = acc * correction[:, None]
        v = tl.load(v_base + (start_n + cols)[:, None] * seq_stride + dims[None, :])
        acc = tl.dot(p.to(tl.float16), v, acc)
        row_max = new_max
    return acc, row_sum, row_max


@triton.jit
def attention_fwd(q_ptr, k_ptr, v_ptr, o_ptr, m_ptr, sm_scale, stride_z, stride_h, seq_stride, H, N_CTX,
                  HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, CAUSAL: tl.constexpr):
    start_m = tl.program_id(0)
    zh = tl.program_id(1)
    z = zh // H
    h = zh % H
    head = z.to(tl.int64) * stride_z + h.to(tl.int64) * stride_h
    rows = start_m * BLOCK_M + tl.arange(0, BLOCK_M)
    dims = tl.arange(0, HEAD_DIM)
    q = tl.load(q_ptr + head + rows[:, None] * seq_stride + dims[None, :])
    row_max = tl.full([BLOCK_M], -float("inf"), dtype=tl.float32)
    row_sum = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    qk_scale = sm_scale * 1.4426950408889634          # log2(e): scores in base 2
    k_base = k_ptr + head
    v_base = v_ptr + head
    if CAUSAL:
        acc, row_sum, row_max = _attend_blocks(acc, row_sum, row_max, q, k_base, v_base, seq_stride, start_m,
                                               qk_scale, BLOCK_M, BLOCK_N, HEAD_DIM, 1, rows, N_CTX)
        acc, row_sum, row_max = _attend_blocks(acc, row_sum, row_max, q, k_base, v_base, seq_stride, start_m,
                                               qk_scale, BLOCK_M, BLOCK_N, HEAD_DIM, 2, rows, N_CTX)
    else:
        acc, row_sum, row_max = _attend_blocks(acc, row_sum, row_max, q, k_base, v_base, seq_stride, start_m,
                                               qk_scale, BLOCK_M, BLOCK_N, HEAD_DIM, 3, rows, N_CTX)
    lse2 = row_max + tl.math.log2(row_sum)
    out = acc / row_sum[:, None]
    tl.store(m_ptr + zh * N_CTX + rows, lse2)
    tl.store(o_ptr + head + rows[:, None] * seq_stride + dims[None, :], out.to(tl.float16))


def _spec(name, z, h, n, d, bm, bn, causal, warps=4, stages=3, **kw):
    return dict(name=name, grid=(n // bm, z * h), constexprs=dict(HEAD_DIM=d, BLOCK_M=bm, BLOCK_N=bn, CAUSAL=causal),
                num_warps=warps, num_stages=stages, scalars=dict(Z=z, H=h, N_CTX=n, sm_scale=1.0 / math.sqrt(d)),
                shapes=dict(q=(z, h, n, d), k=(z, h, n, d), v=(z, h, n, d), o=(z, h, n, d), m=(z * h, n)),
                dtypes=dict(q="float16", k="float16", v="float16", o="float16", m="float32"),
                outputs=["o", "m"], tol=dict(o=dict(rtol=4e-3, atol=4e-3), m=dict(rtol=1e-4, atol=2e-3)), **kw)


SPECS = [
    _spec("z1_h2_n128_d64", 1, 2, 128, 64, 64, 32, False),
    _spec("z1_h2_n128_d64_causal", 1, 2, 128, 64, 64, 32, True),
    _spec("z2_h1_n256_d32_causal", 2, 1, 256, 32, 64, 64, True, warps=4),
    _spec("bench_z4_h16_n2048_d64", 4, 16, 2048, 64, 128, 64, False, warps=8, stages=3, bench=True,
          flops=4 * 4 * 16 * 2048 * 2048 * 64),
]


def make_inputs(spec, seed):
    g = generator(seed)
    shape = spec["shapes"]["q"]
    z, h, n, d = shape
    return {"q": randn(shape, "float16", g), "k": randn(shape, "float16", g), "v": randn(shape, "float16", g),
            "o": torch.zeros(shape, dtype=torch.float16), "m": torch.full((z * h, n), float("nan"))}


def reference(spec, t):
    q, k, v = t["q"].double(), t["k"].double(), t["v"].double()
    z, h, n, d = q.shape
    s = (q @ k.transpose(-1, -2)) * spec["scalars"]["sm_scale"]
    if spec["constexprs"]["CAUSAL"]:
        keep = torch.tril(torch.ones(n, n, dtype=torch.bool))
        s = s.masked_fill(~keep, float("-inf"))
    o = torch.softmax(s, dim=-1) @ v
    m = torch.logsumexp(s, dim=-1) / math.log(2.0)
    return {"o": o, "m": m.reshape(z * h, n)}


def launch(spec, t):
    s = spec["scalars"]
    q = t["q"]
    run(attention_fwd, spec["grid"], q, t["k"], t["v"], t["o"], t["m"], s["sm_scale"], q.stride(0), q.stride(1),
        q.stride(2), s["H"], s["N_CTX"], **opts(spec))
