// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-cpu-pipeline=vector-bytes=64 | FileCheck %s
// RUN: tile-opt %tile_src_root/examples/vector_add.mlir --tile-cpu-pipeline=vector-bytes=32 | FileCheck %s --check-prefix=AVX2

// With AVX-512, a top-level store of a contiguous 1-D tile becomes
// non-temporal when the launch writes 64 MiB or more through it and the tile
// is 64-byte aligned (checked at run time); the entry fences once per thread.
// CHECK: llvm.func @vector_add_program(
// CHECK: llvm.icmp "uge"
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 64 : i64, nontemporal} : vector<16xf32>, !llvm.ptr
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<16xf32>, !llvm.ptr
// CHECK: llvm.intr.masked.store
// CHECK: llvm.func @tile_kernel_vector_add(
// CHECK: omp.wsloop
// CHECK: llvm.call_intrinsic "llvm.x86.sse.sfence"() : () -> ()
// CHECK-NEXT: omp.terminator

// AVX2-NOT: nontemporal
// AVX2-NOT: sfence
