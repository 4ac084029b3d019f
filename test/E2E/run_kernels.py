"""End-to-end suite: compiles every example kernel with tile-compile, runs it
with tile-run on random inputs (ragged and tiny sizes included, outputs
poisoned first), and compares each output with a float64 (exact for
integers) NumPy reference, within the per-kernel tolerance given here.

    run_kernels.py --bin build/bin --examples examples [--target cpu] [-k NAME ...]

For a GPU machine without the compiler, compile here and run there:

    run_kernels.py --bin build/bin --examples examples --target nvidia \
        --artifacts DIR --compile-only          # here
    run_kernels.py --bin build-rt/bin --examples examples --target nvidia \
        --artifacts DIR --device cuda           # there (tile-run only)

Exit code 1 if any comparison fails. Kernels the target cannot compile yet
are reported as UNSUPPORTED, with the compiler's reason."""

import argparse
import itertools
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

from moe_sort import moe_sort
from schedules import with_schedule

DTYPES = {"f32": np.float32, "i32": np.int32, "i64": np.int64, "bf16": np.uint16,
          "f8e4m3": np.uint8}


def e4m3_values():
    """The float value of each of the 256 e4m3fn codes (NaN for 0x7F/0xFF)."""
    codes = np.arange(256)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exp = (codes >> 3) & 15
    man = codes & 7
    value = np.where(exp == 0, man / 8 * 2.0 ** -6,
                     (1 + man / 8) * 2.0 ** (exp - 7.0))
    value = np.where((codes & 0x7F) == 0x7F, np.nan, value)
    return sign * value


# Significand bits (with the implicit one) and smallest normal exponent.
FORMATS = {"f32": (24, -126), "bf16": (8, -126), "f16": (11, -14),
           "e4m3": (4, -6)}


def half_ulp(values, dtype):
    """Half an ulp of `dtype` at each of `values` (docs/Semantics.md 6)."""
    p, emin = FORMATS[dtype]
    mag = np.abs(values)
    exponent = np.floor(np.log2(np.where(mag > 0, mag, 1.0)))
    exponent = np.where(mag > 0, np.maximum(exponent, emin), emin)
    return np.ldexp(0.5, (exponent - p + 1).astype(np.int64))


def rounded(dtype, slack=0.0, atol=0.0):
    """The tolerance of an output rounded once to `dtype` from an f32
    computation: half an ulp of `dtype` at the exact (float64) reference,
    plus `slack` times |reference| (the f32 computation's own error) and
    `atol`. A rounding mode changed, or a constant moved in its fourth digit,
    puts the elements near a rounding boundary past it."""
    return ("rounded", dtype, slack, atol)


def bf16_to_f64(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def round_bf16(values):
    """float64 -> the float64 value of its round-to-nearest-even bf16."""
    f = values.astype(np.float32)
    bits = f.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return rounded.astype(np.uint32).view(np.float32).astype(np.float64)


def philox(seed, offsets):
    """Philox 4x32-10 as docs/Semantics.md defines it; returns word 0."""
    mask = np.uint64(0xFFFFFFFF)
    c0 = offsets.astype(np.uint64) & mask
    c1 = np.zeros_like(c0)
    c2 = np.zeros_like(c0)
    c3 = np.zeros_like(c0)
    k0 = np.uint64(seed & 0xFFFFFFFF)
    k1 = np.uint64((seed >> 32) & 0xFFFFFFFF)
    for round_ in range(10):
        p0 = np.uint64(0xD2511F53) * c0
        p1 = np.uint64(0xCD9E8D57) * c2
        c0, c1, c2, c3 = ((p1 >> np.uint64(32)) ^ c1 ^ k0) & mask, p1 & mask, \
            ((p0 >> np.uint64(32)) ^ c3 ^ k1) & mask, p0 & mask
        k0 = (k0 + np.uint64(0x9E3779B9)) & mask
        k1 = (k1 + np.uint64(0xBB67AE85)) & mask
    return c0


# The values docs/Semantics.md defines specially, as f32 values or bf16 bits:
# NaN, +-inf, +-0, the smallest and the largest subnormal, the largest finite
# value (`huge`, where the kernel's own f32 arithmetic would overflow where
# the reference's does not, left out).
SPECIAL_F32 = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1e-45, -1e-45,
               1.1754942e-38]
SPECIAL_BF16 = [0x7FC0, 0x7F80, 0xFF80, 0x8000, 0x0000, 0x0001, 0x8001, 0x007F]


def specials(count, dtype, seed, huge=True):
    """`count` random values in [-1, 1) of `dtype` (bf16 as bits), one in
    eight replaced by a special value at a random place."""
    rng = np.random.default_rng(seed)
    values = rng.uniform(-1, 1, count)
    if dtype == "bf16":
        pool = SPECIAL_BF16 + ([0x7F7F, 0xFF7F] if huge else [])
        bits = (round_bf16(values).astype(np.float32).view(np.uint32) >> 16)
        out = bits.astype(np.uint16)
    else:
        pool = SPECIAL_F32 + ([3.4028235e38, -3.4028235e38] if huge else [])
        out = values.astype(np.float32)
    where = rng.random(count) < 1 / 8
    out[where] = np.array(pool, dtype=out.dtype)[
        rng.integers(0, len(pool), where.sum())]
    return out


# Each case: kernel file and name, a function of the size parameters giving
# (grid, args, outputs to check, reference). Buffers are ("buf", dtype,
# count, fill); scalars ("i32", value) etc.
def vector_add(n, fill_a="rand=1", fill_b="rand=2"):
    args = [("buf", "f32", n, fill_a), ("buf", "f32", n, fill_b),
            ("buf", "f32", n, "poison"), ("i32", n)]
    # One f32 rounding (overflow to inf included): half an ulp.
    ref = lambda a: {2: a[0].astype(np.float32) + a[1].astype(np.float32)}
    return (-(-n // 1024),), args, ref, {2: (0, 2 ** -24)}


def strided(flat, rows, cols, stride):
    """The rows x cols matrix whose row r starts at flat[r * stride]."""
    return np.lib.stride_tricks.as_strided(
        flat, (rows, cols), (stride * flat.itemsize, flat.itemsize))


def softmax(rows, cols, in_pad=0, out_pad=0, fill="rand=3"):
    # Rows in_pad and out_pad elements longer than cols: padding the kernel
    # must neither read into the result nor write.
    ins, outs = cols + in_pad, cols + out_pad
    args = [("buf", "f32", rows * ins, fill),
            ("buf", "f32", rows * outs, "poison"),
            ("i32", rows), ("i32", cols), ("i32", ins), ("i32", outs)]

    def ref(a):
        x = strided(a[0], rows, cols, ins)
        e = np.exp(x - x.max(axis=1, keepdims=True))
        out = a[1].astype(np.float64).copy()  # the padding stays as it was
        strided(out, rows, cols, outs)[:] = e / e.sum(axis=1, keepdims=True)
        return {1: out}
    return (min(rows, 8),), args, ref, {1: (1e-7, 1e-5)}


def layer_norm(rows, cols):
    n = rows * cols
    args = [("buf", "f32", n, "rand=4"), ("buf", "f32", n, "poison"),
            ("buf", "f32", cols, "rand=5"), ("buf", "f32", cols, "rand=6"),
            ("buf", "f32", rows, "poison"), ("buf", "f32", rows, "poison"),
            ("i32", cols), ("i32", cols), ("f32", 1e-5)]

    def ref(a):
        x = a[0].reshape(rows, cols)
        mean = x.mean(axis=1, keepdims=True)
        rstd = 1 / np.sqrt(((x - mean) ** 2).mean(axis=1, keepdims=True) + 1e-5)
        y = (x - mean) * rstd * a[2] + a[3]
        return {1: y.ravel(), 4: mean.ravel(), 5: rstd.ravel()}
    return (rows,), args, ref, {1: (1e-5, 1e-4), 4: (1e-6, 1e-5), 5: (1e-5, 1e-4)}


def rms_norm(rows, cols, fill="rand=7"):
    n = rows * cols
    args = [("buf", "bf16", n, fill), ("buf", "bf16", cols, "rand=8"),
            ("buf", "bf16", n, "poison"), ("i32", cols), ("i32", cols),
            ("f32", 1e-6)]

    def ref(a):
        x = a[0].reshape(rows, cols)
        r = 1 / np.sqrt((x * x).mean(axis=1, keepdims=True) + 1e-6)
        return {2: (x * r * a[1]).ravel()}
    # One bf16 rounding of an f32 result whose mean of squares has up to
    # about 2^-12 of relative error.
    return (rows,), args, ref, {2: rounded("bf16", 2 ** -12, 1e-30)}


def row_reduce(kind):
    def case(rows, cols, fill="rand=9"):
        out = "i32" if kind == "argmax" else "f32"
        args = [("buf", "f32", rows * cols, fill),
                ("buf", out, rows, "poison"),
                ("i32", rows), ("i32", cols), ("i32", cols)]

        def ref(a):
            x = a[0].reshape(rows, cols)
            return {1: {"sum": x.sum(axis=1), "max": x.max(axis=1),
                        "argmax": x.argmax(axis=1)}[kind]}
        tol = (1e-6, 1e-5) if kind == "sum" else (0, 0)
        return (min(rows, 4),), args, ref, {1: tol}
    return case


def bias_gelu_dropout(rows, cols):
    n = rows * cols
    seed, p = 0x1234_5678_9ABC, 0.25
    args = [("buf", "bf16", n, "rand=10"), ("buf", "bf16", cols, "rand=11"),
            ("buf", "bf16", n, "poison"), ("i32", rows), ("i32", cols),
            ("f32", p), ("i64", seed)]

    def ref(a):
        # From the definitions, not the kernel's literals: GELU's tanh form
        # (sqrt(2/pi), and its 0.044715), u = bits / 2^32, a kept element
        # scaled by 1 / (1 - p).
        x = a[0].reshape(rows, cols) + a[1]
        g = 0.5 * x * (1 + np.tanh(np.sqrt(2 / np.pi) * (x + 0.044715 * x ** 3)))
        bits = philox(seed, np.arange(n, dtype=np.uint64)).reshape(rows, cols)
        u = bits.astype(np.float64) * 2.0 ** -32
        return {2: np.where(u >= p, g / (1 - p), 0.0).ravel()}
    # f32 tanh (3 ulp) and the polynomial, then one bf16 rounding.
    return (-(-n // 1024),), args, ref, {2: rounded("bf16", 2 ** -18, 2 ** -30)}


def rope(tokens, heads):
    n = tokens * heads * 128
    args = [("buf", "bf16", n, "rand=12"), ("buf", "f32", tokens * 64, "rand=13"),
            ("buf", "f32", tokens * 64, "rand=14"), ("buf", "bf16", n, "poison"),
            ("i32", tokens), ("i32", heads)]

    def ref(a):
        q = a[0].reshape(tokens, heads, 128)
        cos = a[1].reshape(tokens, 1, 64)
        sin = a[2].reshape(tokens, 1, 64)
        x1, x2 = q[..., :64], q[..., 64:]
        out = np.concatenate([x1 * cos - x2 * sin, x2 * cos + x1 * sin], axis=-1)
        return {3: out.ravel()}
    # x1 cos - x2 sin in f32 may cancel: its error is relative to the terms
    # (below 1 here), not to the result.
    return (min(tokens, 4), -(-heads // 16)), args, ref, \
        {3: rounded("bf16", 0, 2 ** -22)}


def matmul(dtype, block_m, block_n, ld_kind="i32", out="f32"):
    # pads: how much longer than K, N and N the rows of A, B and C are, so
    # that lda, ldb and ldc all differ. out: C's element type.
    def case(m, n, k, pads=(0, 0, 0)):
        lda, ldb, ldc = k + pads[0], n + pads[1], n + pads[2]
        args = [("buf", dtype, m * lda, "rand=15"),
                ("buf", dtype, k * ldb, "rand=16"),
                ("buf", out, m * ldc, "poison"), ("i32", m), ("i32", n),
                ("i32", k), (ld_kind, lda), (ld_kind, ldb), ("i32", ldc)]

        def ref(a):
            c = a[2].astype(np.float64).copy()  # the padding stays as it was
            strided(c, m, n, ldc)[:] = (strided(a[0], m, k, lda) @
                                        strided(a[1], k, n, ldb))
            return {2: c}
        # The order of the K sum is the target's: |error| <= K eps sum|ab|,
        # and |a|, |b| <= 1; then one rounding to C's type.
        tolerance = ((k * 2 ** -23, 1e-6) if out == "f32" else
                     rounded(out, 1e-6, k * 2 ** -23))
        return ((-(-m // block_m), -(-n // block_n)), args, ref,
                {2: tolerance})
    return case


def matmul_fp8(m, n, k, per_row=True, pads=(0, 0, 0), ld_kind="i32"):
    """C = bf16((A x B^T) * scale_a[m] * scale_b[n]), A m x k and B n x k
    e4m3; per_row False: one scale per tensor (strides 0); a pair says it
    for A and B apart. ld_kind: the type of lda and ldb (i64 for
    matmul_fp8_desc)."""
    lda, ldb, ldc = k + pads[0], k + pads[1], n + pads[2]
    rows_a, rows_b = per_row if isinstance(per_row, tuple) else \
        (per_row, per_row)
    rng = np.random.default_rng(m * 7919 + n * 31 + k)
    scale_a = rng.uniform(0.25, 1, m if rows_a else 1)
    scale_b = rng.uniform(0.25, 1, n if rows_b else 1)
    args = [("buf", "f8e4m3", m * lda, "rand=29"),
            ("buf", "f8e4m3", n * ldb, "rand=30"),
            ("buf", "bf16", m * ldc, "poison"),
            ("buf", "f32", scale_a.size, scale_a),
            ("buf", "f32", scale_b.size, scale_b),
            ("i32", m), ("i32", n), ("i32", k), (ld_kind, lda), (ld_kind, ldb),
            ("i32", ldc), ("i32", int(rows_a)), ("i32", int(rows_b))]

    def ref(a):
        c = a[2].copy()  # the padding stays as it was
        product = strided(a[0], m, k, lda) @ strided(a[1], n, k, ldb).T
        sa = a[3].astype(np.float32).astype(np.float64)
        sb = a[4].astype(np.float32).astype(np.float64)
        strided(c, m, n, ldc)[:] = (product * sa.reshape(-1, 1) *
                                    sb.reshape(1, -1))
        return {2: c}
    # |a|, |b| <= 1 and scales <= 1: the matrix unit may sum runs of up to
    # 128 products with ~13 significand bits (2^-12 per term, docs/
    # Semantics.md 3.7), then two f32 scalings and one bf16 rounding.
    return ((-(-m // 128), -(-n // 128)), args, ref,
            {2: rounded("bf16", 2 ** -22, k * 2 ** -12)})


def cumsum(rows, cols, fill="rand=17"):
    args = [("buf", "f32", rows * cols, fill),
            ("buf", "f32", rows * cols, "poison"), ("i32", rows), ("i32", cols)]
    ref = lambda a: {1: np.cumsum(a[0].reshape(rows, cols), axis=1).ravel()}
    # A prefix of up to 1024 terms in [-1, 1): the sum order is the target's.
    return (min(rows, 4),), args, ref, {1: (1024 * 2 ** -23, 1e-6)}


def histogram(n, bins):
    # Values in [0, 100): those >= bins are ignored. Counts are exact; the
    # output starts zeroed, as the kernel requires.
    args = [("buf", "i32", n, "rand=18"), ("buf", "i32", bins, "zero"),
            ("i32", n), ("i32", bins)]

    def ref(a):
        v = a[0]
        return {1: np.bincount(v[v < bins], minlength=bins)}
    return (-(-n // 1024),), args, ref, {1: (0, 0)}


def flash_attention(heads, seq, causal, sharpen=1.0):
    d = 128
    n = heads * seq * d
    # sharpen > 1: scores of several units, so that a few keys per row
    # dominate and each block's rescaling of the running sums matters.
    scale = sharpen / np.sqrt(d)
    args = [("buf", "bf16", n, "rand=19"), ("buf", "bf16", n, "rand=20"),
            ("buf", "bf16", n, "rand=21"), ("buf", "bf16", n, "poison"),
            ("i32", seq), ("f32", float(scale)), ("i32", causal)]

    def ref(a):
        q, k, v = (a[i].reshape(heads, seq, d) for i in range(3))
        s = q @ k.transpose(0, 2, 1) * scale
        if causal:
            s = np.where(np.tril(np.ones((seq, seq), bool)), s, -np.inf)
        p = np.exp(s - s.max(axis=-1, keepdims=True))
        # The kernel rounds P to bf16 before P x V.
        return {3: ((round_bf16(p) @ v) / p.sum(axis=-1, keepdims=True)).ravel()}
    # P is rounded to bf16 before P x V (half an ulp, 2^-9 relative, in the
    # kernel against its running maximum and in the reference against the
    # row's), and |v| < 1, so the two differ by at most 2^-8 plus the f32
    # products' error; then the output is rounded once to bf16.
    return ((-(-seq // 128), heads), args, ref,
            {3: rounded("bf16", 0, 2 ** -8 + 2 ** -12)})


def flash_attention_desc(heads, seq, causal, sharpen=1.0, pad=0, d=128):
    # Heads `pad` rows apart beyond seq_len (head_stride > seq_len * d):
    # the padding rows hold random values no output may depend on.
    rows = seq + pad
    n = heads * rows * d
    scale = sharpen / np.sqrt(d)
    args = [("buf", "bf16", n, "rand=19"), ("buf", "bf16", n, "rand=20"),
            ("buf", "bf16", n, "rand=21"), ("buf", "bf16", n, "poison"),
            ("i32", heads), ("i32", seq), ("i64", rows * d),
            ("f32", float(scale)), ("i32", causal)]

    def ref(a):
        q, k, v = (a[i].reshape(heads, rows, d)[:, :seq] for i in range(3))
        s = q @ k.transpose(0, 2, 1) * scale
        if causal:
            s = np.where(np.tril(np.ones((seq, seq), bool)), s, -np.inf)
        p = np.exp(s - s.max(axis=-1, keepdims=True))
        out = (round_bf16(p) @ v) / p.sum(axis=-1, keepdims=True)
        # Padding rows of o are not written: they keep the poison.
        full = a[3].reshape(heads, rows, d).copy()
        full[:, :seq] = out
        return {3: full.ravel()}
    # As flash_attention.
    return ((-(-seq // 128), heads), args, ref,
            {3: rounded("bf16", 0, 2 ** -8 + 2 ** -12)})


def transpose(m, n):
    args = [("buf", "f32", m * n, "rand=22"), ("buf", "f32", m * n, "poison"),
            ("i32", m), ("i32", n), ("i64", n), ("i64", m)]
    ref = lambda a: {1: a[0].reshape(m, n).T.ravel()}
    return ((-(-m // 64), -(-n // 64)), args, ref, {1: (0, 0)})


def fp8_quant(rows, cols, fill="rand=23"):
    args = [("buf", "bf16", rows * cols, fill),
            ("buf", "f8e4m3", rows * cols, "poison"),
            ("buf", "f32", rows, "poison"), ("i32", cols), ("i32", cols)]

    def ref(a):
        x = a[0].reshape(rows, cols)
        scale = np.maximum(np.abs(x).max(axis=1, keepdims=True), 1e-12) / 448
        return {1: np.minimum(np.abs(x / scale), 448).ravel() *
                np.sign(x).ravel(), 2: scale.ravel()}
    # One e4m3 rounding of x / scale, computed in f32 (2 ulp) from a scale
    # rounded to f32.
    return (rows,), args, ref, {1: rounded("e4m3", 2 ** -20), 2: (0, 1e-6)}


def fp8_dequant(rows, cols, fill="rand=24"):
    args = [("buf", "f8e4m3", rows * cols, fill),
            ("buf", "f32", rows, "rand=25"),
            ("buf", "bf16", rows * cols, "poison"), ("i32", cols), ("i32", cols)]

    def ref(a):
        q = a[0].reshape(rows, cols)
        return {2: (q * a[1].reshape(rows, 1)).ravel()}
    # The f32 product rounded to f32, then to bf16.
    return (rows,), args, ref, {2: rounded("bf16", 2 ** -23, 1e-38)}


PAGE = 16  # tokens per page of a paged KV cache


def paged_decode(ctx_lens, kv_heads, group, split_len, fp8=False):
    d = 128
    seqs, hq = len(ctx_lens), kv_heads * group
    rng = np.random.default_rng(sum(ctx_lens) * 131 + kv_heads * 17 + group)
    # Each sequence's pages in a shuffled order among pages no sequence
    # uses; the entries past a sequence's pages are out of range, so a
    # kernel that reads one reads outside the cache.
    used = [-(-n // PAGE) for n in ctx_lens]
    max_pages, num_pages = max(used) + 1, sum(used) + 3
    order = rng.permutation(num_pages)
    table = np.full((seqs, max_pages), 1 << 30, np.int64)
    for b, n in enumerate(used):
        table[b, :n] = order[sum(used[:b]):sum(used[:b]) + n]
    splits = -(-max(ctx_lens) // split_len)
    cache = num_pages * PAGE * kv_heads * d
    scale = 1 / np.sqrt(d)
    cache_type = "f8e4m3" if fp8 else "bf16"
    # The e4m3 cache's scales per KV head: keys and values stay in [-1, 1].
    k_scales = rng.uniform(0.25, 1, kv_heads)
    v_scales = rng.uniform(0.25, 1, kv_heads)
    scales = [("buf", "f32", kv_heads, k_scales),
              ("buf", "f32", kv_heads, v_scales)] if fp8 else []
    args = [("buf", "bf16", seqs * hq * d, "rand=26"),
            ("buf", cache_type, cache, "rand=27"),
            ("buf", cache_type, cache, "rand=28")] + scales + [
            ("buf", "i32", table.size, table),
            ("buf", "i32", seqs, np.array(ctx_lens)),
            ("buf", "f32", seqs * hq * splits * d, "poison"),
            ("buf", "f32", seqs * hq * splits, "poison"),
            ("i32", kv_heads), ("i32", group), ("i32", max_pages),
            ("i32", split_len), ("f32", float(scale))]

    first_out = 7 if fp8 else 5

    def ref(a):
        q = a[0].reshape(seqs, kv_heads, group, d)
        kc, vc = (a[i].reshape(num_pages, PAGE, kv_heads, d) for i in (1, 2))
        if fp8:
            # The scales as f32 (the kernel reads them so).
            kc = kc * a[3].astype(np.float32)[None, None, :, None]
            vc = vc * a[4].astype(np.float32)[None, None, :, None]
        out = np.zeros((seqs, kv_heads, group, splits, d))
        lse = np.full((seqs, kv_heads, group, splits), -np.inf)
        for b, n in enumerate(ctx_lens):
            keys = np.arange(n)
            pages, slots = table[b, keys // PAGE], keys % PAGE
            for h in range(kv_heads):
                k, v = kc[pages, slots, h], vc[pages, slots, h]
                s2 = q[b, h] @ k.T * scale * np.log2(np.e)
                for z in range(-(-n // split_len)):
                    part = s2[:, z * split_len:(z + 1) * split_len]
                    m = part.max(axis=1, keepdims=True)
                    p = 2.0 ** (part - m)
                    out[b, h, :, z] = (p @ v[z * split_len:(z + 1) * split_len]
                                       / p.sum(axis=1, keepdims=True))
                    lse[b, h, :, z] = m[:, 0] + np.log2(p.sum(axis=1))
        return {first_out: out.ravel(), first_out + 1: lse.ravel()}
    # P is rounded to bf16 (half an ulp: 2^-8 relative) before P x V, and
    # |v| < 1, so out is within 2^-8 plus the f32 products' error; the
    # log-sum-exp only has the f32 error of the logits, sums of 128
    # products (below 2^-20 measured): log2(e) moved in its fifth digit
    # is past this.
    # With an e4m3 cache the products are of the e4m3 values (exact in bf16)
    # and the scales are applied in f32 (a few more f32 roundings).
    return ((seqs, kv_heads, splits), args, ref,
            {first_out: (2 ** -8 + 2 ** -12, 0),
             first_out + 1: (2 ** -16, 2 ** -18)})


def varlen_attention(lens, num_heads, group, causal):
    d = 128
    total, kv_heads = sum(lens), num_heads // group
    cu = np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)
    scale = 1 / np.sqrt(d)
    nq, nkv = total * num_heads * d, total * kv_heads * d
    args = [("buf", "bf16", nq, "rand=64"), ("buf", "bf16", nkv, "rand=65"),
            ("buf", "bf16", nkv, "rand=66"), ("buf", "bf16", nq, "poison"),
            ("buf", "i32", len(cu), cu), ("i32", num_heads), ("i32", group),
            ("f32", float(scale)), ("i32", causal)]

    def ref(a):
        q = a[0].reshape(total, num_heads, d)
        k, v = (a[i].reshape(total, kv_heads, d) for i in (1, 2))
        o = np.zeros((total, num_heads, d))
        for b, n in enumerate(lens):
            rows = slice(cu[b], cu[b + 1])
            for h in range(num_heads if n else 0):
                s = q[rows, h] @ k[rows, h // group].T * scale
                if causal:
                    s = np.where(np.tril(np.ones((n, n), bool)), s, -np.inf)
                p = np.exp(s - s.max(axis=-1, keepdims=True))
                o[rows, h] = ((round_bf16(p) @ v[rows, h // group]) /
                              p.sum(axis=-1, keepdims=True))
        return {3: o.ravel()}
    # As flash_attention: P rounded to bf16 (2^-8 with |v| < 1), then one
    # bf16 rounding of the output.
    return ((-(-max(lens) // 64), num_heads, len(lens)), args, ref,
            {3: rounded("bf16", 0, 2 ** -8 + 2 ** -12)})


def kv_cache_append(tokens, kv_heads, num_pages, fp8=False):
    d = 128
    rng = np.random.default_rng(tokens * 31 + kv_heads * 7 + num_pages)
    # Distinct slots in shuffled order; about a fifth of the tokens are
    # padding (slot -1), which write nothing.
    slots = rng.permutation(num_pages * PAGE)[:tokens].astype(np.int64)
    slots[rng.random(tokens) < 0.2] = -1
    n, cache = tokens * kv_heads * d, num_pages * PAGE * kv_heads * d
    cache_type = "f8e4m3" if fp8 else "bf16"
    k_scale, v_scale = 0.004, 0.0025
    args = [("buf", "bf16", n, specials(n, "bf16", tokens + 60)),
            ("buf", "bf16", n, "rand=61"),
            ("buf", cache_type, cache, "rand=62"),
            ("buf", cache_type, cache, "rand=63"),
            ("buf", "i64", tokens, slots), ("i32", kv_heads)]
    if fp8:
        args += [("f32", k_scale), ("f32", v_scale)]

    def quantize(x, scale):
        # x / scale, saturated at e4m3's largest finite value; NaN stays.
        with np.errstate(invalid="ignore"):
            return np.where(np.isnan(x), x, np.clip(x / scale, -448, 448))

    def ref(a):
        out = {}
        for i, scale in ((2, k_scale), (3, v_scale)):
            c = a[i].reshape(num_pages * PAGE, kv_heads, d).copy()
            src = a[i - 2].reshape(tokens, kv_heads, d)
            kept = slots >= 0
            c[slots[kept]] = quantize(src[kept], scale) if fp8 else src[kept]
            out[i] = c.ravel()
        return out
    # A copy is exact; quantized, one e4m3 rounding of an f32 quotient (2 ulp).
    tol = rounded("e4m3", 2 ** -20) if fp8 else (0, 0)
    return ((tokens, -(-kv_heads // 8)), args, ref, {2: tol, 3: tol})


def paged_decode_merge(rows, splits):
    rng = np.random.default_rng(rows * 1000 + splits)
    lse = rng.uniform(-6, 6, (rows, splits))
    # Splits without keys (-inf) weigh nothing; each row keeps one with.
    lse[rng.random((rows, splits)) < 0.3] = -np.inf
    # Odd rows past one chunk of 16 start with a chunk of empty splits (the
    # running maximum stays -inf through it).
    lead = np.where(np.arange(rows) % 2 == 1, min(16, splits - 1), 0)
    lse[np.arange(splits)[None, :] < lead[:, None]] = -np.inf
    keep = lead + rng.integers(0, splits - lead)
    lse[np.arange(rows), keep] = rng.uniform(-6, 6, rows)
    args = [("buf", "f32", rows * splits * 128, "rand=29"),
            ("buf", "f32", rows * splits, lse),
            ("buf", "bf16", rows * 128, "poison"), ("i32", splits)]

    def ref(a):
        lse = a[1].reshape(rows, splits)
        w = 2.0 ** (lse - lse.max(axis=1, keepdims=True))
        parts = a[0].reshape(rows, splits, 128)
        return {2: ((w[..., None] * parts).sum(axis=1) /
                    w.sum(axis=1, keepdims=True)).ravel()}
    # A weighted mean of up to 300 values in [-1, 1) in f32, then one bf16
    # rounding.
    return ((rows,), args, ref, {2: rounded("bf16", 2 ** -20, 2 ** -14)})



MOE_BLOCK = 64  # moe_gemm.mlir's row block


def moe_picks(tokens, num_experts, top_k, seed, empty=0):
    """Each token's top_k distinct experts, drawn from the experts past the
    first `empty` (which receive no token)."""
    rng = np.random.default_rng(seed)
    used = np.arange(empty, num_experts)
    return np.stack([rng.choice(used, top_k, replace=False)
                     for _ in range(tokens)]).astype(np.int64)


def moe_align(entries, num_experts, block, empty=0, invalid=0):
    """Picks of entries // 2 tokens (top 2), `invalid` of them out of range
    (-1 or num_experts: left out)."""
    rng = np.random.default_rng(entries * 13 + num_experts + block)
    ids = rng.integers(empty, num_experts, entries)
    ids[rng.permutation(entries)[:invalid]] = rng.choice([-1, num_experts],
                                                         invalid)
    sorted_ids, expert_ids, _ = moe_sort(ids, num_experts, block)
    args = [("buf", "i32", entries, ids),
            ("buf", "i32", len(sorted_ids), "poison"),
            ("buf", "i32", len(expert_ids), "poison"),
            ("buf", "i32", 1, "poison"),
            ("i32", entries), ("i32", num_experts), ("i32", block)]

    def ref(a):
        s, e, total = moe_sort(a[0], num_experts, block)
        return {1: np.array(s), 2: np.array(e), 3: np.array([total])}
    exact = (0, 0)
    return (1,), args, ref, {1: exact, 2: exact, 3: exact}


def moe_topk(tokens, num_experts, top_k, renormalize, fill="rand=67"):
    args = [("buf", "f32", tokens * num_experts, fill),
            ("buf", "i32", tokens * top_k, "poison"),
            ("buf", "f32", tokens * top_k, "poison"),
            ("i32", tokens), ("i32", num_experts), ("i32", top_k),
            ("i32", num_experts), ("i32", renormalize)]

    def ref(a):
        x = a[0].reshape(tokens, num_experts)
        ids = np.zeros((tokens, top_k), np.int64)
        weights = np.zeros((tokens, top_k))
        index = np.arange(num_experts)
        for t in range(tokens):
            nan = np.isnan(x[t])
            # NaN first (smaller index first), then greater, then smaller index.
            order = np.lexsort((index, -np.where(nan, 0, x[t]), ~nan))
            ids[t] = order[:top_k]
            m = np.max(x[t])
            p = np.exp(x[t] - m)
            den = p[ids[t]].sum() if renormalize else p.sum()
            weights[t] = p[ids[t]] / den
        return {1: ids.ravel(), 2: weights.ravel()}
    # exp within a few ulp (docs/Semantics.md 6), a sum of up to 256 terms
    # and one division, in f32.
    return ((-(-tokens // 16),), args, ref,
            {1: (0, 0), 2: (2 ** -40, 2 ** -18)})


def moe_gemm(tokens, num_experts, top_k, n, k, mul_weight=1, empty=0,
             fp8=None, pads=(8, 16, 3)):
    """Tokens routed to top_k of num_experts experts (the first `empty`
    receive none; empty = -1: every pick out of range, so no run at all),
    through moe_gemm.mlir's grouped product; fp8: the scale kinds of
    @moe_gemm_fp8 (a_scale per row, w_scale per column)."""
    ids = moe_picks(tokens, num_experts, top_k, tokens * 7 + n + k,
                    max(empty, 0))
    if empty < 0:
        ids[:] = -1
    entries = ids.size
    sorted_ids, expert_ids, total = moe_sort(ids.ravel(), num_experts,
                                             MOE_BLOCK)
    rows = tokens if top_k > 1 else entries
    # lda, ldw and ldc longer than K, K and N by `pads`: padding nothing
    # may read.
    lda, ldw, ldc = k + pads[0], k + pads[1], n + pads[2]
    rng = np.random.default_rng(entries + n)
    weights = rng.uniform(0, 1, entries)
    data = "f8e4m3" if fp8 else "bf16"
    args = [("buf", data, rows * lda, "rand=68"),
            ("buf", data, num_experts * n * ldw, "rand=69"),
            ("buf", "bf16", entries * ldc, "poison"),
            ("buf", "f32", entries, weights),
            ("buf", "i32", len(sorted_ids), np.array(sorted_ids)),
            ("buf", "i32", len(expert_ids), np.array(expert_ids)),
            ("buf", "i32", 1, np.array([total]))]
    if fp8:
        a_rows, w_cols = fp8
        scale_a = rng.uniform(0.25, 1, rows if a_rows else 1)
        scale_w = rng.uniform(0.25, 1, num_experts * (n if w_cols else 1))
        args += [("buf", "f32", scale_a.size, scale_a),
                 ("buf", "f32", scale_w.size, scale_w)]
    args += [("i32", entries), ("i32", num_experts), ("i32", n), ("i32", k),
             ("i32", lda), ("i32", ldw), ("i64", n * ldw), ("i32", ldc),
             ("i32", top_k), ("i32", mul_weight)]
    if fp8:
        args += [("i32", int(a_rows)), ("i32", n if w_cols else 1),
                 ("i32", int(w_cols))]

    def ref(a):
        c = a[2].copy().reshape(entries, ldc)  # padding stays as it was
        x = a[0].reshape(rows, lda)[:, :k]
        w = a[1].reshape(num_experts, n, ldw)[:, :, :k]
        for j, e in enumerate(ids.ravel()):
            if e < 0:
                continue  # left out by the routing: not written
            r = j // top_k
            out = w[e] @ x[r]
            if fp8:
                sa = a[7].astype(np.float32).astype(np.float64)
                sw = a[8].astype(np.float32).astype(np.float64)
                out = out * sa[r if a_rows else 0] * (
                    sw[e * n:(e + 1) * n] if w_cols else sw[e])
            if mul_weight:
                out = out * a[3].astype(np.float32)[j]
            c[j, :n] = out
        return {2: c.ravel()}
    # |a|, |w| <= 1 and scales, weights <= 1: the K sum's order is the
    # target's (fp8: runs of up to 128 products summed with ~13 significand
    # bits, docs/Semantics.md 3.7), then f32 scalings and one bf16 rounding.
    atol = k * 2 ** -12 if fp8 else k * 2 ** -23
    return ((-(-(entries + num_experts * 63) // 64), -(-n // 128)), args, ref,
            {2: rounded("bf16", 2 ** -22, atol)})

CASES = {
    "vector_add": ("vector_add.mlir", "vector_add", vector_add,
                   [(1,), (1000,), (4096,), (100_003,),
                    (5000, specials(5000, "f32", 1), specials(5000, "f32", 2))]),
    "softmax": ("softmax.mlir", "softmax", softmax,
                [(1, 1), (3, 1000), (17, 4096), (64, 123), (5, 1000, 24, 8),
                 (16, 1024), (32, 512, 16, 48),
                 (6, 500, 0, 0, specials(3000, "f32", 3, huge=False))]),
    "layer_norm": ("layer_norm.mlir", "layer_norm", layer_norm,
                   [(1, 1), (5, 1000), (9, 3000), (2, 9000), (16, 3072)]),
    # Rows far below eps: eps is what the result is made of.
    "rms_norm": ("rms_norm.mlir", "rms_norm", rms_norm,
                 [(1, 1), (7, 1000), (3, 8192), (2, 1000, "const=1e-4"),
                  (6, 700, specials(4200, "bf16", 7, huge=False))]),
    "row_sum": ("row_sum.mlir", "row_sum", row_reduce("sum"),
                [(1, 1), (13, 1000), (4, 1024), (16, 512)]),
    # Rows below zero (the identity of max shows), rows of ties (the first
    # index wins) and of NaN (NaN wins, at its first index).
    "row_max": ("row_max.mlir", "row_max", row_reduce("max"),
                [(1, 1), (13, 1000), (4, 1024), (3, 1000, "const=-0.5"),
                 (40, 100, specials(4000, "f32", 9)), (16, 512)]),
    "row_argmax": ("row_argmax.mlir", "row_argmax", row_reduce("argmax"),
                   [(1, 1), (13, 1000), (4, 1024), (3, 1000, "const=-0.5"),
                    (2, 1000, "const=nan"), (16, 512)]),
    "bias_gelu_dropout": ("bias_gelu_dropout.mlir", "bias_gelu_dropout",
                          bias_gelu_dropout,
                          [(1, 1), (3, 1000), (8, 512), (16, 512)]),
    "rope": ("rope.mlir", "rope", rope, [(1, 1), (5, 32), (3, 20), (16, 32)]),
    "matmul_f32": ("matmul_f32.mlir", "matmul_f32", matmul("f32", 64, 64),
                   [(1, 1, 1), (65, 63, 33), (128, 192, 256),
                    (65, 63, 33, (3, 5, 7))]),
    "cumsum": ("cumsum.mlir", "cumsum", cumsum,
               [(1, 1), (5, 1000), (3, 1024),
                (20, 100, specials(2000, "f32", 17, huge=False)), (16, 1024)]),
    "histogram": ("histogram.mlir", "histogram", histogram,
                  [(1, 64), (5000, 64), (100_000, 37), (16384, 48)]),
    "flash_attention": ("flash_attention.mlir", "flash_attention",
                        flash_attention, [(1, 1, 0), (2, 100, 0), (2, 100, 1),
                                          (1, 128, 1), (1, 300, 1),
                                          (2, 200, 0, 12.0)]),
    # Ragged lengths, heads apart by more than their rows (padding rows
    # never read into an output, never written). On a GPU only lengths that
    # are multiples of 16 take the warp-specialized variant (tensor copies):
    # those cases loop over several key blocks, causal and not.
    "flash_attention_desc": ("flash_attention_desc.mlir",
                             "flash_attention_desc", flash_attention_desc,
                             [(1, 1, 0), (2, 100, 0), (2, 100, 1), (1, 128, 1),
                              (1, 300, 1), (2, 200, 0, 12.0), (3, 130, 1, 1.0, 5),
                              (2, 64, 0, 1.0, 3), (2, 320, 0), (2, 400, 1, 1.0, 16)]),
    "flash_attention_desc_d64": ("flash_attention_desc.mlir",
                                 "flash_attention_desc_d64",
                                 lambda *case: flash_attention_desc(*case, d=64),
                                 [(1, 1, 0), (2, 100, 1), (1, 300, 1),
                                  (2, 200, 0, 12.0), (3, 130, 1, 1.0, 5),
                                  (2, 320, 0), (2, 400, 1, 1.0, 16)]),
    "transpose_desc": ("transpose_desc.mlir", "transpose", transpose,
                       [(1, 1), (65, 130), (128, 64)]),
    # An all-zero row: its scale is the floor, 1e-12 / 448.
    "fp8_quant": ("fp8_quant.mlir", "quantize_fp8", fp8_quant,
                  [(1, 1), (5, 1000), (2, 8192), (2, 1000, "zero"),
                   (16, 300, specials(4800, "bf16", 23))]),
    # Every e4m3 code (NaN, -0 and the subnormals among them) in each row.
    "fp8_dequant": ("fp8_dequant.mlir", "dequantize_fp8", fp8_dequant,
                    [(1, 1), (5, 1000), (2, 8192),
                     (3, 256, np.tile(np.arange(256), 3))]),
    # Sizes and strides that are multiples of 16 take the variant whose
    # pointer blocks are tensor copies on sm_90a (edges in M, N and K among
    # them); the others pointer loads.
    "matmul_bf16": ("matmul_bf16.mlir", "matmul_bf16", matmul("bf16", 128, 256),
                    [(1, 1, 1), (130, 127, 70), (256, 300, 128),
                     (128, 256, 64), (130, 127, 70, (6, 2, 10)),
                     (144, 272, 208), (256, 512, 256),
                     (128, 256, 64, (16, 32, 48))]),
    # Sizes that are multiples of 16 take the variant that reads A and B
    # with tensor copies on sm_90a (edges in M, N and K among them).
    "matmul_bf16_desc": ("matmul_bf16_desc.mlir", "matmul_bf16_desc",
                         matmul("bf16", 128, 256, ld_kind="i64"),
                         [(1, 1, 1), (130, 127, 70), (128, 256, 64),
                          (144, 272, 208), (256, 512, 256),
                          (128, 256, 64, (16, 32, 48))]),
    # The same kernel writing C in bf16.
    "matmul_bf16_desc_bf16_out": ("matmul_bf16_desc.mlir",
                                  "matmul_bf16_desc_bf16_out",
                                  matmul("bf16", 128, 256, ld_kind="i64",
                                         out="bf16"),
                                  [(1, 1, 1), (130, 127, 70), (128, 256, 64),
                                   (144, 272, 208), (256, 512, 256),
                                   (128, 256, 64, (16, 32, 48))]),
    # Edges in M, N and K (1, 17, 33, 200: not multiples of a block), a K
    # of several blocks, one scale per tensor, per row of one operand and
    # per tensor of the other (each scale stride apart), padded rows.
    "matmul_fp8": ("matmul_fp8.mlir", "matmul_fp8", matmul_fp8,
                   [(1, 1, 1), (17, 40, 33), (130, 127, 200),
                    (128, 128, 128), (256, 384, 512, False),
                    (130, 127, 200, (True, False)),
                    (17, 40, 33, (False, True)),
                    (144, 272, 256, True, (16, 32, 48))]),
    # The same through descriptors: sizes and row strides that are multiples
    # of 16 take the variant with tensor copies on sm_90a (edges in M, N
    # and K among them), the others element loads.
    "matmul_fp8_desc": ("matmul_fp8_desc.mlir", "matmul_fp8_desc",
                        lambda *case: matmul_fp8(*case, ld_kind="i64"),
                        [(1, 1, 1), (17, 40, 33),
                         (130, 127, 200, (True, False)), (128, 128, 128),
                         (256, 384, 512, False),
                         (144, 272, 256, True, (16, 32, 48)),
                         (144, 272, 208, (False, True))]),
    # Ragged context lengths (1, 17, 1000: not multiples of a page or a
    # block), splits without keys, GQA groups of 1, 4, 8 and 16 query heads.
    "paged_decode": ("paged_decode.mlir", "paged_decode", paged_decode,
                     [((1,), 1, 1, 64), ((17, 1000, 5), 2, 4, 128),
                      ((300, 64, 129), 1, 8, 256), ((33, 200), 2, 16, 64),
                      ((33, 200), 16, 16, 64)]),
    # The same with an e4m3 cache and a scale per KV head.
    "paged_decode_fp8": ("paged_decode_fp8.mlir", "paged_decode_fp8",
                         lambda *a: paged_decode(*a, fp8=True),
                         [((1,), 1, 1, 64), ((17, 1000, 5), 2, 4, 128),
                          ((33, 200), 2, 8, 64), ((33, 200), 16, 16, 64)]),
    "paged_decode_merge": ("paged_decode_merge.mlir", "paged_decode_merge",
                           paged_decode_merge,
                           [(1, 1), (5, 17), (3, 40), (2, 256), (3, 300)]),
    # Packed sequences of ragged lengths (1, 17, 1000, an empty one; blocks
    # past a short sequence's end do nothing), GQA groups of 1, 2, 4 and 8
    # over one, two and four KV heads, causal on and off.
    "varlen_attention": ("varlen_attention.mlir", "varlen_attention",
                         varlen_attention,
                         [((1,), 1, 1, 0), ((17, 1000, 0, 65), 8, 4, 1),
                          ((130, 64, 5), 8, 2, 0), ((200, 33), 2, 1, 1),
                          ((70, 3), 8, 8, 1), ((40, 17), 16, 16, 1)]),
    # Padding tokens (slot -1), KV heads not a multiple of the 8-head block,
    # special values (NaN, infinities, subnormals) in the keys: copied as
    # they are, or quantized with saturation (infinity to 448).
    "kv_cache_append": ("kv_cache_append.mlir", "kv_cache_append",
                        kv_cache_append, [(1, 1, 1), (17, 8, 4), (33, 3, 10),
                                          (100, 16, 20)]),
    "kv_cache_append_fp8": ("kv_cache_append.mlir", "kv_cache_append_fp8",
                            lambda *a: kv_cache_append(*a, fp8=True),
                            [(1, 1, 1), (17, 8, 4), (33, 3, 10),
                             (100, 16, 20)]),
    # Ties (equal logits: the smaller expert first), NaN logits (first),
    # up to 256 experts, top 1 to 8, renormalized (Mixtral) or not.
    "moe_topk": ("moe_routing.mlir", "moe_topk", moe_topk,
                 [(1, 8, 2, 1), (17, 8, 2, 1), (40, 8, 2, 0),
                  (33, 256, 8, 1), (20, 60, 4, 0), (5, 3, 3, 1),
                  (16, 8, 2, 1, "const=0.5"),
                  (24, 8, 2, 1, specials(24 * 8, "f32", 71, huge=False)),
                  (48, 32, 16, 1)]),
    # Experts without entries, entries out of range (left out), blocks of
    # 1, 16 and 64, 256 experts, more entries than one chunk.
    "moe_align": ("moe_routing.mlir", "moe_align", moe_align,
                  [(1, 1, 64), (2, 8, 64), (37, 8, 64, 3), (1000, 8, 64),
                   (300, 3, 1), (3000, 256, 16, 0, 40),
                   (8192, 8, 64, 2, 5), (4096, 16, 64, 1),
                   # Past the contract's 256 experts: ids from 256 on are
                   # left out, nothing is written outside the outputs.
                   (2000, 300, 16)]),
    # M = 1 and 17 tokens, K = 33 and N = 200 (not multiples of a block),
    # experts that receive no token, top 1 (the second product) and 2,
    # with and without the routing weight.
    "moe_gemm_bf16": ("moe_gemm.mlir", "moe_gemm_bf16", moe_gemm,
                      [(1, 8, 2, 128, 64), (17, 8, 2, 200, 33),
                       (17, 8, 2, 200, 33, 0), (100, 8, 2, 256, 192, 1, 3),
                       (70, 4, 1, 130, 100), (300, 16, 4, 128, 128, 1, 9),
                       (64, 16, 2, 256, 128, 1, 0, None, (0, 0, 0)),
                       (17, 8, 2, 200, 33, 1, -1)]),
    # The same with e4m3 activations and weights, scales per row of A or per
    # tensor and per column of each expert or per expert.
    "moe_gemm_fp8": ("moe_gemm.mlir", "moe_gemm_fp8",
                     lambda *case: moe_gemm(*case[:6], fp8=case[6],
                                            pads=case[7] if len(case) > 7
                                            else (8, 16, 3),
                                            empty=case[8] if len(case) > 8
                                            else 0),
                     [(1, 8, 2, 128, 64, 1, (True, True)),
                      (17, 8, 2, 200, 33, 1, (True, False)),
                      (100, 8, 2, 256, 300, 0, (False, True)),
                      (70, 4, 1, 130, 100, 1, (True, True)),
                      (64, 16, 2, 256, 256, 1, (True, True), (0, 0, 0)),
                      # No entry in range: total_padded = 0, expert_ids[0]
                      # = -1; nothing is written or read out of bounds.
                      (17, 8, 2, 200, 33, 1, (True, True), (8, 16, 3), -1),
                      (17, 8, 2, 200, 33, 1, (False, False), (8, 16, 3), -1)]),
}
NOT_YET = []

# Cases of an example compiled with a grid schedule (docs/Semantics.md
# section 1.1) injected into its kernel, or its loop over K split between
# programs (section 1.3): the same sizes and references as the example,
# since a schedule changes no result and a split only the order of a dot's
# summation.
SCHEDULED = {
    "matmul_f32.split": ("matmul_f32", "split_k = 3"),
    "matmul_bf16.split": ("matmul_bf16", "split_k = 4, grouped = 4"),
    "matmul_f32.persistent": ("matmul_f32", "persistent, grouped = 8"),
    "matmul_f32.dynamic": ("matmul_f32", "grouped = 2, cpu = dynamic, chunk = 2"),
    # The example's persistent kernel as one tile per program.
    "matmul_bf16_desc.grouped": ("matmul_bf16_desc", "grouped = 4"),
    "flash_attention_desc.persistent": ("flash_attention_desc", "persistent"),
    "softmax.persistent": ("softmax", "persistent, cpu = guided"),
}
for _name, (_base, _schedule) in SCHEDULED.items():
    CASES[_name] = CASES[_base]


def read(path, dtype):
    data = np.fromfile(path, dtype=DTYPES[dtype])
    if dtype == "bf16":
        return bf16_to_f64(data)
    if dtype == "f8e4m3":
        return e4m3_values()[data]
    return data


# Bytes after every buffer that no kernel may write: a guard region, filled
# like the buffer and checked unchanged after the launch.
GUARD_BYTES = 256


def compiled_symbols(artifact, kernel):
    """The entry symbols compiled for `kernel` in the artifact's header: the
    kernel as written and its specialized variants (docs/Runtime.md)."""
    header = artifact.read_bytes().split(b"\nchecksum ", 1)[0]
    symbols = []
    for line in header.decode("ascii", "replace").splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[0] == "kernel" and fields[1] == kernel:
            symbols.append(fields[2])
    return symbols


def alternative_count(artifact, kernel):
    """How many alternatives (docs/Runtime.md) `kernel` has in the artifact:
    1 for the kernel alone."""
    header = artifact.read_bytes().split(b"\nchecksum ", 1)[0]
    count, current = 0, None
    for line in header.decode("ascii", "replace").splitlines() + ["kernel"]:
        fields = line.split()
        if fields and fields[0] == "kernel":
            if current is not None and not current["variant"]:
                count = max(count, current["alternative"] + 1)
            current = ({"variant": False, "alternative": 0}
                       if len(fields) == 4 and fields[1] == kernel else None)
        elif current is not None and fields[:2] == ["attr", "divisible_args"]:
            current["variant"] = True
        elif current is not None and fields[:2] == ["attr", "alternative"]:
            current["alternative"] = int(fields[2])
    return count


def launched_symbols(stderr):
    """The symbols tile-run's launches ran, from the runtime's
    $TILE_LOG_LAUNCHES lines ("tile: launch 'k' as SYMBOL ...")."""
    return {line.split()[4].rstrip(",") for line in stderr.splitlines()
            if line.startswith("tile: launch ")}


def run_case(bin_dir, artifact, kernel, grid, args, ref, tols, work, device,
             guard_bytes=GUARD_BYTES, reached=None, alternative=None):
    # One launch only: kernels such as histogram accumulate into their output.
    # TILE_RUN_WRAPPER runs tile-run under a tool (e.g. compute-sanitizer).
    wrapper = os.environ.get("TILE_RUN_WRAPPER", "").split()
    cmd = wrapper + [str(bin_dir / "tile-run"), str(artifact), "--kernel", kernel,
           "--grid", ",".join(map(str, grid)), "--warmup", "0", "--repeat", "1",
           "--device", device]
    buffers = {}
    for index, arg in enumerate(args):
        if arg[0] == "buf":
            _, dtype, count, fill = arg
            size = np.dtype(DTYPES[dtype]).itemsize
            guard = guard_bytes // size
            if isinstance(fill, np.ndarray):
                # Contents made here (block tables, special values), zeros
                # in the guard region.
                data = np.zeros(count + guard, dtype=DTYPES[dtype])
                data[:count] = fill.astype(DTYPES[dtype]).ravel()
                data.tofile(f"{work}/fill{index}.bin")
                fill = f"file={work}/fill{index}.bin"
            cmd += ["--arg", f"buf:{dtype}:{count + guard}:{fill}",
                    "--write-initial", f"{index}={work}/init{index}.bin",
                    "--write", f"{index}={work}/arg{index}.bin"]
            buffers[index] = (dtype, count, size)
        else:
            cmd += ["--arg", f"{arg[0]}:{arg[1]}"]
    env = dict(os.environ, TILE_LOG_LAUNCHES="1")
    if alternative is not None:
        env["TILE_ALTERNATIVE"] = str(alternative)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if reached is not None:
        reached |= launched_symbols(proc.stderr)
    if proc.returncode != 0:
        said = (proc.stderr.strip() + "\n" + proc.stdout.strip()).strip()
        return f"tile-run failed (exit {proc.returncode}): {said[-2000:]}"
    # Raw bytes before and after the launch, element by element.
    raw = {}
    for i, (dtype, count, size) in buffers.items():
        before = np.fromfile(f"{work}/init{i}.bin", dtype=np.uint8)
        after = np.fromfile(f"{work}/arg{i}.bin", dtype=np.uint8)
        raw[i] = (before.reshape(-1, size), after.reshape(-1, size))
        changed = np.nonzero((raw[i][0][count:] != raw[i][1][count:]).any(axis=1))[0]
        if changed.size:
            return (f"argument #{i}: wrote past its end: {changed.size} of its "
                    f"{len(raw[i][0]) - count} guard elements changed, the "
                    f"first at element {count + int(changed[0])}")
    # The reference computes from the inputs as they were made, and only
    # outputs may change.
    values = {i: read(f"{work}/arg{i}.bin", d)[:count]
              for i, (d, count, _) in buffers.items()}
    initial = {i: read(f"{work}/init{i}.bin", d)[:count]
               for i, (d, count, _) in buffers.items()}
    inputs = {i: v.astype(np.float64) if v.dtype != np.int32 else v
              for i, v in initial.items()}
    # Special inputs make NaN in the reference as in the kernel (inf - inf).
    with np.errstate(invalid="ignore", over="ignore"):
        expected = ref(inputs)
    for i, (_, count, _) in buffers.items():
        if i in expected:
            continue
        before, after = raw[i][0][:count], raw[i][1][:count]
        changed = np.nonzero((before != after).any(axis=1))[0]
        if changed.size:
            return (f"input #{i} changed: {changed.size} elements, the first "
                    f"at {int(changed[0])}")
    worst = []
    for index, want in expected.items():
        got = values[index].astype(np.float64)
        want = np.asarray(want, dtype=np.float64)
        with np.errstate(invalid="ignore"):  # inf - inf: matched below
            err = np.abs(got - want)
            if tols[index][0] == "rounded":
                _, dtype, slack, atol = tols[index]
                allowed = half_ulp(want, dtype) + slack * np.abs(want) + atol
            else:
                atol, rtol = tols[index]
                allowed = atol + rtol * np.abs(want)
        # NaN where the reference has NaN (padding left poisoned) matches,
        # and so does an infinity of the reference's sign.
        bad = (~(err <= allowed) & ~(np.isnan(got) & np.isnan(want)) &
               ~(np.isinf(want) & (got == want)))
        if bad.any():
            i = int(np.argmax(bad))
            return (f"output #{index}: {int(bad.sum())} of {bad.size} differ; "
                    f"first at {i}: got {got[i]!r}, want {want[i]!r}")
        worst.append(float(err.max()) if err.size else 0.0)
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=pathlib.Path, required=True)
    parser.add_argument("--examples", type=pathlib.Path, required=True)
    parser.add_argument("--target", default="cpu")
    parser.add_argument("-k", dest="only", action="append",
                        help="run this case only (repeatable: each named)")
    parser.add_argument("--device", default="cpu",
                        help="tile-run's --device (cpu, cuda, hip)")
    parser.add_argument("--artifacts", type=pathlib.Path,
                        help="where compiled kernels are kept (default: a "
                             "temporary folder)")
    parser.add_argument("--bounds-check", action="store_true",
                        help="compile with tile-compile --bounds-check: no "
                             "in-bounds kernel may fail its checks")
    parser.add_argument("--compile-only", action="store_true",
                        help="compile every kernel into --artifacts and stop")
    args = parser.parse_args()
    for only in args.only or []:
        if only not in CASES and only not in NOT_YET:
            parser.error(f"-k {only}: no such case (cases: "
                         f"{', '.join(sorted(CASES))})")
    compile_flags = ["--bounds-check"] if args.bounds_check else []
    failures = passed = 0
    with tempfile.TemporaryDirectory() as work:
        store = args.artifacts or pathlib.Path(work)
        store.mkdir(parents=True, exist_ok=True)
        prebuilt = args.artifacts is not None and not args.compile_only
        for name, (path, kernel, make, sizes) in CASES.items():
            if args.only and name not in args.only:
                continue
            # A target with options (nvidia:chip=sm_90) in a plain name.
            tag = "".join(c if c.isalnum() or c in "_.-" else "-"
                          for c in args.target)
            artifact = store / f"{name}.{tag}.tile"
            source = args.examples / path
            if name in SCHEDULED and not prebuilt:
                source = pathlib.Path(work) / f"{name}.mlir"
                source.write_text(with_schedule(
                    (args.examples / path).read_text(), kernel,
                    SCHEDULED[name][1]))
            if not prebuilt:
                proc = subprocess.run(
                    [str(args.bin / "tile-compile"), str(source),
                     f"--target={args.target}", "-o", str(artifact)]
                    + compile_flags,
                    capture_output=True, text=True)
                if proc.returncode != 0:
                    print(f"FAIL {name}: does not compile:\n{proc.stderr}")
                    failures += 1
                    continue
            if args.compile_only:
                print(f"COMPILED {name}")
                passed += 1
                continue
            reached = set()
            # A kernel with alternatives runs each case on each of them.
            count = alternative_count(artifact, kernel)
            alternatives = [None] if count < 2 else range(count)
            for size, alternative in itertools.product(sizes, alternatives):
                grid, kargs, ref, tols = make(*size)
                # Compiled checked, the kernel itself refuses any access past
                # a buffer, reads included; a guard region would hide those.
                error = run_case(args.bin, artifact, kernel, grid, kargs, ref,
                                 tols, work, args.device,
                                 0 if args.bounds_check else GUARD_BYTES,
                                 reached, alternative)
                label = name + "[" + ", ".join(
                    f"<{p.size} values>" if isinstance(p, np.ndarray)
                    else str(p) for p in size) + "]"
                if alternative is not None:
                    label += f" #{alternative}"
                if error:
                    print(f"FAIL {label}: {error}")
                    failures += 1
                else:
                    print(f"PASS {label}")
                    passed += 1
            # Code no case runs is code no case checks: each specialized
            # variant (and the kernel as written) needs a case that takes it.
            for symbol in compiled_symbols(artifact, kernel):
                if symbol not in reached:
                    print(f"FAIL {name}: no case launches {symbol}; add one "
                          f"whose sizes take it")
                    failures += 1
        for name in NOT_YET:
            if args.only and name not in args.only:
                continue
            proc = subprocess.run(
                [str(args.bin / "tile-compile"),
                 str(args.examples / f"{name}.mlir"),
                 f"--target={args.target}", "-o", f"{work}/x.tile"],
                capture_output=True, text=True)
            reason = proc.stderr.strip().splitlines()[0] if proc.stderr else ""
            print(f"UNSUPPORTED {name}: {reason}")
    print(f"e2e: {passed} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
