; PTX's exit in a device function ends the thread: the function is inlined
; into its callers until the exit is in a kernel, where it returns from the
; kernel (CUB's ThreadExit(), called from a device function).
; RUN: rubicon-inline-ptx %s | FileCheck %s

; Two levels of device functions: both are inlined, the guarded exit returns
; from the kernel, and the code after the call runs only where it did not.
; CHECK-LABEL: define ptx_kernel void @kernel(
; CHECK: br i1 %{{.*}}, label %[[EXIT:.*]], label %[[REST:.*]]
; CHECK: [[EXIT]]:
; CHECK-NEXT: ret void
; CHECK: [[REST]]:
; CHECK: store i32 2, ptr %p
; CHECK: store i32 3, ptr %p
; CHECK-NOT: call
; CHECK: ret void
define ptx_kernel void @kernel(ptr %p, i32 %c) {
  call void @outer(ptr %p, i32 %c)
  store i32 3, ptr %p
  ret void
}
define internal void @outer(ptr %p, i32 %c) {
  call void @thread_exit_if_zero(i32 %c)
  store i32 2, ptr %p
  ret void
}
define internal void @thread_exit_if_zero(i32 %c) {
  call void asm sideeffect "{ .reg .pred q; setp.eq.u32 q, $0, 0; @q exit; }", "r"(i32 %c), !srcloc !0
  ret void
}

; With no caller in the module, the exit cannot be reached from a kernel
; here: it traps.
; CHECK-LABEL: define void @uncalled(
; CHECK: call void @llvm.trap()
; CHECK-NOT: llvm.nvvm.exit
define void @uncalled() {
  call void asm sideeffect "exit;", ""(), !srcloc !0
  ret void
}

!0 = !{i64 1}
