; vector_add.amdgcn.ll - vector_add with the GPU kernel ABI, for AMD GPUs.
;
; The AMDGCN counterpart of vector_add.ptx, for gpu-smoke.sh's hip mode; like
; it, it defines no assert flag. test/Runtime/CMakeLists.txt builds it with
; llc and ld.lld into a code object per chip.

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()

; The dispatch packet's workgroup size along x (u16 at byte 4).
define internal i32 @block_size_x() {
  %packet = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %field = getelementptr inbounds i8, ptr addrspace(4) %packet, i64 4
  %size = load i16, ptr addrspace(4) %field, align 4
  %wide = zext i16 %size to i32
  ret i32 %wide
}

; vector_add(ptr x, ptr y, ptr out, i32 n): out[i] = x[i] + y[i] for i < n,
; one element per thread.
define amdgpu_kernel void @vector_add(ptr addrspace(1) %x, ptr addrspace(1) %y,
                                      ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %bid = call i32 @llvm.amdgcn.workgroup.id.x()
  %bsize = call i32 @block_size_x()
  %base = mul i32 %bid, %bsize
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %done
body:
  %i64 = zext i32 %i to i64
  %px = getelementptr inbounds float, ptr addrspace(1) %x, i64 %i64
  %py = getelementptr inbounds float, ptr addrspace(1) %y, i64 %i64
  %po = getelementptr inbounds float, ptr addrspace(1) %out, i64 %i64
  %vx = load float, ptr addrspace(1) %px, align 4
  %vy = load float, ptr addrspace(1) %py, align 4
  %sum = fadd float %vx, %vy
  store float %sum, ptr addrspace(1) %po, align 4
  br label %done
done:
  ret void
}
