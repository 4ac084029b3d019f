// tile-compile --bounds-check: every access is checked against its buffer's
// extent, which the runtime passes; a violation fails the launch, naming
// the op's location, the program and the first offending byte offset, and
// the access itself is suppressed (docs/Semantics.md section 1).
// RUN: tile-compile %s --target=cpu --bounds-check -o %t.tile 2> %t.warnings
// RUN: FileCheck %s --check-prefix=WARN < %t.warnings

// In bounds (masked lanes past the end included): runs as without checks.
// RUN: tile-run %t.tile --kernel copy --grid 2 --arg buf:f32:100:iota \
// RUN:   --arg buf:f32:100:zero --arg i32:100 --write 1=%t.copy
// RUN: %python -c "import sys, struct; v = struct.unpack('100f', open(sys.argv[1], 'rb').read()); assert v == tuple(float(i) for i in range(100)), v" %t.copy

// A bound past the input's end: program 1 reads byte 400 of a 400-byte
// buffer.
// RUN: not tile-run %t.tile --kernel copy --grid 2 --arg buf:f32:100:iota \
// RUN:   --arg buf:f32:128:zero --arg i32:128 > %t.load 2> %t.load.err
// RUN: FileCheck %s --check-prefix=LOAD < %t.load
// RUN: FileCheck %s --check-prefix=LOADERR < %t.load.err
// LOAD: pid (1, 0, 0) idx () out of bounds: tile.load at {{.*}}bounds-check.mlir:[[@LINE+46]]:8: byte offset 400
// LOAD: pid (1, 0, 0) idx ()   from pointer argument #0 whose buffer has bytes: 400
// LOAD: tile.assert failed in program (1, 0, 0): out-of-bounds access: tile.load at {{.*}}bounds-check.mlir:[[@LINE+44]]:8
// LOADERR: tile-run: error: assertion failed in kernel copy

// A store past the output's end, and a scalar store before its start.
// RUN: not tile-run %t.tile --kernel copy --grid 2 --arg buf:f32:128:iota \
// RUN:   --arg buf:f32:100:zero --arg i32:128 2>&1 | FileCheck %s --check-prefix=STORE
// STORE: out of bounds: tile.store at {{.*}}bounds-check.mlir:[[@LINE+41]]:3: byte offset 400
// RUN: not tile-run %t.tile --kernel scalar --grid 1 --arg buf:i32:4:zero \
// RUN:   --arg i32:-1 2>&1 | FileCheck %s --check-prefix=SCALAR
// SCALAR: out of bounds: tile.store at {{.*}}bounds-check.mlir:[[@LINE+44]]:3: byte offset -4
// RUN: tile-run %t.tile --kernel scalar --grid 1 --arg buf:i32:4:zero --arg i32:3

// Pointers advanced by a loop keep their buffer: the third step of 64
// elements leaves a 160-element buffer.
// RUN: not tile-run %t.tile --kernel strided --grid 1 --arg buf:f32:160:iota \
// RUN:   --arg buf:f32:64:zero --arg i32:3 2>&1 | FileCheck %s --check-prefix=LOOP
// LOOP: out of bounds: tile.load at {{.*}}bounds-check.mlir:[[@LINE+51]]:10: byte offset 640
// RUN: tile-run %t.tile --kernel strided --grid 1 --arg buf:f32:192:iota \
// RUN:   --arg buf:f32:64:zero --arg i32:3

// A compare-and-swap out of bounds is not performed; a descriptor whose
// shape exceeds its buffer is refused when it is made.
// RUN: not tile-run %t.tile --kernel cas --grid 1 --arg buf:i32:2:zero \
// RUN:   2>&1 | FileCheck %s --check-prefix=CAS
// CAS: out of bounds: tile.atomic_cas at {{.*}}: byte offset 8
// RUN: not tile-run %t.tile --kernel desc --grid 1 --arg buf:f32:11:zero \
// RUN:   2>&1 | FileCheck %s --check-prefix=DESC
// DESC: out of bounds: tile.make_desc at {{.*}}: byte offset 44
// RUN: tile-run %t.tile --kernel desc --grid 1 --arg buf:f32:12:zero

// Pointers made from integers are not checked, and say so.
// WARN: bounds-check.mlir:[[@LINE+70]]:8: warning: not bounds-checked: its pointers come from no pointer argument of the kernel

tile.func @copy(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>, %n: i32) {
  %pid = tile.program_id x
  %c64 = arith.constant 64 : i32
  %start = arith.muli %pid, %c64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : tensor<64xi32>
  %offs = arith.addi %s, %r : tensor<64xi32>
  %ns = tile.splat %n : tensor<64xi32>
  %mask = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %ib = tile.splat %in : tensor<64x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %v = tile.load %ip, %mask : tensor<64x!tile.ptr<f32>>
  %ob = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %op = tile.addptr %ob, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %op, %v, %mask : tensor<64x!tile.ptr<f32>>
  tile.return
}

tile.func @scalar(%p: !tile.ptr<i32>, %i: i32) {
  %q = tile.addptr %p, %i : !tile.ptr<i32>, i32
  tile.store %q, %i : !tile.ptr<i32>
  tile.return
}

tile.func @strided(%in: !tile.ptr<f32>, %out: !tile.ptr<f32>, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %ib = tile.splat %in : tensor<64x!tile.ptr<f32>>
  %ip = tile.addptr %ib, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %step = arith.constant dense<64> : tensor<64xi32>
  %sum, %end = scf.for %k = %c0 to %steps step %c1
      iter_args(%acc = %zero, %p = %ip) -> (tensor<64xf32>, tensor<64x!tile.ptr<f32>>) : i32 {
    %v = tile.load %p : tensor<64x!tile.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<64xf32>
    %next = tile.addptr %p, %step : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
    scf.yield %a, %next : tensor<64xf32>, tensor<64x!tile.ptr<f32>>
  }
  %ob = tile.splat %out : tensor<64x!tile.ptr<f32>>
  %op = tile.addptr %ob, %r : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  tile.store %op, %sum : tensor<64x!tile.ptr<f32>>
  tile.return
}

tile.func @cas(%p: !tile.ptr<i32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %b = tile.splat %p : tensor<4x!tile.ptr<i32>>
  %q = tile.addptr %b, %r : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %cmp = arith.constant dense<0> : tensor<4xi32>
  %new = arith.constant dense<7> : tensor<4xi32>
  %old = tile.atomic_cas relaxed, gpu %q, %cmp, %new : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @desc(%p: !tile.ptr<f32>) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %s1 = arith.constant 1 : i64
  %s4 = arith.constant 4 : i64
  %d = tile.make_desc %p, [%c3, %c4], [%s4, %s1] : !tile.ptr<f32> -> !tile.desc<tensor<2x4xf32>>
  %c0 = arith.constant 0 : i32
  %x = tile.desc_load %d[%c0, %c0] : !tile.desc<tensor<2x4xf32>>
  tile.return
}

tile.func @from_int(%addr: i64) {
  %p = tile.int_to_ptr %addr : i64 -> !tile.ptr<i32>
  %v = tile.load %p : !tile.ptr<i32>
  tile.return
}
