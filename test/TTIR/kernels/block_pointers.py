"""Block pointers (tl.make_block_ptr, tl.advance, loads with boundary_check
and padding_option, a store with boundary_check): a tiled f16 matmul over
them, and a 1-D load padded with NaN whose NaNs are counted. Triton's
make_ttir rewrites block pointers into tensors of pointers and masks
(rewrite-tensor-pointer) before kernel.asm["ttir"] is printed: the
tt.make_tensor_ptr / tt.advance ops survive only in NAME.source.ttir.
(tl.make_block_ptr is deprecated after Triton 3.6.)"""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def block_ptr_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    a_blk = tl.make_block_ptr(a_ptr, shape=(M, K), strides=(stride_am, stride_ak), offsets=(pm * BM, 0),
                              block_shape=(BM, BK), order=(1, 0))
    b_blk = tl.make_block_ptr(b_ptr, shape=(K, N), strides=(stride_bk, stride_bn), offsets=(0, pn * BN),
                              block_shape=(BK, BN), order=(1, 0))
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for _ in range(0, K, BK):
        a = tl.load(a_blk, boundary_check=(0, 1), padding_option="zero")
        b = tl.load(b_blk, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(a, b, acc)
        a_blk = tl.advance(a_blk, (0, BK))
        b_blk = tl.advance(b_blk, (BK, 0))
    c_blk = tl.make_block_ptr(c_ptr, shape=(M, N), strides=(stride_cm, stride_cn), offsets=(pm * BM, pn * BN),
                              block_shape=(BM, BN), order=(1, 0))
    tl.store(c_blk, acc.to(tl.float16), boundary_check=(0, 1))


@triton.jit
def block_ptr_nan_pad(x_ptr, count_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    blk = tl.make_block_ptr(x_ptr, shape=(n,), strides=(1,), offsets=(pid * BLOCK,), block_shape=(BLOCK,), order=(0,))
    v = tl.load(blk, boundary_check=(0,), padding_option="nan")
    tl.store(count_ptr + pid, tl.sum((v != v).to(tl.int32), axis=0))


def _mm(name, m, n, k, bm, bn, bk, **kw):
    return dict(name=name, kernel="matmul", grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BM=bm, BN=bn, BK=bk), num_warps=4, num_stages=3, scalars=dict(M=m, N=n, K=k),
                shapes=dict(a=(m, k), b=(k, n), c=(m, n)), dtypes=dict(a="float16", b="float16", c="float16"),
                outputs=["c"], **kw)


SPECS = [
    _mm("matmul_m100_n80_k72", 100, 80, 72, 64, 32, 32),
    _mm("matmul_m128_n128_k64", 128, 128, 64, 64, 64, 32),
    dict(name="nan_pad_n300", kernel="nan_pad", grid=(3,), constexprs=dict(BLOCK=128), num_warps=4, num_stages=3,
         scalars=dict(n=300), shapes=dict(x=(300,)), dtypes=dict(x="float32"), outputs=["count"]),
]


def make_inputs(spec, seed):
    g = generator(seed)
    if spec["kernel"] == "nan_pad":
        return {"x": randn((spec["scalars"]["n"],), "float32", g), "count": torch.full((spec["grid"][0],), -1,
                                                                                      dtype=torch.int32)}
    s = spec["shapes"]
    return {"a": randn(s["a"], "float16", g), "b": randn(s["b"], "float16", g),
            "c": torch.full(s["c"], float("nan"), dtype=torch.float16)}


def reference(spec, t):
    if spec["kernel"] == "nan_pad":
        n, block = spec["scalars"]["n"], spec["constexprs"]["BLOCK"]
        return {"count": torch.tensor([block - max(0, min(block, n - p * block)) for p in range(spec["grid"][0])])}
    a, b = t["a"].double(), t["b"].double()
    return {"c": {"value": a @ b, "atol": dot_bound(a, b, 0.0, 2.0 ** -23, 2.0 ** -11) + 2 ** -24}}


def launch(spec, t):
    if spec["kernel"] == "nan_pad":
        run(block_ptr_nan_pad, spec["grid"], t["x"], t["count"], spec["scalars"]["n"], **opts(spec))
        return
    s = spec["scalars"]
    a, b, c = t["a"], t["b"], t["c"]
    run(block_ptr_matmul, spec["grid"], a, b, c, s["M"], s["N"], s["K"], a.stride(0), a.stride(1), b.stride(0),
        b.stride(1), c.stride(0), c.stride(1), **opts(spec))
