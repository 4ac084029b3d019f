"""Loops and branches: tl.range with num_stages and with
loop_unroll_factor (tt.num_stages / tt.loop_unroll_factor on scf.for; the
unroll pass may consume the latter), tl.static_range (unrolled in Python),
a while loop (scf.while), a data-dependent if on a reduced scalar that
yields tensors (scf.if), and a loop whose trip count is loaded from memory."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, randn, run


@triton.jit
def loops_kernel(x_ptr, trips_ptr, out_ptr, sign_ptr, iters, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    pid = tl.program_id(0)
    lanes = tl.arange(0, BLOCK)
    row = x_ptr + pid * iters * BLOCK
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for i in tl.range(0, iters, num_stages=2):
        acc += tl.load(row + i * BLOCK + lanes)
    for j in tl.static_range(3):
        acc = acc * 0.5 + j
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for k in tl.range(0, iters, loop_unroll_factor=UNROLL):
        total += tl.load(row + k * BLOCK + lanes) * (k + 1)
    trips = tl.load(trips_ptr + pid)
    w = 0
    count = tl.zeros([BLOCK], dtype=tl.int32)
    while w < trips:
        count += lanes % (w + 2)
        w += 1
    if tl.sum(acc, axis=0) > 0:
        signed = acc
        s = 1
    else:
        signed = -acc
        s = -1
    tl.store(out_ptr + pid * 3 * BLOCK + lanes, signed)
    tl.store(out_ptr + pid * 3 * BLOCK + BLOCK + lanes, total)
    tl.store(out_ptr + pid * 3 * BLOCK + 2 * BLOCK + lanes, count.to(tl.float32))
    tl.store(sign_ptr + pid, s)


def _spec(name, programs, iters, block, unroll, **kw):
    return dict(name=name, grid=(programs,), constexprs=dict(BLOCK=block, UNROLL=unroll), num_warps=4, num_stages=3,
                scalars=dict(iters=iters), shapes=dict(x=(programs, iters, block)), dtypes=dict(x="float32"),
                outputs=["out", "sign"], tol=dict(out=dict(rtol=1e-5, atol=1e-5)), **kw)


SPECS = [
    _spec("p4_iters6_b128_unroll2", 4, 6, 128, 2),
    _spec("p2_iters5_b64_unroll4", 2, 5, 64, 4),
]


def make_inputs(spec, seed):
    g = generator(seed)
    p, it, b = spec["shapes"]["x"]
    return {"x": randn((p, it, b), "float32", g), "trips": randint((p,), 0, 7, "int32", g),
            "out": torch.full((p, 3, b), float("nan")), "sign": torch.zeros(p, dtype=torch.int32)}


def reference(spec, t):
    x = t["x"].double()
    p, it, b = x.shape
    acc = x.sum(1)
    for j in range(3):
        acc = acc * 0.5 + j
    weights = torch.arange(1, it + 1, dtype=torch.float64)
    total = (x * weights[None, :, None]).sum(1)
    lanes = torch.arange(b)
    count = torch.stack([sum((lanes % (w + 2) for w in range(int(n))), torch.zeros(b, dtype=torch.int64))
                         for n in t["trips"].tolist()]).double()
    positive = acc.sum(1) > 0
    signed = torch.where(positive[:, None], acc, -acc)
    return {"out": torch.stack([signed, total, count], dim=1), "sign": torch.where(positive, 1, -1)}


def launch(spec, t):
    run(loops_kernel, spec["grid"], t["x"], t["trips"], t["out"], t["sign"], spec["scalars"]["iters"], **opts(spec))
