; rubicon-emulate-amdgpu rejects what it cannot emulate faithfully, naming
; it: here an intrinsic that takes an LDS pointer.
; RUN: not rubicon-opt -passes=rubicon-emulate-amdgpu -S %s 2>&1 | FileCheck %s

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [4 x i32] undef, align 4

; CHECK: error: AMDGPU emulation: cannot emulate 'llvm.prefetch.p3' on an LDS or scratch pointer in 'k'
define amdgpu_kernel void @k() {
  call void @llvm.prefetch.p3(ptr addrspace(3) @lds, i32 0, i32 3, i32 1)
  ret void
}

declare void @llvm.prefetch.p3(ptr addrspace(3), i32, i32, i32)
