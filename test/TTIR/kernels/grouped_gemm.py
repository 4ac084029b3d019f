"""Tutorial 08 (grouped GEMM): one persistent launch of NUM_SM programs
computes G independent f16 GEMMs C_g = A_g @ B_g of different sizes. Tiles
of all problems are numbered one after the other and program p takes tiles
p, p + NUM_SM, ... (a while loop per problem). The matrices are reached
through device tables of raw addresses (int64), turned into pointers in the
kernel (tt.int_to_ptr); sizes and leading dimensions come from int32 tables.
Unlike the tutorial, partial tiles are masked, so the sizes need not be
multiples of the blocks.

The address tables are filled by the corpus generator at launch
(spec "address_tables"); inputs.npz holds zeros for them."""

import torch
import triton
import triton.language as tl

from _common import dot_bound, generator, opts, randn, run


@triton.jit
def grouped_gemm_kernel(a_table, b_table, c_table, sizes, lds, group_count,
                        NUM_SM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                        BLOCK_K: tl.constexpr):
    tile = tl.program_id(0)
    first_tile = 0
    for g in range(group_count):
        m = tl.load(sizes + g * 3)
        n = tl.load(sizes + g * 3 + 1)
        k = tl.load(sizes + g * 3 + 2)
        tiles_n = tl.cdiv(n, BLOCK_N)
        tiles = tl.cdiv(m, BLOCK_M) * tiles_n
        while tile >= first_tile and tile < first_tile + tiles:
            lda = tl.load(lds + g * 3)
            ldb = tl.load(lds + g * 3 + 1)
            ldc = tl.load(lds + g * 3 + 2)
            a_ptr = tl.load(a_table + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(b_table + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(c_table + g).to(tl.pointer_type(tl.float16))
            local = tile - first_tile
            rm = (local // tiles_n) * BLOCK_M + tl.arange(0, BLOCK_M)
            rn = (local % tiles_n) * BLOCK_N + tl.arange(0, BLOCK_N)
            rk = tl.arange(0, BLOCK_K)
            acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
            for kb in range(0, tl.cdiv(k, BLOCK_K)):
                kk = kb * BLOCK_K + rk
                a = tl.load(a_ptr + rm[:, None] * lda + kk[None, :], mask=(rm[:, None] < m) & (kk[None, :] < k),
                            other=0.0)
                b = tl.load(b_ptr + kk[:, None] * ldb + rn[None, :], mask=(kk[:, None] < k) & (rn[None, :] < n),
                            other=0.0)
                acc += tl.dot(a, b)
            tl.store(c_ptr + rm[:, None] * ldc + rn[None, :], acc.to(tl.float16),
                     mask=(rm[:, None] < m) & (rn[None, :] < n))
            tile += NUM_SM
        first_tile = first_tile + tiles


def _spec(name, problems, num_sm, bm, bn, bk, warps=4, **kw):
    g = len(problems)
    shapes, dtypes = {}, {}
    for i, (m, n, k) in enumerate(problems):
        shapes.update({f"a{i}": (m, k), f"b{i}": (k, n), f"c{i}": (m, n)})
        dtypes.update({f"a{i}": "float16", f"b{i}": "float16", f"c{i}": "float16"})
    flops = sum(2 * m * n * k for m, n, k in problems)
    return dict(name=name, grid=(num_sm,), constexprs=dict(NUM_SM=num_sm, BLOCK_M=bm, BLOCK_N=bn, BLOCK_K=bk),
                num_warps=warps, num_stages=3, scalars=dict(group_count=g), problems=problems, shapes=shapes,
                dtypes=dtypes, outputs=[f"c{i}" for i in range(g)],
                address_tables={"a_table": [f"a{i}" for i in range(g)], "b_table": [f"b{i}" for i in range(g)],
                                "c_table": [f"c{i}" for i in range(g)]}, flops=flops, **kw)


SPECS = [
    _spec("g3_ragged", [(64, 64, 64), (130, 70, 40), (48, 128, 96)], 4, 64, 64, 32),
    _spec("g2_square", [(128, 128, 128), (256, 128, 64)], 8, 64, 64, 32),
    _spec("bench_g4_1024", [(1024, 1024, 1024)] * 4, 132, 128, 128, 32, warps=4, bench=True),
]


def make_inputs(spec, seed):
    gen = generator(seed)
    t = {}
    sizes, lds = [], []
    for i, (m, n, k) in enumerate(spec["problems"]):
        t[f"a{i}"] = randn((m, k), "float16", gen)
        t[f"b{i}"] = randn((k, n), "float16", gen)
        t[f"c{i}"] = torch.full((m, n), float("nan"), dtype=torch.float16)
        sizes += [m, n, k]
        lds += [k, n, n]
    g = len(spec["problems"])
    t["sizes"] = torch.tensor(sizes, dtype=torch.int32)
    t["lds"] = torch.tensor(lds, dtype=torch.int32)
    for table in ("a_table", "b_table", "c_table"):
        t[table] = torch.zeros(g, dtype=torch.int64)
    return t


def reference(spec, t):
    out = {}
    for i in range(len(spec["problems"])):
        a, b = t[f"a{i}"].double(), t[f"b{i}"].double()
        bound = dot_bound(a, b, per_product=0.0, acc_eps=2.0 ** -23, out_eps=2.0 ** -11)
        out[f"c{i}"] = {"value": a @ b, "atol": bound + 2.0 ** -24}
    return out


def launch(spec, t):
    run(grouped_gemm_kernel, spec["grid"], t["a_table"], t["b_table"], t["c_table"], t["sizes"], t["lds"],
        spec["scalars"]["group_count"], **opts(spec))
