#!/usr/bin/env python3
"""Runs the conformance suite's launches on a machine that has the device but
no compiler, as test/Fuzz/fuzz_kernels.py --export/--import does for the fuzz
cases (docs/Testing.md).

    gpu_export.py --bin build/bin --export DIR [--target nvidia] [--all-launches]
    TILE_RUN=/path/to/tile-run [DEVICE=cuda] sh DIR/run.sh     # there
    gpu_export.py --bin build/bin --import DIR                 # here again

Which RUN lines become cases. Each test/Conformance/*.mlir is read as lit
reads it (continuation lines joined; %s, %S, %t, %python substituted) and its
RUN commands are taken in order:
  * one that starts with %python (Inputs/values.py) writes input files: it
    runs here, with %t in a scratch folder;
  * a tile-check command is a case when the suite runs it on targets and
    expects it to pass: no `--targets none` (the reference alone, which
    FileCheck holds to Semantics.md), and nothing such as `%{exit} 1` or `not`
    in front (a CPU gap or KNOWN BUG record: it expects the CPU to fail).
    `--targets cpu` (or any list), `--compile-only` and `--print` are
    dropped: the launch is checked on the export's target, and the printed
    values are the lit suite's business;
  * anything else, a launch the reference rejects, and a launch already
    exported (the same kernel, grid, argument bytes and tolerances) are
    listed as skipped, with the reason.
--all-launches also exports the launches of the `--targets none` lines, which
the suite checks on the reference alone because the CPU cannot compile them
or computes them wrongly (docs/Testing.md's CPU bugs): whether the GPU gets
them right is news, so --import tags their failures. A launch whose
reference trips a tile.assert must fail on the device (tile-check's rule).

Each kernel is compiled alone (tile-compile takes a whole file, and one op a
target lacks would lose every kernel of the file): DIR/src/<file>.<kernel>
.mlir holds the kernel's lines at their own line numbers, the rest blank, and
DIR/<file>.<kernel>.tile is its artifact. A kernel that does not compile is
recorded as "not compiled: <first line of the error>", its cases skipped.

DIR holds the artifacts, inputs/<file>/<case>/ (a case's input files, copied
when its RUN line came: a later line may rewrite %t.a), cases.json (each case:
source file and line, kernel, grid, args, tolerances, the original command,
its artifact or why none; the skipped RUN lines) and run.sh, which launches
each case once (--warmup 0 --repeat 1: atomics accumulate) on $DEVICE (cuda
for nvidia) and writes buffer argument I to results/<case>/argI.bin, tile-run's
output to stdout.txt and stderr.txt, its exit status to status. --import
compares with `tile-check --targets none --compare DIR/results/<case>`, after
checking that every argI.bin is there (tile-check takes a missing one as
equal)."""

import argparse
import json
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
DEVICES = {"nvidia": "cuda", "amd": "hip", "cpu": "cpu"}


def run_commands(path):
    """(line, command) of every RUN command of a lit file (`// RUN:` in
    .mlir files, `RUN:` in .test files), joined."""
    commands, start, parts = [], None, []
    for number, text in enumerate(path.read_text().splitlines(), 1):
        m = re.match(r"\s*(?://\s*)?RUN:(.*)$", text)
        if not m:
            continue
        start = start or number
        part = m.group(1).rstrip()
        parts.append(part[:-1] if part.endswith("\\") else part)
        if not part.endswith("\\"):
            commands.append((start, " ".join(p.strip() for p in parts)))
            start, parts = None, []
    return commands


def kernels_of(path):
    return re.findall(r"^tile\.func @([\w$.]+)\(", path.read_text(), re.M)


def parse_check(words, source):
    """The launch of a tile-check command line (the words after tile-check),
    or a string saying why it is not one."""
    case = {"kernel": None, "grid": None, "args": [], "tol": [],
            "targets": None}
    i = 0
    while i < len(words):
        w = words[i]
        if w in ("2>&1", "--quiet", "--compile-only"):
            i += 1
            continue
        if not w.startswith("--"):
            if pathlib.Path(w).resolve() != source.resolve():
                return f"checks another file ({w})"
            i += 1
            continue
        if i + 1 >= len(words):
            return f"{w} without a value"
        value = words[i + 1]
        if w in ("--kernel", "--grid", "--targets"):
            case[w[2:]] = value
        elif w == "--arg":
            case["args"].append(value)
        elif w == "--tol":
            case["tol"].append(value)
        elif w != "--print":
            return f"option {w} has no tile-run counterpart"
        i += 2
    if case["grid"] is None:
        return "no --grid"
    if case["kernel"] is None:
        names = kernels_of(source)
        if len(names) != 1:
            return "no --kernel, and the file has several kernels"
        case["kernel"] = names[0]
    return case


def kernel_source(source, kernel, out):
    """A copy of `source` with only `kernel`'s lines (at their own numbers)."""
    lines = source.read_text().splitlines()
    start = next(i for i, l in enumerate(lines)
                 if l.startswith(f"tile.func @{kernel}("))
    end = next(i for i in range(start, len(lines)) if lines[i] == "}")
    out.write_text("\n".join(l if start <= i <= end else ""
                             for i, l in enumerate(lines)) + "\n")


def compile_kernel(args, source, kernel, out):
    """The artifact's name in DIR, or "not compiled: ..."."""
    stem = source.stem
    src = out / "src" / f"{stem}.{kernel}.mlir"
    kernel_source(source, kernel, src)
    artifact = f"{stem}.{kernel}.tile"
    proc = subprocess.run([str(args.bin / "tile-compile"), str(src),
                           f"--target={args.target}", "-o", str(out / artifact)],
                          capture_output=True, text=True)
    if proc.returncode == 0:
        return artifact
    first = (proc.stderr.strip().splitlines() or ["?"])[0]
    return "not compiled: " + first.replace(str(src), str(source.relative_to(ROOT)))


def check_command(args, c):
    """tile-check on a case's launch, the reference alone (run from DIR)."""
    cmd = [str(args.bin / "tile-check"), str(ROOT / c["file"]), "--kernel",
           c["kernel"], "--grid", c["grid"], "--targets", "none"]
    for spec in c["args"]:
        cmd += ["--arg", spec]
    for tol in c["tol"]:
        cmd += ["--tol", tol]
    return cmd


def reference(args, case, cwd):
    """Runs the launch on the reference here: None if it passes, "assert" if
    a tile.assert fails (the device's launch must fail too), else why not."""
    proc = subprocess.run(check_command(args, case), capture_output=True,
                          text=True, cwd=cwd)
    if "reference: a tile.assert failed" in proc.stdout:
        return "assert"
    if proc.returncode != 0:
        lines = (proc.stderr.strip() or proc.stdout.strip()).splitlines()
        return "the reference rejects the launch: " + (lines[0] if lines else "?")
    return None


def prepare(out):
    """Empties a previous export in DIR; refuses any other non-empty folder."""
    if out.exists() and any(out.iterdir()) and not (out / "cases.json").exists():
        sys.exit(f"gpu_export: {out} is not empty and holds no earlier export")
    for name in ("results", "inputs", "src"):
        shutil.rmtree(out / name, ignore_errors=True)
    for old in out.glob("*.tile"):
        old.unlink()
    (out / "src").mkdir(parents=True)


def classify(args, source, segment):
    """The launch of a RUN command's first pipeline segment, or why it is
    not exported."""
    at = segment.index("tile-check")
    wrapper = segment[:at]
    case = parse_check(segment[at + 1:], source)
    if isinstance(case, str):
        return case
    if wrapper and wrapper != ["%{exit}", "0"]:
        return (f"expects tile-check to fail ({' '.join(wrapper)}): a recorded "
                f"CPU gap or KNOWN BUG")
    if case["targets"] == "none" and not args.all_launches:
        return "the reference alone (--targets none)"
    return case


def copy_inputs(out, folder, specs):
    """The specs with file= rewritten to copies in `folder` (relative to
    `out`), and a key that is equal for launches of equal bytes."""
    copied, key = [], []
    for spec in specs:
        head, sep, path = spec.partition("file=")
        if sep:
            copy = folder / pathlib.Path(path).name
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, copy)
            spec = head + sep + str(copy.relative_to(out))
            key.append(head + copy.read_bytes().hex())
        else:
            key.append(spec)
        copied.append(spec)
    return copied, tuple(key)


def export(args):
    out = args.export.resolve()
    prepare(out)
    cases, skipped, artifacts, seen = [], [], {}, {}
    scratch = tempfile.mkdtemp(prefix="tile-conformance-")  # lit's %t
    for source in sorted(HERE.glob("*.mlir")):
        stem, rel = source.stem, str(source.relative_to(ROOT))
        subs = [("%python", sys.executable), ("%S", str(HERE)),
                ("%s", str(source)), ("%t", f"{scratch}/{stem}.tmp")]
        for line, command in run_commands(source):
            text = command
            for key, value in subs:
                text = text.replace(key, value)
            words = shlex.split(text)
            segment = words[:words.index("|")] if "|" in words else words
            where = {"file": rel, "line": line, "command": command}
            if segment and segment[0] == sys.executable:
                proc = subprocess.run(segment, capture_output=True, text=True)
                if proc.returncode != 0:
                    sys.exit(f"gpu_export: {rel}:{line}: {command}\n{proc.stderr}")
                continue
            case = classify(args, source, segment) if "tile-check" in segment \
                else "neither an input nor tile-check"
            if isinstance(case, str):
                skipped.append(dict(where, why=case))
                continue
            name = f"{stem}.{case['kernel']}.L{line}"
            # Copied now: a later RUN line may rewrite %t.a.
            folder = out / "inputs" / stem / name
            specs, key = copy_inputs(out, folder, case["args"])
            key += (case["kernel"], case["grid"], *case["tol"])
            entry = dict(case=name, file=rel, line=line, kernel=case["kernel"],
                         grid=case["grid"], args=specs, tol=case["tol"],
                         origin=("reference alone in the suite"
                                 if case["targets"] == "none" else "runs targets"),
                         command=command)
            verdict = "same" if key in seen else reference(args, entry, out)
            if verdict not in (None, "assert"):
                shutil.rmtree(folder, ignore_errors=True)
                if verdict == "same" and case["targets"] != "none":
                    seen[key]["origin"] = "runs targets"
                skipped.append(dict(where, why=f"the launch of {seen[key]['case']}"
                                    if verdict == "same" else verdict))
                continue
            entry["launch_fails"] = verdict == "assert"
            seen[key] = entry
            if (stem, case["kernel"]) not in artifacts:
                artifacts[(stem, case["kernel"])] = compile_kernel(
                    args, source, case["kernel"], out)
            artifact = artifacts[(stem, case["kernel"])]
            entry["artifact"] = None if artifact.startswith("not compiled") else artifact
            entry["status"] = artifact if entry["artifact"] is None else "exported"
            cases.append(entry)
    shutil.rmtree(scratch)
    write_script(args, out, cases)
    (out / "cases.json").write_text(json.dumps(
        {"target": args.target, "all_launches": args.all_launches,
         "cases": cases, "skipped": skipped}, indent=1) + "\n")
    ready = [c for c in cases if c["artifact"]]
    for c in cases:
        if not c["artifact"]:
            print(f"SKIP {c['case']}: {c['status']}")
    for s in skipped:
        print(f"SKIP {s['file']}:{s['line']}: {s['why']}")
    print(f"conformance-gpu: exported {len(ready)} of {len(cases)} cases for "
          f"{args.target} to {out} ({len(cases) - len(ready)} not compiled, "
          f"{len(skipped)} RUN lines skipped); run {out}/run.sh where the "
          f"device is, then --import {out} here")
    unknown = unknown_uncompiled(args, [c["case"] for c in cases
                                        if not c["artifact"]])
    if unknown:
        sys.exit(f"conformance-gpu: not compiled and not --known: "
                 f"{', '.join(unknown)}")


def unknown_uncompiled(args, names):
    """The cases of `names` (not compiled) that --known does not name."""
    known = set(filter(None, args.known.split(",")))
    return [n for n in names if n not in known]


def write_script(args, out, cases):
    device = DEVICES.get(args.target.split(":")[0], "cuda")
    script = [
        "#!/bin/sh",
        f"# The conformance cases exported by gpu_export.py for {args.target}.",
        "# Each launch writes results/<case>/: argI.bin for every buffer",
        "# argument I, stdout.txt, stderr.txt and status (tile-run's exit).",
        "# TILE_RUN names tile-run; DEVICE the --device (default "
        f"{device}).",
        'cd "$(dirname "$0")" || exit 2',
        'run="${TILE_RUN:-tile-run}"',
        f'device="${{DEVICE:-{device}}}"',
        "cases=0 bad=0",
        "# done_case CASE MUST_FAIL STATUS",
        "done_case() {",
        '  echo "$3" > "results/$1/status"; cases=$((cases + 1))',
        '  if [ "$2" = 1 ] && [ "$3" = 0 ]; then',
        '    echo "UNEXPECTED $1: the launch ran, but its reference asserts"',
        "    bad=$((bad + 1))",
        '  elif [ "$2" = 0 ] && [ "$3" != 0 ]; then',
        '    echo "FAILED $1: tile-run exit $3: $(tail -n 1 "results/$1/stderr.txt")"',
        "    bad=$((bad + 1))",
        "  fi",
        "}"]
    for c in cases:
        if not c["artifact"]:
            script.append(f"# {c['case']}: {c['status']}")
            continue
        res = f"results/{c['case']}"
        argv = ["--kernel", c["kernel"], "--grid", c["grid"], "--warmup", "0",
                "--repeat", "1"]
        for spec in c["args"]:
            argv += ["--arg", spec]
        for i, spec in enumerate(c["args"]):
            if spec.startswith("buf:"):
                argv += ["--write", f"{i}={res}/arg{i}.bin"]
        script += [f"# {c['case']}: {c['file']}:{c['line']}"
                   + (" (its reference asserts: the launch must fail)"
                      if c["launch_fails"] else ""),
                   f"mkdir -p {res}",
                   f'"$run" {c["artifact"]} --device "$device" '
                   f'{shlex.join(argv)} \\\n  >{res}/stdout.txt '
                   f'2>{res}/stderr.txt',
                   f"done_case {c['case']} {int(c['launch_fails'])} $?"]
    script += ['echo "run.sh: $cases cases run on $device, $bad unexpected"',
               '[ "$bad" = 0 ]']
    (out / "run.sh").write_text("\n".join(script) + "\n")
    (out / "run.sh").chmod(0o755)


def compare(args, root, c, results):
    """None if tile-check finds results/<case> within tolerance, else why."""
    cmd = check_command(args, c) + ["--compare", str(results)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=root)
    if proc.returncode == 0:
        return None
    lines = proc.stdout.splitlines()
    table = [i for i, l in enumerate(lines) if l.startswith("target ")]
    # The table's rows that are not ok, with their first differing elements.
    rows = [l for l in lines[table[0] + 1:] if not l.endswith(" ok")] \
        if table else proc.stderr.strip().splitlines()[-1:]
    return "differs\n    " + "\n    ".join(
        rows + [f"rerun: cd {root} && {shlex.join(cmd)}"])


def import_results(args):
    root = args.import_dir.resolve()
    manifest = json.loads((root / "cases.json").read_text())
    passed = failed = 0
    not_compiled = []
    for c in manifest["cases"]:
        if not c["artifact"]:
            not_compiled.append(c["case"])
            print(f"SKIP {c['case']}: {c['status']}")
            continue
        results = root / "results" / c["case"]
        status_file = results / "status"
        status = int(status_file.read_text()) if status_file.exists() else None
        why = None
        if status is None:
            why = f"not run (no {status_file.relative_to(root)})"
        elif c["launch_fails"]:
            why = None if status != 0 else \
                "the launch succeeded, but the reference's tile.assert fails"
        elif status != 0:
            err = (results / "stderr.txt").read_text().strip().splitlines()
            why = f"tile-run exit {status}: {err[-1] if err else ''}"
        else:
            # tile-check compares a buffer without a file as equal, and run.sh
            # writes every one: a missing file is a failure here.
            missing = [f"arg{i}.bin" for i, spec in enumerate(c["args"])
                       if spec.startswith("buf:")
                       and not (results / f"arg{i}.bin").exists()]
            why = "missing " + ", ".join(missing) if missing else \
                compare(args, root, c, results)
        if why:
            failed += 1
            extra = "" if c["origin"] == "runs targets" else f" [{c['origin']}]"
            print(f"FAIL {c['case']} ({c['file']}:{c['line']}){extra}: {why}")
        else:
            passed += 1
            print(f"PASS {c['case']}" + (" (launch failed, as the reference's "
                                          "tile.assert does)" if c["launch_fails"] else ""))
    total = passed + failed + len(not_compiled)
    print(f"conformance-gpu: {total} cases, {passed} passed, {failed} failed, "
          f"{len(not_compiled)} skipped (not compiled: "
          f"{', '.join(not_compiled) or 'none'})")
    unknown = unknown_uncompiled(args, not_compiled)
    if unknown:
        print(f"conformance-gpu: not compiled and not --known: "
              f"{', '.join(unknown)}")
    sys.exit(1 if failed or unknown else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", type=pathlib.Path, required=True,
                        help="the folder of tile-compile and tile-check")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--export", type=pathlib.Path, metavar="DIR",
                      help="write artifacts, inputs, cases.json and run.sh")
    mode.add_argument("--import", dest="import_dir", type=pathlib.Path,
                      metavar="DIR", help="compare DIR/results with the reference")
    parser.add_argument("--target", default="nvidia",
                        help="what --export compiles for (tile-compile --target)")
    parser.add_argument("--known", default="",
                        help="comma-separated cases known not to compile for "
                             "the target (a recorded gap); any other case "
                             "that does not compile fails the export and "
                             "the import")
    parser.add_argument("--all-launches", action="store_true",
                        help="also export the launches the suite checks on the "
                             "reference alone (--targets none)")
    args = parser.parse_args()
    args.bin = args.bin.resolve()
    if args.export:
        export(args)
    else:
        import_results(args)


if __name__ == "__main__":
    main()
