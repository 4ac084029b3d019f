"""Checks the code objects of AMD artifacts against their launch attributes.

Usage: check_code_objects.py READELF OBJDUMP [--known-scratch=A,B] ARTIFACT...

Each artifact is named NAME.CHIP. Its payload (the hsaco) is written beside
it as NAME.CHIP.hsaco, then, per kernel of the artifact header:
  * the code object's metadata (llvm-readelf --notes) must list the kernel
    with `.wavefront_size` the chip's (64 on gfx90a/gfx942, 32 on gfx1100),
    `.max_flat_workgroup_size` equal to the artifact's `threads`, a group
    segment that with the artifact's `shared` fits in 64 KiB, and no private
    segment (scratch: spills or stack), and VGPRs matching `registers`;
  * the explicit kernel arguments of the metadata (`.args` without the
    hidden ones) must sit at the offsets, and have the sizes, that the HIP
    backend packs the artifact's arguments at (each aligned to its size);
  * the code object must be of version 5 (ELF ABI version 3) for the
    target id amdgcn-amd-amdhsa--CHIP (xnack and sramecc "any");
  * the code object must have no undefined symbol (llvm-readelf --syms) and
    disassemble (llvm-objdump -d) without unknown instructions or scratch
    accesses.
Artifacts named in --known-scratch (NAME.CHIP) are expected to use scratch:
each such kernel prints `KNOWN SCRATCH` with its bytes instead of failing,
and one that no longer uses any fails, so the list stays true.
Prints one line per kernel and one `FAIL` line per broken expectation, then
`checked N code objects, K failures`.
"""

import os
import re
import subprocess
import sys

WAVE_SIZE = {"gfx90a": 64, "gfx942": 64, "gfx1100": 32}
LDS_BYTES = 65536


def read_artifact(path):
    """The header's kernels ({name: {attr: value}}, in order) and payload."""
    with open(path, "rb") as f:
        data = f.read()
    header_size = int.from_bytes(data[8:12], "little")
    header = data[12:12 + header_size].decode("ascii")
    kernels, current, size = [], None, None
    for line in header.splitlines():
        fields = line.split()
        if not fields:
            continue
        if fields[0] == "kernel":
            current = {"name": fields[1], "symbol": fields[2], "attrs": {},
                       "args": []}
            kernels.append(current)
        elif fields[0] == "arg" and current is not None:
            current["args"].append(fields[1])
        elif fields[0] == "attr" and current is not None:
            current["attrs"][fields[1]] = int(fields[2])
        elif fields[0] == "binary":
            size = int(fields[2])
    return kernels, data[len(data) - size:]


def metadata(readelf, hsaco):
    """Per kernel symbol, the scalar fields of its amdhsa.kernels entry."""
    notes = subprocess.run([readelf, "--notes", hsaco], check=True,
                           capture_output=True, text=True).stdout
    kernels, current = [], None
    for line in notes.splitlines():
        # Kernel entries start at "  - .key:"; their own fields sit at four
        # spaces; the entries of their `.args` start at "      - .key:",
        # with their fields at eight spaces.
        start = re.match(r"^  - \.([a-z_]+):\s*(.*)$", line)
        field = re.match(r"^    \.([a-z_]+):\s*(.*)$", line)
        arg_start = re.match(r"^      - \.([a-z_]+):\s*(.*)$", line)
        arg_field = re.match(r"^        \.([a-z_]+):\s*(.*)$", line)
        if start:
            current = {start.group(1): start.group(2), "args": []}
            kernels.append(current)
        elif field and current is not None:
            if field.group(1) != "args":
                current[field.group(1)] = field.group(2)
        elif arg_start and current is not None:
            current["args"].append({arg_start.group(1): arg_start.group(2)})
        elif arg_field and current is not None and current["args"]:
            current["args"][-1][arg_field.group(1)] = arg_field.group(2)
        elif not line.startswith("    "):
            current = None
    return {k.get("name"): k for k in kernels}


# The bytes of each argument kind as a kernel parameter (docs/Runtime.md,
# "GPU kernel ABI"); the HIP backend places each at an offset aligned to
# its size.
PARAM_BYTES = {"ptr": 8, "i1": 1, "i8": 1, "i16": 2, "f16": 2, "bf16": 2,
               "i32": 4, "f32": 4, "i64": 8, "f64": 8}


def packed_offsets(kinds):
    offsets, offset = [], 0
    for kind in kinds:
        size = PARAM_BYTES[kind]
        offset = (offset + size - 1) // size * size
        offsets.append((offset, size))
        offset += size
    return offsets


def undefined_symbols(readelf, hsaco):
    symbols = subprocess.run([readelf, "--syms", "--dyn-syms", hsaco],
                             check=True, capture_output=True,
                             text=True).stdout
    names = set()
    for line in symbols.splitlines():
        fields = line.split()
        # Num: Value Size Type Bind Vis Ndx Name
        if len(fields) >= 8 and fields[6] == "UND":
            names.add(fields[7])
    return sorted(names)


def main():
    readelf, objdump, paths = sys.argv[1], sys.argv[2], sys.argv[3:]
    known_scratch = set()
    for arg in list(paths):
        if arg.startswith("--known-scratch="):
            known_scratch.update(arg.split("=", 1)[1].split(","))
            paths.remove(arg)
    failures = []

    def fail(what, message):
        failures.append("FAIL %s: %s" % (what, message))
        print(failures[-1])

    for path in sorted(paths):
        base = os.path.basename(path)
        chip = base.rsplit(".", 1)[1]
        kernels, payload = read_artifact(path)
        hsaco = path + ".hsaco"
        with open(hsaco, "wb") as f:
            f.write(payload)
        found = metadata(readelf, hsaco)
        # Code object version 5 is ELF ABI version 3; a target id without
        # :xnack or :sramecc suffixes leaves both "any".
        header = subprocess.run([readelf, "-h", "--notes", hsaco], check=True,
                                capture_output=True, text=True).stdout
        if not re.search(r"ABI Version:\s+3\n", header):
            fail(base, "not a version 5 code object")
        if not re.search(r"amdhsa.target:\s+'?amdgcn-amd-amdhsa--%s'?\n" % chip,
                         header):
            fail(base, "target id is not amdgcn-amd-amdhsa--" + chip)
        undefined = undefined_symbols(readelf, hsaco)
        if undefined:
            fail(base, "undefined symbols " + ", ".join(undefined))
        disassembly = subprocess.run([objdump, "-d", hsaco], check=True,
                                     capture_output=True, text=True).stdout
        if "<unknown>" in disassembly:
            fail(base, "llvm-objdump finds unknown instructions")
        scratch_access = re.search(
            r"\bscratch_(load|store)|buffer_(load|store)\S* \S+, off,",
            disassembly)
        known = base in known_scratch
        if scratch_access and not known:
            fail(base, "accesses scratch memory")
        spilled = False
        for kernel in kernels:
            what = "%s %s" % (base, kernel["symbol"])
            entry = found.get(kernel["symbol"])
            if entry is None:
                fail(what, "no metadata")
                continue
            attrs = kernel["attrs"]
            wave = int(entry.get("wavefront_size", -1))
            flat = int(entry.get("max_flat_workgroup_size", -1))
            group = int(entry.get("group_segment_fixed_size", -1))
            private = int(entry.get("private_segment_fixed_size", -1))
            vgprs = int(entry.get("vgpr_count", -1))
            print("%s: wave %d threads %d/%d lds %d+%d scratch %d vgprs %d" %
                  (what, wave, flat, attrs.get("threads", -1), group,
                   attrs.get("shared", -1), private, vgprs))
            if wave != WAVE_SIZE[chip]:
                fail(what, "wavefront size %d on %s" % (wave, chip))
            if flat != attrs.get("threads"):
                fail(what, "max_flat_workgroup_size %d, threads %s" %
                     (flat, attrs.get("threads")))
            if group < 0 or group + attrs.get("shared", 0) > LDS_BYTES:
                fail(what, "LDS %d + %d over %d" %
                     (group, attrs.get("shared", 0), LDS_BYTES))
            if private != attrs.get("spill_bytes"):
                fail(what, "private segment %d bytes, spill_bytes %s" %
                     (private, attrs.get("spill_bytes")))
            if private != 0 and known:
                print("KNOWN SCRATCH %s: %d bytes" % (what, private))
                spilled = True
            elif private != 0:
                fail(what, "private segment (scratch) of %d bytes" % private)
            explicit = [(int(a.get("offset", -1)), int(a.get("size", -1)))
                        for a in entry["args"]
                        if not a.get("value_kind", "").startswith("hidden_")]
            if explicit != packed_offsets(kernel["args"]):
                fail(what, "kernel arguments at %s, the runtime packs %s" %
                     (explicit, packed_offsets(kernel["args"])))
            if vgprs != attrs.get("registers"):
                fail(what, "vgpr_count %d, registers %s" %
                     (vgprs, attrs.get("registers")))
        if known and not spilled:
            fail(base, "listed in --known-scratch but uses no scratch")
    print("checked %d code objects, %d failures" % (len(paths), len(failures)))


if __name__ == "__main__":
    main()
