"""Checks that every example kernel parses, verifies, prints back identically
(custom and generic forms) and survives the target-independent passes."""

import argparse
import pathlib
import subprocess
import sys


def run(cmd, stdin=None):
    proc = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"FAILED: {' '.join(cmd)}\n{proc.stderr}")
    return proc.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tile-opt", required=True)
    parser.add_argument("examples", type=pathlib.Path)
    args = parser.parse_args()
    files = sorted(args.examples.glob("*.mlir"))
    if not files:
        sys.exit(f"no examples in {args.examples}")
    for path in files:
        opt = args.tile_opt
        printed = run([opt, str(path), "--verify-roundtrip"])
        reprinted = run([opt, "-"], stdin=printed)
        if printed != reprinted:
            sys.exit(f"FAILED: {path.name} prints differently after a round trip")
        generic = run([opt, str(path), "--mlir-print-op-generic"])
        if run([opt, "-"], stdin=generic) != printed:
            sys.exit(f"FAILED: {path.name}: the generic form parses to other IR")
        run([opt, str(path), "-canonicalize", "-tile-combine", "-cse"])
        print(f"ok {path.name}")
    print(f"{len(files)} examples round-trip")


if __name__ == "__main__":
    main()
