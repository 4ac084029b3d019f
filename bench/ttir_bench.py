"""GPU benchmark of the Triton import: every benchmark entry of the TTIR
corpus (test/TTIR/corpus, spec "bench"), compiled from Triton's own TTIR by
this project, side by side with Triton 3.6 running the same Python kernel, on
the same inputs, sizes and launch options, in one process.

    ttir_bench.py --artifacts DIR [--corpus DIR] [-k SUBSTRING] [--json OUT]

DIR holds what `test/TTIR/run_corpus.py --target nvidia --compile-only
--artifacts DIR` writes here (NAME.tile). The inputs come from the kernel
file's make_inputs with the corpus's seed, the arguments of our launch from
the entry's argument table (which Python argument is which TTIR argument),
the grid from the entry. Before timing, our outputs are checked against
Triton's (the entry's tolerance) or, for outputs whose bound is per element
(products), against the float64 reference within that bound. Both are timed with
triton.testing.do_bench (median, 50 ms warm-up, 200 ms of repeats) as in
bench/h200_bench.py, whose driver-API launcher this uses. Prints GB/s (or
TFLOP/s) and our ratio to Triton; entries that cannot run here (not compiled
for the target, several kernels) are listed with the reason."""

import argparse
import importlib.util
import json
import pathlib
import sys

import torch

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "test/TTIR/kernels"))

import h200_bench  # noqa: E402
from h200_bench import Driver, Kernel, bench  # noqa: E402
import _common  # noqa: E402


def load_module(path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def device_inputs(module, spec, side):
    inputs = module.make_inputs(spec, side["seed"])
    dev = {k: (v.cuda() if isinstance(v, torch.Tensor) else v) for k, v in inputs.items()}
    for table, members in spec.get("address_tables", {}).items():
        dev[table] = torch.tensor([dev[m].data_ptr() for m in members],
                                  dtype=torch.int64, device="cuda")
    return dev


def our_arguments(kernel, dev):
    args = []
    for row in sorted((a for a in kernel["arguments"] if a.get("ttir_index") is not None),
                      key=lambda a: a["ttir_index"]):
        value = row["value"]
        if value["kind"] == "buffer":
            args.append(dev[value["buffer"]].data_ptr() + value.get("offset_bytes", 0))
        elif value["kind"] == "scalar":
            v = value["value"]
            args.append(int(v) if isinstance(v, bool) else v)
        else:
            raise ValueError(f"argument {row['name']}: {value['kind']} values are not launched here")
    return args


def compare(got, want, atol=0.0, rtol=0.0):
    got, want = got.double(), want.double()
    ok = ((got - want).abs() <= atol + rtol * want.abs()) | (got == want) | \
        (torch.isnan(got) & torch.isnan(want))
    return int(ok.numel() - ok.sum().item())


def mismatches(module, spec, side, ours, triton_out):
    """Per output, the elements of ours outside the entry's tolerance of
    Triton's output or, where the entry's bound is per element (products),
    outside that bound of the float64 reference."""
    result, reference = {}, None
    for o in spec.get("outputs", []):
        tol = spec.get("tol", {}).get(o)
        if tol is not None:
            result[o] = compare(ours[o], triton_out[o], tol.get("atol", 0.0), tol.get("rtol", 0.0))
            continue
        if reference is None:
            # The kernel files compute references from host tensors.
            host = {k: (v.cpu() if isinstance(v, torch.Tensor) else v)
                    for k, v in device_inputs(module, spec, side).items()}
            reference = module.reference(spec, host)
        ref = reference[o]
        if isinstance(ref, dict):
            result[o] = compare(ours[o].cpu(), ref["value"], ref.get("atol", 0.0), ref.get("rtol", 0.0))
        else:
            result[o] = compare(ours[o], triton_out[o])
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--artifacts", required=True)
    ap.add_argument("--corpus", default=str(ROOT / "test/TTIR/corpus"))
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("--json")
    args = ap.parse_args()
    corpus, artifacts = pathlib.Path(args.corpus), pathlib.Path(args.artifacts)
    _common.RECORDING[0] = False
    torch.zeros(1, device="cuda")  # the primary context, current for the driver calls
    h200_bench.DRIVER = Driver(hip=False)
    props = torch.cuda.get_device_properties(0)
    import triton
    print(f"device {props.name}, {props.multi_processor_count} SMs, torch {torch.__version__}, "
          f"triton {triton.__version__}")
    rows, failed = [], False
    for path in sorted(corpus.glob("*.json")):
        if path.name == "MANIFEST.json":
            continue
        side = json.loads(path.read_text())
        name = side["name"]
        if side.get("mode") != "bench" or (args.k and not any(k in name for k in args.k)):
            continue
        row = {"name": name}
        rows.append(row)
        artifact = artifacts / f"{name}.tile"
        if len(side["kernels"]) != 1:
            row["skipped"] = f"{len(side['kernels'])} kernels"
        elif not artifact.exists():
            row["skipped"] = "not compiled (a known gap of the target: run_corpus.py)"
        if "skipped" in row:
            print(f"{name:<48} skipped: {row['skipped']}")
            continue
        kernel = side["kernels"][0]
        module = load_module(ROOT / side["kernel_file"])
        spec = next(s for s in module.SPECS if s["name"] == side["spec"]["name"])
        ours = Kernel(artifact, kernel["kernel"])
        triton_dev = device_inputs(module, spec, side)
        our_dev = device_inputs(module, spec, side)
        grid = kernel["grid"]
        our_args = our_arguments(kernel, our_dev)

        def run_triton():
            module.launch(spec, triton_dev)

        def run_ours():
            ours(grid, *our_args)

        run_triton()
        run_ours()
        torch.cuda.synchronize()
        row["mismatches"] = mismatches(module, spec, side, our_dev, triton_dev)
        if any(row["mismatches"].values()):
            failed = True
            print(f"{name:<48} FAIL: elements outside the tolerance: {row['mismatches']}")
            continue
        t_triton, t_ours = bench(run_triton), bench(run_ours)
        unit, amount = ("TFLOP/s", spec["flops"] / 1e12) if spec.get("flops") else \
            ("GB/s", spec.get("bytes", 0) / 1e9)
        row.update(unit=unit, ours_ms=t_ours, triton_ms=t_triton, ratio=t_triton / t_ours)
        if amount:
            row.update(ours=amount / (t_ours * 1e-3), triton=amount / (t_triton * 1e-3))
            rate = f"ours {row['ours']:8.1f}  triton {row['triton']:8.1f} {unit:<8}"
        else:
            rate = f"ours {t_ours:8.4f}  triton {t_triton:8.4f} ms      "
        print(f"{name:<48} {rate} | {row['ratio']:5.2f}x triton")
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(rows, indent=1) + "\n")
    timed = [r for r in rows if "ratio" in r]
    print(f"ttir-bench: {len(timed)} timed, {sum(r['ratio'] >= 0.9 for r in timed)} at >= 0.9x Triton, "
          f"{sum('skipped' in r for r in rows)} skipped, {sum(any(r.get('mismatches', {}).values()) for r in rows)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
