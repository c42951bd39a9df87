; A minimal stand-in for Rubicon's device library (runtime-shim/device), for
; tests that must not depend on it being built: the functions the lowering
; calls, written directly on AMDGCN intrinsics.
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define void @__rubicon_barrier_cta_sync_aligned_all(i32 %id) #0 {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

; Code object v5: hidden_group_size_x is at offset 12 of the implicit arguments.
define i32 @__rubicon_read_ptx_sreg_ntid_x() #1 {
  %args = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %slot = getelementptr inbounds i8, ptr addrspace(4) %args, i64 12
  %size = load i16, ptr addrspace(4) %slot, align 4
  %wide = zext i16 %size to i32
  ret i32 %wide
}

declare void @llvm.amdgcn.s.barrier() #0
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

attributes #0 = { convergent nounwind }
attributes #1 = { nounwind }
