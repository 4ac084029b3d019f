#!/usr/bin/env python3
"""Imports every entry of the TTIR corpus (test/TTIR/corpus, written by
generate_corpus.py on the H200), compiles it for a target, runs it with
tile-run on the recorded inputs, and compares each output with the float64
reference and with Triton's own recorded output.

    run_corpus.py --bin build/bin [--corpus DIR] [--target cpu] [-k SUBSTR]
                  [--compile-only] [--artifacts DIR] [--json FILE] [--source]
    run_corpus.py --bin build-rt/bin --precompiled DIR --device cuda   # the H200

--source imports each entry's front-end module (NAME.source.ttir) in place
of its TTIR. --artifacts DIR keeps the compiled artifacts (NAME.tile); on a machine
without the compiler, --precompiled DIR launches those instead of
compiling, on --device (tile-run's backend).

An entry passes when every output is within the tolerance the corpus
recorded for Triton (`check.OUT.tolerance`: |got - ref| <= atol + rtol *
|ref|, or the per-element bound `OUT.atol` of the reference file) of the
reference. Outputs the corpus marks as probes (where Triton departs from
the reference on purpose, docs/TTIR.md) are reported, matched against both
the reference and Triton, and never fail. Entries the importer refuses by
design (docs/TTIR.md: ops with no tile meaning yet) are listed as REFUSED
with their located error, and must stay exactly those of EXPECTED_REFUSALS;
any other failure to import, compile or match is FAIL. Benchmark entries
(no inputs recorded) are compiled only, and so are entries whose kernels
reach buffers through tables of raw device addresses (grouped GEMM), which
tile-run cannot lay out: both are COMPILED, never PASS. Outputs whose corpus check is a
custom Python function (atomics whose winner varies) are not checked here:
such an entry is UNCHECKED, not PASS. Exit status 1 on any FAIL.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "test/Conformance/Inputs"))
from values import f8_values  # noqa: E402  (the conformance suite's f8 decoder)

# Entries the importer refuses, with the reason's key phrase: each is an op
# docs/TTIR.md lists as not imported yet. A refusal elsewhere, or one of
# these importing, fails the run (update the list with the importer).
EXPECTED_REFUSALS = {}

# Entries that import but that a target cannot compile yet: gaps of the
# target, not of the importer, each with the reason its error names. KNOWN,
# never PASS; one that compiles fails the run until it is removed here.
KNOWN_GAPS = {
    "nvidia": {},
}

# numpy dtype of the stored array -> tile-run's buffer type.
BUFFER_TYPES = {
    "float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
    "float8_e4m3fn": "f8e4m3", "float8_e5m2": "f8e5m2", "int8": "i8",
    "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8",
    "bool": "u8",
}
# Triton's scalar signature -> tile-run's scalar type.
SCALAR_TYPES = {"i1": "i1", "u1": "i1", "i8": "i8", "i16": "i16", "i32": "i32",
                "u32": "i32", "i64": "i64", "u64": "i64", "fp16": "f16",
                "bf16": "bf16", "fp32": "f32", "fp64": "f64"}


def f8_table(exp_bits, man_bits, finite_only):
    """The value of each of the 256 codes of an f8 format, from the
    conformance suite's table of its non-negative codes (NaN where that has
    none, and the infinities of a format that has them)."""
    table = np.full(256, np.nan)
    for code, value in f8_values(exp_bits, man_bits, finite_only).items():
        table[code], table[code | 0x80] = value, -value
    if not finite_only:
        inf = ((1 << exp_bits) - 1) << man_bits
        table[inf], table[inf | 0x80] = np.inf, -np.inf
    return table


F8_TABLES = {"float8_e4m3fn": f8_table(4, 3, True), "float8_e5m2": f8_table(5, 2, False)}


def decode(array, dtype):
    """The float64 (or int64) values of a stored array."""
    if dtype == "bfloat16":
        return (array.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if dtype in F8_TABLES:
        return F8_TABLES[dtype][array]
    if np.issubdtype(array.dtype, np.integer) or dtype == "bool":
        return array.astype(np.int64)
    return array.astype(np.float64)


def compare(got, ref, atol, rtol):
    """Elements outside |got - ref| <= atol + rtol*|ref| (NaN matches NaN)."""
    both_nan = np.isnan(got) & np.isnan(ref) if got.dtype.kind == "f" else False
    with np.errstate(invalid="ignore"):
        ok = (np.abs(got - ref) <= atol + rtol * np.abs(ref)) | both_nan | (got == ref)
    return int(np.size(ok) - np.count_nonzero(ok))


class Runner:
    def __init__(self, args):
        self.args = args
        self.bin = pathlib.Path(args.bin)
        self.corpus = pathlib.Path(args.corpus)
        self.work = pathlib.Path(tempfile.mkdtemp(prefix="ttir-corpus-"))
        self.artifacts = pathlib.Path(args.precompiled or args.artifacts or self.work)
        self.artifacts.mkdir(parents=True, exist_ok=True)
        self.results = []
        self.ttir_key = "source_ttir" if args.source else "ttir"

    def compile(self, ttir, out, metadata):
        # The imported module prints and parses again (round trip), then the
        # TTIR compiles directly, with the sidecar's launch options.
        imported = self.work / (out.stem + ".mlir")
        for cmd in ([str(self.bin / "tile-opt"), "--convert-ttir-to-tile", str(ttir), "-o", str(imported)],
                    [str(self.bin / "tile-opt"), str(imported), "-o", os.devnull],
                    [str(self.bin / "tile-compile"), f"--target={self.args.target}", f"--emit={self.args.emit}",
                     f"--ttir-metadata={metadata}", str(ttir), "-o", str(out)]):
            proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
            if proc.returncode != 0:
                break
        message = next((line for line in proc.stderr.splitlines() if "error" in line), proc.stderr.strip())
        return proc.returncode, message

    def run_entry(self, side):
        name = side["name"]
        kernel = side["kernels"][0]
        ttir = self.corpus / kernel[self.ttir_key]
        artifact = self.artifacts / (f"{name}.source.tile" if self.args.source else f"{name}.tile")
        expected = EXPECTED_REFUSALS.get(name)
        gap = KNOWN_GAPS.get(self.args.target, {}).get(name)
        if self.args.precompiled:
            if not artifact.exists():
                if expected or gap:
                    return ("REFUSED" if expected else "KNOWN"), "not compiled"
                return "FAIL", f"no artifact {artifact}"
        else:
            rc, message = self.compile(ttir, artifact, self.corpus / f"{name}.json")
            if rc != 0:
                if expected and expected in message:
                    return "REFUSED", message
                if gap and gap in message:
                    return "KNOWN", message
                return "FAIL", f"does not compile: {message}"
            if gap:
                return "FAIL", f"compiles, but KNOWN_GAPS lists it ({gap}): update the list"
            if expected:
                return "FAIL", f"imports, but EXPECTED_REFUSALS lists it ({expected}): update the list"
        if self.args.compile_only or not self.launchable(side):
            return "COMPILED", ""
        passed = {a["value"].get("buffer") for a in kernel["arguments"]}
        if any(b not in passed for b in side["buffers"]):
            return "COMPILED", "buffers reached through address tables: not launched"
        return self.launch(side, kernel, artifact)

    def launchable(self, side):
        """Launched entries, and ttir-only ones (Triton has no lowering of
        the op on the corpus's GPU) whose inputs and reference are recorded:
        those are checked against the reference alone, exactly."""
        if side.get("mode") == "launch":
            return True
        name = side["name"]
        return side.get("mode") == "ttir-only" and all(
            (self.corpus / f"{name}.{kind}.npz").exists() for kind in ("inputs", "reference"))

    def launch(self, side, kernel, artifact):
        name = side["name"]
        inputs = np.load(self.corpus / f"{name}.inputs.npz")
        reference = np.load(self.corpus / f"{name}.reference.npz")
        triton_file = self.corpus / f"{name}.triton.npz"
        triton = np.load(triton_file) if triton_file.exists() else {}
        if "check" not in side:
            side["check"] = {out: {"tolerance": {"atol": 0.0, "rtol": 0.0}} for out in side["spec"]["outputs"]}
        # The launch (grid and arguments), as tile-run and tile-check take it.
        case = ["--grid", ",".join(str(g) for g in kernel["grid"])]
        writes = []
        outputs = {}
        ttir_args = sorted((a for a in kernel["arguments"] if a.get("ttir_index") is not None),
                           key=lambda a: a["ttir_index"])
        for arg in ttir_args:
            # A host TensorDescriptor is 1 + 2 * rank kernel arguments (its
            # base pointer, extents and strides): the index is the TTIR's.
            index = arg["ttir_index"]
            value = arg["value"]
            if value["kind"] in ("buffer", "tensordesc"):
                buffer = value["buffer"]
                if value.get("offset_bytes", 0):
                    return "FAIL", f"argument {arg['name']} starts inside its buffer: cannot be passed"
                meta = side["buffers"][buffer]
                data = inputs[buffer]
                path = self.work / f"{name}.{buffer}.in"
                data.tofile(path)
                case += ["--arg", f"buf:{BUFFER_TYPES[meta['dtype']]}:{data.size}:file={path}"]
                if buffer in side["check"]:
                    outputs[buffer] = (index, meta["dtype"], data.dtype, data.shape)
                    writes += ["--write", f"{index}={self.work / (name + '.' + buffer + '.out')}"]
                if value["kind"] == "tensordesc":
                    for extent in value["shape"]:
                        case += ["--arg", f"i32:{extent}"]
                    for stride in value["strides"]:
                        case += ["--arg", f"i64:{stride}"]
            elif value["kind"] == "scalar":
                scalar_type = SCALAR_TYPES[arg["signature"]]
                v = value["value"]
                if scalar_type == "i1":
                    v = int(bool(v))
                case += ["--arg", f"{scalar_type}:{v}"]
            else:
                return "FAIL", f"argument {arg['name']} of kind {value['kind']} cannot be passed"
        cmd = [str(self.bin / "tile-run"), str(artifact), "--kernel", kernel["kernel"], "--warmup", "0",
               "--repeat", "1", "--device", self.args.device] + case + writes
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            return "FAIL", f"tile-run exit {proc.returncode}: {proc.stderr.strip()[:300]}"
        if self.args.keep_outputs:
            # As tile-check --compare reads them: DIR/NAME/argI.bin.
            kept = pathlib.Path(self.args.keep_outputs) / name
            kept.mkdir(parents=True, exist_ok=True)
            for buffer, (index, *_rest) in outputs.items():
                (kept / f"arg{index}.bin").write_bytes(
                    (self.work / f"{name}.{buffer}.out").read_bytes())
        problems, notes, unchecked = [], [], []
        for buffer, (index, dtype, stored, shape) in outputs.items():
            got = decode(np.fromfile(self.work / f"{name}.{buffer}.out", dtype=stored).reshape(shape), dtype)
            check = side["check"][buffer]
            if check.get("check") == "custom":
                # A Python check of the kernel file (torch), not run here.
                unchecked.append(f"{buffer} ({check.get('message', 'custom check')})")
                continue
            ref = reference[buffer].astype(np.float64) if reference[buffer].dtype.kind == "f" \
                else reference[buffer].astype(np.int64)
            if got.dtype.kind == "f" or ref.dtype.kind == "f":
                got, ref = got.astype(np.float64), ref.astype(np.float64)
            tol = check.get("tolerance", {})
            atol = reference[f"{buffer}.atol"] if f"{buffer}.atol" in reference.files else tol.get("atol", 0.0)
            rtol = tol.get("rtol", 0.0)
            bad = compare(got, ref, atol, rtol)
            vs_triton = f"{compare(got, decode(triton[buffer], dtype).astype(got.dtype), atol, rtol)} differ" \
                if buffer in triton else "no output"
            if check.get("probe"):
                notes.append(f"probe {buffer}: {bad} differ from the reference, {vs_triton} from Triton")
            elif bad:
                worst = np.nanmax(np.abs(got - ref)) if got.dtype.kind == "f" else np.max(np.abs(got - ref))
                problems.append(f"{buffer}: {bad} of {got.size} outside atol {np.max(atol)} rtol {rtol} "
                                f"of the reference (max |error| {worst:.3g}); {vs_triton} from Triton")
            else:
                notes.append(f"{buffer}: matches the reference; {vs_triton} from Triton")
        if problems:
            return "FAIL", "; ".join(problems)
        if unchecked:
            return "UNCHECKED", "custom checks not run here: " + ", ".join(unchecked)
        if self.args.tile_check:
            problem = self.tile_check(side, case, outputs, triton, reference)
            if problem:
                return "FAIL", problem
            notes.append("tile-check agrees")
        return "PASS", "; ".join(notes)

    def tile_check(self, side, words, outputs, triton, reference):
        """The entry through tile-check: the kernel (its TTIR, with the
        sidecar) on the reference interpreter and the CPU, compared with
        docs/Semantics.md's tolerances; then Triton's recorded outputs and,
        with --compare-outputs, another run's (a GPU's) against the same
        reference within the entry's tolerance. Probe outputs are left
        out of the comparisons. Returns what failed, or None."""
        name = side["name"]
        kernel = side["kernels"][0]
        ttir = self.corpus / kernel[self.ttir_key]
        tools = [str(self.bin / "tile-check"), str(ttir), "--kernel", kernel["kernel"],
                 f"--ttir-metadata={self.corpus / (name + '.json')}"]
        proc = subprocess.run(tools + ["--targets", "cpu", "--quiet"] + words,
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            return f"tile-check (cpu against the interpreter): {(proc.stdout + proc.stderr).strip()[:300]}"
        compared = [b for b in outputs if not side["check"][b].get("probe")]
        tolerances = []
        for buffer in compared:
            index = outputs[buffer][0]
            tol = side["check"][buffer].get("tolerance", {})
            ref = reference[buffer].astype(np.float64)
            atol = reference[f"{buffer}.atol"] if f"{buffer}.atol" in reference.files else tol.get("atol", 0.0)
            bound = float(np.max(atol)) + tol.get("rtol", 0.0) * float(np.nanmax(np.abs(ref), initial=0.0))
            tolerances += ["--tol", f"{index}=" + (f"abs:{bound!r}" if bound > 0 else "exact")]
        dirs = []
        if triton and compared:
            recorded = self.work / f"{name}.triton"
            recorded.mkdir(exist_ok=True)
            for buffer in compared:
                if buffer in triton:
                    (recorded / f"arg{outputs[buffer][0]}.bin").write_bytes(
                        np.ascontiguousarray(triton[buffer]).tobytes())
            if any(recorded.iterdir()):
                dirs.append(recorded)
        if self.args.compare_outputs:
            # The other run's outputs, probes left out (copied: the folder
            # given stays as it is).
            elsewhere = pathlib.Path(self.args.compare_outputs) / name
            other = self.work / f"{name}.other"
            other.mkdir(exist_ok=True)
            for buffer in compared:
                path = elsewhere / f"arg{outputs[buffer][0]}.bin"
                if path.exists():
                    (other / path.name).write_bytes(path.read_bytes())
            if not any(other.iterdir()):
                return f"no outputs in {elsewhere} to compare"
            dirs.append(other)
        if not dirs:
            return None
        cases = self.work / f"{name}.cases"
        cases.write_text("".join(" ".join(words + ["--compare", str(d)]) + "\n" for d in dirs))
        proc = subprocess.run(tools + ["--targets", "none", "--quiet", "--cases", str(cases)] + tolerances,
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode != 0:
            return f"tile-check (recorded outputs against the interpreter): {(proc.stdout + proc.stderr).strip()[:400]}"
        return None

    def run(self):
        sides = [json.loads(p.read_text()) for p in sorted(self.corpus.glob("*.json"))
                 if p.name != "MANIFEST.json"]
        sides = [s for s in sides if s["status"] in ("ok", "probe-diff", "ttir-only")
                 and self.ttir_key in s["kernels"][0]]
        if self.args.k:
            sides = [s for s in sides if any(k in s["name"] for k in self.args.k)]
            if not sides:
                print(f"ttir-corpus: no entry matches {self.args.k}")
                return 1
        counts = {}
        for side in sides:
            status, message = self.run_entry(side)
            counts[status] = counts.get(status, 0) + 1
            self.results.append({"name": side["name"], "status": status, "message": message})
            print(f"{status} {side['name']}" + (f": {message}" if message else ""), flush=True)
        if self.args.json:
            pathlib.Path(self.args.json).write_text(json.dumps(self.results, indent=1) + "\n")
        summary = ", ".join(f"{v} {k.lower()}" for k, v in sorted(counts.items()))
        form = ", front-end form" if self.args.source else ""
        print(f"ttir-corpus ({self.args.target}, {self.args.device}{form}): {len(sides)} entries: {summary}")
        return 1 if counts.get("FAIL") else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    ap.add_argument("--corpus", default=str(ROOT / "test/TTIR/corpus"))
    ap.add_argument("--target", help="default: the --device's target (cpu, cuda: nvidia, hip: amd)")
    ap.add_argument("-k", action="append", default=[])
    ap.add_argument("--compile-only", action="store_true")
    ap.add_argument("--emit", default="artifact", help="tile-compile's --emit (asm: no ptxas)")
    ap.add_argument("--artifacts", help="keep the compiled artifacts here")
    ap.add_argument("--precompiled", help="launch the artifacts in this folder; compile nothing")
    ap.add_argument("--device", default="cpu", help="tile-run's --device")
    ap.add_argument("--json")
    ap.add_argument("--keep-outputs", metavar="DIR",
                    help="write each launched entry's outputs to DIR/NAME/argI.bin (tile-check --compare's form)")
    ap.add_argument("--tile-check", action="store_true",
                    help="also check each launched entry with tile-check: the CPU against the reference "
                         "interpreter, and Triton's recorded outputs (and --compare-outputs') against it")
    ap.add_argument("--compare-outputs", metavar="DIR",
                    help="with --tile-check: another run's outputs (--keep-outputs DIR, e.g. on a GPU) to compare")
    ap.add_argument("--source", action="store_true",
                    help="import the front end's own module (NAME.source.ttir: helpers, block pointers, "
                         "no canonicalization) instead of the TTIR after make_ttir; entries without one are left out")
    args = ap.parse_args()
    if args.target is None:
        args.target = {"cuda": "nvidia", "hip": "amd"}.get(args.device, "cpu")
    return Runner(args).run()


if __name__ == "__main__":
    sys.exit(main())
