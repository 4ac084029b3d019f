; fixture_kernels.amdgcn.ll - Hand-written kernels with the GPU kernel ABI,
; for AMD GPUs.
;
; The AMDGCN counterpart of fixture_kernels.ptx, for gpu-smoke.sh's hip
; mode: one explicit argument per kernel argument as docs/Runtime.md says
; (8-byte global addresses for pointers; 1 byte for i1 and i8; 2 for i16, f16
; and bf16; 4 for i32 and f32; 8 for i64 and f64, each at an offset aligned
; to its size), block (threads, 1, 1), the grid's programs as workgroups, and
; the assert flag `tile_assert_failed` of kernels with `asserts = 1`.
; test/Runtime/CMakeLists.txt builds it with llc and ld.lld into a code
; object per chip; the mock HIP driver runs C versions of these kernels, and
; the code object supplies their metadata.

target triple = "amdgcn-amd-amdhsa"

; The assert flag: non-zero once an assert failed, then the x, y, z program
; id of a failing program.
@tile_assert_failed = protected addrspace(1) externally_initialized global [4 x i32] zeroinitializer, align 4

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
declare i32 @llvm.amdgcn.workgroup.id.z()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()

; The dispatch packet's workgroup size along x (u16 at byte 4).
define internal i32 @block_size_x() {
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %field = getelementptr inbounds i8, ptr addrspace(4) %packet, i64 4
  %size = load i16, ptr addrspace(4) %field, align 4
  %wide = zext i16 %size to i32
  ret i32 %wide
}

; The number of workgroups along axis `offset` of the dispatch packet: its
; grid size in work-items (u32 at 12, 16, 20) over the workgroup size (u16 at
; 4, 6, 8).
define internal i32 @grid_programs(i64 %grid_offset, i64 %block_offset) {
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %gfield = getelementptr inbounds i8, ptr addrspace(4) %packet, i64 %grid_offset
  %grid = load i32, ptr addrspace(4) %gfield, align 4
  %bfield = getelementptr inbounds i8, ptr addrspace(4) %packet, i64 %block_offset
  %block = load i16, ptr addrspace(4) %bfield, align 2
  %wide = zext i16 %block to i32
  %n = udiv i32 %grid, %wide
  ret i32 %n
}

; scalars(ptr out, i1, i8, i16, i32, i64, f16, bf16, f32, f64): thread 0 of
; program (0, 0, 0) writes every scalar to out (f64[9]) as a double, f16 and
; bf16 as the integer value of their bits, integers read as signed (i1 as
; unsigned). i1 travels as a byte, and f16 and bf16 as their 16 bits.
define amdgpu_kernel void @scalars(ptr addrspace(1) %out, i8 %b, i8 %i8,
                                   i16 %i16, i32 %i32, i64 %i64, i16 %f16,
                                   i16 %bf16, float %f32, double %f64) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %any = or i32 %tid, %bid
  %first = icmp eq i32 %any, 0
  br i1 %first, label %body, label %done
body:
  %d0 = uitofp i8 %b to double
  %d1 = sitofp i8 %i8 to double
  %d2 = sitofp i16 %i16 to double
  %d3 = sitofp i32 %i32 to double
  %d4 = sitofp i64 %i64 to double
  %d5 = uitofp i16 %f16 to double
  %d6 = uitofp i16 %bf16 to double
  %d7 = fpext float %f32 to double
  store double %d0, ptr addrspace(1) %out, align 8
  %p1 = getelementptr inbounds double, ptr addrspace(1) %out, i64 1
  store double %d1, ptr addrspace(1) %p1, align 8
  %p2 = getelementptr inbounds double, ptr addrspace(1) %out, i64 2
  store double %d2, ptr addrspace(1) %p2, align 8
  %p3 = getelementptr inbounds double, ptr addrspace(1) %out, i64 3
  store double %d3, ptr addrspace(1) %p3, align 8
  %p4 = getelementptr inbounds double, ptr addrspace(1) %out, i64 4
  store double %d4, ptr addrspace(1) %p4, align 8
  %p5 = getelementptr inbounds double, ptr addrspace(1) %out, i64 5
  store double %d5, ptr addrspace(1) %p5, align 8
  %p6 = getelementptr inbounds double, ptr addrspace(1) %out, i64 6
  store double %d6, ptr addrspace(1) %p6, align 8
  %p7 = getelementptr inbounds double, ptr addrspace(1) %out, i64 7
  store double %d7, ptr addrspace(1) %p7, align 8
  %p8 = getelementptr inbounds double, ptr addrspace(1) %out, i64 8
  store double %f64, ptr addrspace(1) %p8, align 8
  br label %done
done:
  ret void
}

; grid_ids(ptr out): thread 0 of every program (x, y, z) writes
; x + 1000 y + 1000000 z to out[(z * grid_y + y) * grid_x + x] (i32).
define amdgpu_kernel void @grid_ids(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %body, label %done
body:
  %x = call i32 @llvm.amdgcn.workgroup.id.x()
  %y = call i32 @llvm.amdgcn.workgroup.id.y()
  %z = call i32 @llvm.amdgcn.workgroup.id.z()
  %nx = call i32 @grid_programs(i64 12, i64 4)
  %ny = call i32 @grid_programs(i64 16, i64 6)
  %x64 = zext i32 %x to i64
  %y64 = zext i32 %y to i64
  %z64 = zext i32 %z to i64
  %nx64 = zext i32 %nx to i64
  %ny64 = zext i32 %ny to i64
  %zy = mul i64 %z64, %ny64
  %row = add i64 %zy, %y64
  %rows = mul i64 %row, %nx64
  %index = add i64 %rows, %x64
  %py = mul i32 %y, 1000
  %pz = mul i32 %z, 1000000
  %xy = add i32 %x, %py
  %value = add i32 %xy, %pz
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %index
  store i32 %value, ptr addrspace(1) %p, align 4
  br label %done
done:
  ret void
}

; assert_positive(ptr x, i32 n): asserts x[i] > 0 for every i < n, one
; element per thread; a failing thread sets the assert flag and, if it was
; the first, records its program id.
define amdgpu_kernel void @assert_positive(ptr addrspace(1) %x, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %bsize = call i32 @block_size_x()
  %base = mul i32 %bid, %bsize
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %check, label %done
check:
  %i64 = zext i32 %i to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i64
  %v = load float, ptr addrspace(1) %px, align 4
  %ok = fcmp ogt float %v, 0.0
  br i1 %ok, label %done, label %fail
fail:
  %pair = cmpxchg ptr addrspace(1) @tile_assert_failed, i32 0, i32 1 syncscope("agent") monotonic monotonic, align 4
  %old = extractvalue { i32, i1 } %pair, 0
  %won = icmp eq i32 %old, 0
  br i1 %won, label %record, label %done
record:
  %y = call i32 @llvm.amdgcn.workgroup.id.y()
  %z = call i32 @llvm.amdgcn.workgroup.id.z()
  %f1 = getelementptr inbounds i32, ptr addrspace(1) @tile_assert_failed, i64 1
  store i32 %bid, ptr addrspace(1) %f1, align 4
  %f2 = getelementptr inbounds i32, ptr addrspace(1) @tile_assert_failed, i64 2
  store i32 %y, ptr addrspace(1) %f2, align 4
  %f3 = getelementptr inbounds i32, ptr addrspace(1) @tile_assert_failed, i64 3
  store i32 %z, ptr addrspace(1) %f3, align 4
  br label %done
done:
  ret void
}

; noop(ptr): does nothing, so that tile-run can fill and check a buffer.
define amdgpu_kernel void @noop(ptr addrspace(1) %buffer) {
  ret void
}

; fault(ptr): work-item 0 stores through a null address, an illegal access
; reported at the next synchronization.
define amdgpu_kernel void @fault(ptr addrspace(1) %buffer) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %store, label %done
store:
  store volatile i32 1, ptr addrspace(1) null, align 4
  br label %done
done:
  ret void
}
