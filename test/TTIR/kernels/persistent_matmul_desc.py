"""Tutorial 09 (persistent matmul with tensor descriptors): NUM_SMS programs
loop over the output tiles (tile, tile + NUM_SMS, ...; a flattened tl.range),
in grouped order; A [M, K] and B [N, K] (B transposed in memory) are read and
C [M, N] written through descriptors made in the kernel with
tl.make_tensor_descriptor (TMA on Hopper; needs triton.set_allocator). With
EPILOGUE_SUBTILE the accumulator is stored as two halves, split with
reshape + permute + split. Out-of-bounds block elements read as zero and are
not written, so the sizes need not be multiples of the blocks."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, ensure_allocator, generator, opts, randn, run


@triton.jit
def _tile_coords(tile, tiles_m, tiles_n, GROUP_M: tl.constexpr):
    per_group = GROUP_M * tiles_n
    row0 = (tile // per_group) * GROUP_M
    rows_here = min(tiles_m - row0, GROUP_M)
    return row0 + (tile % rows_here), (tile % per_group) // rows_here


@triton.jit
def matmul_desc_persistent(a_ptr, b_ptr, c_ptr, M, N, K,
                           BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                           GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr, EPILOGUE_SUBTILE: tl.constexpr):
    out_ty = c_ptr.dtype.element_ty
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BLOCK_N, BLOCK_K])
    if EPILOGUE_SUBTILE:
        c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N // 2])
    else:
        c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N])
    tiles_m = tl.cdiv(M, BLOCK_M)
    tiles_n = tl.cdiv(N, BLOCK_N)
    k_steps = tl.cdiv(K, BLOCK_K)
    for tile in tl.range(tl.program_id(0), tiles_m * tiles_n, NUM_SMS, flatten=True):
        tm, tn = _tile_coords(tile, tiles_m, tiles_n, GROUP_M)
        om = tm * BLOCK_M
        on = tn * BLOCK_N
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for ks in range(k_steps):
            a = a_desc.load([om, ks * BLOCK_K])
            b = b_desc.load([on, ks * BLOCK_K])
            acc = tl.dot(a, b.T, acc)
        if EPILOGUE_SUBTILE:
            halves = tl.permute(tl.reshape(acc, (BLOCK_M, 2, BLOCK_N // 2)), (0, 2, 1))
            left, right = tl.split(halves)
            c_desc.store([om, on], left.to(out_ty))
            c_desc.store([om, on + BLOCK_N // 2], right.to(out_ty))
        else:
            c_desc.store([om, on], acc.to(out_ty))


def _spec(name, m, n, k, bm, bn, bk, sms, subtile, warps=4, stages=3, **kw):
    return dict(name=name, grid=(sms,), constexprs=dict(BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk, GROUP_M=8,
                                                        NUM_SMS=sms, EPILOGUE_SUBTILE=subtile),
                num_warps=warps, num_stages=stages, scalars=dict(M=m, N=n, K=k),
                shapes=dict(a=(m, k), b=(n, k), c=(m, n)), dtypes=dict(a="float16", b="float16", c="float16"),
                outputs=["c"], flops=2 * m * n * k, **kw)


SPECS = [
    _spec("m256_n256_k128", 256, 256, 128, 128, 128, 64, 4, False),
    _spec("m200_n192_k96_subtile", 200, 192, 96, 128, 128, 64, 3, True),
    _spec("m128_n512_k256_subtile_bn256", 128, 512, 256, 64, 256, 64, 2, True, warps=8),
    _spec("bench_4096_subtile", 4096, 4096, 4096, 128, 256, 64, 132, True, warps=8, stages=3, bench=True),
]


def make_inputs(spec, seed):
    g = generator(seed)
    m, n, k = (spec["scalars"][x] for x in "MNK")
    return {"a": randn((m, k), "float16", g), "b": randn((n, k), "float16", g),
            "c": torch.full((m, n), float("nan"), dtype=torch.float16)}


def reference(spec, t):
    a, bt = t["a"].double(), t["b"].double().T
    bound = dot_bound(a, bt, per_product=0.0, acc_eps=2.0 ** -23, out_eps=2.0 ** -11)
    return {"c": {"value": a @ bt, "atol": bound + 2.0 ** -24}}


def launch(spec, t):
    ensure_allocator()
    s = spec["scalars"]
    run(matmul_desc_persistent, spec["grid"], t["a"], t["b"], t["c"], s["M"], s["N"], s["K"], **opts(spec))
