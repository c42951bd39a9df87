; rubicon-retarget-amdgpu: triple, AMDGPU data layout, target-cpu, module
; flags, and generic-address-space globals moved to global/constant memory.
; RUN: rubicon-opt -passes=rubicon-retarget-amdgpu -S %s | FileCheck %s --check-prefixes=CHECK,GFX942
; RUN: rubicon-opt -passes=rubicon-retarget-amdgpu -rubicon-arch=gfx90a -S %s | FileCheck %s --check-prefixes=CHECK,GFX90A

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; The data layout is AMDGPU's: 32-bit LDS and private pointers, allocas in 5.
; CHECK: target datalayout = "e-m:e-{{.*}}p3:32:32{{.*}}p5:32:32{{.*}}-A5-G1{{.*}}"
; CHECK: target triple = "amdgcn-amd-amdhsa"

%struct.Pair = type { i32, double }

; A string literal (constant, generic) moves to the constant address space,
; a mutable generic global to global memory; uses go through addrspacecast.
; CHECK-DAG: @.str = private unnamed_addr addrspace(4) constant [3 x i8] c"hi\00", align 1
; CHECK-DAG: @scratch = internal addrspace(1) global i32 0, align 4
; Variables already in global/constant memory keep their address space.
; CHECK-DAG: @table = dso_local addrspace(4) externally_initialized constant [4 x %struct.Pair] zeroinitializer
@.str = private unnamed_addr constant [3 x i8] c"hi\00", align 1
@scratch = internal global i32 0, align 4
@table = dso_local addrspace(4) externally_initialized constant [4 x %struct.Pair] zeroinitializer, align 8

; CHECK-LABEL: define ptr @string()
; CHECK-NEXT: ret ptr addrspacecast (ptr addrspace(4) @.str to ptr)
define ptr @string() #0 {
  ret ptr @.str
}

; CHECK-LABEL: define void @bump()
; CHECK-NEXT: load i32, ptr addrspacecast (ptr addrspace(1) @scratch to ptr)
define void @bump() #0 {
  %v = load i32, ptr @scratch, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr @scratch, align 4
  ret void
}

declare void @external() #0

; NVPTX's target-cpu/target-features are replaced by the AMD arch on
; definitions and dropped from declarations.
; GFX942: attributes #0 = { "target-cpu"="gfx942" }
; GFX90A: attributes #0 = { "target-cpu"="gfx90a" }
; CHECK-NOT: sm_80
; CHECK-NOT: ptx
attributes #0 = { "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }

; NVVM module flags go; code object v5 is requested.
; CHECK: !llvm.module.flags = !{![[WCHAR:[0-9]+]], ![[COV:[0-9]+]]}
; CHECK-NOT: nvvm
; CHECK-DAG: ![[WCHAR]] = !{i32 1, !"wchar_size", i32 4}
; CHECK-DAG: ![[COV]] = !{i32 1, !"amdhsa_code_object_version", i32 500}
!llvm.module.flags = !{!0, !1}
!nvvmir.version = !{!2}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!2 = !{i32 2, i32 0}
