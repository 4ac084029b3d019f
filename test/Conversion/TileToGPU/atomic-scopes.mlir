// Atomic scopes on the amd target: cta, gpu and sys become the workgroup, agent and
// system sync scopes; below system scope the atomics carry ROCDL's hints that
// the memory is the device's own (coarse-grained, not remote), so the
// backend uses the hardware's atomics rather than compare-and-swap loops.
// System scope keeps LLVM's defaults. NVIDIA's atomics carry no sync scope
// (LLVM 22's NVPTX ignores it and the ordering of `atomicrmw`): an ordered
// update is relaxed between fences of its scope (atomic-orders.mlir), and a
// system-scope update is a loop of compare-and-swaps, whose `cmpxchg` keeps
// LLVM's default, system, scope (`atom.relaxed.sys.cas`).
// RUN: tile-opt %s --convert-tile-to-gpu="target=amd chip=gfx942" | FileCheck %s --check-prefix=AMD
// RUN: tile-opt %s --convert-tile-to-gpu="target=nvidia chip=sm_90a" | FileCheck %s --check-prefix=NV
// The machine code: one global_atomic_add_f32 for the f32 add at gpu scope on
// gfx942; on gfx90a, whose f32 atomic add flushes subnormals, LLVM keeps the
// compare-and-swap loop. Integer max at gpu scope is one instruction on both.
// RUN: tile-compile %s --target=amd:chip=gfx942 --emit=asm -o - | FileCheck %s --check-prefix=GFX942
// RUN: tile-compile %s --target=amd:chip=gfx90a --emit=asm -o - | FileCheck %s --check-prefix=GFX90A

// AMD-LABEL: gpu.func @scopes
// AMD: llvm.atomicrmw add {{.*}} syncscope("workgroup") monotonic {{.*}}rocdl.no_fine_grained_memory, rocdl.no_remote_memory
// AMD: llvm.atomicrmw add {{.*}} syncscope("agent") monotonic {{.*}}rocdl.no_fine_grained_memory, rocdl.no_remote_memory
// AMD: llvm.atomicrmw add %{{[a-z0-9_]+}}, %{{[a-z0-9_]+}} monotonic : !llvm.ptr<1>, i32
// AMD: llvm.atomicrmw fadd {{.*}} syncscope("agent") monotonic {{.*}}rocdl.no_fine_grained_memory
// AMD: llvm.atomicrmw max {{.*}} syncscope("agent") acq_rel {{.*}}rocdl.no_fine_grained_memory
// AMD: llvm.cmpxchg {{.*}} syncscope("agent") acq_rel acquire {{.*}}rocdl.no_fine_grained_memory
// NV-LABEL: gpu.func @scopes
// NV-NOT: syncscope
// NV-COUNT-2: llvm.atomicrmw add {{.*}} monotonic
// NV: llvm.load %{{.*}} atomic monotonic
// NV: scf.while
// NV: llvm.cmpxchg {{.*}} monotonic monotonic
// NV: llvm.atomicrmw fadd {{.*}} monotonic
// NV-NOT: llvm.atomicrmw
// NV: llvm.fence syncscope("device") acq_rel
// NV: llvm.atomicrmw max {{.*}} monotonic
// NV: llvm.fence syncscope("device") acq_rel
// NV: llvm.cmpxchg {{.*}} acq_rel acquire

// GFX942: global_atomic_add_f32
// GFX942: global_atomic_smax
// GFX90A-NOT: global_atomic_add_f32
// GFX90A: global_atomic_cmpswap
// GFX90A: global_atomic_smax
tile.func @scopes(%i: !tile.ptr<i32>, %f: !tile.ptr<f32>) {
  %pi = tile.splat %i : tensor<1x!tile.ptr<i32>>
  %pf = tile.splat %f : tensor<1x!tile.ptr<f32>>
  %one = arith.constant dense<1> : tensor<1xi32>
  %x = arith.constant dense<2.5> : tensor<1xf32>
  %a = tile.atomic_rmw add, relaxed, cta %pi, %one : tensor<1x!tile.ptr<i32>>
  %b = tile.atomic_rmw add, relaxed, gpu %pi, %one : tensor<1x!tile.ptr<i32>>
  %c = tile.atomic_rmw add, relaxed, sys %pi, %one : tensor<1x!tile.ptr<i32>>
  %d = tile.atomic_rmw fadd, relaxed, gpu %pf, %x : tensor<1x!tile.ptr<f32>>
  %e = tile.atomic_rmw max, acq_rel, gpu %pi, %one : tensor<1x!tile.ptr<i32>>
  %g = tile.atomic_cas acq_rel, gpu %pi, %one, %a : tensor<1x!tile.ptr<i32>>
  tile.store %pi, %g : tensor<1x!tile.ptr<i32>>
  tile.return
}
