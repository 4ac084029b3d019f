#!/usr/bin/env python3
"""simulate_suite.py BIN SRC_ROOT TARGETS [--known F:K,...] [--extra FLAGS]
FILE... - every
tile-check case of the given lit files (the conformance suite, the examples' checks) again on the GPU
simulator's targets (e.g. "sim-amd,sim-amd:chip=gfx1100"), against the
reference interpreter.

Each file's RUN lines run in order as lit would run them, with %s, %S, %t,
%python and %tile_src_root substituted: the lines that make inputs (those
starting with %python) as written, and every `tile-check` line that is
expected to succeed with its --targets replaced by TARGETS and its output
checked by tile-check itself (exit 0, "PASS") instead of by the file's
FileCheck patterns. Lines expecting a failure (`not`, `%{exit}`) and the rest
are left out. --known lists cases (FILE:KERNEL, by base name) that the GPU
lowering is known to refuse: their compile failure is reported as KNOWN, and
it is a failure if they pass. --extra adds flags to every tile-check
(e.g. "--sim-conversion-parts 8"). Prints a line per failing or known case and a
summary; exits 1 on any failure or if no case ran.
"""
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "Conformance"))
from gpu_export import run_commands  # noqa: E402  (lit's RUN-line reading)


def main():
    bin_dir, src_root, targets, files = (sys.argv[1], sys.argv[2], sys.argv[3],
                                         sys.argv[4:])
    known, extra = set(), []
    while files and files[0] in ("--known", "--extra"):
        if files[0] == "--known":
            known = set(files[1].split(","))
        else:
            extra += shlex.split(files[1])
        files = files[2:]
    cases = failures = known_cases = 0
    with tempfile.TemporaryDirectory() as work:
        for path in files:
            tmp = os.path.join(work, os.path.basename(path))
            subs = [("%tile_src_root", src_root), ("%python", sys.executable),
                    ("%s", path), ("%S", os.path.dirname(path)), ("%t", tmp)]
            for _, line in run_commands(pathlib.Path(path)):
                for key, value in subs:
                    line = line.replace(key, value)
                command = line.split("|")[0].strip()
                if command.startswith(sys.executable):
                    subprocess.run(command, shell=True, check=True)
                    continue
                if not command.startswith("tile-check "):
                    continue
                words = shlex.split(command)
                keep, skip = [], False
                for word in words[1:]:
                    if skip:
                        skip = False
                    elif word == "--targets":
                        skip = True
                    elif not word.startswith("--targets=") and \
                            not re.match(r"^[0-9]*>", word):
                        keep.append(word)
                args = [os.path.join(bin_dir, "tile-check")] + keep + extra + [
                    "--targets", targets]
                result = subprocess.run(args, capture_output=True, text=True)
                cases += 1
                summary = [l for l in result.stdout.splitlines()
                           if l.startswith("tile-check: ")]
                passed = result.returncode == 0 and summary and \
                    "PASS" in summary[-1]
                kernel = keep[keep.index("--kernel") + 1] \
                    if "--kernel" in keep else ""
                if os.path.basename(path) + ":" + kernel in known:
                    known_cases += 1
                    expected = not passed and "compile failed" in summary[-1]
                    print("%s %s:%s" % ("KNOWN" if expected else
                                        "FAIL (known, but passed)",
                                        os.path.basename(path), kernel))
                    failures += 0 if expected else 1
                    continue
                if not passed:
                    failures += 1
                    print("FAIL %s: %s" % (os.path.basename(path),
                                           " ".join(words[1:4])))
                    print("  " + (summary[-1] if summary else "no summary"))
                    for l in (result.stdout + result.stderr).splitlines():
                        if "error" in l or "differ" in l or " FAIL" in l:
                            print("  | " + l[:300])
    print("simulate_suite: %d cases on %s, %d failed, %d known" %
          (cases, targets, failures, known_cases))
    sys.exit(1 if failures or cases == 0 else 0)


if __name__ == "__main__":
    main()
