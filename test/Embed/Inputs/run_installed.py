"""Runs vector_add through the installed tile_runtime package (install.test)."""
import sys

import numpy as np
import tile_runtime as tr

with tr.Device("cpu") as device:
    kernel = tr.Module(device, sys.argv[1])["vector_add"]
    print("library:", tr.library_path())
    n = 4099
    x = np.arange(n, dtype=np.float32) * 0.5
    y = np.full(n, -1.25, dtype=np.float32)
    out = np.zeros(n, dtype=np.float32)
    kernel(((n + 1023) // 1024,), x, y, out, n)
    print("vector_add on %d elements: %d mismatches"
          % (n, int(np.count_nonzero(out != x + y))))
