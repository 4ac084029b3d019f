"""Atomic read-modify-writes scattered into NB bins: tl.atomic_add of f32
(fadd; the sum's order varies) and of int32, tl.atomic_max / atomic_min of
f32 (Triton expands them into an integer max on non-negative values and an
unsigned min on negative ones, masked and selected, in the TTIR),
atomic_max of int32, atomic_or / atomic_xor of bit masks, and a scalar
atomic_add per program with release semantics. The default semantics are
acq_rel at gpu scope; one call asks relaxed. Masked-off lanes touch
nothing; the old values returned are not stored (their order varies)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, randint, randn, run


@triton.jit
def atomic_bins(x_ptr, xi_ptr, bin_ptr, fsum_ptr, isum_ptr, fmax_ptr, fmin_ptr, imax_ptr, bits_ptr, parity_ptr,
                count_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    xi = tl.load(xi_ptr + idx, mask=inside, other=0)
    bins = tl.load(bin_ptr + idx, mask=inside, other=0)
    tl.atomic_add(fsum_ptr + bins, x, mask=inside)
    tl.atomic_add(isum_ptr + bins, xi, mask=inside)
    tl.atomic_max(fmax_ptr + bins, x, mask=inside)
    tl.atomic_min(fmin_ptr + bins, x, mask=inside, sem="relaxed", scope="gpu")
    tl.atomic_max(imax_ptr + bins, xi, mask=inside)
    tl.atomic_or(bits_ptr + bins, 1 << (idx % 31), mask=inside)
    tl.atomic_xor(parity_ptr + bins, xi, mask=inside)
    tl.atomic_add(count_ptr, tl.sum(inside.to(tl.int32), axis=0), sem="release")


def _spec(name, n, block, bins, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n), bins=bins, shapes=dict(x=(n,), xi=(n,), bin=(n,)),
                dtypes=dict(x="float32", xi="int32", bin="int32"),
                outputs=["fsum", "isum", "fmax", "fmin", "imax", "bits", "parity", "count"],
                tol=dict(fsum=dict(rtol=1e-5, atol=1e-4)), **kw)


SPECS = [
    _spec("n2000_nb16", 2000, 256, 16),
    _spec("n4096_nb3", 4096, 1024, 3),
    _spec("n100_nb64", 100, 128, 64),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n, nb = spec["scalars"]["n"], spec["bins"]
    x = randn((n,), "float32", g)
    x[::97] = -0.0                                     # signed zeros reach the float max/min paths
    return {"x": x, "xi": randint((n,), -1000, 1000, "int32", g), "bin": randint((n,), 0, nb, "int32", g),
            "fsum": torch.zeros(nb), "isum": torch.zeros(nb, dtype=torch.int32),
            "fmax": torch.full((nb,), -float("inf")), "fmin": torch.full((nb,), float("inf")),
            "imax": torch.full((nb,), -2 ** 31, dtype=torch.int32), "bits": torch.zeros(nb, dtype=torch.int32),
            "parity": torch.zeros(nb, dtype=torch.int32), "count": torch.zeros(1, dtype=torch.int32)}


def reference(spec, t):
    nb = spec["bins"]
    x, xi, b = t["x"].double(), t["xi"].to(torch.int64), t["bin"].to(torch.int64)
    n = x.shape[0]
    out = {"fsum": torch.zeros(nb, dtype=torch.float64).index_add_(0, b, x),
           "isum": torch.zeros(nb, dtype=torch.int64).index_add_(0, b, xi),
           "fmax": torch.full((nb,), -float("inf"), dtype=torch.float64).scatter_reduce(0, b, x, "amax"),
           "fmin": torch.full((nb,), float("inf"), dtype=torch.float64).scatter_reduce(0, b, x, "amin"),
           "imax": torch.full((nb,), -2 ** 31, dtype=torch.int64).scatter_reduce(0, b, xi, "amax")}
    bits = [0] * nb
    parity = [0] * nb
    for i, (bi, v) in enumerate(zip(b.tolist(), xi.tolist())):
        bits[bi] |= 1 << (i % 31)
        parity[bi] ^= v
    out["bits"] = torch.tensor(bits, dtype=torch.int64)
    out["parity"] = torch.tensor(parity, dtype=torch.int64)
    out["count"] = torch.tensor([n], dtype=torch.int64)
    return out


def launch(spec, t):
    run(atomic_bins, spec["grid"], t["x"], t["xi"], t["bin"], t["fsum"], t["isum"], t["fmax"], t["fmin"], t["imax"],
        t["bits"], t["parity"], t["count"], spec["scalars"]["n"], **opts(spec))
