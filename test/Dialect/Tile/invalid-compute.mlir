// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Verifier messages of dot, reduce, scan, histogram and the conversions.

func.func @dot_rank(%a: tensor<64xf16>, %b: tensor<64x16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{operands must all be 2-D (or 3-D with a batch dimension), got ranks 1, 2, 1}}
  %d = "tile.dot"(%a, %b, %c) : (tensor<64xf16>, tensor<64x16xf16>, tensor<16xf32>) -> tensor<16xf32>
  return
}

// -----

func.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<3x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions differ: 2, 3, 2}}
  %d = tile.dot %a, %b, %c : tensor<2x16x16xf16>, tensor<3x16x16xf16> -> tensor<2x16x16xf32>
  return
}

// -----

func.func @dot_k(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{contraction sizes differ: a is 16x32 but b is 16x16}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<16x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_acc(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator must be 16x16, got 16x32}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x32xf32>
  return
}

// -----

func.func @dot_int_acc(%a: tensor<16x32xi8>, %b: tensor<32x16xi8>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{integer dot needs i8 inputs and an i32 accumulator}}
  %d = tile.dot %a, %b, %c : tensor<16x32xi8>, tensor<32x16xi8> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_int_input(%a: tensor<16x32xi32>, %b: tensor<32x16xi32>, %c: tensor<16x16xi32>) {
  // expected-error @+1 {{inputs must be floats or i8, got 'i32' and 'i32'}}
  %d = tile.dot %a, %b, %c : tensor<16x32xi32>, tensor<32x16xi32> -> tensor<16x16xi32>
  return
}

// -----

func.func @dot_mixed(%a: tensor<16x32xf16>, %b: tensor<32x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{inputs must have one element type (or both be f8), got 'f16' and 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x16xbf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_bf16_acc(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xbf16>) {
  // expected-error @+1 {{float dot needs an f16, f32 or f64 accumulator, got 'bf16'}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xbf16>
  return
}

// -----

func.func @dot_f64(%a: tensor<16x32xf64>, %b: tensor<32x16xf64>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{f64 inputs go with an f64 accumulator only}}
  %d = tile.dot %a, %b, %c : tensor<16x32xf64>, tensor<32x16xf64> -> tensor<16x16xf32>
  return
}

// -----

func.func @dot_precision(%a: tensor<16x32xf16>, %b: tensor<32x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{input_precision tf32 applies to f32 inputs only, got 'f16'}}
  %d = tile.dot %a, %b, %c input_precision = tf32 : tensor<16x32xf16>, tensor<32x16xf16> -> tensor<16x16xf32>
  return
}

// -----

func.func @reduce_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{axis 2 is out of range for a tile of rank 2}}
  %r = tile.reduce(%x) axis = 2 : tensor<4x8xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tile.yield %s : f32
  }
  return
}

// -----

func.func @reduce_shapes(%x: tensor<4x8xf32>, %i: tensor<4x4xi32>) {
  // expected-error @+1 {{operands must have one shape, got 'tensor<4x8xf32>' and 'tensor<4x4xi32>'}}
  %r, %j = tile.reduce(%x, %i) axis = 1 : tensor<4x8xf32>, tensor<4x4xi32> -> tensor<4xf32>, tensor<4xi32> {
  ^bb0(%a: f32, %ai: i32, %b: f32, %bi: i32):
    tile.yield %a, %ai : f32, i32
  }
  return
}

// -----

func.func @reduce_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{has 1 operand(s) but 2 result(s)}}
  %r, %s = "tile.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }) : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @reduce_result(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result must be 'tensor<8xf32>' (the operand without axis 0), got 'tensor<4xf32>'}}
  %r = tile.reduce(%x) axis = 0 : tensor<4x8xf32> -> tensor<4xf32> {
  ^bb0(%a: f32, %b: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @reduce_none() {
  // expected-error @+1 {{needs at least one operand}}
  "tile.reduce"() <{axis = 0 : i32}> ({
    tile.yield
  }) : () -> ()
  return
}

// -----

func.func @combiner_arity(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner must take 2 arguments (two per operand), got 1}}
  %r = tile.reduce(%x) axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @combiner_arg_type(%x: tensor<8xf32>) {
  // expected-error @+1 {{combiner argument #1 must be 'f32', got 'f16'}}
  %r = tile.reduce(%x) axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f16):
    tile.yield %a : f32
  }
  return
}

// -----

func.func @combiner_yield_count(%x: tensor<8xf32>) {
  %r = tile.reduce(%x) axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{must yield 1 value(s), got 2}}
    tile.yield %a, %b : f32, f32
  }
  return
}

// -----

func.func @combiner_yield_type(%x: tensor<8xf32>) {
  %r = tile.reduce(%x) axis = 0 : tensor<8xf32> -> f32 {
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{value #0 must be 'f32', got 'i32'}}
    tile.yield %i : i32
  }
  return
}

// -----

func.func @yield_outside(%x: f32) {
  // expected-error @+1 {{expects parent op to be one of 'tile.reduce, tile.scan'}}
  tile.yield %x : f32
}

// -----

func.func @scan_axis(%x: tensor<8xi32>) {
  // expected-error @+1 {{axis 1 is out of range for a tile of rank 1}}
  %r = tile.scan(%x) axis = 1 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i32, %b: i32):
    tile.yield %a : i32
  }
  return
}

// -----

func.func @scan_types(%x: tensor<8xi32>) {
  // expected-error @+1 {{results must have the operands' types}}
  %r = tile.scan(%x) axis = 0 : tensor<8xi32> -> tensor<8xi64> {
  ^bb0(%a: i32, %b: i32):
    tile.yield %a : i32
  }
  return
}

// -----

func.func @scan_combiner(%x: tensor<8xi32>) {
  // expected-error @+1 {{combiner argument #0 must be 'i32', got 'i64'}}
  %r = tile.scan(%x) axis = 0 : tensor<8xi32> -> tensor<8xi32> {
  ^bb0(%a: i64, %b: i32):
    tile.yield %b : i32
  }
  return
}

// -----

func.func @histogram_rank(%x: tensor<4x8xi32>) {
  // expected-error @+1 {{source and result must be 1-D tiles}}
  %h = tile.histogram %x : tensor<4x8xi32> -> tensor<16xi32>
  return
}

// -----

func.func @bitcast_width(%x: tensor<8xf32>) {
  // expected-error @+1 {{element bit widths differ: 'f32' is 32 bits, 'i16' is 16}}
  %b = tile.bitcast %x : tensor<8xf32> -> tensor<8xi16>
  return
}

// -----

func.func @bitcast_pointer(%x: !tile.ptr<f32>) {
  // expected-error @+1 {{pointers bitcast only to pointers; use tile.ptr_to_int or tile.int_to_ptr}}
  %b = tile.bitcast %x : !tile.ptr<f32> -> i64
  return
}

// -----

func.func @bitcast_shape(%x: tensor<8xf32>) {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %b = tile.bitcast %x : tensor<8xf32> -> tensor<4xi32>
  return
}

// -----

func.func @fp_same(%x: tensor<8xf32>) {
  // expected-error @+1 {{source and result types are both 'f32'}}
  %b = tile.fp_to_fp %x : tensor<8xf32> -> tensor<8xf32>
  return
}

// -----

func.func @fp_narrow(%x: tensor<8xf32>) {
  // expected-error @+1 {{narrowing 'f32' to 'f16' needs a rounding mode}}
  %b = tile.fp_to_fp %x : tensor<8xf32> -> tensor<8xf16>
  return
}

// -----

func.func @fp_widen(%x: tensor<8xf16>) {
  // expected-error @+1 {{widening 'f16' to 'f32' is exact and takes no rounding mode}}
  %b = tile.fp_to_fp %x, rounding = rtne : tensor<8xf16> -> tensor<8xf32>
  return
}

// -----

func.func @fp_int(%x: tensor<8xi32>) {
  // expected-error @+1 {{operand #0 must be float tile or scalar}}
  %b = "tile.fp_to_fp"(%x) : (tensor<8xi32>) -> tensor<8xf32>
  return
}

// -----

func.func @philox_seed(%s: f32, %o: tensor<8xi32>) {
  // expected-error @+1 {{operand #0 must be 32-bit signless integer or 64-bit signless integer}}
  %a, %b, %c, %d = "tile.philox"(%s, %o) : (f32, tensor<8xi32>) -> (tensor<8xi32>, tensor<8xi32>, tensor<8xi32>, tensor<8xi32>)
  return
}

// -----

func.func @philox_results(%s: i64, %o: tensor<8xi32>) {
  // expected-error @+1 {{failed to verify that the results are i32 of the offsets' shape}}
  %a, %b, %c, %d = "tile.philox"(%s, %o) : (i64, tensor<8xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>)
  return
}

// -----

func.func @assert_condition(%c: tensor<8xi32>) {
  // expected-error @+1 {{operand #0 must be i1 tile or scalar}}
  "tile.assert"(%c) <{message = "bad"}> : (tensor<8xi32>) -> ()
  return
}

// -----

func.func @mulhi_float(%x: f32) {
  // expected-error @+1 {{operand #0 must be 32-bit signless integer or 64-bit signless integer or statically shaped tensor of 32-bit signless integer or 64-bit signless integer values}}
  %h = "tile.mulhiui"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @program_axis() {
  // expected-error @+1 {{expected ::mlir::tile::ProgramAxis to be one of: x, y, z}}
  %p = tile.program_id w
  // The parser reports the failed attribute where it stopped, on the next token.
  // expected-error @+1 {{failed to parse Tile_ProgramAxisAttr parameter 'value' which is to be a `::mlir::tile::ProgramAxis`}}
  return
}
