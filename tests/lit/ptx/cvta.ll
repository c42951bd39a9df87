; cvta converts between generic and specific addresses with addrspacecast;
; isspacep tests which space a generic address is in.
; RUN: rubicon-inline-ptx %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define i64 @to_generic(
; CHECK: inttoptr i64 %p to ptr addrspace(3)
; CHECK: addrspacecast ptr addrspace(3) {{.*}} to ptr
; CHECK: ptrtoint ptr
define i64 @to_generic(i64 %p) {
  %r = call i64 asm "cvta.shared.u64 $0, $1;", "=l,l"(i64 %p), !srcloc !0
  ret i64 %r
}

; CHECK-LABEL: define i64 @to_global(
; CHECK: addrspacecast ptr {{.*}} to ptr addrspace(1)
define i64 @to_global(i64 %p) {
  %r = call i64 asm "cvta.to.global.u64 $0, $1;", "=l,l"(i64 %p), !srcloc !0
  ret i64 %r
}

; isspacep becomes the intrinsic CUDA's __isShared (__isGlobal, ...) uses.
; CHECK-LABEL: define i32 @is_shared(
; CHECK: [[P:%.*]] = inttoptr i64 %p to ptr
; CHECK: call i1 @llvm.nvvm.isspacep.shared(ptr [[P]])
; CHECK-LABEL: define i32 @is_local(
; CHECK: call i1 @llvm.nvvm.isspacep.local(ptr
define i32 @is_shared(i64 %p) {
  %r = call i32 asm "{ .reg .pred q; isspacep.shared q, $1; selp.u32 $0, 1, 0, q; }", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}
define i32 @is_local(i64 %p) {
  %r = call i32 asm "{ .reg .pred q; isspacep.local q, $1; selp.u32 $0, 1, 0, q; }", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}

!0 = !{i64 100}
