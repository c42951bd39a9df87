; rubicon-lower-constant-space-queries: __constant__ variables (address
; space 4) live in global memory on AMD GPUs and on the host target, so
; __isConstant(p) (llvm.nvvm.isspacep.const) becomes "p is inside one of
; the module's __constant__ variables", each an unsigned compare of
; p - start with its size, and __isGlobal(p) the machine's answer less that.
; RUN: rubicon-opt -passes=rubicon-lower-constant-space-queries -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-lower-constant-space-queries -S %S/Inputs/no-constant-variables.ll | FileCheck %S/Inputs/no-constant-variables.ll --check-prefix=NONE

target triple = "nvptx64-nvidia-cuda"

@word = addrspace(4) externally_initialized global i32 7, align 4
@table = external addrspace(4) global [16 x double], align 8
@heap = addrspace(1) global i32 0, align 4

; CHECK-LABEL: define i1 @is_constant(ptr %p)
; CHECK-NEXT: [[P:%.*]] = ptrtoint ptr %p to i64
; CHECK-NEXT: [[W:%.*]] = sub i64 [[P]], ptrtoint (ptr addrspacecast (ptr addrspace(4) @word to ptr) to i64)
; CHECK-NEXT: [[INW:%.*]] = icmp ult i64 [[W]], 4
; CHECK-NEXT: [[T:%.*]] = sub i64 [[P]], ptrtoint (ptr addrspacecast (ptr addrspace(4) @table to ptr) to i64)
; CHECK-NEXT: [[INT:%.*]] = icmp ult i64 [[T]], 128
; CHECK-NEXT: [[IN:%.*]] = or i1 [[INW]], [[INT]]
; CHECK-NEXT: ret i1 [[IN]]
define i1 @is_constant(ptr %p) {
  %r = call i1 @llvm.nvvm.isspacep.const(ptr %p)
  ret i1 %r
}

; CHECK-LABEL: define i1 @is_global(ptr %p)
; CHECK: [[IN:%.*]] = or i1
; CHECK-NEXT: [[G:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %p)
; CHECK-NEXT: [[NOTIN:%.*]] = xor i1 [[IN]], true
; CHECK-NEXT: [[R:%.*]] = and i1 [[G]], [[NOTIN]]
; CHECK-NEXT: ret i1 [[R]]
define i1 @is_global(ptr %p) {
  %r = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  ret i1 %r
}

declare i1 @llvm.nvvm.isspacep.const(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
