"""Runs Inputs/dot-scaled-e2m1.ttir's kernel (compiled to ARTIFACT) on the
CPU and compares both of its products with the float64 ones computed here
from the OCP MX definitions: e2m1 is s e e m (0, 0.5, 1, 1.5, 2, 3, 4, 6),
two to a byte along k with the even k in the low nibble; scale s is
2^(s - 127), 0xFF is NaN. c1 = e2m1 a (scaled) x bf16 y, c2 = bf16 x x
e2m1 b (scaled): one operand e2m1 at a time, so that a wrong nibble order
or k order cannot cancel out. The bf16 operands are small integers: every
product is exact in bf16 and every sum in f32, so the match must be exact.

    dot_scaled_e2m1.py TILE_RUN ARTIFACT WORKDIR"""

import subprocess
import sys

import numpy as np

E2M1 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6])


def unpack(packed, axis):
    low, high = E2M1[packed & 15], E2M1[packed >> 4]
    pairs = np.stack([low, high], axis=axis + 1)
    shape = list(packed.shape)
    shape[axis] *= 2
    return pairs.reshape(shape)


def scales(s):
    factor = np.where(s == 0xFF, np.nan, np.exp2(s.astype(np.float64) - 127))
    return np.repeat(factor, 32, axis=1)


def bf16_bits(values):
    return (values.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def main():
    tile_run, artifact, work = sys.argv[1:4]
    rng = np.random.default_rng(7)
    inputs = {
        "a": rng.integers(0, 256, (16, 32), dtype=np.uint8),
        "sa": rng.integers(124, 131, (16, 2), dtype=np.uint8),
        "y": rng.integers(-8, 9, (64, 16)).astype(np.float64),
        "x": rng.integers(-8, 9, (16, 64)).astype(np.float64),
        "b": rng.integers(0, 256, (32, 16), dtype=np.uint8),
        "sb": rng.integers(124, 131, (16, 2), dtype=np.uint8),
    }
    inputs["sa"][3, 1] = 0xFF  # row 3 of c1 is NaN
    inputs["sb"][5, 0] = 0xFF  # column 5 of c2 is NaN
    args = []
    for name, data in inputs.items():
        path = f"{work}.{name}"
        if data.dtype == np.uint8:
            data.tofile(path)
            args += ["--arg", f"buf:u8:{data.size}:file={path}"]
        else:
            bf16_bits(data).tofile(path)
            args += ["--arg", f"buf:bf16:{data.size}:file={path}"]
    args += ["--arg", "buf:f32:256:poison", "--arg", "buf:f32:256:poison"]
    subprocess.run([tile_run, artifact, "--kernel", "dot_scaled_e2m1", "--grid", "1", "--warmup", "0", *args,
                    "--write", f"6={work}.c1", "--write", f"7={work}.c2"], check=True, capture_output=True)
    wants = {
        "c1": (unpack(inputs["a"], 1) * scales(inputs["sa"])) @ inputs["y"],
        "c2": inputs["x"] @ (unpack(inputs["b"], 0) * scales(inputs["sb"]).T),
    }
    for name, want in wants.items():
        got = np.fromfile(f"{work}.{name}", dtype=np.float32).reshape(16, 16).astype(np.float64)
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        print(f"dot_scaled {name}: {int(same.sum())} of {same.size} exact, {int(np.isnan(got).sum())} NaN")


if __name__ == "__main__":
    main()
