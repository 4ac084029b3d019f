// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-cpu-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=LLVM
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu -o %t.tile
// RUN: head -c 2000 %t.tile | FileCheck %s --check-prefix=ARTIFACT
// RUN: not tile-compile %tile_src_root/examples/vector_add.mlir --target=tpu -o %t.bad 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:speed=11 -o %t.bad 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: not tile-compile %s --target=cpu -o %t.bad 2>&1 | FileCheck %s --check-prefix=NOTYET

// The pipeline tile-compile runs for the CPU, stage by stage from tile-opt:
// a program function and an OpenMP kernel entry in the LLVM dialect.
// LLVM: llvm.func @vector_add_program(
// LLVM: llvm.intr.masked.load
// LLVM: llvm.func @tile_kernel_vector_add(%{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) -> i32
// LLVM: omp.parallel
// LLVM: omp.wsloop
// LLVM: llvm.call @vector_add_program

// ARTIFACT: TILEART2
// ARTIFACT: target cpu
// ARTIFACT: binary so {{[0-9]+}}
// ARTIFACT: kernel vector_add tile_kernel_vector_add 4
// ARTIFACT-NEXT: arg ptr
// ARTIFACT-NEXT: arg ptr
// ARTIFACT-NEXT: arg ptr
// ARTIFACT-NEXT: arg i32

// TARGET: error: unknown target 'tpu' (known: amd, cpu, nvidia)
// OPTION: tile-compile: unknown target option 'speed' (expected chip=..., triple=..., toolkit=... or features=...; a chip alone may come first, as in nvidia:sm_90a)

// NOTYET: error: 'tile.scan' op cannot be lowered by the CPU target: scans of tiles of rank above 2 are not implemented yet
tile.func @scan_rank3(%a: !tile.ptr<f32>) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %pa = tile.splat %a : tensor<16x!tile.ptr<f32>>
  %p = tile.addptr %pa, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %v = tile.load %p : tensor<16x!tile.ptr<f32>>
  %v3 = tile.reshape %v : tensor<16xf32> -> tensor<2x2x4xf32>
  %c = tile.scan(%v3) axis = 1 : tensor<2x2x4xf32> -> tensor<2x2x4xf32> {
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tile.yield %t : f32
  }
  %c1 = tile.reshape %c : tensor<2x2x4xf32> -> tensor<16xf32>
  tile.store %p, %c1 : tensor<16x!tile.ptr<f32>>
  tile.return
}

// Intermediate forms, and cross-compilation for another x86 processor: a
// Haswell has AVX2, so 8-lane (ymm) code.
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:chip=haswell --emit=llvm -o - | FileCheck %s --check-prefix=IR
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:chip=haswell --emit=asm -o - | FileCheck %s --check-prefix=ASM
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:chip=haswell -o %t.haswell
// RUN: head -c 300 %t.haswell | FileCheck %s --check-prefix=HASWELL
// RUN: not tile-compile %tile_src_root/examples/vector_add.mlir --emit=ptx -o - 2>&1 | FileCheck %s --check-prefix=EMIT
// IR: define {{.*}}i32 @tile_kernel_vector_add(
// IR: "target-cpu"="haswell"
// ASM: vector_add_program:
// ASM: {{vmaskmovps|vpmaskmovd}} {{.*}}%ymm
// HASWELL: chip haswell
// HASWELL-NEXT: features +avx2,+avx,+fma,+f16c
// EMIT: tile-compile: unknown --emit=ptx (expected artifact, llvm-dialect, llvm, asm, obj or so)

// Cross-compiling for AArch64: 4-lane NEON vectors; the runtime here refuses
// the library with a message naming the machines.
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:triple=aarch64-linux-gnu --emit=asm -o - | FileCheck %s --check-prefix=ARM
// RUN: tile-compile %tile_src_root/examples/vector_add.mlir --target=cpu:triple=aarch64-linux-gnu -o %t.arm
// RUN: not tile-run %t.arm --kernel vector_add --grid 1 --arg buf:f32:4:zero --arg buf:f32:4:zero --arg buf:f32:4:zero --arg i32:4 2>&1 | FileCheck %s --check-prefix=ARMLOAD
// ARM: vector_add_program:
// ARM: fadd v{{[0-9]+}}.4s
// ARMLOAD: the artifact's shared object is for ELF machine 183, this host is 62
