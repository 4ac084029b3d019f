"""Shape and data-movement ops on an [M, N] tile: tl.join (a new minor
dimension of 2) and tl.split, tl.trans and tl.permute, tl.reshape
(row-major), tl.interleave, tl.broadcast_to and expand_dims ([:, None]),
and tl.cat of two 1-D blocks (Triton requires can_reorder=True: the order of
the result is unspecified, so only its sum is stored, and a reshape with
can_reorder=True likewise). tl.debug_barrier between a store and a load of
the same scratch memory checks program order (a gpu.barrier in the TTIR)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit
def shape_kernel(a_ptr, b_ptr, join_ptr, lo_ptr, hi_ptr, trans_ptr, perm_ptr, reshape_ptr, inter_ptr, bcast_ptr,
                 cat_sum_ptr, any_reshape_sum_ptr, scratch_ptr, reversed_ptr, M: tl.constexpr, N: tl.constexpr):
    m = tl.arange(0, M)
    n = tl.arange(0, N)
    rc = m[:, None] * N + n[None, :]
    a = tl.load(a_ptr + rc)
    b = tl.load(b_ptr + rc)
    two = tl.arange(0, 2)
    j = tl.join(a, b)                                              # [M, N, 2]
    tl.store(join_ptr + rc[:, :, None] * 2 + two[None, None, :], j)
    lo, hi = tl.split(tl.reshape(a, (M, N // 2, 2)))               # even and odd columns
    h = tl.arange(0, N // 2)
    tl.store(lo_ptr + m[:, None] * (N // 2) + h[None, :], lo)
    tl.store(hi_ptr + m[:, None] * (N // 2) + h[None, :], hi)
    tl.store(trans_ptr + n[:, None] * M + m[None, :], tl.trans(a))
    p = tl.permute(tl.reshape(a, (M, 2, N // 2)), (1, 2, 0))      # [2, N // 2, M]
    tl.store(perm_ptr + two[:, None, None] * (N // 2 * M) + h[None, :, None] * M + m[None, None, :], p)
    r = tl.reshape(a, (N, M))
    tl.store(reshape_ptr + n[:, None] * M + m[None, :], r)
    n2 = tl.arange(0, 2 * N)
    tl.store(inter_ptr + m[:, None] * (2 * N) + n2[None, :], tl.interleave(a, b))
    col = tl.sum(a, axis=1)
    tl.store(bcast_ptr + rc, tl.broadcast_to(col[:, None], (M, N)) + b)
    c = tl.cat(tl.sum(a, axis=0), tl.sum(b, axis=0), can_reorder=True)     # 2N values, order unspecified
    tl.store(cat_sum_ptr, tl.sum(c, axis=0))
    flat = tl.reshape(a * b, (M * N,), can_reorder=True)
    tl.store(any_reshape_sum_ptr, tl.sum(flat, axis=0))
    tl.store(scratch_ptr + rc, a)
    tl.debug_barrier()
    tl.store(reversed_ptr + rc, tl.load(scratch_ptr + (M * N - 1) - rc))


def _spec(name, m, n, **kw):
    return dict(name=name, grid=(1,), constexprs=dict(M=m, N=n), num_warps=4, num_stages=3,
                shapes=dict(a=(m, n), b=(m, n)), dtypes=dict(a="float32", b="float32"),
                outputs=["join", "lo", "hi", "trans", "perm", "reshape", "inter", "bcast", "cat_sum",
                         "any_reshape_sum", "reversed"],
                # bcast adds row sums of 64 normal values (|sum| up to ~20,
                # ulp 2e-6): any order of summation lands within atol 1e-5.
                tol=dict(bcast=dict(rtol=1e-6, atol=1e-5), cat_sum=dict(rtol=1e-5, atol=1e-5),
                         any_reshape_sum=dict(rtol=1e-5, atol=1e-5)), **kw)


SPECS = [
    _spec("m8_n16", 8, 16),
    _spec("m32_n64", 32, 64),
]


def make_inputs(spec, seed):
    g = generator(seed)
    m, n = spec["shapes"]["a"]
    nan = lambda *s: torch.full(s, float("nan"))
    return {"a": randn((m, n), "float32", g), "b": randn((m, n), "float32", g), "join": nan(m, n, 2),
            "lo": nan(m, n // 2), "hi": nan(m, n // 2), "trans": nan(n, m), "perm": nan(2, n // 2, m),
            "reshape": nan(n, m), "inter": nan(m, 2 * n), "bcast": nan(m, n), "cat_sum": nan(1),
            "any_reshape_sum": nan(1), "scratch": nan(m, n), "reversed": nan(m, n)}


def reference(spec, t):
    a, b = t["a"].double(), t["b"].double()
    m, n = a.shape
    return {"join": torch.stack([a, b], dim=-1), "lo": a[:, 0::2], "hi": a[:, 1::2], "trans": a.T,
            "perm": a.reshape(m, 2, n // 2).permute(1, 2, 0), "reshape": a.reshape(n, m),
            "inter": torch.stack([a, b], dim=-1).reshape(m, 2 * n), "bcast": a.sum(1, keepdim=True) + b,
            "cat_sum": (a.sum() + b.sum()).reshape(1), "any_reshape_sum": (a * b).sum().reshape(1),
            "reversed": a.flatten().flip(0).reshape(m, n)}


def launch(spec, t):
    names = ["a", "b", "join", "lo", "hi", "trans", "perm", "reshape", "inter", "bcast", "cat_sum",
             "any_reshape_sum", "scratch", "reversed"]
    run(shape_kernel, spec["grid"], *[t[x] for x in names], **opts(spec))
