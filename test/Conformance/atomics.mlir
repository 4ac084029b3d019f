// Atomics (docs/Semantics.md section 3.6): each unmasked lane performs one
// read-modify-write and yields the old value; masked-off lanes touch nothing
// and yield zero. Float max and min order by IEEE totalOrder (-0 < +0, a NaN
// with its sign clear beats everything in max). atomic_cas compares bits.

// RUN: %python %S/Inputs/values.py %t.m i32 10 10 -5 -5 12 12 12 7
// RUN: %python %S/Inputs/values.py %t.f f32 1.5 -0 0 1
// The sums here are exact, so every buffer is compared bit for bit (the
// default for a kernel with fadd would be a tolerance, blind to -0 vs +0).
// RUN: tile-check %s --kernel rmw --grid 1 --arg buf:i32:8:file=%t.m \
// RUN:   --arg buf:f32:4:file=%t.f --arg buf:i32:16:poison \
// RUN:   --arg buf:f32:8:poison --print 0 --print 1 --print 2 --print 3 \
// RUN:   --tol 1=exact --tol 3=exact \
// RUN:   | FileCheck %s --check-prefix=RMW
// Memory after: add 3, -20 | max 7, -7 | and 10 (lane 1 masked) | or 10 |
// xor 10, xchg 99.
// RMW: reference #0 (i32 x 8): 13 -10 7 -5 8 14 6 99
// fadd 2.25 | max +0 over -0 | min -0 under +0 | max NaN over 1.
// RMW: reference #1 (f32 x 4): 3.75 0 -0 nan
// Old values, pairwise as the ops ran; masked lanes give 0.
// RMW: reference #2 (i32 x 16): 10 10 -5 -5 12 0 12 0 12 0 7 0 0 0 0 0
// RMW: reference #3 (f32 x 8): 1.5 0 -0 0 0 0 1 0
// RMW: tile-check: PASS @rmw (cpu: 4 buffers match

// Four lanes add 1 to one address: four separate atomics.
// RUN: tile-check %s --kernel same_address --grid 3 --arg buf:i32:1:zero \
// RUN:   --print 0 | FileCheck %s --check-prefix=SAME
// SAME: reference #0 (i32 x 1): 12
// SAME: tile-check: PASS @same_address (cpu: 1 buffers match

// System scope, 64 lanes on one address each: fadd of 1 in f32 and f16,
// float max and min of i - 40, integer add of i and or of i, i64 max (on
// NVIDIA, whose `atom` has no system scope through LLVM, each is a loop of
// system-scope compare-and-swaps). Only the memory is compared: the old
// values depend on the order the lanes ran in.
// RUN: tile-check %s --kernel system_scope --grid 1 --arg buf:f32:3:zero \
// RUN:   --arg buf:f16:1:zero --arg buf:i32:2:zero --arg buf:i64:1:zero \
// RUN:   --print 0 --print 1 --print 2 --print 3 \
// RUN:   | FileCheck %s --check-prefix=SYS
// SYS: reference #0 (f32 x 3): 64 23 -40
// SYS: reference #1 (f16 x 1): 64
// SYS: reference #2 (i32 x 2): 2016 63
// SYS: reference #3 (i64 x 1): 63
// SYS: tile-check: PASS @system_scope (cpu: 4 buffers match

// atomic_cas: lanes whose memory equals cmp (by bits) take the new value.
// RUN: %python %S/Inputs/values.py %t.c f32 1 -0 0 nan
// RUN: tile-check %s --kernel cas --grid 1 --arg buf:f32:4:file=%t.c \
// RUN:   --arg buf:f32:4:poison --print 0 --print 1 \
// RUN:   | FileCheck %s --check-prefix=CAS
// cmp is 1, +0, +0, NaN (the same bits): lanes 0, 2 and 3 swap, lane 1 (-0)
// does not.
// CAS: reference #0 (f32 x 4): 5 -0 5 5
// CAS: reference #1 (f32 x 4): 1 -0 0 nan
// CAS: tile-check: PASS @cas (cpu: 2 buffers match

// Scalar atomics: one update per program, its old value seen by every lane.
// Three programs take tickets 0, 1 and 2 (in some order) from cell 0, each
// writes 1 to its 32 cells of %seen at ticket * 32 (every lane needs the
// ticket); a masked-off add leaves cell 1 alone and yields 0; one program
// wins the compare-and-swap of cell 2 from 0 to 1, and cell 3 counts the
// winners.
// RUN: tile-check %s --kernel scalar --grid 3 --arg buf:i32:4:zero \
// RUN:   --arg buf:i32:96:zero --print 0 --print 1 \
// RUN:   | FileCheck %s --check-prefix=SCALAR
// SCALAR: reference #0 (i32 x 4): 3 0 1 1
// SCALAR: reference #1 (i32 x 96): {{(1 ){95}1$}}
// SCALAR: tile-check: PASS @scalar (cpu: 2 buffers match

tile.func @scalar(%cells: !tile.ptr<i32>, %seen: !tile.ptr<i32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c32 = arith.constant 32 : i32
  %false = arith.constant false
  %cell1 = tile.addptr %cells, %c1 : !tile.ptr<i32>, i32
  %cell2 = tile.addptr %cells, %c2 : !tile.ptr<i32>, i32
  %cell3 = tile.addptr %cells, %c3 : !tile.ptr<i32>, i32
  %ticket = tile.atomic_rmw add, acq_rel, gpu %cells, %c1 : !tile.ptr<i32>
  %none = tile.atomic_rmw add, relaxed, gpu %cell1, %c1, %false : !tile.ptr<i32>
  %was = tile.atomic_cas acq_rel, gpu %cell2, %c0, %c1 : !tile.ptr<i32>
  %won = arith.cmpi eq, %was, %c0 : i32
  %win = arith.extui %won : i1 to i32
  %count = arith.addi %win, %none : i32
  %counted = tile.atomic_rmw add, relaxed, gpu %cell3, %count : !tile.ptr<i32>
  %start = arith.muli %ticket, %c32 : i32
  %r = tile.range 0 to 32 : tensor<32xi32>
  %s = tile.splat %start : tensor<32xi32>
  %offs = arith.addi %s, %r : tensor<32xi32>
  %base = tile.splat %seen : tensor<32x!tile.ptr<i32>>
  %ptrs = tile.addptr %base, %offs : tensor<32x!tile.ptr<i32>>, tensor<32xi32>
  %ones = arith.constant dense<1> : tensor<32xi32>
  tile.store %ptrs, %ones : tensor<32x!tile.ptr<i32>>
  tile.return
}

tile.func @rmw(%m: !tile.ptr<i32>, %f: !tile.ptr<f32>, %old: !tile.ptr<i32>,
               %fold: !tile.ptr<f32>) {
  %i = tile.range 0 to 2 : tensor<2xi32>
  %two = arith.constant dense<2> : tensor<2xi32>
  %bm = tile.splat %m : tensor<2x!tile.ptr<i32>>
  %m0 = tile.addptr %bm, %i : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %m2 = tile.addptr %m0, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %m4 = tile.addptr %m2, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %m6 = tile.addptr %m4, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %one = arith.constant dense<1> : tensor<2xi32>
  %m5 = tile.addptr %m4, %one : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %m7 = tile.addptr %m6, %one : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %lane0 = arith.cmpi eq, %i, %one : tensor<2xi32>
  %true = arith.constant dense<true> : tensor<2xi1>
  %first = arith.xori %lane0, %true : tensor<2xi1>
  // [3, -20] and [7, -7], from the lane index (the CPU target takes uniform
  // constant tiles only).
  %c3 = arith.constant dense<3> : tensor<2xi32>
  %c23 = arith.constant dense<23> : tensor<2xi32>
  %c7 = arith.constant dense<7> : tensor<2xi32>
  %c14 = arith.constant dense<14> : tensor<2xi32>
  %i23 = arith.muli %i, %c23 : tensor<2xi32>
  %v_add = arith.subi %c3, %i23 : tensor<2xi32>
  %i14 = arith.muli %i, %c14 : tensor<2xi32>
  %v_max = arith.subi %c7, %i14 : tensor<2xi32>
  %ten = arith.constant dense<10> : tensor<2xi32>
  %n99 = arith.constant dense<99> : tensor<2xi32>
  %o0 = tile.atomic_rmw add, relaxed, gpu %m0, %v_add : tensor<2x!tile.ptr<i32>>
  %o1 = tile.atomic_rmw max, relaxed, gpu %m2, %v_max : tensor<2x!tile.ptr<i32>>
  // Lane 0 of each of these three reaches element 4, 5 and 6 alone.
  %o2 = tile.atomic_rmw and, relaxed, gpu %m4, %ten, %first : tensor<2x!tile.ptr<i32>>
  %o3 = tile.atomic_rmw or, relaxed, gpu %m5, %ten, %first : tensor<2x!tile.ptr<i32>>
  %o4 = tile.atomic_rmw xor, relaxed, gpu %m6, %ten, %first : tensor<2x!tile.ptr<i32>>
  %o5 = tile.atomic_rmw xchg, relaxed, gpu %m7, %n99, %first : tensor<2x!tile.ptr<i32>>
  %bo = tile.splat %old : tensor<2x!tile.ptr<i32>>
  %q0 = tile.addptr %bo, %i : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q1 = tile.addptr %q0, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q2 = tile.addptr %q1, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q3 = tile.addptr %q2, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q4 = tile.addptr %q3, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q5 = tile.addptr %q4, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q6 = tile.addptr %q5, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  %q7 = tile.addptr %q6, %two : tensor<2x!tile.ptr<i32>>, tensor<2xi32>
  tile.store %q0, %o0 : tensor<2x!tile.ptr<i32>>
  tile.store %q1, %o1 : tensor<2x!tile.ptr<i32>>
  tile.store %q2, %o2 : tensor<2x!tile.ptr<i32>>
  tile.store %q3, %o3 : tensor<2x!tile.ptr<i32>>
  tile.store %q4, %o4 : tensor<2x!tile.ptr<i32>>
  tile.store %q5, %o5 : tensor<2x!tile.ptr<i32>>
  %zeros = arith.constant dense<0> : tensor<2xi32>
  tile.store %q6, %zeros : tensor<2x!tile.ptr<i32>>
  tile.store %q7, %zeros : tensor<2x!tile.ptr<i32>>

  // Floats, one lane each (lane 1 masked off).
  %bf = tile.splat %f : tensor<2x!tile.ptr<f32>>
  %f0 = tile.addptr %bf, %zeros : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %f1 = tile.addptr %f0, %one : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %f2 = tile.addptr %f1, %one : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %f3 = tile.addptr %f2, %one : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %v225 = arith.constant dense<2.25> : tensor<2xf32>
  %pz = arith.constant dense<0.0> : tensor<2xf32>
  %nz = arith.constant dense<-0.0> : tensor<2xf32>
  %nan = arith.constant dense<0x7FC00000> : tensor<2xf32>
  %g0 = tile.atomic_rmw fadd, relaxed, gpu %f0, %v225, %first : tensor<2x!tile.ptr<f32>>
  %g1 = tile.atomic_rmw max, relaxed, gpu %f1, %pz, %first : tensor<2x!tile.ptr<f32>>
  %g2 = tile.atomic_rmw min, relaxed, gpu %f2, %nz, %first : tensor<2x!tile.ptr<f32>>
  %g3 = tile.atomic_rmw max, relaxed, gpu %f3, %nan, %first : tensor<2x!tile.ptr<f32>>
  %bg = tile.splat %fold : tensor<2x!tile.ptr<f32>>
  %h0 = tile.addptr %bg, %i : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %h1 = tile.addptr %h0, %two : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %h2 = tile.addptr %h1, %two : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  %h3 = tile.addptr %h2, %two : tensor<2x!tile.ptr<f32>>, tensor<2xi32>
  tile.store %h0, %g0 : tensor<2x!tile.ptr<f32>>
  tile.store %h1, %g1 : tensor<2x!tile.ptr<f32>>
  tile.store %h2, %g2 : tensor<2x!tile.ptr<f32>>
  tile.store %h3, %g3 : tensor<2x!tile.ptr<f32>>
  tile.return
}

tile.func @same_address(%counter: !tile.ptr<i32>) {
  %ones = arith.constant dense<1> : tensor<4xi32>
  %p = tile.splat %counter : tensor<4x!tile.ptr<i32>>
  %old = tile.atomic_rmw add, relaxed, gpu %p, %ones : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @cas(%m: !tile.ptr<f32>, %old: !tile.ptr<f32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %bm = tile.splat %m : tensor<4x!tile.ptr<f32>>
  %pm = tile.addptr %bm, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %cmp = arith.constant dense<[1.0, 0.0, 0.0, 0x7FC00000]> : tensor<4xf32>
  %new = arith.constant dense<5.0> : tensor<4xf32>
  %o = tile.atomic_cas relaxed, gpu %pm, %cmp, %new : tensor<4x!tile.ptr<f32>>
  %bo = tile.splat %old : tensor<4x!tile.ptr<f32>>
  %po = tile.addptr %bo, %i : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  tile.store %po, %o : tensor<4x!tile.ptr<f32>>
  tile.return
}

tile.func @system_scope(%f: !tile.ptr<f32>, %h: !tile.ptr<f16>,
                        %n: !tile.ptr<i32>, %w: !tile.ptr<i64>) {
  %i = tile.range 0 to 64 : tensor<64xi32>
  %c1 = arith.constant dense<1> : tensor<64xi32>
  %c40 = arith.constant dense<40> : tensor<64xi32>
  %s = arith.subi %i, %c40 : tensor<64xi32>
  %sf = arith.sitofp %s : tensor<64xi32> to tensor<64xf32>
  %onef = arith.constant dense<1.0> : tensor<64xf32>
  %pf0 = tile.splat %f : tensor<64x!tile.ptr<f32>>
  %pf1 = tile.addptr %pf0, %c1 : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %pf2 = tile.addptr %pf1, %c1 : tensor<64x!tile.ptr<f32>>, tensor<64xi32>
  %a = tile.atomic_rmw fadd, relaxed, sys %pf0, %onef : tensor<64x!tile.ptr<f32>>
  %b = tile.atomic_rmw max, relaxed, sys %pf1, %sf : tensor<64x!tile.ptr<f32>>
  %c = tile.atomic_rmw min, acq_rel, sys %pf2, %sf : tensor<64x!tile.ptr<f32>>
  %oneh = arith.constant dense<1.0> : tensor<64xf16>
  %ph = tile.splat %h : tensor<64x!tile.ptr<f16>>
  %d = tile.atomic_rmw fadd, relaxed, sys %ph, %oneh : tensor<64x!tile.ptr<f16>>
  %pn0 = tile.splat %n : tensor<64x!tile.ptr<i32>>
  %pn1 = tile.addptr %pn0, %c1 : tensor<64x!tile.ptr<i32>>, tensor<64xi32>
  %e = tile.atomic_rmw add, release, sys %pn0, %i : tensor<64x!tile.ptr<i32>>
  %g = tile.atomic_rmw or, relaxed, sys %pn1, %i : tensor<64x!tile.ptr<i32>>
  %i64 = arith.extsi %i : tensor<64xi32> to tensor<64xi64>
  %pw = tile.splat %w : tensor<64x!tile.ptr<i64>>
  %k = tile.atomic_rmw max, acquire, sys %pw, %i64 : tensor<64x!tile.ptr<i64>>
  tile.return
}
