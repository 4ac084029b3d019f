// tile-outline-cold-versions moves a sign guard's else-branch (the branch
// of an scf.if on llvm.intr.expect true) into an internal, never-inlined
// LLVM function of the gpu.module and calls it there. Values without
// operands or effects (constants, block indices, a global's address) are
// recomputed in the function; the kernel's other scalars are passed.
// RUN: tile-opt %s --split-input-file --pass-pipeline="builtin.module(gpu.module(tile-outline-cold-versions))" | FileCheck %s

// CHECK-LABEL: gpu.module @kernels
// CHECK:         llvm.func internal @guarded_cold(%[[N:.*]]: i32, %[[P:.*]]: !llvm.ptr<1>)
// CHECK-SAME:      no_inline
// CHECK-DAG:       %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-DAG:       %[[BLOCK:.*]] = gpu.block_id x
// CHECK:           %[[INDEX:.*]] = arith.index_cast %[[BLOCK]] : index to i32
// CHECK:           %[[SUM:.*]] = arith.addi %[[N]], %[[ONE]] : i32
// CHECK:           %[[VALUE:.*]] = arith.addi %[[SUM]], %[[INDEX]] : i32
// CHECK:           llvm.store %[[VALUE]], %[[P]] : i32, !llvm.ptr<1>
// CHECK:           llvm.return
// CHECK:         gpu.func @guarded(%[[KN:.*]]: i32, %[[KP:.*]]: !llvm.ptr<1>) kernel
// CHECK:           %[[EXPECTED:.*]] = llvm.intr.expect
// CHECK:           scf.if %[[EXPECTED]] {
// CHECK:             llvm.store %[[KN]], %[[KP]]
// CHECK:           } else {
// CHECK-NEXT:        llvm.call @guarded_cold(%[[KN]], %[[KP]]) : (i32, !llvm.ptr<1>) -> ()
// CHECK-NEXT:      }
gpu.module @kernels {
  gpu.func @guarded(%n: i32, %p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %block = gpu.block_id x
    %nonnegative = arith.cmpi sge, %n, %c0 : i32
    %expected = llvm.intr.expect %nonnegative, %true : i1
    scf.if %expected {
      llvm.store %n, %p : i32, !llvm.ptr<1>
    } else {
      %index = arith.index_cast %block : index to i32
      %sum = arith.addi %n, %c1 : i32
      %value = arith.addi %sum, %index : i32
      llvm.store %value, %p : i32, !llvm.ptr<1>
    }
    gpu.return
  }
}

// -----

// Left alone: a branch that captures a vector (not a scalar the function
// could take as it is), a branch of an scf.if with results, and a branch of
// a condition without llvm.intr.expect.
// CHECK-LABEL: gpu.module @unchanged
// CHECK-NOT:     llvm.func
// CHECK-NOT:     llvm.call
gpu.module @unchanged {
  gpu.func @vector(%n: i32, %v: vector<4xi32>, %p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %nonnegative = arith.cmpi sge, %n, %c0 : i32
    %expected = llvm.intr.expect %nonnegative, %true : i1
    scf.if %expected {
      llvm.store %n, %p : i32, !llvm.ptr<1>
    } else {
      llvm.store %v, %p : vector<4xi32>, !llvm.ptr<1>
    }
    gpu.return
  }
  gpu.func @results(%n: i32, %p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %nonnegative = arith.cmpi sge, %n, %c0 : i32
    %expected = llvm.intr.expect %nonnegative, %true : i1
    %r = scf.if %expected -> i32 {
      scf.yield %n : i32
    } else {
      scf.yield %c0 : i32
    }
    llvm.store %r, %p : i32, !llvm.ptr<1>
    gpu.return
  }
  gpu.func @unexpected(%n: i32, %p: !llvm.ptr<1>) kernel {
    %c0 = arith.constant 0 : i32
    %nonnegative = arith.cmpi sge, %n, %c0 : i32
    scf.if %nonnegative {
      llvm.store %n, %p : i32, !llvm.ptr<1>
    } else {
      llvm.store %c0, %p : i32, !llvm.ptr<1>
    }
    gpu.return
  }
}
