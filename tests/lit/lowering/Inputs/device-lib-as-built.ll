; Like Inputs/device-lib.ll, shaped like the real device library as it is
; built: functions carry "no-builtins" (-fno-builtin) and the entry points are
; kept by an addrspace(1) @llvm.compiler.used, including ones a program does
; not call (this one even uses LDS, which only kernels may reach).
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@scratch = internal addrspace(3) global [64 x i32] poison, align 4
@llvm.compiler.used = appending addrspace(1) global [2 x ptr] [ptr @__rubicon_barrier_cta_sync_aligned_all, ptr @__rubicon_unused_entry_point], section "llvm.metadata"

define void @__rubicon_barrier_cta_sync_aligned_all(i32 %id) #0 {
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  ret void
}

define i32 @__rubicon_unused_entry_point(i32 %i) #0 {
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @scratch, i32 0, i32 %i
  %v = load i32, ptr addrspace(3) %slot, align 4
  ret i32 %v
}

declare void @llvm.amdgcn.s.barrier() #0

attributes #0 = { convergent nounwind "no-builtins" "target-cpu"="gfx942" }
