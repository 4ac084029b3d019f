"""The math Triton's NVIDIA backend approximates (exp and exp2 through
ex2.approx, log and log2 through lg2.approx, sin and cos through
sin/cos.approx, sqrt and rsqrt through the .approx.ftz forms, f32 division
through div.full), next to the correctly rounded tl.sqrt_rn (tt.precise_sqrt),
tl.div_rn (tt.precise_divf), tl.fma (math.fma) and tl.erf. The tolerances
written here are the ones Triton's approximations need against a float64
reference (test/TTIR/README.md, "Tolerances against Triton's outputs"); they are looser than
docs/Semantics.md 6 for exp, log, sin and cos. `sqrt_sub` and `rsqrt_sub`
take subnormal inputs: docs/Semantics.md 5 keeps subnormals, .ftz flushes
them (probes)."""

import torch
import triton
import triton.language as tl

from _common import generator, opts, run, uniform


@triton.jit
def math_kernel(x_ptr, p_ptr, q_ptr, sub_ptr, exp_ptr, exp2_ptr, log_ptr, log2_ptr, sin_ptr, cos_ptr, sqrt_ptr,
                rsqrt_ptr, div_ptr, sqrt_rn_ptr, div_rn_ptr, fma_ptr, erf_ptr, sqrt_sub_ptr, rsqrt_sub_ptr, n,
                BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=1.0)
    p = tl.load(p_ptr + idx, mask=inside, other=1.0)
    q = tl.load(q_ptr + idx, mask=inside, other=1.0)
    sub = tl.load(sub_ptr + idx, mask=inside, other=1.0)
    tl.store(exp_ptr + idx, tl.exp(x), mask=inside)
    tl.store(exp2_ptr + idx, tl.exp2(x), mask=inside)
    tl.store(log_ptr + idx, tl.log(p), mask=inside)
    tl.store(log2_ptr + idx, tl.log2(p), mask=inside)
    tl.store(sin_ptr + idx, tl.sin(x), mask=inside)
    tl.store(cos_ptr + idx, tl.cos(x), mask=inside)
    tl.store(sqrt_ptr + idx, tl.sqrt(p), mask=inside)
    tl.store(rsqrt_ptr + idx, tl.rsqrt(p), mask=inside)
    tl.store(div_ptr + idx, x / q, mask=inside)
    tl.store(sqrt_rn_ptr + idx, tl.sqrt_rn(p), mask=inside)
    tl.store(div_rn_ptr + idx, tl.div_rn(x, q), mask=inside)
    tl.store(fma_ptr + idx, tl.fma(x, q, p), mask=inside)
    tl.store(erf_ptr + idx, tl.erf(x), mask=inside)
    tl.store(sqrt_sub_ptr + idx, tl.sqrt(sub), mask=inside)
    tl.store(rsqrt_sub_ptr + idx, tl.rsqrt(sub), mask=inside)


OUTS = ["exp", "exp2", "log", "log2", "sin", "cos", "sqrt", "rsqrt", "div", "sqrt_rn", "div_rn", "fma", "erf",
        "sqrt_sub", "rsqrt_sub"]
HALF_ULP = 2.0 ** -24


def _spec(name, n, block, **kw):
    return dict(name=name, grid=(triton.cdiv(n, block),), constexprs=dict(BLOCK=block), num_warps=4, num_stages=3,
                scalars=dict(n=n), shapes=dict(x=(n,), p=(n,), q=(n,), sub=(n,)),
                dtypes=dict(x="float32", p="float32", q="float32", sub="float32"), outputs=OUTS,
                tol=dict(sqrt=dict(rtol=2 ** -22), rsqrt=dict(rtol=2 ** -21), div=dict(rtol=2 ** -22),
                         sqrt_rn=dict(rtol=HALF_ULP), div_rn=dict(rtol=HALF_ULP), fma=dict(rtol=HALF_ULP, atol=1e-37),
                         erf=dict(rtol=2 ** -20, atol=2 ** -26), sqrt_sub=dict(rtol=2 ** -22),
                         rsqrt_sub=dict(rtol=2 ** -21)),
                probe=["sqrt_sub", "rsqrt_sub"], **kw)


SPECS = [
    _spec("n4096", 4096, 1024),
    _spec("n100", 100, 128),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    t = {"x": uniform((n,), -20.0, 20.0, "float32", g), "p": uniform((n,), 1e-3, 1e3, "float32", g),
         "q": uniform((n,), 0.5, 8.0, "float32", g) * torch.where(torch.rand(n, generator=g) < 0.5, -1.0, 1.0),
         "sub": uniform((n,), 2.0 ** -149, 2.0 ** -127, "float32", g)}
    for o in OUTS:
        t[o] = torch.full((n,), float("nan"))
    return t


def reference(spec, t):
    x, p, q, sub = (t[k].double() for k in ("x", "p", "q", "sub"))
    ex, e2 = torch.exp(x), torch.exp2(x)
    lg, l2 = torch.log(p), torch.log2(p)
    ln2 = torch.log(torch.tensor(2.0, dtype=torch.float64))
    # exp(x) = ex2(x * log2 e): the rounding of the product (|x log2 e| * 2^-24 in the exponent)
    # and ex2.approx's own 2 ulp; log(p) = lg2(p) * ln 2: lg2.approx has an absolute error of
    # about 2^-22 near 1; sin/cos.approx, absolute 2^-20 in [-pi, pi], more outside.
    out = {
        "exp": {"value": ex, "atol": ex * (2.0 ** -22 + (x * (1 / ln2)).abs() * 2.0 ** -23)},
        "exp2": {"value": e2, "atol": e2 * 2.0 ** -22},
        "log": {"value": lg, "atol": 2.0 ** -21 + lg.abs() * 2.0 ** -22},
        "log2": {"value": l2, "atol": 2.0 ** -21 + l2.abs() * 2.0 ** -22},
        "sin": {"value": torch.sin(x), "atol": 2.0 ** -19 * (1 + x.abs())},
        "cos": {"value": torch.cos(x), "atol": 2.0 ** -19 * (1 + x.abs())},
        "sqrt": torch.sqrt(p), "rsqrt": torch.rsqrt(p), "div": x / q, "sqrt_rn": torch.sqrt(p),
        "div_rn": x / q, "fma": x * q + p, "erf": torch.erf(x), "sqrt_sub": torch.sqrt(sub),
        "rsqrt_sub": torch.rsqrt(sub)}
    return out


def launch(spec, t):
    run(math_kernel, spec["grid"], *[t[k] for k in ["x", "p", "q", "sub"] + OUTS], spec["scalars"]["n"], **opts(spec))
