// Atomics under contention on the types atomics.mlir leaves out
// (docs/Semantics.md section 3.6): four programs update the same addresses.
// Integer add, max, min, umax, umin, and, or and xor on i64, i16 and i32
// (umax and umin are new there too) are order-independent, so the final
// memory is exact; float fadd on f16, bf16, f32 and f64 is exact where every
// partial sum is representable and bounded (section 10: n * eps * sum |x|)
// otherwise. Expected values derived by hand from the programs' operands.

// Program p (0..3) applies to elements 0..7, starting from 0 | -5 | 5 | 0 |
// -1 | -1 | 0 | 0: add (p + 1) * B | max, min, umax, umin of p - 2 (-2, -1, 0,
// 1) | and ~(1 << p) | or 1 << (p + S) | xor 3 << 2p. So: 10 B | 1 | -2 | -1
// (all ones is the unsigned maximum) | 0 | -16 | 15 << S | 255.
// RUN: %python %S/Inputs/values.py %t.m64 i64 0 -5 5 0 -1 -1 0 0
// RUN: tile-check %s --kernel contend_i64 --grid 4 --arg buf:i64:8:file=%t.m64 \
// RUN:   --print 0 | FileCheck %s --check-prefix=I64
// B = 2^40, S = 40: 10 B = 10995116277760 and 15 << 40 = 16492674416640.
// I64: reference #0 (i64 x 8): 10995116277760 1 -2 -1 0 -16 16492674416640 255
// I64: tile-check: PASS @contend_i64 (cpu: 1 buffers match
// RUN: %python %S/Inputs/values.py %t.m16 i16 0 -5 5 0 -1 -1 0 0
// RUN: tile-check %s --kernel contend_i16 --grid 4 --arg buf:i16:8:file=%t.m16 \
// RUN:   --print 0 | FileCheck %s --check-prefix=I16
// B = 1000, S = 8: 10000 and 15 << 8 = 3840.
// I16: reference #0 (i16 x 8): 10000 1 -2 -1 0 -16 3840 255
// I16: tile-check: PASS @contend_i16 (cpu: 1 buffers match
// RUN: %python %S/Inputs/values.py %t.m32 i32 0 -5 5 0 -1 -1 0 0
// RUN: tile-check %s --kernel contend_i32 --grid 4 --arg buf:i32:8:file=%t.m32 \
// RUN:   --print 0 | FileCheck %s --check-prefix=I32
// B = 100000, S = 20: 1000000 and 15 << 20 = 15728640.
// I32: reference #0 (i32 x 8): 1000000 1 -2 -1 0 -16 15728640 255
// I32: tile-check: PASS @contend_i32 (cpu: 1 buffers match

// fadd: element 0 starts at 1 and gets 0.25, 0.5, 0.75 and 1 (exact in any
// order: 3.5); element 1 starts at 0 and gets 0.1 (p + 1), each rounded to
// the type, so the sum depends on the order, within the bound.
// RUN: %python %S/Inputs/values.py %t.h f16 1 0
// RUN: tile-check %s --kernel fadd_f16 --grid 4 --arg buf:f16:2:file=%t.h \
// RUN:   --print 0 | FileCheck %s --check-prefix=F16
// 0.1 is 0.0999755859 in f16, 0.2 0.199951172, 0.3 0.299804688 and 0.4
// 0.399902344; their exact sum 0.999633789 rounds to 0.999511719.
// F16: reference #0 (f16 x 2): 3.5 0.999511719
// F16: float outputs compared within tolerance
// F16: tile-check: PASS @fadd_f16 (cpu: 1 buffers match
// RUN: %python %S/Inputs/values.py %t.f f32 1 0
// RUN: tile-check %s --kernel fadd_f32 --grid 4 --arg buf:f32:2:file=%t.f \
// RUN:   --print 0 | FileCheck %s --check-prefix=F32
// F32: reference #0 (f32 x 2): 3.5 1
// F32: tile-check: PASS @fadd_f32 (cpu: 1 buffers match
// RUN: %python %S/Inputs/values.py %t.d f64 1 0
// RUN: tile-check %s --kernel fadd_f64 --grid 4 --arg buf:f64:2:file=%t.d \
// RUN:   --print 0 | FileCheck %s --check-prefix=F64
// F64: reference #0 (f64 x 2): 3.5 1
// F64: tile-check: PASS @fadd_f64 (cpu: 1 buffers match
// bf16: 0.1 (p + 1) rounds to 0.100097656, 0.200195312, 0.30078125,
// 0.400390625; the exact sum 1.00146484 rounds to 1.
// RUN: %python %S/Inputs/values.py %t.b bf16 1 0
// RUN: tile-check %s --kernel fadd_bf16 --grid 4 --arg buf:bf16:2:file=%t.b \
// RUN:   --targets none --print 0 | FileCheck %s --check-prefix=BF16
// BF16: reference #0 (bf16 x 2): 3.5 1
// bf16 fadd on the CPU: a compare-and-swap loop (once a compile gap).
// RUN: tile-check %s --kernel fadd_bf16 --grid 4 --arg buf:bf16:2:file=%t.b \
// RUN:   --targets cpu | FileCheck %s --check-prefix=BF16-CPU
// BF16-CPU: tile-check: PASS @fadd_bf16 (cpu:
// RUN: tile-check %s --kernel fadd_bf16 --grid 4 --arg buf:bf16:2:file=%t.b \
// RUN:   --targets nvidia,amd --compile-only | FileCheck %s --check-prefix=BF16-GPU
// BF16-GPU: tile-check: PASS @fadd_bf16 (nvidia: {{.*}}; amd: {{.*}})

tile.func @contend_i64(%m: !tile.ptr<i64>) {
  // Every program updates the same eight elements: the final memory does
  // not depend on the order.
  %pid = tile.program_id x
  %p = arith.extsi %pid : i32 to i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %three = arith.constant 3 : i64
  %big = arith.constant 1099511627776 : i64
  %orsh = arith.constant 40 : i64
  %all = arith.constant -1 : i64
  %p1 = arith.addi %p, %one : i64
  %v_add = arith.muli %p1, %big : i64
  %v_cmp = arith.subi %p, %two : i64
  %bit = arith.shli %one, %p : i64
  %v_and = arith.xori %bit, %all : i64
  %sh = arith.addi %p, %orsh : i64
  %v_or = arith.shli %one, %sh : i64
  %p2 = arith.muli %p, %two : i64
  %v_xor = arith.shli %three, %p2 : i64
  %c0 = arith.constant 0 : i32
  %a0 = tile.addptr %m, %c0 : !tile.ptr<i64>, i32
  %s0 = tile.splat %a0 : tensor<1x!tile.ptr<i64>>
  %t0 = tile.splat %v_add : tensor<1xi64>
  %o0 = tile.atomic_rmw add, relaxed, gpu %s0, %t0 : tensor<1x!tile.ptr<i64>>
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<i64>, i32
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<i64>>
  %t1 = tile.splat %v_cmp : tensor<1xi64>
  %o1 = tile.atomic_rmw max, relaxed, gpu %s1, %t1 : tensor<1x!tile.ptr<i64>>
  %c2 = arith.constant 2 : i32
  %a2 = tile.addptr %m, %c2 : !tile.ptr<i64>, i32
  %s2 = tile.splat %a2 : tensor<1x!tile.ptr<i64>>
  %t2 = tile.splat %v_cmp : tensor<1xi64>
  %o2 = tile.atomic_rmw min, relaxed, gpu %s2, %t2 : tensor<1x!tile.ptr<i64>>
  %c3 = arith.constant 3 : i32
  %a3 = tile.addptr %m, %c3 : !tile.ptr<i64>, i32
  %s3 = tile.splat %a3 : tensor<1x!tile.ptr<i64>>
  %t3 = tile.splat %v_cmp : tensor<1xi64>
  %o3 = tile.atomic_rmw umax, relaxed, gpu %s3, %t3 : tensor<1x!tile.ptr<i64>>
  %c4 = arith.constant 4 : i32
  %a4 = tile.addptr %m, %c4 : !tile.ptr<i64>, i32
  %s4 = tile.splat %a4 : tensor<1x!tile.ptr<i64>>
  %t4 = tile.splat %v_cmp : tensor<1xi64>
  %o4 = tile.atomic_rmw umin, relaxed, gpu %s4, %t4 : tensor<1x!tile.ptr<i64>>
  %c5 = arith.constant 5 : i32
  %a5 = tile.addptr %m, %c5 : !tile.ptr<i64>, i32
  %s5 = tile.splat %a5 : tensor<1x!tile.ptr<i64>>
  %t5 = tile.splat %v_and : tensor<1xi64>
  %o5 = tile.atomic_rmw and, relaxed, gpu %s5, %t5 : tensor<1x!tile.ptr<i64>>
  %c6 = arith.constant 6 : i32
  %a6 = tile.addptr %m, %c6 : !tile.ptr<i64>, i32
  %s6 = tile.splat %a6 : tensor<1x!tile.ptr<i64>>
  %t6 = tile.splat %v_or : tensor<1xi64>
  %o6 = tile.atomic_rmw or, relaxed, gpu %s6, %t6 : tensor<1x!tile.ptr<i64>>
  %c7 = arith.constant 7 : i32
  %a7 = tile.addptr %m, %c7 : !tile.ptr<i64>, i32
  %s7 = tile.splat %a7 : tensor<1x!tile.ptr<i64>>
  %t7 = tile.splat %v_xor : tensor<1xi64>
  %o7 = tile.atomic_rmw xor, relaxed, gpu %s7, %t7 : tensor<1x!tile.ptr<i64>>
  tile.return
}

tile.func @contend_i16(%m: !tile.ptr<i16>) {
  // Every program updates the same eight elements: the final memory does
  // not depend on the order.
  %pid = tile.program_id x
  %p = arith.trunci %pid : i32 to i16
  %one = arith.constant 1 : i16
  %two = arith.constant 2 : i16
  %three = arith.constant 3 : i16
  %big = arith.constant 1000 : i16
  %orsh = arith.constant 8 : i16
  %all = arith.constant -1 : i16
  %p1 = arith.addi %p, %one : i16
  %v_add = arith.muli %p1, %big : i16
  %v_cmp = arith.subi %p, %two : i16
  %bit = arith.shli %one, %p : i16
  %v_and = arith.xori %bit, %all : i16
  %sh = arith.addi %p, %orsh : i16
  %v_or = arith.shli %one, %sh : i16
  %p2 = arith.muli %p, %two : i16
  %v_xor = arith.shli %three, %p2 : i16
  %c0 = arith.constant 0 : i32
  %a0 = tile.addptr %m, %c0 : !tile.ptr<i16>, i32
  %s0 = tile.splat %a0 : tensor<1x!tile.ptr<i16>>
  %t0 = tile.splat %v_add : tensor<1xi16>
  %o0 = tile.atomic_rmw add, relaxed, gpu %s0, %t0 : tensor<1x!tile.ptr<i16>>
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<i16>, i32
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<i16>>
  %t1 = tile.splat %v_cmp : tensor<1xi16>
  %o1 = tile.atomic_rmw max, relaxed, gpu %s1, %t1 : tensor<1x!tile.ptr<i16>>
  %c2 = arith.constant 2 : i32
  %a2 = tile.addptr %m, %c2 : !tile.ptr<i16>, i32
  %s2 = tile.splat %a2 : tensor<1x!tile.ptr<i16>>
  %t2 = tile.splat %v_cmp : tensor<1xi16>
  %o2 = tile.atomic_rmw min, relaxed, gpu %s2, %t2 : tensor<1x!tile.ptr<i16>>
  %c3 = arith.constant 3 : i32
  %a3 = tile.addptr %m, %c3 : !tile.ptr<i16>, i32
  %s3 = tile.splat %a3 : tensor<1x!tile.ptr<i16>>
  %t3 = tile.splat %v_cmp : tensor<1xi16>
  %o3 = tile.atomic_rmw umax, relaxed, gpu %s3, %t3 : tensor<1x!tile.ptr<i16>>
  %c4 = arith.constant 4 : i32
  %a4 = tile.addptr %m, %c4 : !tile.ptr<i16>, i32
  %s4 = tile.splat %a4 : tensor<1x!tile.ptr<i16>>
  %t4 = tile.splat %v_cmp : tensor<1xi16>
  %o4 = tile.atomic_rmw umin, relaxed, gpu %s4, %t4 : tensor<1x!tile.ptr<i16>>
  %c5 = arith.constant 5 : i32
  %a5 = tile.addptr %m, %c5 : !tile.ptr<i16>, i32
  %s5 = tile.splat %a5 : tensor<1x!tile.ptr<i16>>
  %t5 = tile.splat %v_and : tensor<1xi16>
  %o5 = tile.atomic_rmw and, relaxed, gpu %s5, %t5 : tensor<1x!tile.ptr<i16>>
  %c6 = arith.constant 6 : i32
  %a6 = tile.addptr %m, %c6 : !tile.ptr<i16>, i32
  %s6 = tile.splat %a6 : tensor<1x!tile.ptr<i16>>
  %t6 = tile.splat %v_or : tensor<1xi16>
  %o6 = tile.atomic_rmw or, relaxed, gpu %s6, %t6 : tensor<1x!tile.ptr<i16>>
  %c7 = arith.constant 7 : i32
  %a7 = tile.addptr %m, %c7 : !tile.ptr<i16>, i32
  %s7 = tile.splat %a7 : tensor<1x!tile.ptr<i16>>
  %t7 = tile.splat %v_xor : tensor<1xi16>
  %o7 = tile.atomic_rmw xor, relaxed, gpu %s7, %t7 : tensor<1x!tile.ptr<i16>>
  tile.return
}

tile.func @contend_i32(%m: !tile.ptr<i32>) {
  // Every program updates the same eight elements: the final memory does
  // not depend on the order.
  %pid = tile.program_id x
  %zero32 = arith.constant 0 : i32
  %p = arith.addi %pid, %zero32 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %big = arith.constant 100000 : i32
  %orsh = arith.constant 20 : i32
  %all = arith.constant -1 : i32
  %p1 = arith.addi %p, %one : i32
  %v_add = arith.muli %p1, %big : i32
  %v_cmp = arith.subi %p, %two : i32
  %bit = arith.shli %one, %p : i32
  %v_and = arith.xori %bit, %all : i32
  %sh = arith.addi %p, %orsh : i32
  %v_or = arith.shli %one, %sh : i32
  %p2 = arith.muli %p, %two : i32
  %v_xor = arith.shli %three, %p2 : i32
  %c0 = arith.constant 0 : i32
  %a0 = tile.addptr %m, %c0 : !tile.ptr<i32>, i32
  %s0 = tile.splat %a0 : tensor<1x!tile.ptr<i32>>
  %t0 = tile.splat %v_add : tensor<1xi32>
  %o0 = tile.atomic_rmw add, relaxed, gpu %s0, %t0 : tensor<1x!tile.ptr<i32>>
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<i32>, i32
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<i32>>
  %t1 = tile.splat %v_cmp : tensor<1xi32>
  %o1 = tile.atomic_rmw max, relaxed, gpu %s1, %t1 : tensor<1x!tile.ptr<i32>>
  %c2 = arith.constant 2 : i32
  %a2 = tile.addptr %m, %c2 : !tile.ptr<i32>, i32
  %s2 = tile.splat %a2 : tensor<1x!tile.ptr<i32>>
  %t2 = tile.splat %v_cmp : tensor<1xi32>
  %o2 = tile.atomic_rmw min, relaxed, gpu %s2, %t2 : tensor<1x!tile.ptr<i32>>
  %c3 = arith.constant 3 : i32
  %a3 = tile.addptr %m, %c3 : !tile.ptr<i32>, i32
  %s3 = tile.splat %a3 : tensor<1x!tile.ptr<i32>>
  %t3 = tile.splat %v_cmp : tensor<1xi32>
  %o3 = tile.atomic_rmw umax, relaxed, gpu %s3, %t3 : tensor<1x!tile.ptr<i32>>
  %c4 = arith.constant 4 : i32
  %a4 = tile.addptr %m, %c4 : !tile.ptr<i32>, i32
  %s4 = tile.splat %a4 : tensor<1x!tile.ptr<i32>>
  %t4 = tile.splat %v_cmp : tensor<1xi32>
  %o4 = tile.atomic_rmw umin, relaxed, gpu %s4, %t4 : tensor<1x!tile.ptr<i32>>
  %c5 = arith.constant 5 : i32
  %a5 = tile.addptr %m, %c5 : !tile.ptr<i32>, i32
  %s5 = tile.splat %a5 : tensor<1x!tile.ptr<i32>>
  %t5 = tile.splat %v_and : tensor<1xi32>
  %o5 = tile.atomic_rmw and, relaxed, gpu %s5, %t5 : tensor<1x!tile.ptr<i32>>
  %c6 = arith.constant 6 : i32
  %a6 = tile.addptr %m, %c6 : !tile.ptr<i32>, i32
  %s6 = tile.splat %a6 : tensor<1x!tile.ptr<i32>>
  %t6 = tile.splat %v_or : tensor<1xi32>
  %o6 = tile.atomic_rmw or, relaxed, gpu %s6, %t6 : tensor<1x!tile.ptr<i32>>
  %c7 = arith.constant 7 : i32
  %a7 = tile.addptr %m, %c7 : !tile.ptr<i32>, i32
  %s7 = tile.splat %a7 : tensor<1x!tile.ptr<i32>>
  %t7 = tile.splat %v_xor : tensor<1xi32>
  %o7 = tile.atomic_rmw xor, relaxed, gpu %s7, %t7 : tensor<1x!tile.ptr<i32>>
  tile.return
}

tile.func @fadd_f16(%m: !tile.ptr<f16>) {
  // Element 0 gets 0.25 (pid + 1) from each program (exact sums); element
  // 1 gets 0.1 (pid + 1) (rounded sums, order-dependent).
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to f16
  %one = arith.constant 1.0 : f16
  %q = arith.constant 0.25 : f16
  %t = arith.constant 0.1 : f16
  %p1 = arith.addf %pf, %one : f16
  %vq = arith.mulf %p1, %q : f16
  %vt = arith.mulf %p1, %t : f16
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<f16>, i32
  %s0 = tile.splat %m : tensor<1x!tile.ptr<f16>>
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<f16>>
  %tq = tile.splat %vq : tensor<1xf16>
  %tt = tile.splat %vt : tensor<1xf16>
  %o0 = tile.atomic_rmw fadd, relaxed, gpu %s0, %tq : tensor<1x!tile.ptr<f16>>
  %o1 = tile.atomic_rmw fadd, relaxed, gpu %s1, %tt : tensor<1x!tile.ptr<f16>>
  tile.return
}

tile.func @fadd_bf16(%m: !tile.ptr<bf16>) {
  // Element 0 gets 0.25 (pid + 1) from each program (exact sums); element
  // 1 gets 0.1 (pid + 1) (rounded sums, order-dependent).
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to bf16
  %one = arith.constant 1.0 : bf16
  %q = arith.constant 0.25 : bf16
  %t = arith.constant 0.1 : bf16
  %p1 = arith.addf %pf, %one : bf16
  %vq = arith.mulf %p1, %q : bf16
  %vt = arith.mulf %p1, %t : bf16
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<bf16>, i32
  %s0 = tile.splat %m : tensor<1x!tile.ptr<bf16>>
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<bf16>>
  %tq = tile.splat %vq : tensor<1xbf16>
  %tt = tile.splat %vt : tensor<1xbf16>
  %o0 = tile.atomic_rmw fadd, relaxed, gpu %s0, %tq : tensor<1x!tile.ptr<bf16>>
  %o1 = tile.atomic_rmw fadd, relaxed, gpu %s1, %tt : tensor<1x!tile.ptr<bf16>>
  tile.return
}

tile.func @fadd_f32(%m: !tile.ptr<f32>) {
  // Element 0 gets 0.25 (pid + 1) from each program (exact sums); element
  // 1 gets 0.1 (pid + 1) (rounded sums, order-dependent).
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to f32
  %one = arith.constant 1.0 : f32
  %q = arith.constant 0.25 : f32
  %t = arith.constant 0.1 : f32
  %p1 = arith.addf %pf, %one : f32
  %vq = arith.mulf %p1, %q : f32
  %vt = arith.mulf %p1, %t : f32
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<f32>, i32
  %s0 = tile.splat %m : tensor<1x!tile.ptr<f32>>
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<f32>>
  %tq = tile.splat %vq : tensor<1xf32>
  %tt = tile.splat %vt : tensor<1xf32>
  %o0 = tile.atomic_rmw fadd, relaxed, gpu %s0, %tq : tensor<1x!tile.ptr<f32>>
  %o1 = tile.atomic_rmw fadd, relaxed, gpu %s1, %tt : tensor<1x!tile.ptr<f32>>
  tile.return
}

tile.func @fadd_f64(%m: !tile.ptr<f64>) {
  // Element 0 gets 0.25 (pid + 1) from each program (exact sums); element
  // 1 gets 0.1 (pid + 1) (rounded sums, order-dependent).
  %pid = tile.program_id x
  %pf = arith.sitofp %pid : i32 to f64
  %one = arith.constant 1.0 : f64
  %q = arith.constant 0.25 : f64
  %t = arith.constant 0.1 : f64
  %p1 = arith.addf %pf, %one : f64
  %vq = arith.mulf %p1, %q : f64
  %vt = arith.mulf %p1, %t : f64
  %c1 = arith.constant 1 : i32
  %a1 = tile.addptr %m, %c1 : !tile.ptr<f64>, i32
  %s0 = tile.splat %m : tensor<1x!tile.ptr<f64>>
  %s1 = tile.splat %a1 : tensor<1x!tile.ptr<f64>>
  %tq = tile.splat %vq : tensor<1xf64>
  %tt = tile.splat %vt : tensor<1xf64>
  %o0 = tile.atomic_rmw fadd, relaxed, gpu %s0, %tq : tensor<1x!tile.ptr<f64>>
  %o1 = tile.atomic_rmw fadd, relaxed, gpu %s1, %tt : tensor<1x!tile.ptr<f64>>
  tile.return
}

