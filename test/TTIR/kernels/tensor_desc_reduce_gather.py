"""The other descriptor ops. `desc_atomic_add_kernel`: each program adds a
block into an [M, N] matrix through desc.atomic_add (tt.descriptor_reduce
add; TMA reduce on Hopper), REPEAT programs per block, so every element
receives REPEAT contributions; out-of-bounds elements are dropped.
`desc_gather_kernel` / `desc_scatter_kernel`: rows picked by an index
vector through desc.gather / desc.scatter (tt.descriptor_gather /
tt.descriptor_scatter: a one-row block, at least 8 rows). Hopper has no TMA
gather, so those entries are compiled to TTIR only (mode "ttir-only"; run
with --launch-ttir-only to try them on the device)."""

import torch
import triton
import triton.language as tl

from _common import ensure_allocator, generator, opts, randint, randn, run


@triton.jit
def desc_atomic_add_kernel(acc_ptr, x_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    d = tl.make_tensor_descriptor(acc_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    ok = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=ok, other=0)
    d.atomic_add([pm * BM, pn * BN], x)


@triton.jit
def desc_gather_kernel(src_ptr, rows_ptr, out_ptr, M, N, ROWS: tl.constexpr, BN: tl.constexpr):
    pn = tl.program_id(0)
    d = tl.make_tensor_descriptor(src_ptr, shape=[M, N], strides=[N, 1], block_shape=[1, BN])
    rows = tl.load(rows_ptr + tl.arange(0, ROWS))
    block = d.gather(rows, pn * BN)
    cols = pn * BN + tl.arange(0, BN)
    r = tl.arange(0, ROWS)
    tl.store(out_ptr + r[:, None] * N + cols[None, :], block, mask=cols[None, :] < N)


@triton.jit
def desc_scatter_kernel(dst_ptr, rows_ptr, vals_ptr, M, N, ROWS: tl.constexpr, BN: tl.constexpr):
    pn = tl.program_id(0)
    d = tl.make_tensor_descriptor(dst_ptr, shape=[M, N], strides=[N, 1], block_shape=[1, BN])
    rows = tl.load(rows_ptr + tl.arange(0, ROWS))
    cols = pn * BN + tl.arange(0, BN)
    r = tl.arange(0, ROWS)
    vals = tl.load(vals_ptr + r[:, None] * N + cols[None, :], mask=cols[None, :] < N, other=0.0)
    d.scatter(vals, rows, pn * BN)


def _add(name, m, n, bm, bn, dtype, repeat, **kw):
    tol = {} if dtype == "int32" else dict(acc=dict(rtol=1e-6, atol=1e-6))
    return dict(name=name, kernel="atomic_add", grid=(triton.cdiv(m, bm), triton.cdiv(n, bn), repeat),
                constexprs=dict(BM=bm, BN=bn), num_warps=4, num_stages=3, scalars=dict(M=m, N=n, REPEAT=repeat),
                shapes=dict(acc=(m, n), x=(m, n)), dtypes=dict(acc=dtype, x=dtype), outputs=["acc"], tol=tol, **kw)


def _rows(name, kernel, m, n, rows, bn, **kw):
    return dict(name=name, kernel=kernel, grid=(triton.cdiv(n, bn),), constexprs=dict(ROWS=rows, BN=bn),
                num_warps=4, num_stages=3, scalars=dict(M=m, N=n), mode="ttir-only",
                shapes=dict(src=(m, n), rows=(rows,), out=(rows, n)), dtypes=dict(src="float32"),
                outputs=["out"] if kernel == "gather" else ["dst"], **kw)


SPECS = [
    _add("atomic_add_i32_m70_n96_r2", 70, 96, 32, 32, "int32", 2),
    _add("atomic_add_f32_m64_n64_r3", 64, 64, 32, 32, "float32", 3),
    _rows("gather_m64_n100_rows16", "gather", 64, 100, 16, 32),
    _rows("scatter_m64_n100_rows16", "scatter", 64, 100, 16, 32),
]


def make_inputs(spec, seed):
    g = generator(seed)
    m, n = spec["scalars"]["M"], spec["scalars"]["N"]
    if spec["kernel"] == "atomic_add":
        if spec["dtypes"]["acc"] == "int32":
            return {"acc": randint((m, n), -1000, 1000, "int32", g), "x": randint((m, n), -1000, 1000, "int32", g)}
        return {"acc": randn((m, n), "float32", g), "x": randn((m, n), "float32", g)}
    rows = spec["constexprs"]["ROWS"]
    idx = torch.randperm(m, generator=g)[:rows].to(torch.int32)      # distinct rows: scatter writes each once
    if spec["kernel"] == "gather":
        return {"src": randn((m, n), "float32", g), "rows": idx, "out": torch.full((rows, n), float("nan"))}
    return {"dst": torch.zeros((m, n)), "rows": idx, "vals": randn((rows, n), "float32", g)}


def reference(spec, t):
    if spec["kernel"] == "atomic_add":
        r = spec["scalars"]["REPEAT"]
        if spec["dtypes"]["acc"] == "int32":
            return {"acc": t["acc"].to(torch.int64) + r * t["x"].to(torch.int64)}
        return {"acc": t["acc"].double() + r * t["x"].double()}
    rows = t["rows"].to(torch.int64)
    if spec["kernel"] == "gather":
        return {"out": t["src"].double()[rows]}
    dst = t["dst"].double().clone()
    dst[rows] = t["vals"].double()
    return {"dst": dst}


def launch(spec, t):
    ensure_allocator()
    s = spec["scalars"]
    if spec["kernel"] == "atomic_add":
        run(desc_atomic_add_kernel, spec["grid"], t["acc"], t["x"], s["M"], s["N"], **opts(spec))
    elif spec["kernel"] == "gather":
        run(desc_gather_kernel, spec["grid"], t["src"], t["rows"], t["out"], s["M"], s["N"], **opts(spec))
    else:
        run(desc_scatter_kernel, spec["grid"], t["dst"], t["rows"], t["vals"], s["M"], s["N"], **opts(spec))
