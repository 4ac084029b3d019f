#!/usr/bin/env python3
"""Regenerates the Triton TTIR corpus (test/TTIR/corpus/) from the kernels of
test/TTIR/kernels/*.py. Runs on a machine with Triton 3.6, torch and a CUDA
GPU (the H200 of scripts/h200.sh); needs no network.

    python3 test/TTIR/generate_corpus.py [--out DIR] [-k SUBSTRING ...]
        [--seed N] [--no-bench] [--no-amd] [--no-isolate] [--timeout S]
        [--launch-ttir-only] [--no-time-small] [--keep-cache] [--check-bench]
        [--list]

For every kernel file and every entry of its SPECS it launches the kernel(s)
with Triton and writes, under DIR (default test/TTIR/corpus), for the entry
NAME = <file>.<spec>:

  NAME.ttir            kernel.asm["ttir"], loc(...) paths made relative to
                       the repository (Triton's own files as <triton>/...);
                       NAME.<kernel>.ttir when the entry launches several
                       kernels
  NAME.source.ttir     the TTIR before Triton's make_ttir passes (helpers not
                       yet inlined, block pointers not yet rewritten), when
                       Triton keeps it (asm["source"])
  NAME.amd.ttir        the TTIR Triton makes for GPUTarget("hip", "gfx942",
                       64) without an AMD device, or the reason in NAME.json
  NAME.json            the sidecar: Triton/torch/CUDA versions, device,
                       num_warps, num_stages, enable_fp_fusion and the other
                       options, constexprs, the signature and the
                       specialization attributes from the compiled kernel,
                       the argument order (which Python argument is which
                       TTIR argument, which were specialized away), the grid,
                       the buffers and their dtypes, the tolerances, the
                       check against the reference, the timing
  NAME.inputs.npz      every buffer before the launch
  NAME.triton.npz      the output buffers after Triton's launch
  NAME.reference.npz   the float64 reference of the outputs (its bound too,
                       where the reference gives one)

Benchmark entries (spec "bench": True) are timed with
triton.testing.do_bench (median) and write no .npz; the other launched
entries are timed too, at their small sizes (--no-time-small skips that). Entries with
"mode": "ttir-only" are compiled to TTIR for this GPU without a launch (the
op has no lowering on it); they get inputs and the reference but no Triton
outputs, and are listed as such.

Each kernel file runs in its own process (a crash, a CUDA fault or a hang is
that file's failure, with --timeout). Every failure is reported at the end,
and the exit status is 1 if any entry failed; nothing is skipped silently.
MANIFEST.json lists every entry with its status. Without -k the output
folder's previous *.ttir, *.json and *.npz are removed first, so the command
regenerates the whole corpus."""

import argparse
import dataclasses
import datetime
import importlib.util
import inspect
import json
import math
import os
import pathlib
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
KERNELS = HERE / "kernels"
DEFAULT_OUT = HERE / "corpus"


# ----------------------------------------------------------------- utils ---

def jsonable(x, depth=0):
    """A JSON-serializable copy of x (tuples to lists, dataclasses and
    namedtuples to dicts, dtypes and other objects to strings)."""
    if depth > 20:
        return str(x)
    if x is None or isinstance(x, (bool, int, str)):
        return x
    if isinstance(x, float):
        return x if math.isfinite(x) else str(x)
    if hasattr(x, "_asdict"):
        return {str(k): jsonable(v, depth + 1) for k, v in x._asdict().items()}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return {f.name: jsonable(getattr(x, f.name), depth + 1) for f in dataclasses.fields(x)}
    if isinstance(x, dict):
        return {(k if isinstance(k, str) else str(list(k) if isinstance(k, tuple) else k)):
                jsonable(v, depth + 1) for k, v in x.items()}
    if isinstance(x, (list, tuple, set, frozenset)):
        return [jsonable(v, depth + 1) for v in x]
    if hasattr(x, "value") and type(x).__name__ == "constexpr":
        return jsonable(x.value, depth + 1)
    return str(x)


def rewrite_loc_paths(text, triton_dir, notes):
    """Make the file names in loc("FILE":L:C) machine-independent: paths in
    the repository become relative to it, paths in the Triton package
    <triton>/..., any other absolute path <external>/BASENAME (noted)."""
    roots = []
    for root, prefix in ((REPO, ""), (triton_dir, "<triton>/")):
        if root is None:
            continue
        roots.append((str(root), prefix))
        try:
            resolved = str(pathlib.Path(root).resolve())
            if resolved != str(root):
                roots.append((resolved, prefix))
        except OSError:
            pass

    def repl(m):
        path = m.group(1)
        candidates = [path]
        try:
            candidates.append(str(pathlib.Path(path).resolve()))
        except OSError:
            pass
        for cand in candidates:
            for root, prefix in roots:
                if cand == root or cand.startswith(root.rstrip("/") + "/"):
                    return '"' + prefix + cand[len(root.rstrip("/")) + 1:] + '":'
        notes.add(path)
        return '"<external>/' + pathlib.PurePosixPath(path).name + '":'

    return re.sub(r'"(/[^"\n]*)":(?=\d)', repl, text)


def ttir_func_args(text):
    """(kernel name, number of arguments) of the first public tt.func, by a
    bracket-balanced scan of its header; (None, None) if there is none."""
    m = re.search(r"tt\.func\s+public\s+@([\w$.]+)\s*\(", text)
    if not m:
        return None, None
    i, count, seen = m.end(), 0, False
    closers = {"(": ")", "[": "]", "{": "}", "<": ">"}
    stack = ["("]
    while i < len(text) and stack:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            seen = True
            continue
        if c == "-" and text[i:i + 2] == "->":
            i += 2
            continue
        if c in closers:
            stack.append(c)
        elif stack and c == closers[stack[-1]]:
            stack.pop()
        elif c == "," and len(stack) == 1:
            count += 1
        elif not c.isspace() and len(stack) == 1:
            seen = True
        i += 1
    return m.group(1), (count + 1 if seen else 0)


# --------------------------------------------------------- the worker ---

class Worker:
    def __init__(self, args):
        self.args = args
        self.out = pathlib.Path(args.out)
        import numpy as np
        import torch
        import triton
        import triton.testing  # noqa: F401 - do_bench
        self.np, self.torch, self.triton = np, torch, triton
        sys.path.insert(0, str(KERNELS))
        import _common
        self.common = _common
        self.triton_dir = pathlib.Path(triton.__file__).resolve().parent
        self.device = torch.device("cuda")
        props = torch.cuda.get_device_properties(0)
        self.env = {
            "triton_version": triton.__version__,
            "torch_version": torch.__version__,
            "cuda_version": torch.version.cuda,
            "device": props.name,
            "capability": list(torch.cuda.get_device_capability(0)),
            "multiprocessors": props.multi_processor_count,
            "python": platform.python_version(),
            "generated_utc": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "git_commit": git_commit(),
            "triton_env": {k: v for k, v in os.environ.items()
                           if k.startswith(("TRITON_", "MLIR_")) and k != "TRITON_CACHE_DIR"},
        }

    # -- buffers ---------------------------------------------------------

    def to_numpy(self, t):
        torch = self.torch
        t = t.detach().cpu().contiguous()
        dtype = str(t.dtype).replace("torch.", "")
        if t.dtype == torch.bfloat16:
            return t.view(torch.int16).numpy().view(self.np.uint16), dtype, "uint16"
        if t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2) or "float8" in dtype:
            return t.view(torch.uint8).numpy(), dtype, "uint8"
        return t.numpy(), dtype, str(t.numpy().dtype)

    def save_npz(self, path, tensors):
        arrays, info = {}, {}
        for name, t in tensors.items():
            if not isinstance(t, self.torch.Tensor):
                continue
            arr, dtype, stored = self.to_numpy(t)
            arrays[name] = arr
            info[name] = {"dtype": dtype, "stored_as": stored, "shape": list(t.shape)}
        self.np.savez_compressed(path, **arrays)
        return info

    # -- comparison --------------------------------------------------------

    def compare(self, name, got, ref, tol):
        """Compare one output with its reference. `ref` is a tensor, a dict
        {"value": tensor, "atol": float|tensor, "rtol": float} or a callable
        check(got) -> (ok, message). Returns a dict of statistics."""
        torch = self.torch
        got = got.detach().cpu()
        if callable(ref):
            ok, msg = ref(got)
            return {"ok": bool(ok), "check": "custom", "message": str(msg)}
        rtol, atol, nan_dont_care = 0.0, 0.0, False
        if isinstance(tol, dict):
            rtol = float(tol.get("rtol", 0.0))
            atol = tol.get("atol", 0.0)
            nan_dont_care = bool(tol.get("nan_dont_care", False))
        if isinstance(ref, dict):
            value = ref["value"]
            if "atol" in ref:
                atol = ref["atol"]
            if "rtol" in ref:
                rtol = float(ref["rtol"])
        else:
            value = ref
        if got.dtype.is_floating_point or value.dtype.is_floating_point:
            g = got.to(torch.float64)
            r = value.to(torch.float64).cpu()
        else:
            g = got.to(torch.int64)
            r = value.to(torch.int64).cpu()
        if g.shape != r.shape:
            try:
                r = r.reshape(g.shape)
            except RuntimeError:
                return {"ok": False, "message": f"shape {list(g.shape)} vs reference {list(r.shape)}"}
        if isinstance(atol, torch.Tensor):
            atol = atol.to(torch.float64).cpu().reshape(g.shape)
        if g.dtype == torch.float64:
            rn, gn = torch.isnan(r), torch.isnan(g)
            diff = (g - r).abs()
            bound = atol + rtol * r.abs()
            close = (diff <= bound) | (g == r)          # g == r covers equal infinities
            close = close & ~rn & ~gn
            if nan_dont_care:
                close = close | rn
            else:
                close = close | (rn & gn)
            finite = torch.isfinite(diff) & ~rn
            max_abs = float(diff[finite].max()) if finite.any() else 0.0
            rel = diff / r.abs().clamp_min(1e-300)
            max_rel = float(rel[finite].max()) if finite.any() else 0.0
        else:
            close = g == r
            diff = (g - r).abs()
            max_abs = float(diff.max()) if diff.numel() else 0.0
            max_rel = None
        bad = (~close).nonzero()
        stats = {"ok": bool(bad.shape[0] == 0), "elements": int(g.numel()),
                 "mismatches": int(bad.shape[0]), "max_abs_err": max_abs,
                 "max_rel_err": max_rel,
                 "tolerance": {"rtol": rtol, "atol": "per-element" if isinstance(atol, torch.Tensor) else atol}}
        if bad.shape[0]:
            first = [tuple(int(v) for v in row) for row in bad[:5]]
            stats["first_mismatches"] = [
                {"index": list(ix), "got": float(g[ix]) if g.dtype == torch.float64 else int(g[ix]),
                 "reference": float(r[ix]) if r.dtype == torch.float64 else int(r[ix])} for ix in first]
        return stats

    # -- specialization ----------------------------------------------------

    def bind_params(self, fn, args, kwargs):
        params = inspect.signature(fn.fn).parameters
        call_kwargs = {k: v for k, v in kwargs.items() if k in params}
        bound = inspect.signature(fn.fn).bind(*args, **call_kwargs)
        bound.apply_defaults()
        return bound.arguments

    def describe_value(self, v, buffers):
        torch = self.torch
        if isinstance(v, torch.Tensor):
            ptr = v.data_ptr()
            for name, b in buffers.items():
                if not isinstance(b, torch.Tensor):
                    continue
                lo = b.data_ptr()
                if v is b or lo <= ptr < lo + max(1, b.numel() * b.element_size()):
                    return {"kind": "buffer", "buffer": name, "offset_bytes": ptr - lo,
                            "dtype": str(v.dtype).replace("torch.", ""), "shape": list(v.shape),
                            "strides": list(v.stride())}
            return {"kind": "buffer", "buffer": None, "dtype": str(v.dtype), "shape": list(v.shape)}
        if type(v).__name__ == "TensorDescriptor" and hasattr(v, "base"):
            d = self.describe_value(v.base, buffers)
            return {"kind": "tensordesc", "buffer": d.get("buffer"), "offset_bytes": d.get("offset_bytes"),
                    "dtype": d.get("dtype"), "shape": jsonable(list(v.shape)),
                    "strides": jsonable(list(v.strides)), "block_shape": jsonable(list(v.block_shape)),
                    "padding": jsonable(getattr(v, "padding", "zero"))}
        if isinstance(v, (bool, int, float)) or v is None:
            return {"kind": "scalar", "value": jsonable(v)}
        return {"kind": "other", "value": jsonable(v)}

    def arg_table(self, fn, bound, signature, constants, attrs, buffers):
        """One row per Python parameter, in order: its TTIR argument index
        (None when Triton specialized it away as a constexpr)."""
        rows, index = [], 0
        names = list(bound.keys())
        for i, name in enumerate(names):
            sig = signature.get(name) if isinstance(signature, dict) else None
            row = {"position": i, "name": name, "signature": jsonable(sig),
                   "value": self.describe_value(bound[name], buffers)}
            key = (i,)
            if sig == "constexpr":
                row["ttir_index"] = None
                row["constexpr"] = jsonable(constants.get(key, bound[name]))
            else:
                row["ttir_index"] = index
                index += 1
                if row["value"].get("kind") == "tensordesc":
                    # Triton 3.6 passes a host TensorDescriptor as the
                    # descriptor, its extents (i32) and its strides (i64).
                    index += 2 * len(row["value"]["shape"])
                if key in attrs:
                    row["attrs"] = jsonable(attrs[key])
            rows.append(row)
        return rows, index

    def specialize(self, fn, args, kwargs):
        """Triton's specialization of a launch, without launching (internal
        API of the JIT in Triton 3.5/3.6)."""
        from triton.runtime.driver import driver
        device = driver.active.get_current_device()
        _, _, target, backend, binder = fn.device_caches[device]
        bound_args, specialization, options = binder(*args, **kwargs)
        options, signature, constexprs, attrs = fn._pack_args(backend, kwargs, bound_args, specialization, options)
        return target, options, signature, constexprs, attrs

    def ttir_for_target(self, fn, signature, constants, attrs, target, opts):
        """The TTIR stage for `target`, run stage by stage so that no later
        stage (or device) is needed; falls back to a full triton.compile."""
        import triton
        from triton.compiler import ASTSource
        from triton.compiler.compiler import make_backend
        from triton._C.libtriton import ir
        src = ASTSource(fn=fn, signature=dict(signature), constexprs=dict(constants), attrs=dict(attrs))
        errors = []
        try:
            backend = make_backend(target)
            options = backend.parse_options(dict(opts))
            context = ir.context()
            ir.load_dialects(context)
            backend.load_dialects(context)
            codegen_fns = backend.get_codegen_implementation(options)
            module_map = backend.get_module_map()
            if "target" in inspect.signature(src.make_ir).parameters:
                module = src.make_ir(target, options, codegen_fns, module_map, context)
            else:
                module = src.make_ir(options, codegen_fns, module_map, context)
            stages = {}
            if len(inspect.signature(backend.add_stages).parameters) >= 3:
                backend.add_stages(stages, options, src.language)
            else:
                backend.add_stages(stages, options)
            metadata = {"hash": "corpus", "target": target, **options.__dict__}
            module = stages["ttir"](module, metadata)
            return str(module), jsonable(options.__dict__)
        except Exception as e:  # noqa: BLE001 - reported
            errors.append("stage-wise: " + "".join(traceback.format_exception_only(type(e), e)).strip())
        try:
            compiled = triton.compile(src, target=target, options=dict(opts))
            return compiled.asm["ttir"], jsonable(compiled.metadata._asdict())
        except Exception as e:  # noqa: BLE001 - reported
            errors.append("triton.compile: " + "".join(traceback.format_exception_only(type(e), e)).strip())
        raise RuntimeError(" | ".join(errors))

    # -- one entry ---------------------------------------------------------

    def run_entry(self, module, stem, spec, seed):
        torch, common, triton = self.torch, self.common, self.triton
        name = f"{stem}.{spec['name']}"
        side = {"name": name, "kernel_file": f"test/TTIR/kernels/{stem}.py", "spec": jsonable(spec),
                "seed": seed, **self.env}
        status, messages, files = "ok", [], []
        bench = bool(spec.get("bench"))
        mode = spec.get("mode", "launch")
        if mode == "ttir-only" and self.args.launch_ttir_only:
            mode = "launch"
        side["mode"] = "bench" if bench else mode

        inputs = module.make_inputs(spec, seed)
        if not bench:
            side["buffers"] = self.save_npz(self.out / f"{name}.inputs.npz", inputs)
            files.append(f"{name}.inputs.npz")
        else:
            side["buffers"] = {k: {"dtype": str(v.dtype).replace("torch.", ""), "shape": list(v.shape)}
                               for k, v in inputs.items() if isinstance(v, torch.Tensor)}
        dev = {k: (v.to(self.device) if isinstance(v, torch.Tensor) else v) for k, v in inputs.items()}
        tables = spec.get("address_tables", {})
        for table, members in tables.items():
            dev[table] = torch.tensor([dev[m].data_ptr() for m in members], dtype=torch.int64, device=self.device)
        if tables:
            side["address_tables"] = jsonable(tables)

        common.RECORD.clear()
        common.RECORDING[0] = True
        common.MODE[0] = "record-only" if mode == "ttir-only" else "launch"
        try:
            module.launch(spec, dev)
            torch.cuda.synchronize()
        finally:
            common.MODE[0] = "launch"
        launches = list(common.RECORD)
        common.RECORD.clear()
        if not launches:
            raise RuntimeError("launch() made no launch through _common.run()")

        kernels_json, loc_notes = [], set()
        names_used = {}
        for li, rec in enumerate(launches):
            fn, compiled = rec["fn"], rec["compiled"]
            bound = self.bind_params(fn, rec["args"], rec["kwargs"])
            if compiled is not None:
                signature = dict(compiled.src.signature)
                constants = dict(compiled.src.constants)
                attrs = dict(compiled.src.attrs)
                metadata = jsonable(compiled.metadata._asdict())
                ttir = compiled.asm["ttir"]
                source = compiled.asm.get("source")
                target = compiled.metadata.target
                kname = compiled.metadata.name
            else:
                target, options, signature, constants, attrs = self.specialize(fn, rec["args"], rec["kwargs"])
                opts = {k: v for k, v in rec["kwargs"].items() if k in options.__dict__}
                ttir, metadata = self.ttir_for_target(fn, signature, constants, attrs, target, opts)
                source = None
                kname = fn.__name__
            rows, n_ttir = self.arg_table(fn, bound, signature, constants, attrs, dev)
            suffix = "" if len(launches) == 1 else "." + kname + (f".{li}" if kname in names_used else "")
            names_used[kname] = True
            ttir_file = f"{name}{suffix}.ttir"
            (self.out / ttir_file).write_text(rewrite_loc_paths(ttir, self.triton_dir, loc_notes))
            files.append(ttir_file)
            entry = {"kernel": kname, "ttir": ttir_file, "grid": list(rec["grid"]),
                     "launch_options": jsonable({k: v for k, v in rec["kwargs"].items()
                                                 if k not in inspect.signature(fn.fn).parameters}),
                     "num_warps": metadata.get("num_warps"), "num_stages": metadata.get("num_stages"),
                     "num_ctas": metadata.get("num_ctas"), "enable_fp_fusion": metadata.get("enable_fp_fusion"),
                     "default_dot_input_precision": metadata.get("default_dot_input_precision"),
                     "signature": jsonable(signature), "constexprs": jsonable(constants),
                     "specialization_attrs": jsonable(attrs), "arguments": rows,
                     "ttir_arguments_expected": n_ttir, "metadata": metadata}
            fname, nargs = ttir_func_args(ttir)
            entry["ttir_function"], entry["ttir_arguments"] = fname, nargs
            if nargs is not None and nargs != n_ttir:
                messages.append(f"{ttir_file}: the TTIR signature has {nargs} arguments, the Python "
                                f"signature {n_ttir} non-constexpr ones (see 'arguments')")
            if source:
                src_file = f"{name}{suffix}.source.ttir"
                (self.out / src_file).write_text(rewrite_loc_paths(source, self.triton_dir, loc_notes))
                files.append(src_file)
                entry["source_ttir"] = src_file
            if not self.args.no_amd and not bench:
                entry["amd"] = self.amd_ttir(fn, signature, constants, attrs, rec["kwargs"], name + suffix,
                                             loc_notes, files)
            kernels_json.append(entry)
        side["kernels"] = kernels_json
        if loc_notes:
            side["external_loc_paths"] = sorted(loc_notes)

        outputs = spec.get("outputs", [])
        probes = set(spec.get("probe", []))
        if not bench and mode == "launch":
            got = {o: dev[o] for o in outputs}
            self.save_npz(self.out / f"{name}.triton.npz", got)
            files.append(f"{name}.triton.npz")
        if not bench or self.args.check_bench:
            ref = module.reference(spec, inputs)
            ref_arrays = {}
            for o in outputs:
                r = ref[o]
                if isinstance(r, dict):
                    ref_arrays[o] = r["value"]
                    if isinstance(r.get("atol"), torch.Tensor):
                        ref_arrays[o + ".atol"] = r["atol"]
                elif isinstance(r, torch.Tensor):
                    ref_arrays[o] = r
            if not bench:
                self.save_npz(self.out / f"{name}.reference.npz", ref_arrays)
                files.append(f"{name}.reference.npz")
            if mode == "launch":
                checks = {}
                for o in outputs:
                    if o not in ref:
                        raise KeyError(f"reference() gave no value for output {o!r}")
                    stats = self.compare(o, dev[o], ref[o], spec.get("tol", {}).get(o, "exact"))
                    stats["probe"] = o in probes
                    checks[o] = stats
                    if not stats["ok"]:
                        if o in probes:
                            if status == "ok":
                                status = "probe-diff"
                            messages.append(f"probe {o}: Triton differs from the reference "
                                            f"({stats.get('mismatches', '?')} elements): recorded, not failed")
                        else:
                            status = "fail"
                            messages.append(f"output {o}: {stats.get('mismatches', '?')} of "
                                            f"{stats.get('elements', '?')} elements outside the tolerance "
                                            f"(max abs err {stats.get('max_abs_err')}) "
                                            f"{stats.get('first_mismatches', stats.get('message', ''))}")
                side["check"] = checks
        if mode == "ttir-only":
            status = "ttir-only" if status == "ok" else status
        if bench or (mode == "launch" and not self.args.no_time_small):
            common.RECORDING[0] = False
            try:
                ms = triton.testing.do_bench(lambda: module.launch(spec, dev), warmup=self.args.bench_warmup,
                                             rep=self.args.bench_rep, return_mode="median")
            finally:
                common.RECORDING[0] = True
            timing = {"median_ms": ms, "method": "triton.testing.do_bench",
                      "warmup_ms": self.args.bench_warmup, "rep_ms": self.args.bench_rep,
                      "size": "benchmark" if bench else "small (launch overhead dominates)"}
            if spec.get("bytes"):
                timing["GB/s"] = spec["bytes"] / (ms * 1e-3) / 1e9
            if spec.get("flops"):
                timing["TFLOP/s"] = spec["flops"] / (ms * 1e-3) / 1e12
            side["timing"] = timing
        side["status"], side["messages"] = status, messages
        (self.out / f"{name}.json").write_text(json.dumps(jsonable(side), indent=1, sort_keys=True, allow_nan=False) + "\n")
        files.append(f"{name}.json")
        return {"name": name, "status": status, "messages": messages, "files": files,
                "timing": side.get("timing")}

    def amd_ttir(self, fn, signature, constants, attrs, kwargs, base, loc_notes, files):
        from triton.backends.compiler import GPUTarget
        opts = {k: kwargs[k] for k in ("num_warps", "num_stages", "enable_fp_fusion") if k in kwargs}
        try:
            text, options = self.ttir_for_target(fn, signature, constants, attrs,
                                                 GPUTarget("hip", "gfx942", 64), opts)
        except Exception as e:  # noqa: BLE001 - recorded, not a failure
            return {"ok": False, "target": "hip:gfx942 (warp 64)", "error": str(e)[:4000]}
        path = f"{base}.amd.ttir"
        (self.out / path).write_text(rewrite_loc_paths(text, self.triton_dir, loc_notes))
        files.append(path)
        return {"ok": True, "target": "hip:gfx942 (warp 64)", "ttir": path, "options": options}

    def run_file(self, path):
        stem = path.stem
        results = []
        try:
            spec_obj = importlib.util.spec_from_file_location(f"ttir_kernels_{stem}", path)
            module = importlib.util.module_from_spec(spec_obj)
            spec_obj.loader.exec_module(module)
            specs = module.SPECS
            for attr in ("make_inputs", "reference", "launch"):
                if not callable(getattr(module, attr, None)):
                    raise AttributeError(f"{path.name} defines no {attr}()")
        except Exception:  # noqa: BLE001 - reported
            return [{"name": stem, "status": "fail", "messages": [traceback.format_exc()], "files": []}]
        seen = set()
        for spec in specs:
            name = f"{stem}.{spec.get('name', '?')}"
            if self.args.k and not any(k in name for k in self.args.k):
                continue
            if name in seen:
                results.append({"name": name, "status": "fail", "messages": ["duplicate spec name"], "files": []})
                continue
            seen.add(name)
            if spec.get("bench") and self.args.no_bench:
                results.append({"name": name, "status": "not-run", "files": [],
                                "messages": ["benchmark entry, --no-bench given"]})
                continue
            t0 = time.time()
            try:
                seed = spec.get("seed", self.args.seed)
                res = self.run_entry(module, stem, spec, seed)
            except Exception:  # noqa: BLE001 - reported
                res = {"name": name, "status": "fail", "messages": [traceback.format_exc()], "files": []}
                try:
                    self.torch.cuda.synchronize()
                except Exception:  # noqa: BLE001
                    res["messages"].append("the CUDA context is unusable after this failure")
            res["seconds"] = round(time.time() - t0, 2)
            print(f"  {res['status']:<10} {name} ({res['seconds']} s)", flush=True)
            for m in res.get("messages", []):
                if res["status"] in ("fail", "probe-diff"):
                    print("      " + m.strip().replace("\n", "\n      ")[:3000], flush=True)
            results.append(res)
        return results


def git_commit():
    try:
        return subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True,
                              text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def kernel_files(only=None):
    files = sorted(p for p in KERNELS.glob("*.py") if not p.name.startswith("_"))
    if only:
        files = [p for p in files if p.stem == only or p.name == only]
    return files


def clean_output(out):
    for pattern in ("*.ttir", "*.json", "*.npz"):
        for p in out.glob(pattern):
            p.unlink()
    shutil.rmtree(out / ".results", ignore_errors=True)



def device_name():
    """The GPU the corpus is generated on, or None."""
    try:
        import torch
        return torch.cuda.get_device_name(0) if torch.cuda.is_available() else None
    except Exception:  # noqa: BLE001
        return None

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="output folder (default test/TTIR/corpus)")
    ap.add_argument("-k", action="append", default=[], help="only entries whose NAME contains this (repeatable)")
    ap.add_argument("--seed", type=int, default=0, help="input seed (a spec's own 'seed' wins)")
    ap.add_argument("--no-bench", action="store_true", help="skip the benchmark entries (listed as not-run)")
    ap.add_argument("--no-amd", action="store_true", help="do not try the AMD TTIR")
    ap.add_argument("--check-bench", action="store_true", help="also check benchmark entries against the reference")
    ap.add_argument("--bench-warmup", type=float, default=25.0, help="do_bench warmup, ms")
    ap.add_argument("--bench-rep", type=float, default=100.0, help="do_bench repetition time, ms")
    ap.add_argument("--launch-ttir-only", action="store_true", help="launch the ttir-only entries too")
    ap.add_argument("--no-time-small", action="store_true", help="time only the benchmark entries")
    ap.add_argument("--keep-cache", action="store_true", help="use the existing Triton cache instead of a fresh one")
    ap.add_argument("--no-isolate", action="store_true", help="run every kernel file in this process")
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per kernel file (isolated runs)")
    ap.add_argument("--list", action="store_true", help="list the entries and exit")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args()
    out = pathlib.Path(args.out).resolve()

    if args.list:
        sys.path.insert(0, str(KERNELS))
        for path in kernel_files():
            spec_obj = importlib.util.spec_from_file_location(f"ttir_kernels_{path.stem}", path)
            module = importlib.util.module_from_spec(spec_obj)
            spec_obj.loader.exec_module(module)
            for spec in module.SPECS:
                tags = [t for t in ("bench" if spec.get("bench") else "", spec.get("mode", "")) if t]
                print(f"{path.stem}.{spec['name']}" + (f"  [{', '.join(tags)}]" if tags else ""))
        return 0

    if args.worker:
        worker = Worker(args)
        results = worker.run_file(pathlib.Path(args.worker))
        res_dir = out / ".results"
        res_dir.mkdir(parents=True, exist_ok=True)
        (res_dir / (pathlib.Path(args.worker).stem + ".json")).write_text(json.dumps(results, indent=1))
        return 0

    out.mkdir(parents=True, exist_ok=True)
    if not args.k:
        clean_output(out)
    if not args.keep_cache:
        os.environ["TRITON_CACHE_DIR"] = tempfile.mkdtemp(prefix="ttir-corpus-cache-")
    files = kernel_files()
    print(f"{len(files)} kernel files, output {out}", flush=True)
    all_results, failures = [], []
    t_start = time.time()
    worker = None
    for path in files:
        print(f"{path.name}", flush=True)
        if args.no_isolate:
            if worker is None:
                worker = Worker(args)
            results = worker.run_file(path)
        else:
            cmd = [sys.executable, str(pathlib.Path(__file__).resolve()), "--worker", str(path), "--out", str(out),
                   "--seed", str(args.seed), "--bench-warmup", str(args.bench_warmup),
                   "--bench-rep", str(args.bench_rep)]
            for flag in ("no_bench", "no_amd", "check_bench", "launch_ttir_only", "no_time_small"):
                if getattr(args, flag):
                    cmd.append("--" + flag.replace("_", "-"))
            for k in args.k:
                cmd += ["-k", k]
            res_file = out / ".results" / (path.stem + ".json")
            if res_file.exists():
                res_file.unlink()
            try:
                proc = subprocess.run(cmd, timeout=args.timeout)
                rc = proc.returncode
            except subprocess.TimeoutExpired:
                rc = "timeout"
            if res_file.exists():
                results = json.loads(res_file.read_text())
                if rc != 0:
                    results.append({"name": path.stem, "status": "fail", "files": [],
                                    "messages": [f"worker exited with {rc} after writing its results"]})
            else:
                results = [{"name": path.stem, "status": "fail", "files": [],
                            "messages": [f"the worker for {path.name} died ({rc}) before it wrote results: "
                                         "a crash, a CUDA fault or a timeout; run it with --no-isolate -k "
                                         f"{path.stem} to see it"]}]
                print(f"  fail       {path.stem}: worker {rc}", flush=True)
        for r in results:
            all_results.append(r)
            if r["status"] == "fail":
                failures.append(r)
    shutil.rmtree(out / ".results", ignore_errors=True)

    # With -k the other entries' files stay, so their manifest entries stay too.
    entries = list(all_results)
    manifest_path = out / "MANIFEST.json"
    if args.k and manifest_path.exists():
        rerun = {r["name"] for r in all_results}
        previous = json.loads(manifest_path.read_text())
        kept = [e for e in previous.get("entries", [])
                if e["name"] not in rerun and not any(k in e["name"] for k in args.k)]
        # Entries made on another device say which (the header names this one).
        here = device_name()
        if previous.get("device") != here:
            for e in kept:
                e.setdefault("device", previous.get("device"))
            for e in entries:
                e["device"] = here
        entries = sorted(kept + entries, key=lambda e: e["name"])
    counts = {}
    for r in entries:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    manifest = {"generated_by": "test/TTIR/generate_corpus.py", "seconds": round(time.time() - t_start, 1),
                "counts": counts, "entries": entries}
    try:
        import torch
        import triton
        manifest.update({"triton_version": triton.__version__, "torch_version": torch.__version__,
                         "device": device_name()})
    except Exception:  # noqa: BLE001
        pass
    manifest_path.write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")

    print("\nsummary: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    for r in all_results:
        if r["status"] in ("probe-diff", "ttir-only", "not-run"):
            print(f"  {r['status']:<10} {r['name']}")
    if failures:
        print(f"\n{len(failures)} FAILED:")
        for r in failures:
            print(f"  {r['name']}")
            for m in r.get("messages", []):
                print("      " + m.strip().replace("\n", "\n      ")[:3000])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
