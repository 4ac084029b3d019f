#!/usr/bin/env python3
"""Compares two runs of bench/h200_bench.py (their --json rows) and reports
every row whose ratio to an anchor fell by more than --drop since the
baseline run; exits 1 if any did, so that a slow kernel does not go unseen
between two tables (a day-long MoE regression did, 2026-12-06).

Ratios, not absolute rates, are compared: the anchors ran in the same
process as our kernels, so a busier or slower machine moves both. A row
that failed (no rate of ours) in the new run counts as a regression; rows
only one run has are listed, not judged. Row names differ only by the
alternative a shape tuned to (a trailing "#N") match each other.

    python3 bench/compare_rows.py BASELINE.json NEW.json [--drop 0.05]
"""

import argparse
import json
import pathlib
import re
import sys


def load(path):
    """{row name without its alternative: (ours, {anchor: rate})}."""
    rows = {}
    for name, _unit, ours, anchors in json.loads(
            pathlib.Path(path).read_text()):
        rows[re.sub(r"\s+#\d+$", "", name)] = (ours, anchors)
    return rows


def compare(baseline, new, drop):
    """Lines describing each comparison, and whether any row regressed."""
    lines, regressed = [], False
    for name in sorted(baseline.keys() | new.keys()):
        if name not in baseline or name not in new:
            lines.append(f"only in {'new' if name in new else 'baseline'}: "
                         f"{name}")
            continue
        (old_ours, old_anchors), (new_ours, new_anchors) = (baseline[name],
                                                            new[name])
        if old_ours is None:
            continue  # an anchor-only row (the device copy), or failed then
        if new_ours is None:
            lines.append(f"REGRESSED {name}: failed or missing in the new run")
            regressed = True
            continue
        for anchor in sorted(old_anchors.keys() & new_anchors.keys()):
            if not old_anchors[anchor] or not new_anchors[anchor]:
                continue
            before = old_ours / old_anchors[anchor]
            after = new_ours / new_anchors[anchor]
            worse = after < before * (1 - drop)
            regressed |= worse
            lines.append(f"{'REGRESSED' if worse else 'ok':9s} {name}: "
                         f"{before:.3f}x -> {after:.3f}x {anchor}")
    return lines, regressed


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=pathlib.Path)
    parser.add_argument("new", type=pathlib.Path)
    parser.add_argument("--drop", type=float, default=0.05,
                        help="relative fall of a ratio that counts "
                        "(default 0.05: 5%%)")
    args = parser.parse_args()
    lines, regressed = compare(load(args.baseline), load(args.new), args.drop)
    print("\n".join(lines))
    count = sum(line.startswith("REGRESSED") for line in lines)
    print(f"compare_rows: {count} regressed by more than "
          f"{args.drop:.0%} of their ratio")
    return 1 if regressed else 0


if __name__ == "__main__":
    sys.exit(main())
