; rubicon-host-split-guarded-loops: a loop with a condition comparing an
; induction variable with a loop-invariant bound (a thread loop's
; `if (i < n)`) gets a copy in which the condition is known, entered when
; a check before the loop, in 128 bits so that nothing wraps, finds that it
; holds in every iteration; the original loop runs otherwise.
; RUN: rubicon-opt -passes=rubicon-host-split-guarded-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; `i < n` with i = base + thread: the last i, base + threads - 1, below n.
; CHECK-LABEL: define float @guarded(
; CHECK:      [[N:%.*]] = sext i32 %n to i128
; CHECK-NEXT: [[BASE:%.*]] = sext i32 %base to i128
; CHECK-NEXT: [[TAKEN:%.*]] = add i64 %threads, -1
; CHECK-NEXT: [[TAKEN128:%.*]] = zext i64 [[TAKEN]] to i128
; CHECK-NEXT: [[LAST:%.*]] = add i128 [[BASE]], [[TAKEN128]]
; CHECK-NEXT: [[HOLDS:%.*]] = icmp slt i128 [[LAST]], [[N]]
; CHECK-NEXT: br i1 [[HOLDS]], label %entry.split.known, label %entry.split
; The copy: no condition, straight into the body.
; CHECK:      loop.known:
; CHECK-NOT:  icmp slt
; CHECK:      br label %body.known
; CHECK:      latch.known:
; CHECK:      br i1 %done.known, label %exit, label %loop.known
; The original loop, unchanged.
; CHECK:      loop:
; CHECK:      %in = icmp slt i32 %i, %n
; CHECK-NEXT: br i1 %in, label %body, label %latch
; The exit takes the copy's value, the body's, known.
; CHECK:      exit:
; CHECK-NEXT: phi float [ %v, %latch ], [ 1.000000e+00, %latch.known ]
define float @guarded(ptr %out, i32 %base, i32 %n, i64 %threads) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %tid = trunc i64 %iv to i32
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %body, label %latch

body:
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float 1.0, ptr %p
  br label %latch

latch:
  %v = phi float [ 1.0, %body ], [ 0.0, %loop ]
  %iv.next = add nuw i64 %iv, 1
  %done = icmp eq i64 %iv.next, %threads
  br i1 %done, label %exit, label %loop

exit:
  ret float %v
}

; `if (i >= n) return;` (unsigned, bound first): known false in the copy when
; the last i is below n.
; CHECK-LABEL: define void @early_return(
; CHECK:      [[HOLDS:%.*]] = icmp ult i128 {{%.*}}, {{%.*}}
; CHECK-NEXT: br i1 [[HOLDS]], label %entry.split.known, label %entry.split
; CHECK:      loop.known:
; CHECK-NOT:  icmp
; CHECK:      br label %body.known
define void @early_return(ptr %out, i32 %base, i32 %n, i64 %threads) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %tid = trunc i64 %iv to i32
  %i = add i32 %base, %tid
  %out.of.range = icmp ule i32 %n, %i
  br i1 %out.of.range, label %latch, label %body

body:
  %idx = zext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float 1.0, ptr %p
  br label %latch

latch:
  %iv.next = add nuw i64 %iv, 1
  %done = icmp eq i64 %iv.next, %threads
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Not copied: a bound that changes in the loop, an equality, and a loop that
; calls a function (it stays scalar anyway).
; CHECK-LABEL: define void @kept(
; CHECK-NOT:  .known
; CHECK:      ret void
declare void @effect(i32)
define void @kept(ptr %out, ptr %bounds, i32 %base, i32 %n, i64 %threads) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %tid = trunc i64 %iv to i32
  %i = add i32 %base, %tid
  %bp = getelementptr inbounds i32, ptr %bounds, i64 %iv
  %bound = load i32, ptr %bp
  %below = icmp slt i32 %i, %bound
  br i1 %below, label %body, label %next

body:
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float 1.0, ptr %p
  br label %next

next:
  %same = icmp eq i32 %i, %n
  br i1 %same, label %call, label %latch

call:
  call void @effect(i32 %i)
  br label %latch

latch:
  %iv.next = add nuw i64 %iv, 1
  %done = icmp eq i64 %iv.next, %threads
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

; Two branches on one comparison (CUB's batch memcpy: `if (i < n)` tested
; again after the first guarded part): the condition is known once in the
; copy, not erased twice.
; CHECK-LABEL: define void @same_condition_twice(
; CHECK:      br i1 %{{.*}}, label %entry.split.known, label %entry.split
; CHECK:      loop.known:
; CHECK-NOT:  icmp slt
; CHECK:      br label %first.known
; CHECK:      middle.known:
; CHECK-NEXT: br label %second.known
; CHECK:      loop:
; CHECK:      %in = icmp slt i32 %i, %n
; CHECK:      middle:
; CHECK-NEXT: br i1 %in, label %second, label %latch
define void @same_condition_twice(ptr %out, i32 %base, i32 %n, i64 %threads) {
entry:
  br label %loop

loop:
  %iv = phi i64 [ 0, %entry ], [ %iv.next, %latch ]
  %tid = trunc i64 %iv to i32
  %i = add i32 %base, %tid
  %in = icmp slt i32 %i, %n
  br i1 %in, label %first, label %middle

first:
  %idx = sext i32 %i to i64
  %p = getelementptr inbounds float, ptr %out, i64 %idx
  store float 1.0, ptr %p
  br label %middle

middle:
  br i1 %in, label %second, label %latch

second:
  %idx2 = sext i32 %i to i64
  %q = getelementptr inbounds float, ptr %out, i64 %idx2
  store float 2.0, ptr %q
  br label %latch

latch:
  %iv.next = add nuw i64 %iv, 1
  %done = icmp eq i64 %iv.next, %threads
  br i1 %done, label %exit, label %loop

exit:
  ret void
}
