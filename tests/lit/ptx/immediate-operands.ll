; "n" operands are written into the PTX text, as nvcc does, so they work
; where an instruction needs an immediate: lop3's table, an address offset,
; cp.async's copy size. A negative value keeps its sign.
; RUN: rubicon-inline-ptx %s | FileCheck %s

; 0xe8 = majority(a, b, c): its four minterms, or-ed.
; CHECK-LABEL: define i32 @lop3Table(
; CHECK-NOT: asm
; CHECK-COUNT-4: = or i32
; CHECK-NEXT: ret i32
define i32 @lop3Table(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "lop3.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,n"(i32 %a, i32 %b, i32 %c, i32 232), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define float @loadAtOffset(
; CHECK: getelementptr i8, ptr addrspace(1) {{%.*}}, i64 -8
; CHECK: load i32, ptr addrspace(1)
define float @loadAtOffset(ptr %p) {
  %r = call float asm "ld.global.f32 $0, [$1+$2];", "=f,l,n"(ptr %p, i64 -8), !srcloc !0
  ret float %r
}

; CHECK-LABEL: define void @copySize(
; CHECK: call void @llvm.memcpy{{.*}}i64 16
define void @copySize(i32 %shared, ptr %global) {
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], $2;", "r,l,n"(i32 %shared, ptr %global, i32 16), !srcloc !0
  ret void
}

!0 = !{i64 1}
