; Statements that cannot be translated are errors naming the instruction,
; with the srcloc cookie and the position inside the asm string; they stay
; in the module and the others are still lowered.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll

; CHECK-DAG: error: inline PTX (srcloc 111, asm 1:1) in function 'shuffle': unsupported PTX instruction 'shfl.sync.bfly.b32'
; CHECK-DAG: error: inline PTX (srcloc 222, asm 2:3) in function 'typo': unknown instruction 'ad'
; CHECK-DAG: error: inline PTX (srcloc 333, asm 1:5) in function 'badtype': '.s32' is not a valid type for 'popc'
; CHECK-DAG: error: inline PTX (srcloc 444, asm 1:1) in function 'missing': operand $2 does not exist (the asm statement has 2 operands)

; IR: call i32 asm "shfl.sync.bfly.b32
; IR: define i32 @fine(
; IR-NEXT: add i32
define i32 @shuffle(i32 %a) {
  %r = call i32 asm "shfl.sync.bfly.b32 $0, $1, 1, 31, -1;", "=r,r"(i32 %a), !srcloc !1
  ret i32 %r
}
define i32 @typo(i32 %a) {
  %r = call i32 asm "add.s32 $0, $1, 1;\0A  ad.s32 $0, $0, 1;", "=r,r"(i32 %a), !srcloc !2
  ret i32 %r
}
define i32 @badtype(i32 %a) {
  %r = call i32 asm "popc.s32 $0, $1;", "=r,r"(i32 %a), !srcloc !3
  ret i32 %r
}
define i32 @missing(i32 %a) {
  %r = call i32 asm "add.s32 $0, $1, $2;", "=r,r"(i32 %a), !srcloc !4
  ret i32 %r
}
define i32 @fine(i32 %a, i32 %b) {
  %r = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b), !srcloc !1
  ret i32 %r
}
!1 = !{i64 111}
!2 = !{i64 222, i64 223}
!3 = !{i64 333}
!4 = !{i64 444}
