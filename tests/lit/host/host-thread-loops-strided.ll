; rubicon-host-thread-loops with a grid-stride loop (its index starts at the
; thread's x index plus a value the same for every thread): the loop's latch
; is split like a barrier, so that the block function runs one iteration of
; every thread per round, and neighbouring threads touch neighbouring
; elements, as on a GPU. A loop over a chunk of each thread's own, or one
; that prints, keeps the plain thread loop: the thread runs it to the end.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: define internal void @strided(ptr %out, i32 %n) [[STRIDED:#[0-9]+]]
define ptx_kernel void @strided(ptr %out, i32 %n) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %b = call i32 @__rubicon_read_ptx_sreg_ctaid_x()
  %w = call i32 @__rubicon_read_ptx_sreg_ntid_x()
  %g = call i32 @__rubicon_read_ptx_sreg_nctaid_x()
  %base = mul i32 %b, %w
  %first = add i32 %base, %t
  %stride = mul i32 %w, %g
  br label %cond
cond:
  %i = phi i32 [ %first, %entry ], [ %next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr i8, ptr %out, i32 %i
  store i8 1, ptr %p
  br label %latch
latch:
  %next = add i32 %i, %stride
  br label %cond
done:
  ret void
}

; CHECK: define internal void @chunk(ptr %out) [[CHUNK:#[0-9]+]]
define ptx_kernel void @chunk(ptr %out) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %first = mul i32 %t, 16
  %last = add i32 %first, 16
  br label %cond
cond:
  %i = phi i32 [ %first, %entry ], [ %next, %cond ]
  %p = getelementptr i8, ptr %out, i32 %i
  store i8 1, ptr %p
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %last
  br i1 %more, label %cond, label %done
done:
  ret void
}

; The latch stores the next index and returns region 1, which branches back
; to the loop's test with it; the stride is recomputed from the parameters.
; CHECK-LABEL: define internal i32 @strided.thread(
; CHECK: switch i32 %region, label %regions.invalid [
; CHECK-NEXT: i32 0, label %entry
; CHECK-NEXT: i32 1, label %region.1
; CHECK: cond:
; CHECK-NEXT: %i = phi i32 [ %first, %entry ], [ %next.kept, %region.1 ]
; CHECK: latch:
; CHECK-NEXT: %stride.again = mul i32 %ntid_x, %nctaid_x
; CHECK-NEXT: %next = add i32 %i, %stride.again
; CHECK-NEXT: store i32 %next, ptr %next.state
; CHECK-NEXT: ret i32 1
; CHECK: region.1:
; CHECK-NEXT: %next.kept = load i32, ptr %next.state
; CHECK-NEXT: br label %cond
; CHECK-LABEL: define void @__rubicon_host_block_strided(
; CHECK: rounds:

; CHECK-LABEL: define void @__rubicon_host_block_chunk(
; CHECK-NOT: rounds:
; CHECK: ret void

; CHECK-DAG: attributes [[STRIDED]] = { "rubicon-host-form"="thread-loop, grid-stride loop in lockstep, 16 bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[CHUNK]] = { "rubicon-host-form"="thread-loop" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_read_ptx_sreg_ctaid_x()
declare i32 @__rubicon_read_ptx_sreg_ntid_x()
declare i32 @__rubicon_read_ptx_sreg_nctaid_x()
