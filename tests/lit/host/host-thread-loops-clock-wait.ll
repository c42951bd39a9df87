; rubicon-host-thread-loops with a loop that waits for the clock to advance
; (cuda-samples' clockBlock): its latch is split like a barrier, so that the
; block function runs one iteration of every thread per round and the
; threads of a block wait together, as on a GPU. The clock is read through a
; function of the module (clock64() in the CUDA headers), which is inlined so
; that the loop is seen to read it. A loop without a clock keeps the plain
; thread loop.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

define internal i64 @clock64() {
  %c = call i64 @__rubicon_read_ptx_sreg_clock64()
  ret i64 %c
}

; CHECK: define internal void @waits(i64 %wait) [[WAITS:#[0-9]+]]
define ptx_kernel void @waits(i64 %wait) {
entry:
  %first = call i64 @clock64()
  br label %cond
cond:
  %waited = phi i64 [ 0, %entry ], [ %now.waited, %body ]
  %more = icmp slt i64 %waited, %wait
  br i1 %more, label %body, label %done
body:
  %now = call i64 @clock64()
  %now.waited = sub i64 %now, %first
  br label %cond
done:
  ret void
}

; CHECK: define internal void @counts(ptr %out, i32 %n) [[COUNTS:#[0-9]+]]
define ptx_kernel void @counts(ptr %out, i32 %n) {
entry:
  br label %cond
cond:
  %i = phi i32 [ 0, %entry ], [ %next, %cond ]
  %p = getelementptr i32, ptr %out, i32 %i
  store i32 %i, ptr %p
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %cond, label %done
done:
  ret void
}

; The wait's latch returns region 1, and the start time is kept per thread.
; CHECK-LABEL: define internal i32 @waits.thread(
; CHECK: switch i32 %region, label %regions.invalid [
; CHECK-NEXT: i32 0, label %entry
; CHECK-NEXT: i32 1, label %region.1
; CHECK: entry:
; CHECK-NEXT: %c.i = call i64 @__rubicon_read_ptx_sreg_clock64()
; CHECK: body:
; CHECK: call i64 @__rubicon_read_ptx_sreg_clock64()
; CHECK: ret i32 1
; CHECK-LABEL: define void @__rubicon_host_block_waits(
; CHECK: rounds:

; CHECK-LABEL: define void @__rubicon_host_block_counts(
; CHECK-NOT: rounds:
; CHECK: ret void

; CHECK-DAG: attributes [[WAITS]] = { "rubicon-host-form"="thread-loop, clock wait in lockstep, {{[0-9]+}} bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[COUNTS]] = { "rubicon-host-form"="thread-loop" "rubicon-host-kernel" }

declare i64 @__rubicon_read_ptx_sreg_clock64()
