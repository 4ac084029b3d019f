"""Float conversions: f32 to f8 e4m3fn (tl.float8e4nv) and e5m2
(tl.float8e5) with round-to-nearest-even, f32 to e5m2 and to f16 rounding
toward zero (fp_downcast_rounding="rtz": tt.fp_to_fp with rounding = rtz),
f32 to bf16 (arith.truncf), and the f8 values back to f32 (exact). Inputs
include halfway cases, values beyond the f8 range, infinities, NaN and
subnormals. The references are docs/Semantics.md 7 (fp_to_fp to f8
saturates finite values and infinities; NaN stays NaN); the f8 outputs are
probes: where Triton's conversion saturates differently they record it."""

import math

import torch
import triton
import triton.language as tl

from _common import BF16, E4M3FN, E5M2, F16, generator, opts, randn, round_to_format, run


@triton.jit
def convert_kernel(x_ptr, e4_ptr, e5_ptr, e4_back_ptr, e5_back_ptr, e5_rtz_ptr, f16_rtz_ptr, bf16_ptr, n,
                   BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.0)
    e4 = x.to(tl.float8e4nv)
    e5 = x.to(tl.float8e5)
    tl.store(e4_ptr + idx, e4, mask=inside)
    tl.store(e5_ptr + idx, e5, mask=inside)
    tl.store(e4_back_ptr + idx, e4.to(tl.float32), mask=inside)
    tl.store(e5_back_ptr + idx, e5.to(tl.float32), mask=inside)
    tl.store(e5_rtz_ptr + idx, x.to(tl.float8e5, fp_downcast_rounding="rtz"), mask=inside)
    tl.store(f16_rtz_ptr + idx, x.to(tl.float16, fp_downcast_rounding="rtz"), mask=inside)
    tl.store(bf16_ptr + idx, x.to(tl.bfloat16), mask=inside)


SPECIALS = [0.0, -0.0, 1.0, -1.0, 448.0, 449.0, 464.0, 480.0, 500.0, 1e4, 57344.0, 61440.0, 1e5, 65504.0, 65520.0,
            1e6, math.inf, -math.inf, math.nan, 2.0 ** -6, 2.0 ** -9, 2.0 ** -10, 2.0 ** -16, 2.0 ** -17, 2.0 ** -18,
            1.0625, 1.1875, 1.125 + 2 ** -5, 3.0 * 2 ** -10, 1.0 + 2 ** -8, 1.0 + 2 ** -7 + 2 ** -9, 1e-30]
OUTS = ["e4", "e5", "e4_back", "e5_back", "e5_rtz", "f16_rtz", "bf16"]


def _spec(name, n, block, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n), shapes=dict(x=(n,)), dtypes=dict(x="float32"), outputs=OUTS,
                probe=["e4", "e5", "e4_back", "e5_back", "e5_rtz"], **kw)


SPECS = [
    _spec("n512_specials", 512, 256),
    _spec("n3000_wide", 3000, 1024, wide=True),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    x = randn((n,), "float32", g, scale=1000.0 if spec.get("wide") else 4.0)
    vals = SPECIALS + [-v for v in SPECIALS]
    x[: len(vals)] = torch.tensor(vals, dtype=torch.float32)
    f8 = lambda dt: torch.zeros(n, dtype=dt)
    return {"x": x, "e4": f8(torch.float8_e4m3fn), "e5": f8(torch.float8_e5m2), "e4_back": torch.zeros(n),
            "e5_back": torch.zeros(n), "e5_rtz": f8(torch.float8_e5m2), "f16_rtz": torch.zeros(n, dtype=torch.float16),
            "bf16": torch.zeros(n, dtype=torch.bfloat16)}


def reference(spec, t):
    x = t["x"].double()
    e4 = round_to_format(x, *E4M3FN, rounding="rtne", saturate=True)
    e5 = round_to_format(x, *E5M2, rounding="rtne", saturate=True)
    return {"e4": e4, "e5": e5, "e4_back": e4, "e5_back": e5,
            "e5_rtz": round_to_format(x, *E5M2, rounding="rtz", saturate=True),
            # Narrowing to f16 / bf16 follows IEEE: overflow gives inf (rtz: the largest finite value).
            "f16_rtz": torch.where(torch.isinf(x), x, round_to_format(x, *F16, rounding="rtz", saturate=True)),
            "bf16": round_to_format(x, *BF16, rounding="rtne", saturate=False)}


def launch(spec, t):
    run(convert_kernel, spec["grid"], t["x"], *[t[o] for o in OUTS], spec["scalars"]["n"], **opts(spec))
