; exit in a device function whose address is taken cannot become a return
; from a kernel: an error at the asm statement.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck %s
; CHECK: error: inline PTX (srcloc 42, asm 1:1) in function 'exits': 'exit' in function 'exits', whose address is taken: the thread can end only in a function called directly
@table = global ptr @exits
define void @exits() {
  call void asm sideeffect "exit;", ""(), !srcloc !0
  ret void
}
!0 = !{i64 42}
