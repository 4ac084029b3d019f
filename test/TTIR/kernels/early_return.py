"""Early returns. The grid has two programs more than there are blocks, and
those return at once; a program whose flag is 0 stores -x and returns
before the final store of 2 x + bias (a value a helper computes, which
itself returns early when its limit is negative). Returns inside `if`
become cf.cond_br / cf.br between blocks of the tt.func in the TTIR (and,
after inlining, of the helper too), which the importer lifts to scf."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, randn, run


@triton.jit
def _limited(v, limit):
    if limit < 0:
        return v
    return tl.minimum(v, limit)


@triton.jit
def early_return_kernel(x_ptr, flags_ptr, out_ptr, n, n_blocks, limit, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    if pid >= n_blocks:
        return
    idx = pid * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside)
    flag = tl.load(flags_ptr + pid)
    if flag == 0:
        tl.store(out_ptr + idx, -x, mask=inside)
        return
    tl.store(out_ptr + idx, _limited(2 * x, limit), mask=inside)


def _spec(name, n, block, limit, **kw):
    blocks = triton.cdiv(n, block)
    return dict(name=name, grid=(blocks + 2,), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n, n_blocks=blocks, limit=limit), shapes=dict(x=(n,), flags=(blocks,), out=(n,)),
                dtypes=dict(x="float32", flags="int32", out="float32"), outputs=["out"],
                tol=dict(out=dict(rtol=0.0, atol=0.0)), **kw)


SPECS = [
    _spec("n1000_b128_limit1", 1000, 128, 1.0),
    _spec("n512_b64_nolimit", 512, 64, -1.0),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n, blocks = spec["scalars"]["n"], spec["scalars"]["n_blocks"]
    return {"x": randn((n,), "float32", g), "flags": randint((blocks,), 0, 2, "int32", g),
            "out": torch.full((n,), 99.0)}


def reference(spec, t):
    s = spec["scalars"]
    block = spec["constexprs"]["BLOCK"]
    x = t["x"].double()
    flag = t["flags"].to(torch.int64).repeat_interleave(block)[: s["n"]]
    doubled = 2 * x
    if s["limit"] >= 0:
        doubled = torch.minimum(doubled, torch.tensor(s["limit"], dtype=torch.float64))
    return {"out": torch.where(flag == 0, -x, doubled)}


def launch(spec, t):
    s = spec["scalars"]
    run(early_return_kernel, spec["grid"], t["x"], t["flags"], t["out"], s["n"], s["n_blocks"], s["limit"], **opts(spec))
