// tile.reduce, tile.scan and tile.histogram (docs/Semantics.md sections 3.8
// and 3.9): integer and min/max combiners are exact; maximumf propagates NaN;
// the argmax combiner of section 3.8 keeps the smallest index on a tie and the
// first NaN; scans are inclusive; a histogram counts values in [0, bins)
// compared as signed.

// x = [[3, 7, 7, 1], [nan, 9, nan, 2]] as f32 and, for the integer ones,
// [[0, 1, 2, 3], [4, 5, 6, 7]].
// RUN: %python %S/Inputs/values.py %t.x f32 3 7 7 1 nan 9 nan 2
// RUN: tile-check %s --kernel reductions --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:f32:8:file=%t.x --arg buf:i32:10:poison \
// RUN:   --arg buf:f32:2:poison --print 2 --print 3 | FileCheck %s --check-prefix=RED
// integer sums along axis 1 | along axis 0 | argmax per row (index) | xor
// along axis 1 (0^1^2^3, 4^5^6^7)
// RED: reference #2 (i32 x 10): 6 22 4 6 8 10 1 0 0 0
// maximumf per row
// RED: reference #3 (f32 x 2): 7 nan
// RED: tile-check: PASS @reductions (cpu: 4 buffers match

// Inclusive scans of [[0, 1, 2, 3], [4, 5, 6, 7]]: add along axis 1.
// RUN: tile-check %s --kernel scans --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:8:poison --print 1 | FileCheck %s --check-prefix=SCAN
// SCAN: reference #1 (i32 x 8): 0 1 3 6 4 9 15 22
// SCAN: tile-check: PASS @scans (cpu: 2 buffers match

// Reverse scans along axis 1 | scans along axis 0.
// RUN: tile-check %s --kernel other_scans --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:16:poison --print 1 \
// RUN:   | FileCheck %s --check-prefix=OTHER
// OTHER: reference #1 (i32 x 16): 6 6 5 3 22 18 13 7 0 1 2 3 4 6 8 10
// OTHER: tile-check: PASS @other_scans (cpu: 2 buffers match

// Values -1, 0, 1, 1, 3, 4, 100, 0 into 4 bins.
// RUN: %python %S/Inputs/values.py %t.h i32 -1 0 1 1 3 4 100 0
// RUN: tile-check %s --kernel histogram --grid 1 --arg buf:i32:8:file=%t.h \
// RUN:   --arg buf:i32:4:poison --print 1 \
// RUN:   | FileCheck %s --check-prefix=HIST
// HIST: reference #1 (i32 x 4): 2 2 0 1
// HIST: tile-check: PASS @histogram (cpu: 2 buffers match

tile.func @reductions(%ints: !tile.ptr<i32>, %floats: !tile.ptr<f32>,
                      %out: !tile.ptr<i32>, %fout: !tile.ptr<f32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %rib = tile.broadcast %ri : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ri4 = arith.muli %rib, %four : tensor<2x4xi32>
  %cj = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %cjb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %ri4, %cjb : tensor<2x4xi32>
  %pi = tile.splat %ints : tensor<2x4x!tile.ptr<i32>>
  %pi1 = tile.addptr %pi, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %x = tile.load %pi1 : tensor<2x4x!tile.ptr<i32>>
  %pf = tile.splat %floats : tensor<2x4x!tile.ptr<f32>>
  %pf1 = tile.addptr %pf, %off : tensor<2x4x!tile.ptr<f32>>, tensor<2x4xi32>
  %f = tile.load %pf1 : tensor<2x4x!tile.ptr<f32>>

  %sum1 = tile.reduce(%x) axis = 1 : tensor<2x4xi32> -> tensor<2xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.yield %s : i32
  }
  %sum0 = tile.reduce(%x) axis = 0 : tensor<2x4xi32> -> tensor<4xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.addi %a, %b : i32
    tile.yield %s : i32
  }
  %xor1 = tile.reduce(%x) axis = 1 : tensor<2x4xi32> -> tensor<2xi32> {
  ^bb0(%a: i32, %b: i32):
    %s = arith.xori %a, %b : i32
    tile.yield %s : i32
  }
  %max, %arg = tile.reduce(%f, %cjb) axis = 1 : tensor<2x4xf32>, tensor<2x4xi32> -> tensor<2xf32>, tensor<2xi32> {
  ^bb0(%va: f32, %ia: i32, %vb: f32, %ib: i32):
    %gt = arith.cmpf ogt, %va, %vb : f32
    %eq = arith.cmpf oeq, %va, %vb : f32
    %lt = arith.cmpi slt, %ia, %ib : i32
    %nana = arith.cmpf uno, %va, %va : f32
    %nanb = arith.cmpf uno, %vb, %vb : f32
    %true = arith.constant true
    %tie = arith.andi %eq, %lt : i1
    %num = arith.ori %gt, %tie : i1
    %bnum = arith.xori %nanb, %true : i1
    %pick = arith.select %nana, %bnum, %num : i1
    %both = arith.andi %nana, %nanb : i1
    %nlt = arith.andi %both, %lt : i1
    %keep = arith.ori %pick, %nlt : i1
    %v = arith.select %keep, %va, %vb : f32
    %i = arith.select %keep, %ia, %ib : i32
    tile.yield %v, %i : f32, i32
  }
  %fmax = tile.reduce(%f) axis = 1 : tensor<2x4xf32> -> tensor<2xf32> {
  ^bb0(%a: f32, %b: f32):
    %m = arith.maximumf %a, %b : f32
    tile.yield %m : f32
  }
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %bo = tile.splat %out : tensor<2x!tile.ptr<i32>>
  %o0 = tile.addptr %bo, %r2 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %o0, %sum1 : tensor<2x!tile.ptr<i32>>
  %out2 = tile.addptr %out, %c2 : !tile.ptr<i32>, i32
  %bo4 = tile.splat %out2 : tensor<4x!tile.ptr<i32>>
  %o1 = tile.addptr %bo4, %r4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %o1, %sum0 : tensor<4x!tile.ptr<i32>>
  %out6 = tile.addptr %out2, %c4 : !tile.ptr<i32>, i32
  %bo6 = tile.splat %out6 : tensor<2x!tile.ptr<i32>>
  %o2 = tile.addptr %bo6, %r2 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %o2, %arg : tensor<2x!tile.ptr<i32>>
  %out8 = tile.addptr %out6, %c2 : !tile.ptr<i32>, i32
  %bo8 = tile.splat %out8 : tensor<2x!tile.ptr<i32>>
  %o3 = tile.addptr %bo8, %r2 : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %o3, %xor1 : tensor<2x!tile.ptr<i32>>
  %bf = tile.splat %fout : tensor<2x!tile.ptr<f32>>
  %of = tile.addptr %bf, %r2 : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  tile.store %of, %fmax : tensor<2x!tile.ptr<f32>>
  tile.return
}

tile.func @scans(%ints: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %rib = tile.broadcast %ri : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ri4 = arith.muli %rib, %four : tensor<2x4xi32>
  %cj = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %cjb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %ri4, %cjb : tensor<2x4xi32>
  %pi = tile.splat %ints : tensor<2x4x!tile.ptr<i32>>
  %pi1 = tile.addptr %pi, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %x = tile.load %pi1 : tensor<2x4x!tile.ptr<i32>>
  %s = tile.scan(%x) axis = 1 : tensor<2x4xi32> -> tensor<2x4xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tile.yield %t : i32
  }
  %po = tile.splat %out : tensor<2x4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  tile.store %po1, %s : tensor<2x4x!tile.ptr<i32>>
  tile.return
}

tile.func @other_scans(%ints: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r2 = tile.range 0 to 2 : tensor<2xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %ri = tile.expand_dims %r2, 1 : tensor<2xi32> -> tensor<2x1xi32>
  %rib = tile.broadcast %ri : tensor<2x1xi32> -> tensor<2x4xi32>
  %four = arith.constant dense<4> : tensor<2x4xi32>
  %ri4 = arith.muli %rib, %four : tensor<2x4xi32>
  %cj = tile.expand_dims %r4, 0 : tensor<4xi32> -> tensor<1x4xi32>
  %cjb = tile.broadcast %cj : tensor<1x4xi32> -> tensor<2x4xi32>
  %off = arith.addi %ri4, %cjb : tensor<2x4xi32>
  %pi = tile.splat %ints : tensor<2x4x!tile.ptr<i32>>
  %pi1 = tile.addptr %pi, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  %x = tile.load %pi1 : tensor<2x4x!tile.ptr<i32>>
  %rev = tile.scan(%x) axis = 1 reverse : tensor<2x4xi32> -> tensor<2x4xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tile.yield %t : i32
  }
  %down = tile.scan(%x) axis = 0 : tensor<2x4xi32> -> tensor<2x4xi32> {
  ^bb0(%a: i32, %b: i32):
    %t = arith.addi %a, %b : i32
    tile.yield %t : i32
  }
  %po = tile.splat %out : tensor<2x4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %off : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  tile.store %po1, %rev : tensor<2x4x!tile.ptr<i32>>
  %eight = arith.constant dense<8> : tensor<2x4xi32>
  %po2 = tile.addptr %po1, %eight : tensor<2x4x!tile.ptr<i32>>, tensor<2x4xi32>
  tile.store %po2, %down : tensor<2x4x!tile.ptr<i32>>
  tile.return
}

tile.func @histogram(%values: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %r8 = tile.range 0 to 8 : tensor<8xi32>
  %pv = tile.splat %values : tensor<8x!tile.ptr<i32>>
  %pv1 = tile.addptr %pv, %r8 : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %v = tile.load %pv1 : tensor<8x!tile.ptr<i32>>
  %h = tile.histogram %v : tensor<8xi32> -> tensor<4xi32>
  %r4 = tile.range 0 to 4 : tensor<4xi32>
  %po = tile.splat %out : tensor<4x!tile.ptr<i32>>
  %po1 = tile.addptr %po, %r4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %po1, %h : tensor<4x!tile.ptr<i32>>
  tile.return
}
