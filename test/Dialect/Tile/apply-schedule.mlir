// RUN: tile-opt %s --tile-apply-schedule --split-input-file | FileCheck %s
// RUN: tile-opt %s --tile-apply-schedule --tile-apply-schedule --split-input-file | FileCheck %s

// The schedule attribute prints its fields in one order, defaults left out.
// CHECK-LABEL: tile.func @unscheduled
// CHECK-SAME: tile.schedule = #tile.schedule<cpu = guided>
// CHECK-NOT: scf.for
// CHECK: tile.program_id x
tile.func @unscheduled(%out: !tile.ptr<i32>)
    attributes {tile.schedule = #tile.schedule<cpu = guided>} {
  %x = tile.program_id x
  %p = tile.addptr %out, %x : !tile.ptr<i32>, i32
  tile.store %p, %x : !tile.ptr<i32>
  tile.return
}

// -----

// Grouped order: the launch slot x + gx * y of a z plane names the program
// in groups of 8 rows; the last group of a plane holds the rows left; z
// keeps its id.
// CHECK-LABEL: tile.func @grouped(
// CHECK-SAME: %{{.*}}: !tile.ptr<i32>)
// CHECK-NOT: tile.schedule
// CHECK-DAG: %[[X:.*]] = tile.program_id x
// CHECK-DAG: %[[Y:.*]] = tile.program_id y
// CHECK-DAG: %[[Z:.*]] = tile.program_id z
// CHECK-DAG: %[[GX:.*]] = tile.num_programs x
// CHECK-DAG: %[[GY:.*]] = tile.num_programs y
// CHECK: %[[GX64:.*]] = arith.extui %[[GX]] : i32 to i64
// CHECK: %[[X64:.*]] = arith.extui %[[X]] : i32 to i64
// CHECK: %[[Y64:.*]] = arith.extui %[[Y]] : i32 to i64
// CHECK: %[[ROWS:.*]] = arith.muli %[[GX64]], %[[Y64]] : i64
// CHECK: %[[IN:.*]] = arith.addi %[[X64]], %[[ROWS]] : i64
// CHECK: %[[EIGHT:.*]] = arith.constant 8 : i64
// CHECK: %[[PER:.*]] = arith.muli %[[EIGHT]], %{{.*}} : i64
// CHECK: %[[GROUP:.*]] = arith.divui %[[IN]], %[[PER]] : i64
// CHECK: %[[FIRST:.*]] = arith.muli %[[GROUP]], %[[EIGHT]] : i64
// CHECK: %[[LEFT:.*]] = arith.subi %[[GX64]], %[[FIRST]] : i64
// CHECK: %[[SIZE:.*]] = arith.minui %[[LEFT]], %[[EIGHT]] : i64
// CHECK: %[[INGROUP:.*]] = arith.remui %[[IN]], %[[PER]] : i64
// CHECK: %[[ROW:.*]] = arith.remui %[[INGROUP]], %[[SIZE]] : i64
// CHECK: %[[NX:.*]] = arith.addi %[[FIRST]], %[[ROW]] : i64
// CHECK: %[[NY:.*]] = arith.divui %[[INGROUP]], %[[SIZE]] : i64
// CHECK: %[[X32:.*]] = arith.trunci %[[NX]] overflow<nsw, nuw> : i64 to i32
// CHECK: %[[Y32:.*]] = arith.trunci %[[NY]] overflow<nsw, nuw> : i64 to i32
// CHECK: arith.addi %[[X32]], %[[Y32]] : i32
// CHECK: arith.addi %{{.*}}, %[[Z]] : i32
// The grid's extents are the launch's: only the order changes.
// CHECK-NOT: tile.num_programs
// CHECK: tile.return
tile.func @grouped(%out: !tile.ptr<i32>)
    attributes {tile.schedule = #tile.schedule<grouped = 8>} {
  %x = tile.program_id x
  %y = tile.program_id y
  %z = tile.program_id z
  %s = arith.addi %x, %y : i32
  %t = arith.addi %s, %z : i32
  %p = tile.addptr %out, %t : !tile.ptr<i32>, i32
  tile.store %p, %t : !tile.ptr<i32>
  tile.return
}

// -----

// Persistent: three i32 extents after the other arguments (a bounds-checked
// kernel's extents included), a loop over the grid's programs from the
// launched program in steps of the launched count; what does not depend on
// the program is computed once, before it; the CPU's fields stay. The loop
// is marked as one whose iterations are the grid's programs.
// CHECK-LABEL: tile.func @persistent(
// CHECK-SAME: %[[OUT:[^:]*]]: !tile.ptr<i32>, %[[N:[^:]*]]: i32, %[[GX:[^:]*]]: i32, %[[GY:[^:]*]]: i32, %[[GZ:[^:]*]]: i32)
// CHECK-SAME: tile.schedule = #tile.schedule<cpu = dynamic, chunk = 4>
// CHECK: %[[P:.*]] = tile.program_id x
// CHECK: %[[NP:.*]] = tile.num_programs x
// CHECK: %[[FROM:.*]] = arith.extui %[[P]] : i32 to i64
// CHECK: %[[STEP:.*]] = arith.extui %[[NP]] : i32 to i64
// CHECK: arith.muli %[[N]], %[[N]] : i32
// CHECK-NEXT: scf.for %[[SLOT:.*]] = %[[FROM]] to %{{.*}} step %[[STEP]] : i64 {
// CHECK: %[[PX:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: %[[PY:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: arith.muli %[[PY]], %[[GX]] : i32
// CHECK: tile.store
// CHECK-NEXT: } {tile.grid_loop}
// CHECK-NEXT: tile.return
tile.func @persistent(%out: !tile.ptr<i32>, %n: i32)
    attributes {tile.schedule = #tile.schedule<persistent, cpu = dynamic, chunk = 4>} {
  %x = tile.program_id x
  %y = tile.program_id y
  %gx = tile.num_programs x
  %row = arith.muli %y, %gx : i32
  %i = arith.addi %row, %x : i32
  %nn = arith.muli %n, %n : i32
  %v = arith.addi %i, %nn : i32
  %p = tile.addptr %out, %i : !tile.ptr<i32>, i32
  tile.store %p, %v : !tile.ptr<i32>
  tile.return
}

// -----

// Prints and asserts name the grid program whose code runs (the ids the
// schedule computes), not the launched program; ones that already name ids
// keep them.
// CHECK-LABEL: tile.func @reports(
// CHECK: scf.for
// CHECK: %[[X:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: %[[Y:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: %[[Z:.*]] = arith.trunci %{{.*}} overflow<nsw, nuw> : i64 to i32
// CHECK: tile.print "at" program(%[[X]], %[[Y]], %[[Z]])
// CHECK: tile.print "own" program(%[[C:.*]], %[[C]], %[[C]])
// CHECK: tile.assert %{{.*}}, "x > 0" program(%[[X]], %[[Y]], %[[Z]]) : i1
tile.func @reports(%out: !tile.ptr<i32>)
    attributes {tile.schedule = #tile.schedule<persistent>} {
  %x = tile.program_id x
  %c0 = arith.constant 0 : i32
  %ok = arith.cmpi sgt, %x, %c0 : i32
  tile.print "at"
  tile.print "own" program(%c0, %c0, %c0)
  tile.assert %ok, "x > 0" : i1
  tile.return
}

// -----

// A persistent kernel no longer has its alternatives' signature, so the
// alternative marks between them go (the targets take alternatives apart
// before their pipelines; this is tile-opt's view); a grouped one keeps its.
// CHECK-LABEL: tile.func @wide(
// CHECK-SAME: %{{[^:]*}}: i32, %{{[^:]*}}: i32, %{{[^:]*}}: i32)
// CHECK-LABEL: tile.func @wide_alternative(
// CHECK-NOT: tile.alternative_of
// CHECK-LABEL: tile.func @kept_alternative(
// CHECK-SAME: tile.alternative_of = @kept
tile.func @wide(%out: !tile.ptr<i32>)
    attributes {tile.schedule = #tile.schedule<persistent>} {
  tile.return
}
tile.func @wide_alternative(%out: !tile.ptr<i32>)
    attributes {tile.alternative_of = @wide} {
  tile.return
}
tile.func @kept(%out: !tile.ptr<i32>)
    attributes {tile.schedule = #tile.schedule<grouped = 4>} {
  tile.return
}
tile.func @kept_alternative(%out: !tile.ptr<i32>)
    attributes {tile.alternative_of = @kept} {
  tile.return
}
