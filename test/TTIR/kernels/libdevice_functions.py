"""Tutorial 07 (libdevice): y = asin(x) through triton.language.extra.libdevice
(a tt.extern_elementwise op naming __nv_asinf / __nv_asin in the TTIR), in
f32 and f64, and a second kernel calling several other libdevice functions
(tanh, pow, atan2, log1p, expm1, cbrt), each a tt.extern_elementwise."""

import torch
import triton
import triton.language as tl
from triton.language.extra import libdevice

from _common import generator, opts, run, uniform


@triton.jit
def asin_kernel(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside)
    tl.store(y_ptr + idx, libdevice.asin(x), mask=inside)


@triton.jit
def several_kernel(x_ptr, w_ptr, tanh_ptr, pow_ptr, atan2_ptr, log1p_ptr, expm1_ptr, cbrt_ptr, n,
                   BLOCK: tl.constexpr):
    idx = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    inside = idx < n
    x = tl.load(x_ptr + idx, mask=inside, other=0.5)
    w = tl.load(w_ptr + idx, mask=inside, other=1.0)
    tl.store(tanh_ptr + idx, libdevice.tanh(x), mask=inside)
    tl.store(pow_ptr + idx, libdevice.pow(w, x), mask=inside)
    tl.store(atan2_ptr + idx, libdevice.atan2(x, w), mask=inside)
    tl.store(log1p_ptr + idx, libdevice.log1p(w), mask=inside)
    tl.store(expm1_ptr + idx, libdevice.expm1(x), mask=inside)
    tl.store(cbrt_ptr + idx, libdevice.cbrt(x), mask=inside)


SEVERAL = ["tanh", "pow", "atan2", "log1p", "expm1", "cbrt"]


def _asin(name, n, dtype, **kw):
    rt = 1e-6 if dtype == "float32" else 1e-14
    return dict(name=name, kernel="asin", grid=(triton.cdiv(n, 512),), constexprs=dict(BLOCK=512), num_warps=4,
                num_stages=3, scalars=dict(n=n), shapes=dict(x=(n,), y=(n,)), dtypes=dict(x=dtype, y=dtype),
                outputs=["y"], tol=dict(y=dict(rtol=rt, atol=1e-300)), **kw)


SPECS = [
    _asin("asin_f32_n5000", 5000, "float32"),
    _asin("asin_f64_n777", 777, "float64"),
    dict(name="several_f32_n3000", kernel="several", grid=(3,), constexprs=dict(BLOCK=1024), num_warps=4,
         num_stages=3, scalars=dict(n=3000), shapes=dict(x=(3000,), w=(3000,)),
         dtypes=dict(x="float32", w="float32"), outputs=[f + "_out" for f in SEVERAL],
         tol={f + "_out": dict(rtol=2e-6, atol=1e-30) for f in SEVERAL}),
    _asin("bench_asin_f32_n2p24", 1 << 24, "float32", bench=True, bytes=8 * (1 << 24)),
]


def make_inputs(spec, seed):
    g = generator(seed)
    n = spec["scalars"]["n"]
    if spec["kernel"] == "asin":
        dt = spec["dtypes"]["x"]
        return {"x": uniform((n,), -1.0, 1.0, dt, g), "y": torch.full((n,), float("nan")).to(getattr(torch, dt))}
    t = {"x": uniform((n,), -3.0, 3.0, "float32", g), "w": uniform((n,), 0.25, 4.0, "float32", g)}
    for f in SEVERAL:
        t[f + "_out"] = torch.full((n,), float("nan"))
    return t


def reference(spec, t):
    if spec["kernel"] == "asin":
        return {"y": torch.asin(t["x"].double())}
    x, w = t["x"].double(), t["w"].double()
    return {"tanh_out": torch.tanh(x), "pow_out": torch.pow(w, x), "atan2_out": torch.atan2(x, w),
            "log1p_out": torch.log1p(w), "expm1_out": torch.expm1(x), "cbrt_out": torch.sign(x) * x.abs() ** (1 / 3)}


def launch(spec, t):
    n = spec["scalars"]["n"]
    if spec["kernel"] == "asin":
        run(asin_kernel, spec["grid"], t["x"], t["y"], n, **opts(spec))
    else:
        run(several_kernel, spec["grid"], t["x"], t["w"], *[t[f + "_out"] for f in SEVERAL], n, **opts(spec))
