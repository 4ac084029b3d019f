// The conventions tile-compile shares with mlir-opt and with hosts that
// embed the compiler: the kernel-module contract, the chip shorthand and the
// standard --mlir-* options.

// A host function next to the kernels is refused, not exported.
// RUN: not tile-compile %s --target=cpu -o %t.bad 2>&1 | FileCheck %s --check-prefix=HOST
// HOST: error: 'func.func' @host_helper is not a tile.func: a kernel module holds tile.func kernels only
// RUN: not tile-compile %s --target=cpu --emit=llvm -o %t.bad 2>&1 | FileCheck %s --check-prefix=HOST

// The kernels alone compile (the host function is split off here).
// RUN: sed -e '/^.. BEGIN-HOST/,/^.. END-HOST/d' %s > %t.kernels.mlir
// RUN: tile-compile %t.kernels.mlir --target=cpu -o %t.tile

// No folder of the compiling machine goes into a CPU kernel library: libomp
// by soname, no RUNPATH (the runtime loads an OpenMP runtime first). It is
// linked in-process: no ld.lld program is needed (none is on this PATH).
// RUN: env PATH=%t.no-tools tile-compile %t.kernels.mlir --target=cpu --no-cache --emit=so -o %t.so
// RUN: llvm-readelf -d %t.so | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC-NOT: RUNPATH
// DYNAMIC-NOT: RPATH
// DYNAMIC: (NEEDED) Shared library: [libomp.so.5]
// DYNAMIC-NOT: RUNPATH
// DYNAMIC-NOT: RPATH

// An unknown chip lists the supported ones ("nvidia:sm_90a" is short for
// "nvidia:chip=sm_90a": test/Target/NVIDIA/examples-asm.test).
// RUN: not tile-compile %t.kernels.mlir --target=nvidia:sm_1 -o %t.bad 2>&1 | FileCheck %s --check-prefix=BADCHIP
// BADCHIP: error: the nvidia target does not support chip 'sm_1' (supported: {{.*}}sm_90a)

// The standard MLIR options reach the target's pass manager.
// RUN: tile-compile %t.kernels.mlir --target=cpu -o %t.tile --mlir-timing 2>&1 | FileCheck %s --check-prefix=TIMING
// TIMING: Execution time report
// TIMING: ConvertTileToVector
// RUN: tile-compile %t.kernels.mlir --target=cpu -o %t.tile --mlir-print-ir-after=convert-tile-to-vector --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=PRINT
// PRINT: IR Dump After ConvertTileToVector
// PRINT: vector.

tile.func @scale(%x: !tile.ptr<f32>, %n: i32) {
  %c64 = arith.constant 64 : i32
  %pid = tile.program_id x
  %base = arith.muli %pid, %c64 : i32
  %r = tile.range 0 to 64 : tensor<64xi32>
  %b = tile.splat %base : tensor<64xi32>
  %i = arith.addi %b, %r : tensor<64xi32>
  %nn = tile.splat %n : tensor<64xi32>
  %m = arith.cmpi slt, %i, %nn : tensor<64xi32>
  %p0 = tile.splat %x : tensor<64x!tile.ptr<f32>>
  %p = tile.addptr %p0, %i : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %v = tile.load %p, %m : tensor<64x!tile.ptr<f32>>
  %s = arith.addf %v, %v : tensor<64xf32>
  tile.store %p, %s, %m : tensor<64x!tile.ptr<f32>>
  tile.return
}

// BEGIN-HOST
func.func @host_helper(%a: i32) -> i32 {
  return %a : i32
}
// END-HOST
