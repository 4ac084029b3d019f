// What the GPU lowering refuses, with the op and the reason.
// RUN: tile-opt %s --split-input-file --verify-diagnostics --convert-tile-to-gpu="target=nvidia chip=sm_90a"

// Staging 256x256 bf16 operands twice needs more than sm_90a's 227 KiB.
// expected-error @+1 {{needs 262144 bytes of shared memory; the chip allows 232448 per program}}
tile.func @too_much_shared(%a: !tile.ptr<bf16>, %c: !tile.ptr<f32>) {
  %r = tile.range 0 to 256 : tensor<256xi32>
  %re = tile.expand_dims %r, 1 : tensor<256xi32> -> tensor<256x1xi32>
  %rb = tile.broadcast %re : tensor<256x1xi32> -> tensor<256x256xi32>
  %a0 = tile.splat %a : tensor<256x256x!tile.ptr<bf16>>
  %ap = tile.addptr %a0, %rb : tensor<256x256x!tile.ptr<bf16>>, tensor<256x256xi32>
  %x = tile.load %ap : tensor<256x256x!tile.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<256x256xf32>
  %p = tile.dot %x, %x, %zero : tensor<256x256xbf16>, tensor<256x256xbf16> -> tensor<256x256xf32>
  %c0 = tile.splat %c : tensor<256x256x!tile.ptr<f32>>
  %cp = tile.addptr %c0, %rb : tensor<256x256x!tile.ptr<f32>>, tensor<256x256xi32>
  tile.store %cp, %p : tensor<256x256x!tile.ptr<f32>>
  tile.return
}

// -----

tile.func @scalar_atomic(%p: !tile.ptr<i32>) {
  %one = arith.constant 1 : i32
  // expected-error @+1 {{cannot be lowered by the GPU target: scalar atomics are not implemented yet}}
  %old = tile.atomic_rmw add, relaxed, gpu %p, %one : !tile.ptr<i32>
  tile.return
}
