; rubicon-emulate-exec-mask: the branches from which a wave-wide operation
; can be reached before they reconverge report the taken successor
; (__rubicon_emulation_diverge: reconvergence point, successor index, bits),
; and the reconvergence point (the branch's immediate post-dominator, or the
; function's returns) restores EXEC (__rubicon_emulation_reconverge). The
; exits of a loop share their point; branches that reach no wave-wide
; operation are left alone.
; RUN: rubicon-opt -passes=rubicon-emulate-exec-mask -S %s | FileCheck %s

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; An if around a ballot: diverge before the branch (successor 0 when %c is
; true), reconverge where the two sides join.
; CHECK-LABEL: define i64 @if_ballot(i1 %c, i1 %p)
; CHECK: %[[NOT:.*]] = xor i1 %c, true
; CHECK-NEXT: %[[IDX:.*]] = zext i1 %[[NOT]] to i32
; CHECK-NEXT: call void @__rubicon_emulation_diverge(i32 [[IF:[0-9]+]], i32 %[[IDX]], i32 1)
; CHECK-NEXT: br i1 %c, label %then, label %join
; CHECK: join:
; CHECK-NEXT: %r = phi
; CHECK-NEXT: call void @__rubicon_emulation_reconverge(i32 [[IF]])
define i64 @if_ballot(i1 %c, i1 %p) {
entry:
  br i1 %c, label %then, label %join
then:
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %p)
  br label %join
join:
  %r = phi i64 [ %b, %then ], [ 0, %entry ]
  ret i64 %r
}

; A loop with a `break`: both exits reconverge at %exit, one point.
; CHECK-LABEL: define void @loop_break(
; CHECK: header:
; CHECK: call void @__rubicon_emulation_diverge(i32 [[LOOP:[0-9]+]], i32 %{{.*}}, i32 1)
; CHECK-NEXT: br i1 %stop, label %exit, label %body
; CHECK: body:
; CHECK: call void @__rubicon_emulation_diverge(i32 [[LOOP]], i32 %{{.*}}, i32 1)
; CHECK-NEXT: br i1 %again, label %header, label %exit
; CHECK: exit:
; CHECK-NEXT: call void @__rubicon_emulation_reconverge(i32 [[LOOP]])
define void @loop_break(i32 %n, ptr %out) {
entry:
  br label %header
header:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %stop = icmp eq i32 %i, 7
  br i1 %stop, label %exit, label %body
body:
  %v = call i32 @llvm.amdgcn.ds.bpermute(i32 %i, i32 %i)
  store i32 %v, ptr %out
  %next = add i32 %i, 1
  %again = icmp slt i32 %next, %n
  br i1 %again, label %header, label %exit
exit:
  ret void
}

; An early return before a call of a function that runs a readlane: the
; branch reconverges at the function's returns; a switch reports the index
; of its distinct successor in 2 bits.
; CHECK-LABEL: define void @early_return(
; CHECK: call void @__rubicon_emulation_diverge(i32 [[EXIT:[0-9]+]], i32 %{{.*}}, i32 2)
; CHECK-NEXT: switch i32 %k
; CHECK: call void @__rubicon_emulation_reconverge(i32 [[EXIT]])
; CHECK-NEXT: ret void
; CHECK: call void @__rubicon_emulation_reconverge(i32 [[EXIT]])
; CHECK-NEXT: ret void
define void @early_return(i32 %k, ptr %out) {
entry:
  switch i32 %k, label %work [ i32 0, label %done
                               i32 1, label %other ]
other:
  store i32 1, ptr %out
  br label %work
work:
  call void @reads_lane(ptr %out)
  ret void
done:
  ret void
}

define void @reads_lane(ptr %out) {
  %v = call i32 @llvm.amdgcn.readlane.i32(i32 1, i32 3)
  store i32 %v, ptr %out
  ret void
}

; No wave-wide operation reachable: nothing instrumented.
; CHECK-LABEL: define void @lane_only(
; CHECK-NOT: __rubicon_emulation
; CHECK: ret void
define void @lane_only(i1 %c, ptr %out) {
entry:
  br i1 %c, label %then, label %join
then:
  store i32 1, ptr %out
  br label %join
join:
  %v = call i32 @llvm.amdgcn.readfirstlane.i32(i32 2)
  ret void
}

; Volatile accesses run in lockstep: a wave barrier before each, so the
; branch that reaches one is instrumented too.
; CHECK-LABEL: define void @volatile_lockstep(
; CHECK: call void @__rubicon_emulation_diverge(
; CHECK: then:
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: %v = load volatile i32
; CHECK-NEXT: call void @llvm.amdgcn.wave.barrier()
; CHECK-NEXT: store volatile i32
define void @volatile_lockstep(i1 %c, ptr addrspace(3) %s) {
entry:
  br i1 %c, label %then, label %join
then:
  %v = load volatile i32, ptr addrspace(3) %s
  store volatile i32 %v, ptr addrspace(3) %s
  br label %join
join:
  ret void
}

declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
