; rubicon-host-warp-lockstep: a volatile store that may write shared memory
; (address space 3, or generic) gets a lockstep point before and after it, so
; the lanes of a warp load, then store, together (warp-synchronous code
; without __syncwarp). Two stores in a row share the point between them.
; Volatile stores to global memory and ordinary stores are left alone.
; RUN: rubicon-opt -passes=rubicon-host-warp-lockstep -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define void @step(ptr %s, ptr addrspace(3) %t, i64 %i)
; CHECK-NEXT: [[A:%.*]] = load volatile i32, ptr %s
; CHECK-NEXT: call void @__rubicon_host_lockstep_point()
; CHECK-NEXT: store volatile i32 [[A]], ptr %s
; CHECK-NEXT: call void @__rubicon_host_lockstep_point()
; CHECK-NEXT: store volatile i32 [[A]], ptr addrspace(3) %t
; CHECK-NEXT: call void @__rubicon_host_lockstep_point()
; CHECK-NEXT: ret void
define void @step(ptr %s, ptr addrspace(3) %t, i64 %i) {
  %a = load volatile i32, ptr %s
  store volatile i32 %a, ptr %s
  store volatile i32 %a, ptr addrspace(3) %t
  ret void
}

; CHECK-LABEL: define void @untouched(ptr addrspace(1) %g, ptr %p)
; CHECK-NEXT: store volatile i32 1, ptr addrspace(1) %g
; CHECK-NEXT: store i32 2, ptr %p
; CHECK-NEXT: ret void
define void @untouched(ptr addrspace(1) %g, ptr %p) {
  store volatile i32 1, ptr addrspace(1) %g
  store i32 2, ptr %p
  ret void
}
