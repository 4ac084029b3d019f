#!/usr/bin/env python3
"""Reference data for the runtime's tests, computed independently of tile-run.

  reference.py fill DTYPE COUNT FILL DEFAULT_SEED OUT
      the bytes tile-run's buffer fill must produce (zero, const=V,
      rand[=SEED], iota, poison); narrow floats are rounded by searching the
      format's table of values, not by tile-run's algorithm
  reference.py vector-add A B OUT     f32 elementwise sum of two raw files
  reference.py grid-ids X Y Z OUT     what the fixture's grid_ids writes
  reference.py scalars OUT I1 I8 I16 I32 I64 F16 BF16 F32 F64
      what the fixture's scalars kernel writes for those --arg values
  reference.py corrupt MODE [ARG...] IN OUT
      damages an artifact: magic | truncate N (keep N bytes; N < 0 drops -N)
      | header-size N | append N | replace OLD NEW (edits the header text and
      fixes its size, not its checksum) | replace-bytes OLD NEW (the first
      occurrence anywhere, same length) | flip OFFSET (xors the byte at
      OFFSET, from the end if negative, with 0x01)
  reference.py checksum ARTIFACT
      recomputes the artifact's checksum with hashlib and prints
      "checksum ok" if the file's checksum record holds it
  reference.py exit-code CODE COMMAND...
      runs COMMAND (output passed through); succeeds iff it exits with CODE
"""

import bisect
import hashlib
import math
import struct
import subprocess
import sys

DTYPES = {
    # name: (size, struct code or None, float format (exp, man, finite_only))
    "f32": (4, "<f", None),
    "f64": (8, "<d", None),
    "f16": (2, None, (5, 10, False)),
    "bf16": (2, None, (8, 7, False)),
    "f8e4m3": (1, None, (4, 3, True)),
    "f8e5m2": (1, None, (5, 2, False)),
    "i8": (1, "<b", None),
    "i16": (2, "<h", None),
    "i32": (4, "<i", None),
    "i64": (8, "<q", None),
    "u8": (1, "<B", None),
}

MASK64 = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


class SmallFloat:
    """A narrow float format as a sorted table of its non-negative values."""

    def __init__(self, exp_bits, man_bits, finite_only):
        self.exp_bits, self.man_bits = exp_bits, man_bits
        self.sign = 1 << (exp_bits + man_bits)
        bias = (1 << (exp_bits - 1)) - 1
        max_exp = (1 << exp_bits) - 1
        man_mask = (1 << man_bits) - 1
        pairs = []
        for code in range(self.sign):
            e, m = code >> man_bits, code & man_mask
            if e == max_exp and (not finite_only or m == man_mask):
                continue  # inf or NaN
            if e == 0:
                value = math.ldexp(m, 1 - bias - man_bits)
            else:
                value = math.ldexp(m | (1 << man_bits), e - bias - man_bits)
            pairs.append((value, code))
        pairs.sort()
        top, top_code = pairs[-1]
        ulp = top - pairs[-2][0]
        # Past the largest finite value the next step is infinity, or NaN in
        # the formats without infinities.
        if finite_only:
            self.overflow = (max_exp << man_bits) | man_mask
        else:
            self.overflow = max_exp << man_bits
        pairs.append((top + ulp, self.overflow))
        self.values = [v for v, _ in pairs]
        self.codes = [c for _, c in pairs]

    def encode(self, x):
        if math.isnan(x):
            return self.overflow | (1 << (self.man_bits - 1))
        sign = self.sign if math.copysign(1, x) < 0 else 0
        a = abs(x)
        if a >= self.values[-1]:
            return sign | self.overflow
        i = bisect.bisect_left(self.values, a)
        if self.values[i] == a:
            return sign | self.codes[i]
        lo, hi = i - 1, i
        dlo, dhi = a - self.values[lo], self.values[hi] - a
        if dlo < dhi or (dlo == dhi and self.codes[lo] % 2 == 0):
            return sign | self.codes[lo]
        return sign | self.codes[hi]


def pack(dtype, values):
    size, code, fmt = DTYPES[dtype]
    out = bytearray()
    if fmt:
        table = SmallFloat(*fmt)
        for v in values:
            out += table.encode(v).to_bytes(size, "little")
    elif dtype in ("f32", "f64"):
        for v in values:
            out += struct.pack(code, v)
    else:
        for v in values:
            out += (int(v) & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    return bytes(out)


def fill(dtype, count, spec, default_seed):
    size, _, fmt = DTYPES[dtype]
    is_float = fmt is not None or dtype in ("f32", "f64")
    if spec == "zero":
        return bytes(size * count)
    if spec == "poison":
        return b"\xff" * (size * count)
    if spec == "iota":
        return pack(dtype, [float(i) if is_float else i for i in range(count)])
    if spec.startswith("const="):
        text = spec[len("const="):]
        v = float(text) if is_float else int(text, 0)
        return pack(dtype, [v] * count)
    if spec == "rand" or spec.startswith("rand="):
        state = int(spec[5:]) if spec.startswith("rand=") else default_seed
        values = []
        for _ in range(count):
            state, r = splitmix64(state)
            values.append(math.ldexp(r >> 11, -52) - 1.0 if is_float else r % 100)
        return pack(dtype, values)
    raise SystemExit("unknown fill " + spec)


def read_f32(path):
    data = open(path, "rb").read()
    return list(struct.unpack("<%df" % (len(data) // 4), data))


def corrupt(mode, src, dst, args):
    data = bytearray(open(src, "rb").read())
    if mode == "magic":
        data[0:8] = b"NOTATILE"
    elif mode == "truncate":
        data = data[: int(args[0])]
    elif mode == "header-size":
        data[8:12] = int(args[0]).to_bytes(4, "little")
    elif mode == "append":
        data += b"\0" * int(args[0])
    elif mode == "flip":
        data[int(args[0])] ^= 0x01
    elif mode == "replace-bytes":
        old, new = (a.encode() for a in args)
        assert len(old) == len(new) and old in data, "corrupt: bad replace-bytes"
        data = data.replace(old, new, 1)
    elif mode == "replace":
        size = int.from_bytes(data[8:12], "little")
        header = bytes(data[12 : 12 + size])
        old, new = (a.encode().decode("unicode_escape").encode() for a in args)
        if old not in header:
            raise SystemExit("corrupt: %r not in the header" % old)
        header = header.replace(old, new, 1)
        data = data[:8] + len(header).to_bytes(4, "little") + header + data[12 + size :]
    else:
        raise SystemExit("unknown corruption " + mode)
    open(dst, "wb").write(data)


def check_checksum(path):
    """Format 2: SHA-256 of everything before the checksum line, then of the
    payload, as 64 hex digits in `checksum sha256 HEX` before `end`."""
    data = open(path, "rb").read()
    assert data[:8] == b"TILEART2", "checksum: not a format 2 artifact"
    size = int.from_bytes(data[8:12], "little")
    header = data[12 : 12 + size]
    tail = b"\nend\n"
    assert header.endswith(tail), "checksum: the header does not end in 'end'"
    line_start = header.rindex(b"\n", 0, len(header) - len(tail)) + 1
    fields = header[line_start : len(header) - len(tail)].split(b" ")
    assert fields[:2] == [b"checksum", b"sha256"], "checksum: no checksum line"
    digest = hashlib.sha256(data[: 12 + line_start] + data[12 + size :])
    if digest.hexdigest().encode() != fields[2]:
        raise SystemExit("checksum: mismatch")
    print("checksum ok")


def main(argv):
    cmd, args = argv[1], argv[2:]
    if cmd == "fill":
        dtype, count, spec, seed, out = args
        open(out, "wb").write(fill(dtype, int(count), spec, int(seed)))
    elif cmd == "vector-add":
        a, b = read_f32(args[0]), read_f32(args[1])
        open(args[2], "wb").write(pack("f32", [x + y for x, y in zip(a, b)]))
    elif cmd == "grid-ids":
        gx, gy, gz = (int(v) for v in args[:3])
        ids = [x + 1000 * y + 1000000 * z
               for z in range(gz) for y in range(gy) for x in range(gx)]
        open(args[3], "wb").write(pack("i32", ids))
    elif cmd == "scalars":
        out, i1, i8, i16, i32, i64, f16, bf16, f32, f64 = args
        f16_bits = int.from_bytes(pack("f16", [float(f16)]), "little")
        bf16_bits = int.from_bytes(pack("bf16", [float(bf16)]), "little")
        f32_value = struct.unpack("<f", struct.pack("<f", float(f32)))[0]
        def signed(text, bits):  # the kernel reads signless bits as signed
            v = int(text, 0) & ((1 << bits) - 1)
            return v - (1 << bits) if v >> (bits - 1) else v
        values = [int(i1), signed(i8, 8), signed(i16, 16), signed(i32, 32),
                  signed(i64, 64), f16_bits, bf16_bits, f32_value, float(f64)]
        open(out, "wb").write(pack("f64", [float(v) for v in values]))
    elif cmd == "corrupt":
        corrupt(args[0], args[-2], args[-1], args[1:-2])
    elif cmd == "checksum":
        check_checksum(args[0])
    elif cmd == "exit-code":
        code = subprocess.call(args[1:])
        if code != int(args[0]):
            sys.stderr.write("exit-code: %s exited with %d, expected %s\n"
                             % (args[1], code, args[0]))
            sys.exit(1)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
