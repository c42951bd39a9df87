; A struct whose layout differs between NVPTX and AMDGPU (here: a pointer to
; shared memory, 64-bit on NVPTX and 32-bit on AMDGPU) must not be retargeted
; silently: the error names the type and the difference.
; RUN: not rubicon-opt -passes=rubicon-retarget-amdgpu -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: type '%struct.SharedRef' is laid out differently on amdgcn-amd-amdhsa than on nvptx64-nvidia-cuda (size 16 vs 8 bytes, alignment 8 vs 4, field 1 at offset 8 vs 4); refusing to retarget it
; Types whose layout agrees are not reported.
; CHECK-NOT: struct.Fine

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.SharedRef = type { i32, ptr addrspace(3) }
%struct.Fine = type { i32, double, ptr }

define void @f() {
  %a = alloca %struct.SharedRef, align 8
  %b = alloca %struct.Fine, align 8
  ret void
}
