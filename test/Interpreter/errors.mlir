// The reference interpreter never crashes on a kernel it cannot run: an op it
// does not implement, an access outside the launch's buffers or misaligned,
// or a loop that cannot end is an error located at the op, naming the program
// and the lane; tile-check then exits with 2.
// DEFINE: %{exit} = %python %S/../Runtime/Inputs/reference.py exit-code

// RUN: %{exit} 2 tile-check %s --kernel unsupported --grid 1 --targets none \
// RUN:   --arg buf:f32:4:zero 2>&1 | FileCheck %s --check-prefix=NOT-IMPL
// NOT-IMPL: errors.mlir:[[# @LINE + 7]]:12: error: the reference interpreter does not implement 'math.sincos'
// NOT-IMPL: tile-check: error: the reference interpreter failed; nothing to compare
tile.func @unsupported(%p: !tile.ptr<f32>) {
  %r = tile.range 0 to 4 : tensor<4xi32>
  %ps = tile.splat %p : tensor<4x!tile.ptr<f32>>
  %a = tile.addptr %ps, %r : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %x = tile.load %a : tensor<4x!tile.ptr<f32>>
  %s, %c = math.sincos %x : tensor<4xf32>
  tile.store %a, %s : tensor<4x!tile.ptr<f32>>
  tile.return
}

// A store one element past its buffer, in the second program only.
// RUN: %{exit} 2 tile-check %s --kernel past_the_end --grid 2 --targets none \
// RUN:   --arg buf:i32:7:zero 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: errors.mlir:[[# @LINE + 10]]:3: error: in program (1, 0, 0): tile.store lane [3] writes 4 bytes at 0x{{[0-9a-f]+}}, outside every buffer of the launch (just past the end of argument #0)
tile.func @past_the_end(%p: !tile.ptr<i32>) {
  %pid = tile.program_id x
  %c4 = arith.constant 4 : i32
  %start = arith.muli %pid, %c4 : i32
  %r = tile.range 0 to 4 : tensor<4xi32>
  %s = tile.splat %start : tensor<4xi32>
  %offs = arith.addi %s, %r : tensor<4xi32>
  %ps = tile.splat %p : tensor<4x!tile.ptr<i32>>
  %a = tile.addptr %ps, %offs : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %a, %r : tensor<4x!tile.ptr<i32>>
  tile.return
}

// An i32 read through a pointer moved by one byte (an i8 pointer cast back).
// RUN: %{exit} 2 tile-check %s --kernel misaligned --grid 1 --targets none \
// RUN:   --arg buf:i32:4:zero 2>&1 | FileCheck %s --check-prefix=ALIGN
// ALIGN: errors.mlir:[[# @LINE + 6]]:8: error: in program (0, 0, 0): tile.load reads 4 bytes at misaligned address 0x{{[0-9a-f]+}} (argument #0 + 1 bytes)
tile.func @misaligned(%p: !tile.ptr<i32>) {
  %b = tile.bitcast %p : !tile.ptr<i32> -> !tile.ptr<i8>
  %c1 = arith.constant 1 : i32
  %b1 = tile.addptr %b, %c1 : !tile.ptr<i8>, i32
  %q = tile.bitcast %b1 : !tile.ptr<i8> -> !tile.ptr<i32>
  %x = tile.load %q : !tile.ptr<i32>
  tile.store %p, %x : !tile.ptr<i32>
  tile.return
}

// RUN: %{exit} 2 tile-check %s --kernel endless --grid 1 --targets none \
// RUN:   --arg i32:0 2>&1 | FileCheck %s --check-prefix=STEP
// STEP: errors.mlir:[[# @LINE + 4]]:3: error: in program (0, 0, 0): scf.for with a step of 0 does not terminate (the step must be positive)
tile.func @endless(%step: i32) {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  scf.for %i = %c0 to %c10 step %step : i32 {
  }
  tile.return
}

// A vector constant (kernels compute on tiles and scalars) is refused with a
// located error; it used to be decoded as a scalar of no format, a crash.
// RUN: %{exit} 2 tile-check %s --kernel vector_constant --grid 1 \
// RUN:   --targets none --arg buf:f32:1:zero 2>&1 | FileCheck %s --check-prefix=VEC
// VEC: errors.mlir:[[# @LINE + 3]]:8: error: in program (0, 0, 0): a vector constant, which the interpreter does not evaluate
tile.func @vector_constant(%p: !tile.ptr<f32>) {
  %c = arith.constant 1.0 : f32
  %v = arith.constant dense<1.0> : vector<2xf16>
  tile.store %p, %c : !tile.ptr<f32>
  tile.return
}
