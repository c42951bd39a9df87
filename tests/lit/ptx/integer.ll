; Integer and bit instructions become plain IR; registers are promoted.
; RUN: rubicon-inline-ptx %s | FileCheck %s

; CHECK-LABEL: define i32 @add(
; CHECK-NEXT: [[R:%.*]] = add i32 %a, %b
; CHECK-NEXT: ret i32 [[R]]
define i32 @add(i32 %a, i32 %b) {
  %r = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @mulhi(
; CHECK-DAG: sext i32 %a to i64
; CHECK-DAG: sext i32 %b to i64
; CHECK: mul i64
; CHECK: lshr i64 {{.*}}, 32
; CHECK-NOT: asm
define i32 @mulhi(i32 %a, i32 %b) {
  %r = call i32 asm "mul.hi.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b), !srcloc !0
  ret i32 %r
}

; "+r" is an output plus a tied input "0".
; CHECK-LABEL: define i32 @tied(
; CHECK: call i32 @llvm.ctpop.i32(i32 %x)
; CHECK: add i32 %acc,
define i32 @tied(i32 %acc, i32 %x) {
  %r = call i32 asm "{ .reg .b32 t; popc.b32 t, $1; add.u32 $0, $0, t; }", "=r,r,0"(i32 %x, i32 %acc), !srcloc !0
  ret i32 %r
}

; Two outputs come back as a struct.
; CHECK-LABEL: define { i32, i32 } @unpack(
; CHECK: trunc i64 {{.*}} to i32
; CHECK: lshr i64 %v, 32
; CHECK: insertvalue { i32, i32 }
define { i32, i32 } @unpack(i64 %v) {
  %r = call { i32, i32 } asm "mov.b64 {$0, $1}, $2;", "=r,=r,l"(i64 %v), !srcloc !0
  ret { i32, i32 } %r
}

!0 = !{i64 100}
