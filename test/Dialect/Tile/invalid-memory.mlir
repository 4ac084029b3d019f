// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Verifier messages of the pointer, memory and atomic ops.

func.func @addptr_shape(%p: tensor<16x!tile.ptr<f32>>, %o: tensor<8xi32>) {
  // expected-error @+1 {{offset 'tensor<8xi32>' must have the shape of the pointers 'tensor<16x!tile.ptr<f32>>'}}
  %q = tile.addptr %p, %o : tensor<16x!tile.ptr<f32>>, tensor<8xi32>
  return
}

// -----

func.func @addptr_i1(%p: !tile.ptr<f32>, %o: i1) {
  // expected-error @+1 {{offset must be an integer of 8 bits or more, not i1}}
  %q = tile.addptr %p, %o : !tile.ptr<f32>, i1
  return
}

// -----

func.func @addptr_not_pointer(%p: i64, %o: i32) {
  // expected-error @+1 {{operand #0 must be pointer tile or scalar}}
  %q = "tile.addptr"(%p, %o) : (i64, i32) -> i64
  return
}

// -----

func.func @load_other_without_mask(%p: !tile.ptr<f32>, %o: f32) {
  // expected-error @+1 {{'other' is only meaningful with a mask}}
  %x = "tile.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (!tile.ptr<f32>, f32) -> f32
  return
}

// -----

func.func @load_mask_shape(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that the mask is i1 of the pointers' shape}}
  %x = "tile.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<16x!tile.ptr<f32>>, tensor<8xi1>) -> tensor<16xf32>
  return
}

// -----

func.func @load_result(%p: tensor<16x!tile.ptr<f32>>) {
  // expected-error @+1 {{failed to verify that the result is a tile of the pointers' pointee type}}
  %x = "tile.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<16x!tile.ptr<f32>>) -> tensor<16xf16>
  return
}

// -----

func.func @load_other_type(%p: tensor<16x!tile.ptr<f32>>, %m: tensor<16xi1>, %o: tensor<16xf16>) {
  // expected-error @+1 {{failed to verify that other is a tile of the pointers' pointee type}}
  %x = "tile.load"(%p, %m, %o) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<16x!tile.ptr<f32>>, tensor<16xi1>, tensor<16xf16>) -> tensor<16xf32>
  return
}

// -----

func.func @store_value(%p: tensor<16x!tile.ptr<f32>>, %v: tensor<16xi32>) {
  // expected-error @+1 {{failed to verify that the value is a tile of the pointers' pointee type}}
  "tile.store"(%p, %v) : (tensor<16x!tile.ptr<f32>>, tensor<16xi32>) -> ()
  return
}

// -----

func.func @store_mask(%p: tensor<16x!tile.ptr<f32>>, %v: tensor<16xf32>, %m: tensor<16xi32>) {
  // expected-error @+1 {{operand #2 must be i1 tile or scalar, but got 'tensor<16xi32>'}}
  "tile.store"(%p, %v, %m) : (tensor<16x!tile.ptr<f32>>, tensor<16xf32>, tensor<16xi32>) -> ()
  return
}

// -----

func.func @desc_operands(%p: !tile.ptr<f16>, %m: i32, %s: i64) {
  // expected-error @+1 {{a rank-2 block needs 2 shape and 2 stride operands, got 1 and 1}}
  %d = tile.make_desc %p, [%m], [%s] : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  return
}

// -----

func.func @desc_element(%p: !tile.ptr<f32>, %m: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f32' but the block holds 'f16'}}
  %d = tile.make_desc %p, [%m], [%s] : !tile.ptr<f32> -> !tile.desc<tensor<64xf16>>
  return
}

// -----

func.func @desc_nan_int(%p: !tile.ptr<i32>, %m: i32, %s: i64) {
  // expected-error @+1 {{nan padding needs a float element type, got 'i32'}}
  %d = tile.make_desc %p, [%m], [%s] padding = nan : !tile.ptr<i32> -> !tile.desc<tensor<64xi32>>
  return
}

// -----

func.func @desc_load_offsets(%p: !tile.ptr<f16>, %m: i32, %s: i64) {
  %d = tile.make_desc %p, [%m, %m], [%s, %s] : !tile.ptr<f16> -> !tile.desc<tensor<64x32xf16>>
  // expected-error @+1 {{needs 2 offsets for a rank-2 block, got 1}}
  %b = tile.desc_load %d[%m] : !tile.desc<tensor<64x32xf16>>
  return
}

// -----

func.func @desc_store_offsets(%p: !tile.ptr<f16>, %m: i32, %s: i64, %v: tensor<64xf16>) {
  %d = tile.make_desc %p, [%m], [%s] : !tile.ptr<f16> -> !tile.desc<tensor<64xf16>>
  // expected-error @+1 {{needs 1 offsets for a rank-1 block, got 2}}
  tile.desc_store %d[%m, %m], %v : !tile.desc<tensor<64xf16>>
  return
}

// -----

func.func @desc_store_value(%p: !tile.ptr<f16>, %m: i32, %s: i64, %v: tensor<32xf16>) {
  %d = tile.make_desc %p, [%m], [%s] : !tile.ptr<f16> -> !tile.desc<tensor<64xf16>>
  // expected-error @+1 {{failed to verify that the value is the descriptor's block}}
  "tile.desc_store"(%d, %m, %v) : (!tile.desc<tensor<64xf16>>, i32, tensor<32xf16>) -> ()
  return
}

// -----

func.func @rmw_fadd_int(%p: !tile.ptr<i32>, %v: i32) {
  // expected-error @+1 {{fadd needs f16, bf16, f32 or f64 values, got 'i32'}}
  %o = tile.atomic_rmw fadd, relaxed, gpu %p, %v : !tile.ptr<i32>
  return
}

// -----

func.func @rmw_add_float(%p: !tile.ptr<f32>, %v: f32) {
  // expected-error @+1 {{add needs integer values of 16 bits or more, got 'f32'}}
  %o = tile.atomic_rmw add, relaxed, gpu %p, %v : !tile.ptr<f32>
  return
}

// -----

func.func @rmw_max_f16(%p: !tile.ptr<f16>, %v: f16) {
  // expected-error @+1 {{max/min need i16-i64, f32 or f64 values, got 'f16'}}
  %o = tile.atomic_rmw max, relaxed, gpu %p, %v : !tile.ptr<f16>
  return
}

// -----

func.func @rmw_xchg_i16(%p: !tile.ptr<i16>, %v: i16) {
  // expected-error @+1 {{xchg needs 32- or 64-bit values, got 'i16'}}
  %o = tile.atomic_rmw xchg, relaxed, gpu %p, %v : !tile.ptr<i16>
  return
}

// -----

func.func @rmw_mask(%p: tensor<4x!tile.ptr<i32>>, %v: tensor<4xi32>, %m: tensor<8xi1>) {
  // expected-error @+1 {{failed to verify that the mask is i1 of the pointers' shape}}
  %o = "tile.atomic_rmw"(%p, %v, %m) <{kind = #tile<rmw add>, order = #tile<order relaxed>, scope = #tile<scope gpu>}> : (tensor<4x!tile.ptr<i32>>, tensor<4xi32>, tensor<8xi1>) -> tensor<4xi32>
  return
}

// -----

func.func @cas_width(%p: !tile.ptr<i8>, %v: i8) {
  // expected-error @+1 {{compare-and-swap needs 16-, 32- or 64-bit values, got 'i8'}}
  %o = tile.atomic_cas relaxed, gpu %p, %v, %v : !tile.ptr<i8>
  return
}

// -----

func.func @cas_type(%p: !tile.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{failed to verify that the new value is a tile of the pointee type}}
  %o = "tile.atomic_cas"(%p, %c, %v) <{order = #tile<order relaxed>, scope = #tile<scope gpu>}> : (!tile.ptr<i32>, i32, i64) -> i32
  return
}
