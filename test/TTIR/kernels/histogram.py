"""tl.histogram of int32 values in [0, NB), per block of BLOCK values,
accumulated across programs with atomic adds: once unmasked (the block's
masked-off lanes load 0 and are counted in bin 0) and once with mask= (a
masked tt.histogram: they are not counted). A third histogram sees values
shifted by -2 (some below 0: outside the bins, undefined in Triton and not
counted by docs/Semantics.md 3.9), a probe."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, run


@triton.jit
def histogram_kernel(x_ptr, plain_ptr, masked_ptr, shifted_ptr, n, NB: tl.constexpr, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0)
    bins = tl.arange(0, NB)
    tl.atomic_add(plain_ptr + bins, tl.histogram(x, NB))
    tl.atomic_add(masked_ptr + bins, tl.histogram(x, NB, mask=inside))
    tl.atomic_add(shifted_ptr + bins, tl.histogram(x - 2, NB, mask=inside))


def _spec(name, n, block, nb, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(NB=nb, BLOCK=block), num_warps=4,
                num_stages=3, scalars=dict(n=n), shapes=dict(x=(n,)), dtypes=dict(x="int32"),
                outputs=["plain", "masked", "shifted"], probe=["shifted"], **kw)


SPECS = [
    _spec("n5000_nb64", 5000, 1024, 64),
    _spec("n100_nb16", 100, 128, 16),
]


def make_inputs(spec, seed):
    nb = spec["constexprs"]["NB"]
    z = lambda: torch.zeros(nb, dtype=torch.int32)
    return {"x": randint((spec["scalars"]["n"],), 0, nb, "int32", generator(seed)), "plain": z(), "masked": z(),
            "shifted": z()}


def reference(spec, t):
    nb = spec["constexprs"]["NB"]
    x = t["x"].to(torch.int64)
    lanes = spec["grid"][0] * spec["constexprs"]["BLOCK"]
    masked = torch.bincount(x, minlength=nb)
    plain = masked.clone()
    plain[0] += lanes - x.shape[0]
    s = x - 2
    shifted = torch.bincount(s[s >= 0], minlength=nb)
    return {"plain": plain, "masked": masked, "shifted": shifted}


def launch(spec, t):
    run(histogram_kernel, spec["grid"], t["x"], t["plain"], t["masked"], t["shifted"], spec["scalars"]["n"],
        **opts(spec))
