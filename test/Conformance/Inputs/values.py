"""Writes a raw little-endian file of values for `--arg buf:DTYPE:N:file=...`.

    values.py OUT DTYPE V1 V2 ...

DTYPE is one of tile-run's element types (f32 f64 f16 bf16 f8e4m3 f8e5m2 i8
i16 i32 i64 u8). A value is a number, nan, inf, -inf, -0, or raw bits written
0x... (for floats, the bits of the element type). Floats are rounded to
nearest even; a value that f8 cannot hold exactly is an error, so that the
conformance tests say exactly what they feed."""

import math
import struct
import sys

INTS = {"i8": "<b", "i16": "<h", "i32": "<i", "i64": "<q", "u8": "<B"}
BITS = {"f32": 32, "f64": 64, "f16": 16, "bf16": 16, "f8e4m3": 8,
        "f8e5m2": 8}


def f8_values(exp_bits, man_bits, finite_only):
    """code -> value for the non-negative codes of an f8 format."""
    bias = (1 << (exp_bits - 1)) - 1
    table = {}
    for code in range(1 << (exp_bits + man_bits)):
        e, m = code >> man_bits, code & ((1 << man_bits) - 1)
        top = (1 << exp_bits) - 1
        if finite_only and e == top and m == (1 << man_bits) - 1:
            continue  # NaN
        if not finite_only and e == top:
            continue  # inf, NaN
        v = (m / (1 << man_bits)) * 2.0 ** (1 - bias) if e == 0 else \
            (1 + m / (1 << man_bits)) * 2.0 ** (e - bias)
        table[code] = v
    return table


def encode(dtype, text):
    if dtype in INTS:
        # 0x... may spell the bits of a negative value (0xFFFFFFFF is -1).
        size = struct.calcsize(INTS[dtype])
        value = int(text, 0) & ((1 << (8 * size)) - 1)
        return value.to_bytes(size, "little")
    if text.startswith("0x"):
        return int(text, 16).to_bytes(BITS[dtype] // 8, "little")
    v = float(text)
    if dtype == "f32":
        return struct.pack("<f", v)
    if dtype == "f64":
        return struct.pack("<d", v)
    if dtype == "f16":
        return struct.pack("<e", v)
    if dtype == "bf16":
        bits = struct.unpack("<I", struct.pack("<f", v))[0]
        if math.isnan(v):
            return (0x7FC0 | (bits >> 16 & 0x8000)).to_bytes(2, "little")
        bits = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
        return bits.to_bytes(2, "little")
    fmt = (4, 3, True) if dtype == "f8e4m3" else (5, 2, False)
    sign = 0x80 if math.copysign(1, v) < 0 else 0
    if math.isnan(v):
        return bytes([0x7F if fmt[2] else 0x7E])
    if math.isinf(v) and not fmt[2]:
        return bytes([sign | 0x7C])
    for code, value in f8_values(*fmt).items():
        if value == abs(v):
            return bytes([sign | code])
    sys.exit(f"values.py: {text} is not exactly an {dtype} value")


def main():
    out, dtype, values = sys.argv[1], sys.argv[2], sys.argv[3:]
    with open(out, "wb") as f:
        for text in values:
            f.write(encode(dtype, text))


if __name__ == "__main__":
    main()
