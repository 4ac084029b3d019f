// Pointers, loads and stores (docs/Semantics.md sections 2, 3.2-3.4):
// addptr counts elements (negative offsets too); ptr_to_int and int_to_ptr
// keep the address; a pointer bitcast reads the same bytes as another type;
// a masked-off lane reads nothing and yields `other`, or zero without it;
// a masked-off store lane writes nothing; an i1 in memory is a byte, any
// non-zero byte reads as true.

// The input is 0, 1, ..., 7 as i32, and [1.0, -2.0] as f32 (bits
// 1065353216, -1073741824).
// RUN: %python %S/Inputs/values.py %t.f f32 1 -2
// RUN: tile-check %s --kernel pointers --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:f32:2:file=%t.f --arg buf:i32:12:poison --print 2 \
// RUN:   | FileCheck %s --check-prefix=PTR
// x[7 - i] through a negative offset | the f32 buffer read as i32 through a
// pointer bitcast, twice | a load of x masked to lanes 0 and 2: lanes 0..2
// without other (0 where masked), lane 3 with other = -1
// PTR: reference #2 (i32 x 12): 7 6 5 4 1065353216 -1073741824 1065353216 -1073741824 0 0 2 -1
// PTR: tile-check: PASS @pointers (cpu: 3 buffers match

// ptr_to_int, + 4 bytes, int_to_ptr: x[i + 1].
// RUN: tile-check %s --kernel int_pointers --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:4:poison --print 1 \
// RUN:   | FileCheck %s --check-prefix=INTPTR
// INTPTR: reference #1 (i32 x 4): 1 2 3 4
// INTPTR: tile-check: PASS @int_pointers (cpu: 2 buffers match

// Masked stores write only their unmasked lanes (the rest stays poison, -1);
// stored i1 values are bytes of 0 and 1; loaded bytes 0, 1, 2, 255 read as
// false, true, true, true.
// RUN: %python %S/Inputs/values.py %t.b u8 0 1 2 255
// RUN: tile-check %s --kernel masks --grid 1 --arg buf:u8:4:file=%t.b \
// RUN:   --arg buf:i32:4:poison --arg buf:i32:4:poison --print 1 --print 2 \
// RUN:   | FileCheck %s --check-prefix=MASK
// MASK: reference #1 (i32 x 4): 0 -1 2 -1
// MASK: reference #2 (i32 x 4): 0 1 1 1
// MASK: tile-check: PASS @masks (cpu: 3 buffers match

// Program order: a tile loaded before a store to the same memory keeps the
// old values, even when it is used only after the store (x = load p;
// store p, 7; store q, x).
// RUN: tile-check %s --kernel load_then_store --grid 1 --arg buf:i32:8:iota \
// RUN:   --arg buf:i32:8:poison --print 0 --print 1 \
// RUN:   | FileCheck %s --check-prefix=ORDER
// ORDER: reference #0 (i32 x 8): 7 7 7 7 7 7 7 7
// ORDER: reference #1 (i32 x 8): 0 1 2 3 4 5 6 7
// ORDER: tile-check: PASS @load_then_store (cpu: 2 buffers match

// Offsets from signed division and remainder of negative values, s = i - 8
// for i in 0..15, read back through x = iota: x[s / 4 + 8] (truncating:
// -7 / 4 = -1), x[s % 4 + 8] (the dividend's sign: -7 % 4 = -3) and
// x[(s >> 2) + 8] (flooring: -7 >> 2 = -2). Runs that hold for
// non-negative dividends (16 lanes from -8 share a quotient 4 at a time,
// and their remainders count up) do not hold here.
// RUN: tile-check %s --kernel signed_offsets --grid 1 --arg buf:i32:16:iota \
// RUN:   --arg buf:i32:48:poison --print 1 \
// RUN:   | FileCheck %s --check-prefix=SIGNED
// SIGNED: reference #1 (i32 x 48): 6 7 7 7 7 8 8 8 8 8 8 8 9 9 9 9 8 5 6 7 8 5 6 7 8 9 10 11 8 9 10 11 6 6 6 6 7 7 7 7 8 8 8 8 9 9 9 9
// SIGNED: tile-check: PASS @signed_offsets (cpu: 2 buffers match

// The same with offsets b * 4 + i whose sign hangs on the scalar argument b:
// the compiler versions the kernel on b * 4 >= 0 (tile-version-signs), and
// both copies must give these values: x[(b*4 + i) % 8 + 8], then
// x[(b*4 + i) / 4 + 4], for b = -1 and b = 1.
// RUN: tile-check %s --kernel guarded_offsets --grid 1 --arg buf:i32:16:iota \
// RUN:   --arg buf:i32:32:poison --arg i32:-1 --print 1 \
// RUN:   | FileCheck %s --check-prefix=GUARD-NEG
// GUARD-NEG: reference #1 (i32 x 32): 4 5 6 7 8 9 10 11 12 13 14 15 8 9 10 11 3 4 4 4 4 4 4 4 5 5 5 5 6 6 6 6
// GUARD-NEG: tile-check: PASS @guarded_offsets (cpu: 2 buffers match
// RUN: tile-check %s --kernel guarded_offsets --grid 1 --arg buf:i32:16:iota \
// RUN:   --arg buf:i32:32:poison --arg i32:1 --print 1 \
// RUN:   | FileCheck %s --check-prefix=GUARD-POS
// GUARD-POS: reference #1 (i32 x 32): 12 13 14 15 8 9 10 11 12 13 14 15 8 9 10 11 5 5 5 5 6 6 6 6 7 7 7 7 8 8 8 8
// GUARD-POS: tile-check: PASS @guarded_offsets (cpu: 2 buffers match

// Inclusive bounds: a mask i <= 4 is true up to lane 4 and i > 4 from lane
// 5, one past a multiple of 4, so no run of 4 lanes shares one outcome
// there (the axis analysis once claimed so: lanes 5..7 read through).
// RUN: tile-check %s --kernel inclusive_masks --grid 1 --arg buf:f32:16:iota \
// RUN:   --arg buf:f32:32:zero --print 1 | FileCheck %s --check-prefix=INCL
// INCL: reference #1 (f32 x 32): 0 1 2 3 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 5 6 7 8 9 10 11 12 13 14 15
// INCL: tile-check: PASS @inclusive_masks (cpu: 2 buffers match

tile.func @pointers(%x: !tile.ptr<i32>, %f: !tile.ptr<f32>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %c7 = arith.constant 7 : i32
  %end = tile.addptr %x, %c7 : !tile.ptr<i32>, i32
  %neg = arith.constant dense<0> : tensor<4xi32>
  %minus = arith.subi %neg, %i : tensor<4xi32>
  %be = tile.splat %end : tensor<4x!tile.ptr<i32>>
  %pe = tile.addptr %be, %minus : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %rev = tile.load %pe : tensor<4x!tile.ptr<i32>>

  %bx = tile.splat %x : tensor<4x!tile.ptr<i32>>
  %px = tile.addptr %bx, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>

  %bf = tile.splat %f : tensor<4x!tile.ptr<f32>>
  %two = arith.constant dense<2> : tensor<4xi32>
  %fi = arith.remsi %i, %two : tensor<4xi32>
  %pf = tile.addptr %bf, %fi : tensor<4x!tile.ptr<f32>>, tensor<4xi32>
  %pfi = tile.bitcast %pf : tensor<4x!tile.ptr<f32>> -> tensor<4x!tile.ptr<i32>>
  %bits = tile.load %pfi : tensor<4x!tile.ptr<i32>>

  %zero = arith.constant dense<0> : tensor<4xi32>
  %odd = arith.cmpi ne, %fi, %zero : tensor<4xi32>
  %true = arith.constant dense<true> : tensor<4xi1>
  %even = arith.xori %odd, %true : tensor<4xi1>
  %m0 = tile.load %px, %even : tensor<4x!tile.ptr<i32>>
  %m1s = arith.constant dense<-1> : tensor<4xi32>
  %m1 = tile.load %px, %even, %m1s : tensor<4x!tile.ptr<i32>>
  // Lanes 0 and 1 of each masked load: 0 0 | 2 0 ... keep two lanes each.
  %bo = tile.splat %out : tensor<4x!tile.ptr<i32>>
  %o0 = tile.addptr %bo, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %o0, %rev : tensor<4x!tile.ptr<i32>>
  %c4 = arith.constant dense<4> : tensor<4xi32>
  %o2 = tile.addptr %o0, %c4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %o2, %bits : tensor<4x!tile.ptr<i32>>
  %o3 = tile.addptr %o2, %c4 : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  // Lanes 0..2 from the load without other, lane 3 from the one with.
  %lane3 = arith.constant dense<3> : tensor<4xi32>
  %is3 = arith.cmpi eq, %i, %lane3 : tensor<4xi32>
  %mixed = arith.select %is3, %m1, %m0 : tensor<4xi1>, tensor<4xi32>
  tile.store %o3, %mixed : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @int_pointers(%x: !tile.ptr<i32>, %out: !tile.ptr<i32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %bx = tile.splat %x : tensor<4x!tile.ptr<i32>>
  %px = tile.addptr %bx, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  %addr = tile.ptr_to_int %px : tensor<4x!tile.ptr<i32>> -> tensor<4xi64>
  %four = arith.constant dense<4> : tensor<4xi64>
  %next = arith.addi %addr, %four : tensor<4xi64>
  %pn = tile.int_to_ptr %next : tensor<4xi64> -> tensor<4x!tile.ptr<i32>>
  %shifted = tile.load %pn : tensor<4x!tile.ptr<i32>>
  %bo = tile.splat %out : tensor<4x!tile.ptr<i32>>
  %po = tile.addptr %bo, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %po, %shifted : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @masks(%b: !tile.ptr<i1>, %stored: !tile.ptr<i32>, %read: !tile.ptr<i32>) {
  %i = tile.range 0 to 4 : tensor<4xi32>
  %bb = tile.splat %b : tensor<4x!tile.ptr<i1>>
  %pb = tile.addptr %bb, %i : tensor<4x!tile.ptr<i1>>, tensor<4xi32>
  %flags = tile.load %pb : tensor<4x!tile.ptr<i1>>
  %as_int = arith.extui %flags : tensor<4xi1> to tensor<4xi32>
  %br = tile.splat %read : tensor<4x!tile.ptr<i32>>
  %pr = tile.addptr %br, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %pr, %as_int : tensor<4x!tile.ptr<i32>>
  %two = arith.constant dense<2> : tensor<4xi32>
  %zero = arith.constant dense<0> : tensor<4xi32>
  %r = arith.remsi %i, %two : tensor<4xi32>
  %even = arith.cmpi eq, %r, %zero : tensor<4xi32>
  %bs = tile.splat %stored : tensor<4x!tile.ptr<i32>>
  %ps = tile.addptr %bs, %i : tensor<4x!tile.ptr<i32>>, tensor<4xi32>
  tile.store %ps, %i, %even : tensor<4x!tile.ptr<i32>>
  tile.return
}

tile.func @load_then_store(%p: !tile.ptr<i32>, %q: !tile.ptr<i32>) {
  %i = tile.range 0 to 8 : tensor<8xi32>
  %pb = tile.splat %p : tensor<8x!tile.ptr<i32>>
  %pp = tile.addptr %pb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %qb = tile.splat %q : tensor<8x!tile.ptr<i32>>
  %qp = tile.addptr %qb, %i : tensor<8x!tile.ptr<i32>>, tensor<8xi32>
  %x = tile.load %pp : tensor<8x!tile.ptr<i32>>
  %seven = arith.constant dense<7> : tensor<8xi32>
  tile.store %pp, %seven : tensor<8x!tile.ptr<i32>>
  tile.store %qp, %x : tensor<8x!tile.ptr<i32>>
  tile.return
}

tile.func @signed_offsets(%x: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                          %out: !tile.ptr<i32> {tile.divisibility = 16 : i32}) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %c8 = arith.constant dense<8> : tensor<16xi32>
  %c4 = arith.constant dense<4> : tensor<16xi32>
  %c2 = arith.constant dense<2> : tensor<16xi32>
  %s = arith.subi %i, %c8 : tensor<16xi32>
  %q = arith.divsi %s, %c4 : tensor<16xi32>
  %m = arith.remsi %s, %c4 : tensor<16xi32>
  %f = arith.shrsi %s, %c2 : tensor<16xi32>
  %xb = tile.splat %x : tensor<16x!tile.ptr<i32>>
  %ob = tile.splat %out : tensor<16x!tile.ptr<i32>>
  %o = tile.addptr %ob, %i : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %qi = arith.addi %q, %c8 : tensor<16xi32>
  %pq = tile.addptr %xb, %qi : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %vq = tile.load %pq : tensor<16x!tile.ptr<i32>>
  tile.store %o, %vq : tensor<16x!tile.ptr<i32>>
  %mi = arith.addi %m, %c8 : tensor<16xi32>
  %pm = tile.addptr %xb, %mi : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %vm = tile.load %pm : tensor<16x!tile.ptr<i32>>
  %o1 = tile.addptr %o, %c16 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %o1, %vm : tensor<16x!tile.ptr<i32>>
  %fi = arith.addi %f, %c8 : tensor<16xi32>
  %pf = tile.addptr %xb, %fi : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %vf = tile.load %pf : tensor<16x!tile.ptr<i32>>
  %o2 = tile.addptr %o1, %c16 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %o2, %vf : tensor<16x!tile.ptr<i32>>
  tile.return
}

tile.func @guarded_offsets(%x: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                           %out: !tile.ptr<i32> {tile.divisibility = 16 : i32},
                           %b: i32) {
  %i = tile.range 0 to 16 : tensor<16xi32>
  %c4s = arith.constant 4 : i32
  %start = arith.muli %b, %c4s : i32
  %ss = tile.splat %start : tensor<16xi32>
  %offs = arith.addi %ss, %i : tensor<16xi32>
  %c8 = arith.constant dense<8> : tensor<16xi32>
  %c4 = arith.constant dense<4> : tensor<16xi32>
  %m = arith.remsi %offs, %c8 : tensor<16xi32>
  %q = arith.divsi %offs, %c4 : tensor<16xi32>
  %xb = tile.splat %x : tensor<16x!tile.ptr<i32>>
  %ob = tile.splat %out : tensor<16x!tile.ptr<i32>>
  %o = tile.addptr %ob, %i : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %mi = arith.addi %m, %c8 : tensor<16xi32>
  %pm = tile.addptr %xb, %mi : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %vm = tile.load %pm : tensor<16x!tile.ptr<i32>>
  tile.store %o, %vm : tensor<16x!tile.ptr<i32>>
  %qi = arith.addi %q, %c4 : tensor<16xi32>
  %pq = tile.addptr %xb, %qi : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  %vq = tile.load %pq : tensor<16x!tile.ptr<i32>>
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %o1 = tile.addptr %o, %c16 : tensor<16x!tile.ptr<i32>>, tensor<16xi32>
  tile.store %o1, %vq : tensor<16x!tile.ptr<i32>>
  tile.return
}

tile.func @inclusive_masks(%x: !tile.ptr<f32> {tile.divisibility = 16 : i32},
                           %out: !tile.ptr<f32> {tile.divisibility = 16 : i32}) {
  %r = tile.range 0 to 16 : tensor<16xi32>
  %c4 = arith.constant dense<4> : tensor<16xi32>
  %upto = arith.cmpi sle, %r, %c4 : tensor<16xi32>
  %after = arith.cmpi sgt, %r, %c4 : tensor<16xi32>
  %xb = tile.splat %x : tensor<16x!tile.ptr<f32>>
  %xp = tile.addptr %xb, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  %low = tile.load %xp, %upto : tensor<16x!tile.ptr<f32>>
  %all = tile.load %xp : tensor<16x!tile.ptr<f32>>
  %ob = tile.splat %out : tensor<16x!tile.ptr<f32>>
  %o = tile.addptr %ob, %r : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %o, %low : tensor<16x!tile.ptr<f32>>
  %c16 = arith.constant dense<16> : tensor<16xi32>
  %o2 = tile.addptr %o, %c16 : tensor<16x!tile.ptr<f32>>, tensor<16xi32>
  tile.store %o2, %all, %after : tensor<16x!tile.ptr<f32>>
  tile.return
}
