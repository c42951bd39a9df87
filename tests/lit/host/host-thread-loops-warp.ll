; rubicon-host-thread-loops with warp operations: a shuffle, a vote or a
; lockstep point splits the block's work as a barrier does, in a region whose
; number has bit 30 set (1073741824 + r). Before the split the lane publishes
; its operand and a tag (round * 8 + 1 for shuffles, + 2 for votes) in the
; exchange arrays of the round's parity (offsets 4 and 8 for parity 0, 12 and
; 16 for parity 1, times the block's threads); after it, in the next round,
; the result is computed from the lanes of the warp whose tag is the previous
; round's. The block function clears the tags first and, when threads
; disagree, resumes those waiting at a warp point first.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: define internal void @butterfly(ptr %out) [[TWO:#[0-9]+]]
define ptx_kernel void @butterfly(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %v = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %t, i32 1, i32 31)
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %v, ptr %p
  ret void
}

; CHECK: define internal void @vote(ptr %out) [[TWO]]
define ptx_kernel void @vote(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %odd = trunc i32 %t to i1
  %b = call i32 @__rubicon_vote_ballot_sync(i32 -1, i1 %odd)
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %b, ptr %p
  ret void
}

; CHECK: define internal void @lockstep(ptr addrspace(3) %s) [[THREE:#[0-9]+]]
define ptx_kernel void @lockstep(ptr addrspace(3) %s) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %q = getelementptr i32, ptr addrspace(3) %s, i32 %t
  %v = load volatile i32, ptr addrspace(3) %q
  call void @__rubicon_host_lockstep_point()
  store volatile i32 %v, ptr addrspace(3) %q
  call void @__rubicon_host_lockstep_point()
  ret void
}

; CHECK-LABEL: define internal i32 @butterfly.thread(ptr %out, {{.*}}, i32 %region, i32 %round, i32 %converged, ptr noalias %state, ptr noalias %uniform.out, ptr noalias %uniform.in)
; CHECK: switch i32 %region, label %regions.invalid [
; CHECK-NEXT: i32 0, label %[[R0:.*]]
; CHECK-NEXT: i32 1073741825, label %region.1
; CHECK-NEXT: ]
; The lane publishes %tid.x, tagged round * 8 + 1, in the arrays of parity
; round & 1; region 1 follows.
; CHECK: [[R0]]:
; CHECK: [[PARITY:%.*]] = and i32 %round, 1
; CHECK: store i32 %tid.x, ptr
; CHECK: [[TAG8:%.*]] = mul i32 %round, 8
; CHECK-NEXT: [[TAG:%.*]] = add i32 [[TAG8]], 1
; CHECK: store i32 [[TAG]], ptr
; CHECK-NEXT: ret i32 1073741825
; The result: the operand of lane ^ 1, if that lane exists, published in the
; previous round and is in the mask; else 0 (the lane's own where the source
; is out of range). In a converged round (the block function's uniform
; rounds pass 1) every lane published: the tag is not compared.
; CHECK: region.1:
; CHECK: [[PREV:%.*]] = sub i32 %round, 1
; CHECK: %lane = trunc i64
; CHECK: [[XOR:%.*]] = xor i32 %lane, 1
; CHECK: %source = select i1 {{%.*}}, i32 [[XOR]], i32 %lane
; CHECK: [[EXISTS:%.*]] = icmp ult i64 {{%.*}}, %block.threads
; CHECK: [[TAGGED:%.*]] = icmp eq i32 {{%.*}}, {{%.*}}
; CHECK-NEXT: [[CONV:%.*]] = icmp ne i32 %converged, 0
; CHECK-NEXT: %arrived = select i1 [[CONV]], i1 true, i1 [[TAGGED]]
; CHECK: [[TAKE:%.*]] = and i1 [[EXISTS]], %arrived
; CHECK: [[LOADED:%.*]] = load i32, ptr
; CHECK: %v = select i1 {{%.*}}, i32 [[LOADED]], i32 0
; CHECK: store i32 %v, ptr
; CHECK-NEXT: ret i32 -1

; CHECK-LABEL: define void @__rubicon_host_block_butterfly(
; The tags are cleared: 16 bytes per thread after the next-region array.
; CHECK: [[AT:%.*]] = mul i64 {{%.*}}, 4
; CHECK-NEXT: [[TAGS:%.*]] = getelementptr inbounds i8, ptr %state.base, i64 [[AT]]
; CHECK-NEXT: [[LEN:%.*]] = mul i64 {{%.*}}, 16
; CHECK-NEXT: call void @llvm.memset.p0.i64(ptr align 4 [[TAGS]], i8 -1, i64 [[LEN]], i1 false)
; CHECK: switch i32 %next, label %rounds.done [
; CHECK-NEXT: i32 0, label %region.0
; CHECK-NEXT: i32 1073741825, label %region.1
; CHECK-NEXT: ]
; A divergent round: a thread goes on if it has not ended and, when some
; thread waits at a warp point, if it does too.
; CHECK: rounds.divergent:
; CHECK: %warp.first = load i1, ptr %warp.waiting
; CHECK: call i32 @butterfly.thread({{.*}}, i32 1073741825, i32 %round.1, i32 1, ptr %state.base, ptr null, ptr null)
; CHECK: %waiting = load i32, ptr
; CHECK-NEXT: [[LIVE:%.*]] = icmp ne i32 %waiting, -1
; CHECK-NEXT: [[BIT:%.*]] = and i32 %waiting, 1073741824
; CHECK-NEXT: [[ATWARP:%.*]] = icmp ne i32 [[BIT]], 0
; CHECK-NEXT: [[NOWARP:%.*]] = xor i1 %warp.first, true
; CHECK-NEXT: [[EITHER:%.*]] = or i1 [[NOWARP]], [[ATWARP]]
; CHECK-NEXT: [[GOES:%.*]] = and i1 [[LIVE]], [[EITHER]]
; CHECK-NEXT: br i1 [[GOES]], label %resume, label %resumed

; The ballot: a loop over the warp's 32 lanes, tag round * 8 + 2.
; CHECK-LABEL: define internal i32 @vote.thread(
; CHECK: [[VTAG8:%.*]] = mul i32 %round, 8
; CHECK-NEXT: add i32 [[VTAG8]], 2
; CHECK: warp.vote.lanes:
; CHECK: %lane.j = phi i32
; CHECK: icmp ult i32 {{%.*}}, 32
; CHECK: warp.vote.done:
; CHECK: %b = and i32

; Lockstep points split without an exchange: no tags to clear.
; CHECK-LABEL: define internal i32 @lockstep.thread(
; CHECK: %v = load volatile i32
; CHECK: ret i32 1073741825
; CHECK: region.1:
; CHECK: %v.kept = load i32, ptr %v.state
; CHECK-NEXT: store volatile i32 %v.kept
; CHECK-NEXT: ret i32 1073741826
; CHECK-LABEL: define void @__rubicon_host_block_lockstep(
; CHECK-NOT: llvm.memset
; CHECK: ret void

; A shuffle's width operand computed by a small helper (the device headers'
; __rubicon_shfl_c) and used after the split: the helper is inlined before
; the split, so the operand is recomputed in each region, not kept per
; thread (a call is never recomputed).
define ptx_kernel void @helper(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %c = call i32 @width_operand(i32 32)
  %v = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %t, i32 1, i32 %c)
  %w = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 2, i32 %c)
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %w, ptr %p
  ret void
}

define internal i32 @width_operand(i32 %width) {
  %a = alloca i32
  store i32 %width, ptr %a
  %l = load i32, ptr %a
  %s = sub i32 32, %l
  %h = shl i32 %s, 8
  %clamp = or i32 %h, 31
  ret i32 %clamp
}
; CHECK-LABEL: define internal i32 @helper.thread(
; CHECK-NOT: call i32 @width_operand
; CHECK-NOT: .state =
; CHECK: region.1:
; CHECK: %clamp.i.again{{[0-9]*}} = or i32
; CHECK: region.2:
; CHECK: %clamp.i.again{{[0-9]*}} = or i32
; CHECK: ret i32 -1

; CHECK-DAG: attributes [[TWO]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers and warp operations, 32 bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[THREE]] = { "rubicon-host-form"="thread-loop, 3 regions between barriers and warp operations, 16 bytes kept per thread" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_shfl_sync_bfly_i32(i32, i32, i32, i32)
declare i32 @__rubicon_vote_ballot_sync(i32, i1)
declare void @__rubicon_host_lockstep_point()
