; rubicon-retarget-host: the x86-64 triple and data layout; NVPTX function
; attributes and NVVM metadata go; address spaces stay; __device__ and
; __constant__ variables become writable and externally initialized.
; RUN: rubicon-opt -passes=rubicon-retarget-host -S %s | FileCheck %s
; RUN: not rubicon-opt -passes=rubicon-retarget-host -S %S/Inputs/host-layout-mismatch.ll 2>&1 | FileCheck %s --check-prefix=MISMATCH

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; CHECK: target datalayout = "e-m:e-{{.*}}i64:64{{.*}}"
; CHECK: target triple = "x86_64-unknown-linux-gnu"

; CHECK-DAG: @table = addrspace(4) externally_initialized global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
; CHECK-DAG: @counter = addrspace(1) externally_initialized global i32 7
; Internal variables and shared memory keep what they were.
; CHECK-DAG: @hidden = internal addrspace(1) global i32 0
; CHECK-DAG: @tile = internal addrspace(3) global [8 x float] undef
@table = addrspace(4) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4
@counter = addrspace(1) global i32 7, align 4
@hidden = internal addrspace(1) global i32 0, align 4
@tile = internal addrspace(3) global [8 x float] undef, align 4

; Address spaces stay: casts are no-ops on x86-64.
; CHECK-LABEL: define ptx_kernel void @kernel(ptr %out)
; CHECK-NOT: "target-cpu"
; CHECK: addrspacecast ptr addrspace(4) @table to ptr
define ptx_kernel void @kernel(ptr %out) #0 {
  %p = addrspacecast ptr addrspace(4) @table to ptr
  %v = load i32, ptr %p, align 4
  store i32 %v, ptr %out, align 4
  ret void
}

; CHECK: attributes #0 = { nounwind }
attributes #0 = { nounwind "target-cpu"="sm_90" "target-features"="+ptx84,+sm_90" }

; CHECK-NOT: !nvvm.annotations
; CHECK-NOT: !nvvmir.version
!nvvm.annotations = !{!0}
!nvvmir.version = !{!1}
!0 = !{ptr @kernel, !"kernel", i32 1}
!1 = !{i32 2, i32 0}

; MISMATCH: type %struct.Wide = type { i32, i128 } has a different layout on the host target
