// RUN: tile-opt %s -test-tile-axis-info -split-input-file -o /dev/null 2>&1 \
// RUN:   | FileCheck %s

// Which values are known non-negative, and the run facts of signed division
// and remainder, which hold only for non-negative dividends. Each line is
// matched whole, so a fact claimed too many shows up.

tile.func @signs(%n: i32, %k: i32) {
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], non-negative{{$}}
  %pid = tile.program_id x
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [4294967296], constancy = [1], non-negative{{$}}
  %r = tile.range 0 to 16 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [8], constancy = [16], constant = 8, non-negative{{$}}
  %c8 = arith.constant dense<8> : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [4], constancy = [16], constant = 4, non-negative{{$}}
  %c4 = arith.constant dense<4> : tensor<16xi32>
  // A sum and a product of non-negative values.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [16], non-negative{{$}}
  %ps = tile.splat %pid : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [8], constancy = [16], non-negative{{$}}
  %start = arith.muli %ps, %c8 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [8], constancy = [1], non-negative{{$}}
  %offs = arith.addi %start, %r : tensor<16xi32>
  // Non-negative dividends: 4 lanes share a quotient; remainders count up.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4], non-negative{{$}}
  %q = arith.divsi %offs, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [4], divisibility = [4], constancy = [1], non-negative{{$}}
  %m = arith.remsi %offs, %c4 : tensor<16xi32>
  // A difference may be negative: -8 .. 7. Truncating division gives
  // -2 -1 -1 -1 -1 0 ..., so no run of equal quotients; the remainders
  // 0 -3 -2 -1 0 -3 ... are not consecutive.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [8], constancy = [1]{{$}}
  %s = arith.subi %r, %c8 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %sq = arith.divsi %s, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %sm = arith.remsi %s, %c4 : tensor<16xi32>
  // Unsigned division and arithmetic shifts round down: runs hold whatever
  // the sign.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4], non-negative{{$}}
  %uq = arith.divui %s, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [4], divisibility = [4], constancy = [1], non-negative{{$}}
  %um = arith.remui %s, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [2], constancy = [16], constant = 2, non-negative{{$}}
  %c2 = arith.constant dense<2> : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4]{{$}}
  %fq = arith.shrsi %s, %c2 : tensor<16xi32>
  // Nothing is known of an argument's sign.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [16]{{$}}
  %ns = tile.splat %n : tensor<16xi32>
  // The larger of it and a non-negative value is non-negative, the smaller
  // not.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], non-negative{{$}}
  %max = arith.maxsi %ns, %r : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %min = arith.minsi %ns, %r : tensor<16xi32>
  tile.return
}

// -----

// Constants fold only where truncating and flooring agree: -7 >> 1 is -4,
// -7 / 2 is -3; unsigned -8 / 2 is 2^31 - 4, not -4.
tile.func @folds() {
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -7{{$}}
  %cm7 = arith.constant -7 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [8], constancy = [1], constant = -8{{$}}
  %cm8 = arith.constant -8 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [2], constancy = [1], constant = 2, non-negative{{$}}
  %c2 = arith.constant 2 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = 1, non-negative{{$}}
  %c1 = arith.constant 1 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -3{{$}}
  %d = arith.divsi %cm7, %c2 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %sh = arith.shrsi %cm7, %c1 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [4], constancy = [1], non-negative{{$}}
  %u = arith.divui %cm8, %c2 : i32
  // Zero extension of i1 true is 1.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -1{{$}}
  %t = arith.constant true
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = 1, non-negative{{$}}
  %one = arith.extui %t : i1 to i32
  tile.return
}

// -----

// Runs that a result shortens: their starts are divisible by what the
// shorter step keeps. r + (r / 4) * 16 is 0 1 2 3 20 21 22 23 ...: runs of
// 4 starting at multiples of 4, not of 16.
tile.func @shorter_runs(%c: i1) {
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [4294967296], constancy = [1], non-negative{{$}}
  %r = tile.range 0 to 16 : tensor<16xi32>
  %c4 = arith.constant dense<4> : tensor<16xi32>
  %c16 = arith.constant dense<16> : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4], non-negative{{$}}
  %g = arith.divsi %r, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [16], constancy = [4], non-negative{{$}}
  %g16 = arith.muli %g, %c16 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [4], divisibility = [4], constancy = [1], non-negative{{$}}
  %o = arith.addi %r, %g16 : tensor<16xi32>
  // A ramp or multiples of 16: each lane may be a run start, and only what
  // every lane of both is divisible by holds.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [16], constancy = [1], non-negative{{$}}
  %r16 = tile.range 16 to 32 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [16], constancy = [1], non-negative{{$}}
  %m16 = arith.muli %r, %c16 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], non-negative{{$}}
  %j = scf.if %c -> tensor<16xi32> {
    scf.yield %r16 : tensor<16xi32>
  } else {
    scf.yield %m16 : tensor<16xi32>
  }
  // Zero extension of -2 -1 0 1 ... breaks the run between -1 and 0: runs of
  // 2 (the divisibility of -2) stay whole.
  %c2 = arith.constant dense<2> : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [16], divisibility = [2], constancy = [1]{{$}}
  %s = arith.subi %r, %c2 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [2], divisibility = [2], constancy = [1], non-negative{{$}}
  %z = arith.extui %s : tensor<16xi32> to tensor<16xi64>
  tile.return
}

// -----

// A loop's induction variable from a non-negative lower bound is
// non-negative; from an argument, nothing is known.
tile.func @loops(%lb: i32, %ub: i32) {
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [4294967296], constancy = [1], constant = 0, non-negative{{$}}
  %c0 = arith.constant 0 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [32], constancy = [1], constant = 32, non-negative{{$}}
  %c32 = arith.constant 32 : i32
  scf.for %i = %c0 to %ub step %c32 : i32 {
    // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [32], constancy = [1], non-negative{{$}}
    %x = arith.addi %i, %c0 : i32
  }
  scf.for %j = %lb to %ub step %c32 : i32 {
    // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
    %y = arith.addi %j, %c0 : i32
  }
  tile.return
}

// -----

// Comparisons of a ramp with a uniform bound change outcome where the ramp
// reaches the bound (<, >=: at a multiple of 4 here) or one past it (<=, >:
// at no known multiple), whichever side the ramp is on.
tile.func @compares() {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %c4 = arith.constant dense<4> : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4]{{$}}
  %lt = arith.cmpi slt, %r, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4]{{$}}
  %ge = arith.cmpi uge, %r, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %le = arith.cmpi sle, %r, %c4 : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %gt = arith.cmpi sgt, %r, %c4 : tensor<16xi32>
  // 4 > r is r < 4; 4 < r is r > 4.
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [4]{{$}}
  %gt_left = arith.cmpi sgt, %c4, %r : tensor<16xi32>
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1]{{$}}
  %lt_left = arith.cmpi slt, %c4, %r : tensor<16xi32>
  tile.return
}

// -----

// Casts that keep bits keep facts; i1's true is -1.
tile.func @casts() {
  %c1 = arith.constant 1 : i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -1{{$}}
  %t = arith.trunci %c1 : i32 to i1
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -1{{$}}
  %s = arith.extsi %t : i1 to i32
  // CHECK: [[@LINE+1]]:{{.*}} remark: contiguity = [1], divisibility = [1], constancy = [1], constant = -1{{$}}
  %eq = arith.cmpi eq, %c1, %c1 : i32
  tile.return
}
