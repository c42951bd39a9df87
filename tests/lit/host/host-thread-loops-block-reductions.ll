; rubicon-host-thread-loops with __syncthreads_count/_and/_or (barrier 0):
; block barriers in region numbers with bit 29 set (536870912 + r). Before
; the barrier each thread leaves its predicate (0 or 1) in the state's
; reduction array (after the next-region array: offset 4 times the block's
; threads); after it, the thread reads the count the block function left
; there and the number of threads that took part (offset 8): __syncthreads_and
; is count == took, __syncthreads_or count != 0. The block function, at the
; end of a round in which no thread waits at a warp point, counts the
; predicates of the threads waiting at such a barrier and hands every one of
; them the count.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: define internal void @votes(ptr %out) [[FORM:#[0-9]+]]
define ptx_kernel void @votes(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %odd = trunc i32 %t to i1
  %n = call i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32 0, i1 %odd)
  %a = call i1 @__rubicon_barrier_cta_red_and_aligned_all(i32 0, i1 %odd)
  %o = call i32 @__rubicon_barrier0_or(i32 %t)
  %az = zext i1 %a to i32
  %s1 = add i32 %n, %az
  %s = add i32 %s1, %o
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %s, ptr %p
  ret void
}

; CHECK-LABEL: define internal i32 @votes.thread(
; CHECK: switch i32 %region, label %regions.invalid [
; CHECK-NEXT: i32 0, label %[[R0:.*]]
; CHECK-NEXT: i32 536870913, label %region.1
; CHECK-NEXT: i32 536870914, label %region.2
; CHECK-NEXT: i32 536870915, label %region.3
; CHECK-NEXT: ]
; CHECK: [[R0]]:
; CHECK: [[PRED:%.*]] = icmp ne i1 %odd, false
; CHECK-NEXT: [[BIT:%.*]] = zext i1 [[PRED]] to i32
; CHECK-NEXT: [[AT:%.*]] = mul i64 4, %block.threads
; CHECK-NEXT: [[ARRAY:%.*]] = getelementptr inbounds i8, ptr %state, i64 [[AT]]
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds i32, ptr [[ARRAY]], i64 %thread.linear
; CHECK-NEXT: store i32 [[BIT]], ptr [[SLOT]]
; CHECK-NEXT: ret i32 536870913
; CHECK: region.1:
; CHECK: %n = load i32, ptr
; CHECK: %took = load i32, ptr
; The and: every thread that took part holds its predicate.
; CHECK: region.2:
; CHECK: [[COUNT:%.*]] = load i32, ptr
; CHECK: [[TOOK:%.*]] = load i32, ptr
; CHECK-NEXT: %a = icmp eq i32 [[COUNT]], [[TOOK]]
; The or of an i32 predicate, as an i32.
; CHECK: region.3:
; CHECK: [[OCOUNT:%.*]] = load i32, ptr
; CHECK: [[ANY:%.*]] = icmp ne i32 [[OCOUNT]], 0
; CHECK-NEXT: %o = zext i1 [[ANY]] to i32

; CHECK-LABEL: define void @__rubicon_host_block_votes(
; CHECK: reduce.count:
; CHECK: %reduce.holding = phi i32
; CHECK: %reduce.took = phi i32
; CHECK: and i32 {{%.*}}, 536870912
; CHECK: reduce.give:
; CHECK: reduce.store:
; CHECK-NEXT: getelementptr
; CHECK-NEXT: store i32
; CHECK-NEXT: getelementptr
; CHECK-NEXT: store i32
; CHECK: %warp.pending = load i1, ptr %warp.now
; CHECK-NEXT: br i1 %warp.pending, label %reduce.done, label %reduce.count

; CHECK: attributes [[FORM]] = { "rubicon-host-form"="thread-loop, 4 regions between barriers, 32 bytes kept per thread" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32, i1)
declare i1 @__rubicon_barrier_cta_red_and_aligned_all(i32, i1)
declare i32 @__rubicon_barrier0_or(i32)
