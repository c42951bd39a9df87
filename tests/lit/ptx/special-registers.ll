; Special registers read the llvm.nvvm.* intrinsics the headers use; a
; "memory" clobber stays a compiler barrier.
; RUN: rubicon-inline-ptx %s | FileCheck %s

; CHECK-LABEL: define i32 @lane(
; CHECK: [[L:%.*]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[T:%.*]] = call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.tid.x()
; CHECK: call void asm sideeffect "", "~{memory}"()
; CHECK-NOT: asm sideeffect "mov
define i32 @lane() {
  %r = call i32 asm sideeffect "{ .reg .u32 t; mov.u32 $0, %laneid; mov.u32 t, %tid.x; add.u32 $0, $0, t; }", "=r,~{memory}"(), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i64 @clock(
; CHECK: call {{.*}}i64 @llvm.nvvm.read.ptx.sreg.clock64()
define i64 @clock() {
  %r = call i64 asm sideeffect "mov.u64 $0, %clock64;", "=l"(), !srcloc !0
  ret i64 %r
}

; An empty asm statement is left alone (valid on every target).
; CHECK-LABEL: define void @barrier(
; CHECK-NEXT: call void asm sideeffect "", "~{memory}"()
define void @barrier() {
  call void asm sideeffect "", "~{memory}"(), !srcloc !0
  ret void
}

!0 = !{i64 100}
