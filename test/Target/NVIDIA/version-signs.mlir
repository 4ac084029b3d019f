// RUN: tile-compile %s --target=nvidia:chip=sm_90a --emit=asm -o - | FileCheck %s
// RUN: tile-check %s --grid 2 --arg buf:f32:256:iota --arg buf:f32:256:poison \
// RUN:   --arg i32:16 --arg i32:2 --targets sim-nvidia:chip=sm_90a \
// RUN:   | FileCheck %s --check-prefix=SIM
// RUN: tile-check %s --grid 2 --arg buf:f32:256:iota --arg buf:f32:256:poison \
// RUN:   --arg i32:16 --arg i32:0 --targets sim-nvidia:chip=sm_90a \
// RUN:   | FileCheck %s --check-prefix=SIM

// A column index (pid_n * 128 + range) % n whose runs of 16 consecutive
// remainders hold only if pid_n * 128 >= 0, which nothing proves (rows - 1
// may be negative): the kernel is versioned on that sign
// (tile-version-signs). The guarded copy reads four floats at a time, the
// other one by one (one warp, so that four floats a thread reach every
// lane), in a function of its own that the kernel calls
// (tile-outline-cold-versions); both run on the simulator, rows = 2 taking
// the first and rows = 0 (pid_n = -pid, reading before x + 128) the second.
// CHECK-LABEL: .func guarded_cold(
// CHECK-COUNT-4: ld.global.b32
// CHECK-LABEL: .entry guarded(
// CHECK:         setp.lt.s32
// CHECK:         ld.global.v4.b32
// CHECK:         call.uni guarded_cold,
// SIM: tile-check: PASS @guarded
tile.func @guarded(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %out: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                   %n: i32 {tile.divisibility = 16 : i32}, %rows: i32)
    attributes {num_warps = 1 : i32} {
  %pid = tile.program_id x
  %c1 = arith.constant 1 : i32
  %r = arith.subi %rows, %c1 : i32
  %pid_n = arith.divsi %pid, %r : i32
  %c128 = arith.constant 128 : i32
  %start = arith.muli %pid_n, %c128 : i32
  %range = tile.range 0 to 128 : tensor<128xi32>
  %s = tile.splat %start : tensor<128xi32>
  %offs = arith.addi %s, %range : tensor<128xi32>
  %ns = tile.splat %n : tensor<128xi32>
  %cols = arith.remsi %offs, %ns : tensor<128xi32>
  %middle = tile.addptr %p, %c128 : !tile.ptr<f32>, i32
  %ps = tile.splat %middle : tensor<128x!tile.ptr<f32>>
  %addrs = tile.addptr %ps, %cols : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  %x = tile.load %addrs : tensor<128x!tile.ptr<f32>>
  %first = arith.muli %pid, %c128 : i32
  %row = tile.addptr %out, %first : !tile.ptr<f32>, i32
  %os = tile.splat %row : tensor<128x!tile.ptr<f32>>
  %o = tile.addptr %os, %range : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  tile.store %o, %x : tensor<128x!tile.ptr<f32>>
  tile.return
}
