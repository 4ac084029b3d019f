"""Counter-based random numbers from (seed, offset): tl.randint (the first
32-bit word of Philox 4x32-10), tl.randint4x (all four words), tl.rand
(uniform in [0, 1)) and tl.randn (normal, Box-Muller on the first two
words). Triton builds Philox out of arith ops and tt.mulhiui in the TTIR.
The reference is Philox itself (_common.philox4x32, checked against
Random123's known answers); the integer outputs are exact."""

import math

import numpy as np
import torch
import triton
import triton.language as tl

from _common import opts, philox4x32, run, uint32_to_unit_interval


@triton.jit
def random_kernel(bits_ptr, w3_ptr, u_ptr, g_ptr, seed, n, offset0, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    counter = idx + offset0
    r = tl.randint(seed, counter)
    tl.store(bits_ptr + idx, r.to(tl.int32, bitcast=True), mask=inside)
    w0, w1, w2, w3 = tl.randint4x(seed, counter)
    tl.store(w3_ptr + idx, w3.to(tl.int32, bitcast=True), mask=inside)
    tl.store(u_ptr + idx, tl.rand(seed, counter), mask=inside)
    tl.store(g_ptr + idx, tl.randn(seed, counter), mask=inside)


def _spec(name, n, block, seed, offset0, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(seed=seed, n=n, offset0=offset0), shapes=dict(bits=(n,), w3=(n,), u=(n,), g=(n,)),
                dtypes=dict(bits="int32", w3="int32", u="float32", g="float32"), outputs=["bits", "w3", "u", "g"],
                tol=dict(u=dict(rtol=3e-7, atol=0.0), g=dict(rtol=1e-4, atol=2e-5)), **kw)


SPECS = [
    _spec("seed42_n1000", 1000, 256, 42, 0),
    _spec("seed_i64_n4096", 4096, 1024, 0xDEAD_BEEF_1234, 12345),
    _spec("seed0_n17", 17, 32, 0, 7),
]


def make_inputs(spec, seed):
    n = spec["scalars"]["n"]
    return {"bits": torch.zeros(n, dtype=torch.int32), "w3": torch.zeros(n, dtype=torch.int32),
            "u": torch.full((n,), float("nan")), "g": torch.full((n,), float("nan"))}


def reference(spec, t):
    s = spec["scalars"]
    counter = np.arange(s["n"], dtype=np.int64) + s["offset0"]
    w = philox4x32(s["seed"], counter)
    as_i32 = lambda a: torch.from_numpy(a.view(np.int32).astype(np.int64))
    u0 = uint32_to_unit_interval(w[0])
    u1 = uint32_to_unit_interval(w[1])
    # Box-Muller: radius from the first uniform, angle from the second; tl.randn keeps the
    # first uniform at least 1e-7 (part of its definition), which only matters below 1e-7.
    radius = torch.sqrt(-2.0 * torch.log(torch.clamp(u0, min=1e-7)))
    g = radius * torch.cos(2.0 * math.pi * u1)
    return {"bits": as_i32(w[0]), "w3": as_i32(w[3]), "u": u0, "g": g}


def launch(spec, t):
    s = spec["scalars"]
    run(random_kernel, spec["grid"], t["bits"], t["w3"], t["u"], t["g"], s["seed"], s["n"], s["offset0"], **opts(spec))
