"""Circular shifts (torch.roll) whose source offsets are remainders of
dividends that are negative for the first programs: `(start + arange) % n`
with `start = pid * BLOCK - shift`, made non-negative with `where`. The
compiler versions such kernels on the sign of `start` (tile-version-signs),
so one launch runs both versions: the programs whose start is negative the
kernel as written (on NVIDIA a function of its own), the others the version
whose offsets are known to run in vectors. `roll_kernel` copies a vector;
`rolled_matmul_kernel` multiplies A with its rows rolled by B (the rows of
A read at wrapped offsets inside the product's K loop)."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def roll_kernel(x_ptr, y_ptr, n, shift, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    start = pid * BLOCK - shift
    src = (start + tl.arange(0, BLOCK)) % n
    src = tl.where(src < 0, src + n, src)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    inside = offs < n
    x = tl.load(x_ptr + src, mask=inside)
    tl.store(y_ptr + offs, x, mask=inside)


@triton.jit
def rolled_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, shift,
                         stride_am, stride_bk, stride_cm,
                         BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    start = pid_m * BLOCK_M - shift
    rm = (start + tl.arange(0, BLOCK_M)) % M
    rm = tl.where(rm < 0, rm + M, rm)
    rn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    rk = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + rm[:, None] * stride_am + rk[None, :]
    b_ptrs = b_ptr + rk[:, None] * stride_bk + rn[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for kb in range(0, tl.cdiv(K, BLOCK_K)):
        left = K - kb * BLOCK_K
        a = tl.load(a_ptrs, mask=rk[None, :] < left, other=0.0)
        b = tl.load(b_ptrs, mask=(rk[:, None] < left) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * stride_bk
    cm = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    tl.store(c_ptr + cm[:, None] * stride_cm + rn[None, :], acc, mask=(cm[:, None] < M) & (rn[None, :] < N))


def _roll(name, n, shift, block, warps=4):
    return dict(name=name, kernel="roll", grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block),
                num_warps=warps, num_stages=3, scalars=dict(n=n, shift=shift), shapes=dict(x=(n,), y=(n,)),
                dtypes=dict(x="float32", y="float32"), outputs=["y"], tol=dict(y=dict(rtol=0.0)))


def _matmul(name, m, n, k, shift, bm, bn, bk, warps=4):
    return dict(name=name, kernel="matmul", grid=(triton.cdiv(m, bm), triton.cdiv(n, bn)),
                constexprs=dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk), num_warps=warps, num_stages=3,
                scalars=dict(M=m, N=n, K=k, shift=shift), shapes=dict(a=(m, k), b=(k, n), c=(m, n)),
                dtypes=dict(a="float16", b="float16", c="float32"), outputs=["c"])


SPECS = [
    # shift a multiple of 16: Triton marks it divisible, the offsets of the
    # programs with a non-negative start run in vectors, and the first
    # program (start = -shift) runs the kernel as written.
    _roll("n4096_s48", 4096, 48, 256),
    _roll("n1000_s37", 1000, 37, 128),
    _matmul("m256_n128_k96_s48", 256, 128, 96, 48, 64, 64, 32),
    _matmul("m200_n72_k40_s80", 200, 72, 40, 80, 64, 64, 32),
]


def make_inputs(spec, seed):
    g = generator(seed)
    if spec["kernel"] == "roll":
        n = spec["scalars"]["n"]
        return {"x": randn((n,), "float32", g), "y": torch.full((n,), float("nan"), dtype=torch.float32)}
    m, n, k = (spec["scalars"][x] for x in "MNK")
    return {"a": randn((m, k), "float16", g), "b": randn((k, n), "float16", g),
            "c": torch.full((m, n), float("nan"), dtype=torch.float32)}


def reference(spec, t):
    shift = spec["scalars"]["shift"]
    if spec["kernel"] == "roll":
        return {"y": torch.roll(t["x"].double(), shift)}
    a, b = torch.roll(t["a"].double(), shift, dims=0), t["b"].double()
    bound = dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -23)
    return {"c": {"value": a @ b, "atol": bound + 2.0 ** -24}}


def launch(spec, t):
    s = spec["scalars"]
    if spec["kernel"] == "roll":
        run(roll_kernel, spec["grid"], t["x"], t["y"], s["n"], s["shift"], **opts(spec))
        return
    a, b, c = t["a"], t["b"], t["c"]
    run(rolled_matmul_kernel, spec["grid"], a, b, c, s["M"], s["N"], s["K"], s["shift"], a.stride(0),
        b.stride(0), c.stride(0), **opts(spec))
