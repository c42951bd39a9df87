; Labels and bra become basic blocks; guards on arithmetic become selects.
; RUN: rubicon-inline-ptx %s | FileCheck %s

; CHECK-LABEL: define i32 @clamp(
; CHECK: [[P:%.*]] = icmp slt i32 %a, 5
; CHECK: br i1 [[P]], label %[[LABEL:ptx.label.*]], label %ptx.next
; CHECK: ptx.next:
; CHECK: add i32 %a, 1
; CHECK: phi i32
define i32 @clamp(i32 %a) {
  %r = call i32 asm "{ .reg .pred p; mov.u32 $0, $1; setp.lt.s32 p, $1, 5; @p bra L${:uid}; add.s32 $0, $0, 1; L${:uid}: }", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @guarded(
; CHECK: [[P:%.*]] = icmp ne i32 %c, 0
; CHECK: [[S:%.*]] = add i32 %a, 5
; CHECK: select i1 [[P]], i32 [[S]], i32
; CHECK-NOT: br
define i32 @guarded(i32 %a, i32 %c) {
  %r = call i32 asm "{ .reg .pred p; mov.u32 $0, $1; setp.ne.u32 p, $2, 0; @p add.u32 $0, $1, 5; }", "=r,r,r"(i32 %a, i32 %c), !srcloc !0
  ret i32 %r
}

!0 = !{i64 100}
