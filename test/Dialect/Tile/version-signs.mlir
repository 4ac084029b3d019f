// RUN: tile-opt %s -tile-version-signs -split-input-file | FileCheck %s

// The grouped-order tile index of a Triton matmul: pid_n = (pid % groups) /
// rows, whose sign the analysis cannot prove (rows comes from a
// subtraction). (pid_n * 128 + range) % n keeps runs of 16 consecutive
// remainders only for non-negative dividends, so the kernel is versioned on
// pid_n * 128 >= 0: the guarded copy reads it through maxsi, the other is
// the code as it was.
// CHECK-LABEL: tile.func @grouped
// CHECK:         %[[START:.*]] = arith.muli %{{.*}}, %[[C128:.*]] : i32
// CHECK:         %[[SIGN:.*]] = arith.cmpi sge, %[[START]], %{{.*}} : i32
// CHECK:         scf.if %[[SIGN]] {
// CHECK:           %[[CLAMPED:.*]] = arith.maxsi %[[START]], %{{.*}} : i32
// CHECK:           %[[SPLAT:.*]] = tile.splat %[[CLAMPED]]
// CHECK:           arith.remsi
// CHECK:           tile.store
// CHECK:         } else {
// CHECK:           tile.splat %[[START]]
// CHECK:           arith.remsi
// CHECK:           tile.store
// CHECK:         } {tile.sign_guard}
// CHECK-NEXT:    tile.return
tile.func @grouped(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %n: i32 {tile.divisibility = 16 : i32}, %rows: i32,
                   %groups: i32) {
  %pid = tile.program_id x
  %c128 = arith.constant 128 : i32
  %c1 = arith.constant 1 : i32
  %in = arith.remsi %pid, %groups : i32
  %r = arith.subi %rows, %c1 : i32
  %pid_n = arith.divsi %in, %r : i32
  %start = arith.muli %pid_n, %c128 : i32
  %range = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %start : tensor<128xi32>
  %offs = arith.addi %s, %range : tensor<128xi32>
  %ns = tile.splat %n : tensor<128xi32>
  %cols = arith.remsi %offs, %ns : tensor<128xi32>
  %ps = tile.splat %p : tensor<128x!tile.ptr<f32>>
  %addrs = tile.addptr %ps, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %x = tile.load %addrs : tensor<128x!tile.ptr<f32>>
  tile.store %addrs, %x : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// Nothing to gain: the dividends are provably non-negative (pid * 128 +
// range), or the remainder is not an address, or the dividend's sign
// depends on a tile (range - 8) rather than on scalars.
// CHECK-LABEL: tile.func @unchanged
// CHECK-NOT:     scf.if
// CHECK:         tile.return
tile.func @unchanged(%p: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                     %n: i32 {tile.divisibility = 16 : i32}, %k: i32) {
  %pid = tile.program_id x
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid, %c128 : i32
  %range = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %start : tensor<128xi32>
  %offs = arith.addi %s, %range : tensor<128xi32>
  %ns = tile.splat %n : tensor<128xi32>
  %cols = arith.remsi %offs, %ns : tensor<128xi32>
  %ps = tile.splat %p : tensor<128x!tile.ptr<i32>>
  %addrs = tile.addptr %ps, %cols : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  %ks = tile.splat %k : tensor<128xi32>
  %values = arith.addi %ks, %range : tensor<128xi32>
  %c8 = arith.constant dense<8> : tensor<128xi32>
  %v = arith.remsi %values, %c8 : tensor<128xi32>
  %shifted = arith.subi %range, %c8 : tensor<128xi32>
  %q = arith.divsi %shifted, %c8 : tensor<128xi32>
  %at = tile.addptr %addrs, %q : tensor<128x!tile.ptr<i32>>, tensor<128xi32>
  tile.store %at, %v : tensor<128x!tile.ptr<i32>>
  tile.return
}

// -----

// A root computed after a load: the roots and their operands move above
// everything else (they have no effects), so the guard sees them. A second
// run changes nothing.
// RUN: tile-opt %s -tile-version-signs -tile-version-signs -split-input-file \
// RUN:   | FileCheck %s --check-prefix=TWICE
// CHECK-LABEL: tile.func @late_root
// CHECK:         %[[START:.*]] = arith.muli %arg2
// CHECK:         arith.cmpi sge, %[[START]]
// CHECK:         scf.if
// CHECK:           tile.load
// CHECK:         } else {
// CHECK:           tile.load
// TWICE-LABEL: tile.func @late_root
// TWICE-COUNT-1: scf.if
// TWICE-NOT:     scf.if
tile.func @late_root(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                     %q: !tile.ptr<f32>, %b: i32) {
  %x = tile.load %q : !tile.ptr<f32>
  tile.store %q, %x : !tile.ptr<f32>
  %c64 = arith.constant 64 : i32
  %start = arith.muli %b, %c64 : i32
  %range = tile.range 0 to 64 : tensor<64xi32>
  %s = tile.splat %start : tensor<64xi32>
  %offs = arith.addi %s, %range : tensor<64xi32>
  %c32 = arith.constant dense<32> : tensor<64xi32>
  %m = arith.remsi %offs, %c32 : tensor<64xi32>
  %ps = tile.splat %p : tensor<64x!tile.ptr<f32>>
  %addrs = tile.addptr %ps, %m : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %v = tile.load %addrs : tensor<64x!tile.ptr<f32>>
  tile.store %addrs, %v : tensor<64x!tile.ptr<f32>>
  tile.return
}
