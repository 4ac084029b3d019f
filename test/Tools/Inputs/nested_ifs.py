"""Writes a kernel whose store sits inside DEPTH nested scf.if ops."""
import sys

depth, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as out:
    out.write("tile.func @deep(%p: !tile.ptr<i32>, %c: i1) {\n")
    out.write("  scf.if %c {\n" * depth)
    out.write("  %one = arith.constant 1 : i32\n")
    out.write("  tile.store %p, %one : !tile.ptr<i32>\n")
    out.write("  }\n" * depth)
    out.write("  tile.return\n}\n")
