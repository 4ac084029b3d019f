// RUN: tile-opt %s -split-input-file -verify-diagnostics

// Every verifier message of the tile dialect, one case each.

// expected-error @+1 {{a kernel returns nothing, but the signature has 1 result(s)}}
tile.func @returns_value() -> i32 {
  tile.return
}

// -----

// expected-error @+1 {{argument #0 must be a scalar integer, float or pointer, got 'tensor<4xf32>'}}
tile.func @tile_argument(%x: tensor<4xf32>) {
  tile.return
}

// -----

// expected-error @+1 {{num_warps must be a power of two in [1, 32], got 3}}
tile.func @bad_warps() attributes {num_warps = 3 : i32} {
  tile.return
}

// -----

// expected-error @+1 {{num_stages must be at least 1, got 0}}
tile.func @bad_stages() attributes {num_stages = 0 : i32} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' of argument #0 must be a positive power-of-two integer}}
tile.func @bad_divisibility(%p: !tile.ptr<f32> {tile.divisibility = 12 : i32}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.divisibility' applies to integer and pointer arguments, not argument #0 of type 'f32'}}
tile.func @divisibility_on_float(%x: f32 {tile.divisibility = 16 : i32}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.noalias' applies to pointer arguments, not argument #0 of type 'i32'}}
tile.func @noalias_on_int(%x: i32 {tile.noalias}) {
  tile.return
}

// -----

// expected-error @+1 {{'tile.noalias' must be a unit attribute}}
tile.func @noalias_not_unit(%p: !tile.ptr<f32> {tile.noalias = 1 : i32}) {
  tile.return
}

// -----

// expected-error @+1 {{unknown tile argument attribute 'tile.aligned'}}
tile.func @unknown_arg_attr(%p: !tile.ptr<f32> {tile.aligned}) {
  tile.return
}

// -----

// expected-error @+1 {{pointee type must be an integer (i1-i64), float (f16, bf16, f32, f64, f8E4M3FN, f8E5M2) or pointer type, got 'index'}}
func.func @bad_pointee(%p: !tile.ptr<index>) {
  return
}

// -----

// expected-error @+1 {{descriptor block must be a static tensor of rank >= 1, got 'tensor<?x4xf32>'}}
func.func @dynamic_desc(%d: !tile.desc<tensor<?x4xf32>>) {
  return
}

// -----

// expected-error @+1 {{descriptor block element type must be an integer or float type, got 'index'}}
func.func @index_desc(%d: !tile.desc<tensor<4xindex>>) {
  return
}

// -----

func.func @range_empty() {
  // expected-error @+1 {{end (0) must be greater than start (0)}}
  %r = tile.range 0 to 0 : tensor<1xi32>
  return
}

// -----

func.func @range_size() {
  // expected-error @+1 {{result must be a 1-D tile of 128 elements, got 'tensor<64xi32>'}}
  %r = tile.range 0 to 128 : tensor<64xi32>
  return
}

// -----

func.func @splat_generic(%x: f32) {
  // expected-error @+1 {{failed to verify that the scalar's type is the tile's element type}}
  %s = "tile.splat"(%x) : (f32) -> tensor<4xi32>
  return
}

// -----

func.func @splat_dynamic(%x: f32) {
  // expected-error @+1 {{result #0 must be statically shaped tensor}}
  %s = "tile.splat"(%x) : (f32) -> tensor<?xf32>
  return
}

// -----

func.func @broadcast_rank(%t: tensor<128xf32>) {
  // expected-error @+1 {{source rank 1 differs from result rank 2; use tile.expand_dims first}}
  %b = tile.broadcast %t : tensor<128xf32> -> tensor<4x128xf32>
  return
}

// -----

func.func @broadcast_size(%t: tensor<2x128xf32>) {
  // expected-error @+1 {{dimension 0 of size 2 cannot broadcast to 4 (only dimensions of size 1 broadcast)}}
  %b = tile.broadcast %t : tensor<2x128xf32> -> tensor<4x128xf32>
  return
}

// -----

func.func @broadcast_element(%t: tensor<1x128xf32>) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %b = tile.broadcast %t : tensor<1x128xf32> -> tensor<4x128xf16>
  return
}

// -----

func.func @expand_axis(%t: tensor<128xf32>) {
  // expected-error @+1 {{axis 2 is out of range for a tile of rank 2}}
  %e = tile.expand_dims %t, 2 : tensor<128xf32> -> tensor<128x1xf32>
  return
}

// -----

func.func @expand_shape(%t: tensor<128xf32>) {
  // expected-error @+1 {{result shape must be the source shape with a 1 inserted at axis 1, got 'tensor<1x128xf32>'}}
  %e = tile.expand_dims %t, 1 : tensor<128xf32> -> tensor<1x128xf32>
  return
}

// -----

func.func @reshape_count(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{source has 128 elements but the result has 64}}
  %r = tile.reshape %t : tensor<4x32xf32> -> tensor<64xf32>
  return
}

// -----

func.func @trans_length(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{order has 3 entries for a tile of rank 2}}
  %r = tile.trans %t, [0, 1, 2] : tensor<4x32xf32> -> tensor<32x4xf32>
  return
}

// -----

func.func @trans_permutation(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{order must be a permutation of [0, 2)}}
  %r = tile.trans %t, [1, 1] : tensor<4x32xf32> -> tensor<32x32xf32>
  return
}

// -----

func.func @trans_shape(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{result dimension 0 must be source dimension 1 of size 32, got 4}}
  %r = tile.trans %t, [1, 0] : tensor<4x32xf32> -> tensor<4x32xf32>
  return
}

// -----

func.func @cat_axis(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{axis 2 is out of range for a tile of rank 2}}
  %c = tile.cat %t, %t, 2 : tensor<4x32xf32> -> tensor<8x32xf32>
  return
}

// -----

func.func @cat_shape(%t: tensor<4x32xf32>) {
  // expected-error @+1 {{result shape must be the operand shape with axis 1 doubled, got 'tensor<8x32xf32>'}}
  %c = tile.cat %t, %t, 1 : tensor<4x32xf32> -> tensor<8x32xf32>
  return
}

// -----

func.func @join_shape(%t: tensor<32xf32>) {
  // expected-error @+1 {{result shape must be the operand shape with a new last dimension of 2, got 'tensor<2x32xf32>'}}
  %j = tile.join %t, %t : tensor<32xf32> -> tensor<2x32xf32>
  return
}

// -----

func.func @split_source(%t: tensor<32x4xf32>) {
  // expected-error @+1 {{source must have rank >= 2 and a last dimension of 2, got 'tensor<32x4xf32>'}}
  %a, %b = tile.split %t : tensor<32x4xf32> -> tensor<32xf32>
  return
}

// -----

func.func @split_result(%t: tensor<32x2xf32>) {
  // expected-error @+1 {{results must have the source shape without its last dimension, got 'tensor<16xf32>'}}
  %a, %b = tile.split %t : tensor<32x2xf32> -> tensor<16xf32>
  return
}

// -----

func.func @gather_axis(%t: tensor<4x8xf32>, %i: tensor<4x8xi32>) {
  // expected-error @+1 {{axis 2 is out of range for a tile of rank 2}}
  %g = tile.gather %t[%i], 2 : tensor<4x8xf32>, tensor<4x8xi32> -> tensor<4x8xf32>
  return
}

// -----

func.func @gather_rank(%t: tensor<4x8xf32>, %i: tensor<8xi32>) {
  // expected-error @+1 {{indices must have the source's rank 2, got 1}}
  %g = tile.gather %t[%i], 1 : tensor<4x8xf32>, tensor<8xi32> -> tensor<8xf32>
  return
}

// -----

func.func @gather_dims(%t: tensor<4x8xf32>, %i: tensor<2x8xi32>) {
  // expected-error @+1 {{indices dimension 0 must match the source's (4), got 2}}
  %g = tile.gather %t[%i], 1 : tensor<4x8xf32>, tensor<2x8xi32> -> tensor<2x8xf32>
  return
}

// -----

func.func @gather_result(%t: tensor<4x8xf32>, %i: tensor<4x16xi32>) {
  // expected-error @+1 {{result must have the indices' shape and the source's element type, got 'tensor<4x8xf32>'}}
  %g = tile.gather %t[%i], 1 : tensor<4x8xf32>, tensor<4x16xi32> -> tensor<4x8xf32>
  return
}

// -----

tile.func @hint_float(%x: f32) {
  // expected-error @+1 {{'tile.divisibility' applies to integer and pointer values, not 'f32'}}
  %y = arith.addf %x, %x {tile.divisibility = array<i64: 16>} : f32
  tile.return
}

// -----

tile.func @hint_rank(%n: i32) {
  %s = tile.splat %n : tensor<8xi32>
  // expected-error @+1 {{'tile.contiguity' must be an array<i64> of 1 entries, one per dimension}}
  %t = arith.addi %s, %s {tile.contiguity = array<i64: 8, 1>} : tensor<8xi32>
  tile.return
}

// -----

tile.func @hint_extent(%n: i32) {
  %s = tile.splat %n : tensor<8xi32>
  // expected-error @+1 {{'tile.constancy' entry 0 (16) exceeds the extent 8}}
  %t = arith.addi %s, %s {tile.constancy = array<i64: 16>} : tensor<8xi32>
  tile.return
}

// -----

tile.func @hint_power(%n: i32) {
  // expected-error @+1 {{'tile.divisibility' entry 0 must be a positive power of two, got 12}}
  %t = arith.addi %n, %n {tile.divisibility = array<i64: 12>} : i32
  tile.return
}

// -----

tile.func @loop_stages_op(%n: i32) {
  // expected-error @+1 {{'tile.num_stages' applies to scf.for loops only}}
  %t = arith.addi %n, %n {tile.num_stages = 2 : i32} : i32
  tile.return
}

// -----

tile.func @loop_stages_value(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tile.num_stages' must be an i32 of at least 1}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.num_stages = 0 : i32}
  tile.return
}

// -----

tile.func @grid_loop_op(%n: i32) {
  // expected-error @+1 {{'tile.grid_loop' is a unit attribute of scf.for loops}}
  %t = arith.addi %n, %n {tile.grid_loop} : i32
  tile.return
}

// -----

tile.func @grid_loop_value(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tile.grid_loop' is a unit attribute of scf.for loops}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.grid_loop = 1 : i32}
  tile.return
}

// -----

// expected-error @+1 {{schedule 'grouped' must be at least 1, got 0}}
tile.func @schedule_group_zero() attributes {tile.schedule = #tile.schedule<grouped = 0>} {
  tile.return
}

// -----

// expected-error @+1 {{schedule 'chunk' must be positive, got -2}}
tile.func @schedule_chunk_negative() attributes {tile.schedule = #tile.schedule<cpu = dynamic, chunk = -2>} {
  tile.return
}

// -----

// expected-error @+1 {{unknown schedule field 'stride' (expected persistent, grouped, cpu or chunk)}}
tile.func @schedule_unknown_field() attributes {tile.schedule = #tile.schedule<stride = 2>} {
  tile.return
}

// -----

// expected-error @+1 {{expected static, dynamic or guided, got 'auto'}}
tile.func @schedule_cpu_kind() attributes {tile.schedule = #tile.schedule<cpu = auto>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.schedule' must be a #tile.schedule, got "persistent"}}
tile.func @schedule_not_a_schedule() attributes {tile.schedule = "persistent"} {
  tile.return
}

// -----

tile.func @schedule_on_an_op() {
  // expected-error @+1 {{'arith.constant' op 'tile.schedule' applies to kernels (functions) only}}
  %c0 = arith.constant {tile.schedule = #tile.schedule<persistent>} 0 : i32
  tile.return
}

// -----

tile.func @print_two_ids(%x: i32) {
  // expected-error @+1 {{'tile.print' op names 2 program ids; program(...) takes three (x, y, z) or is absent}}
  tile.print "x" program(%x, %x)
  tile.return
}

// -----

tile.func @assert_four_ids(%ok: i1, %x: i32) {
  // expected-error @+1 {{'tile.assert' op names 4 program ids; program(...) takes three (x, y, z) or is absent}}
  tile.assert %ok, "ok" program(%x, %x, %x, %x) : i1
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.alternative_of' names @missing, which is not a tile.func of this module}}
tile.func @alternative_of_nothing() attributes {tile.alternative_of = @missing} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.alternative_of' must be a symbol (@kernel) on a kernel}}
tile.func @alternative_of_string() attributes {tile.alternative_of = "k"} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.alternative_of' names the kernel itself}}
tile.func @alternative_of_itself() attributes {tile.alternative_of = @alternative_of_itself} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.alternative_targets' applies to alternatives only (with 'tile.alternative_of'): a kernel compiles for every target}}
tile.func @targets_without_alternative() attributes {tile.alternative_targets = ["cpu"]} {
  tile.return
}

// -----

tile.func @targets_kernel() {
  tile.return
}
// expected-error @+1 {{'tile.func' op 'tile.alternative_targets' must be a non-empty list of target names on a kernel}}
tile.func @targets_empty() attributes {tile.alternative_of = @targets_kernel, tile.alternative_targets = []} {
  tile.return
}

// -----

tile.func @k() {
  tile.return
}
tile.func @k_a() attributes {tile.alternative_of = @k} {
  tile.return
}
// expected-error @+1 {{'tile.func' op 'tile.alternative_of' names @k_a, itself an alternative: name the kernel it stands in for}}
tile.func @k_b() attributes {tile.alternative_of = @k_a} {
  tile.return
}

// -----

tile.func @k(%n: i32) {
  tile.return
}
// expected-error @+1 {{'tile.func' op is an alternative of @k but its type '(i64) -> ()' differs from '(i32) -> ()'}}
tile.func @k_wide(%n: i64) attributes {tile.alternative_of = @k} {
  tile.return
}

// -----

tile.func @k(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  tile.return
}
// expected-error @+1 {{'tile.func' op is an alternative of @k but its argument attributes differ (the launch checks them)}}
tile.func @k_unaligned(%p: !tile.ptr<f32>) attributes {tile.alternative_of = @k} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' must be an affine map on a kernel}}
tile.func @grid_not_a_map(%n: i32) attributes {tile.grid = [1, 2, 3]} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' must map no dimensions to 1 to 3 extents (x, y, z), with symbol i for argument i; got affine_map<(d0) -> (d0)>}}
tile.func @grid_with_dims(%n: i32) attributes {tile.grid = affine_map<(d0) -> (d0)>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' must map no dimensions to 1 to 3 extents (x, y, z), with symbol i for argument i; got affine_map<()[s0] -> (s0, 1, 1, 1)>}}
tile.func @grid_of_four(%n: i32) attributes {tile.grid = affine_map<()[s0] -> (s0, 1, 1, 1)>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' has 2 symbols, but the kernel takes 1 arguments}}
tile.func @grid_past_arguments(%n: i32) attributes {tile.grid = affine_map<()[s0, s1] -> (s1)>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' reads s0, argument #0 of type '!tile.ptr<f32>', not an integer}}
tile.func @grid_of_pointer(%p: !tile.ptr<f32>, %n: i32) attributes {tile.grid = affine_map<()[s0, s1] -> (s1 floordiv s0)>} {
  tile.return
}

// -----

// expected-error @+1 {{'tile.func' op 'tile.grid' divides by 0 (a divisor must be positive)}}
tile.func @grid_by_zero(%n: i32) attributes {tile.grid = affine_map<()[s0] -> (s0 ceildiv 0)>} {
  tile.return
}

// -----

tile.func @split_k_on_kernel() attributes {tile.split_k = 2 : i32} {
  // expected-error @-1 {{'tile.split_k' applies to scf.for loops directly in a kernel's body only}}
  tile.return
}

// -----

tile.func @split_k_nested(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  scf.if %true {
    // expected-error @+1 {{'tile.split_k' applies to scf.for loops directly in a kernel's body only}}
    scf.for %i = %c0 to %n step %c1 : i32 {
    } {tile.split_k = 2 : i32}
  }
  tile.return
}

// -----

tile.func @split_k_range(%n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // expected-error @+1 {{'tile.split_k' must be an i32 from 1 to 64}}
  scf.for %i = %c0 to %n step %c1 : i32 {
  } {tile.split_k = 65 : i32}
  tile.return
}
