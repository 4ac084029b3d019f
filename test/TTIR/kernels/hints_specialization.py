"""Hints and launch specialization. Value hints: tl.multiple_of and
tl.max_contiguous on the offsets, tl.max_constancy, tl.assume (llvm.intr.assume
in the TTIR). Specialization: an int argument divisible by 16 gets
tt.divisibility = 16, one equal to 1 becomes a constexpr (it leaves the TTIR
signature), do_not_specialize keeps an argument general, a Python bool is an
i1 argument, an int beyond 32 bits an i64, a float an f32. The sidecar's
`arguments` table maps each Python argument to its TTIR argument."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randn, run


@triton.jit(do_not_specialize=["n_general"])
def hinted_kernel(src_ptr, dst_ptr, const_ptr, n, n_general, big, flag, alpha, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.max_contiguous(tl.multiple_of(pid * BLOCK + tl.arange(0, BLOCK), BLOCK), BLOCK)
    tl.assume(n_general >= 0)
    inside = offs < n
    x = tl.load(src_ptr + offs, mask=inside)
    if flag:
        x = x * alpha
    y = x + (big % 1000).to(tl.float32) + n_general
    tl.store(dst_ptr + offs, y, mask=inside)
    c = tl.max_constancy(tl.full([BLOCK], 3, tl.int32) + pid, BLOCK)
    tl.store(const_ptr + offs, c, mask=inside)


def _spec(name, n, n_general, big, flag, alpha, block=256, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n, n_general=n_general, big=big, flag=flag, alpha=alpha), shapes=dict(x=(n,)),
                dtypes=dict(x="float32"), outputs=["dst", "const"], tol=dict(dst=dict(rtol=2 ** -23, atol=0.0)), **kw)


SPECS = [
    _spec("n4096_div16", 4096, 32, 2 ** 33 + 5, True, 0.5),
    _spec("n4000_not16", 4000, 1, 123, False, 2.0),
    _spec("n1_const", 1, 16, 2 ** 40 + 999, True, -1.0, block=64),
    _spec("n100_i64", 100, 0, -(2 ** 35), False, 1.0, block=128),
]


def make_inputs(spec, seed):
    n = spec["scalars"]["n"]
    return {"x": randn((n,), "float32", generator(seed)), "dst": torch.full((n,), float("nan")),
            "const": torch.zeros(n, dtype=torch.int32)}


def reference(spec, t):
    s = spec["scalars"]
    n, block = s["n"], spec["constexprs"]["BLOCK"]
    x = t["x"].double()
    if s["flag"]:
        x = x * float(torch.tensor(s["alpha"], dtype=torch.float32))
    big_mod = int(torch.fmod(torch.tensor(s["big"]), 1000))      # Triton's % truncates
    y = x + big_mod + s["n_general"]
    return {"dst": y, "const": 3 + torch.arange(n) // block}


def launch(spec, t):
    s = spec["scalars"]
    run(hinted_kernel, spec["grid"], t["x"], t["dst"], t["const"], s["n"], s["n_general"], s["big"], s["flag"],
        s["alpha"], **opts(spec))
