// RUN: tile-opt %s -test-tile-axis-info -split-input-file -verify-diagnostics

// The axis facts of integer and pointer tiles; each expected value is
// derived by hand in the comment above it.

// A block of 128 offsets starting at pid * 128 over a 16-byte aligned base.
tile.func @block(%p: !tile.ptr<f32> {tile.divisibility = 16 : i32}, %n: i32) {
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %pid = tile.program_id x
  // expected-remark @+1 {{contiguity = [1], divisibility = [128], constancy = [1], constant = 128}}
  %c128 = arith.constant 128 : i32
  // pid is any integer, so pid * 128 is a multiple of 128.
  // expected-remark @+1 {{contiguity = [1], divisibility = [128], constancy = [1]}}
  %start = arith.muli %pid, %c128 : i32
  // expected-remark @+1 {{contiguity = [128], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 128 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [128], constancy = [128]}}
  %s = tile.splat %start : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [128], divisibility = [128], constancy = [1]}}
  %offs = arith.addi %s, %r : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ps = tile.splat %p : tensor<128x!tile.ptr<f32>>
  // 128 floats in a row; the first one's address is 16-byte aligned.
  // expected-remark @+1 {{contiguity = [128], divisibility = [16], constancy = [1]}}
  %addrs = tile.addptr %ps, %offs : tensor<128x!tile.ptr<f32>>, tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [128]}}
  %ns = tile.splat %n : tensor<128xi32>
  // Nothing is known of n, so each lane of the mask may differ.
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %mask = arith.cmpi slt, %offs, %ns : tensor<128xi32>
  %x = tile.load %addrs, %mask : tensor<128x!tile.ptr<f32>>
  tile.store %addrs, %x, %mask : tensor<128x!tile.ptr<f32>>
  tile.return
}

// -----

// With n a multiple of 16, the mask changes at most every 16 lanes.
tile.func @aligned_bound(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [128], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 128 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = tile.splat %n : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [16]}}
  %mask = arith.cmpi slt, %r, %ns : tensor<128xi32>
  tile.return
}

// -----

// Row-major 2-D offsets: rows[:, None] * stride + cols[None, :].
tile.func @two_d(%stride: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [64], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 64 : tensor<64xi32>
  // Along the new dimension of size one every element starts a run; the
  // elements of a ramp share no divisibility.
  // expected-remark @+1 {{contiguity = [64, 1], divisibility = [4294967296, 1], constancy = [1, 1]}}
  %rows = tile.expand_dims %r, 1 : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1]}}
  %st = tile.splat %stride : tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1]}}
  %rowoffs = arith.muli %rows, %st : tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64]}}
  %rb = tile.broadcast %rowoffs : tensor<64x1xi32> -> tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 4294967296], constancy = [1, 1]}}
  %cols = tile.expand_dims %r, 0 : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 4294967296], constancy = [64, 1]}}
  %cb = tile.broadcast %cols : tensor<1x64xi32> -> tensor<64x64xi32>
  // Each row is 64 consecutive offsets starting at a multiple of 16.
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1]}}
  %offs = arith.addi %rb, %cb : tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [64, 1], divisibility = [16, 1], constancy = [1, 1]}}
  %t = tile.trans %offs, [1, 0] : tensor<64x64xi32> -> tensor<64x64xi32>
  tile.return
}

// -----

// Division and remainder by constants: the classic flat-index split.
tile.func @div_rem() {
  // expected-remark @+1 {{contiguity = [128], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 128 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [128], constant = 32}}
  %c32 = arith.constant dense<32> : tensor<128xi32>
  // 32 consecutive lanes share one quotient.
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [32]}}
  %q = arith.divsi %r, %c32 : tensor<128xi32>
  // The remainder restarts at 0 every 32 lanes.
  // expected-remark @+1 {{contiguity = [32], divisibility = [32], constancy = [1]}}
  %m = arith.remsi %r, %c32 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [4], constancy = [128], constant = 4}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // Shifting left by 4 multiplies by 16; the quotients themselves share no
  // divisibility.
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [32]}}
  %sh = arith.shli %q, %c4 : tensor<128xi32>
  // Ceiling division: lanes 1 .. 32 share a quotient, not 0 .. 31, so no
  // run is claimed (a floor division's facts had claimed 32).
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1]}}
  %cq = arith.ceildivsi %r, %c32 : tensor<128xi32>
  // Constants fold rounding up: ceil(33 / 16) = 3, ceil(-33 / 16) = -2.
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [128], constant = 33}}
  %c33 = arith.constant dense<33> : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [128], constant = 16}}
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [128], constant = 3}}
  %q3 = arith.ceildivsi %c33, %c16 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [128], constant = -33}}
  %cm33 = arith.constant dense<-33> : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [2], constancy = [128], constant = -2}}
  %qm2 = arith.ceildivsi %cm33, %c16 : tensor<128xi32>
  tile.return
}

// -----

// A remainder by a size known only to be a multiple of 16 (a row length):
// aligned runs of 16 offsets stay consecutive (bias_gelu_dropout's column).
tile.func @rem_by_size(%n: i32 {tile.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [128], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 128 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [128]}}
  %ns = tile.splat %n : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [16], divisibility = [16], constancy = [1]}}
  %m = arith.remui %r, %ns : tensor<128xi32>
  tile.return
}

// -----

// The induction variable of a loop stepping by 32 from 0.
tile.func @loop(%k: i32) {
  // expected-remark @+1 {{contiguity = [1], divisibility = [4294967296], constancy = [1], constant = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [1], constant = 32}}
  %c32 = arith.constant 32 : i32
  scf.for %i = %c0 to %k step %c32 : i32 {
    // expected-remark @+1 {{contiguity = [64], divisibility = [4294967296], constancy = [1]}}
    %r = tile.range 0 to 64 : tensor<64xi32>
    // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [64]}}
    %s = tile.splat %i : tensor<64xi32>
    // expected-remark @+1 {{contiguity = [64], divisibility = [32], constancy = [1]}}
    %offs = arith.addi %s, %r : tensor<64xi32>
  }
  tile.return
}

// -----

// Selecting between two ramps under a uniform condition keeps contiguity.
tile.func @select(%c: i1) {
  // expected-remark @+1 {{contiguity = [64], divisibility = [4294967296], constancy = [1]}}
  %a = tile.range 0 to 64 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %b = tile.range 64 to 128 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %cs = tile.splat %c : tensor<64xi1>
  // expected-remark @+1 {{contiguity = [64], divisibility = [64], constancy = [1]}}
  %s = arith.select %cs, %a, %b : tensor<64xi1>, tensor<64xi32>
  tile.return
}

// -----

// Value hints are promises (docs/Dialect.md): the larger of the proven and
// the promised fact holds, dimension by dimension.
tile.func @hints(%p: !tile.ptr<f32>, %table: !tile.ptr<i32>, %n: i32) {
  // n proves nothing; the hint promises a multiple of 16.
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [1]}}
  %m = arith.addi %n, %n {tile.divisibility = array<i64: 16>} : i32
  // Proven 2 (n + n), promised 8: 8.
  // expected-remark @+1 {{contiguity = [1], divisibility = [8], constancy = [1]}}
  %m2 = arith.addi %n, %n {tile.divisibility = array<i64: 8>} : i32
  // Offsets read from memory (nothing proven), promised as one run of 64
  // starting at a multiple of 4 elements (16 bytes of f32).
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [64]}}
  %ts = tile.splat %table : tensor<64x!tile.ptr<i32>>
  // expected-remark @+1 {{contiguity = [64], divisibility = [4294967296], constancy = [1]}}
  %r = tile.range 0 to 64 : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], divisibility = [1], constancy = [1]}}
  %tp = tile.addptr %ts, %r : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], divisibility = [4], constancy = [1]}}
  %offs = tile.load %tp {tile.contiguity = array<i64: 64>, tile.divisibility = array<i64: 4>} : tensor<64x!tile.ptr<i32>>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [64]}}
  %ps = tile.splat %p {tile.divisibility = array<i64: 16>} : tensor<64x!tile.ptr<f32>>
  // 64 floats in a row from a 16-byte aligned address.
  // expected-remark @+1 {{contiguity = [64], divisibility = [16], constancy = [1]}}
  %addrs = tile.addptr %ps, %offs : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %x = tile.load %addrs : tensor<64x!tile.ptr<f32>>
  tile.store %addrs, %x : tensor<64x!tile.ptr<f32>>
  tile.return
}
