; rubicon-host-thread-loops with __syncthreads: the kernel's copy is split at
; its barriers into regions, entered by a region number (0: the start, r: after
; the r-th barrier), each returning the region after the barrier the thread
; stopped at, or -1 at the kernel's end. Barriers may be at the top level, in
; loops or under conditions. A value computed before a barrier and used after
; it is recomputed when it depends only on the parameters, else stored in the
; thread's slot of the state (one array per value: State + Offset * Threads +
; Thread * Size, after the i32 array of each thread's next region) and loaded
; where it is used; a local array lives in the state. The block function runs
; rounds: a loop nest over the threads per region while all threads stopped
; at the same barrier, else a loop that resumes each thread where it stopped
; (or skips it once it ended).
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal addrspace(3) global [256 x float] undef

; CHECK: define internal void @reverse(ptr %data) [[TWO:#[0-9]+]]
define ptx_kernel void @reverse(ptr %data) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %n = call i32 @__rubicon_read_ptx_sreg_ntid_x()
  %p = getelementptr float, ptr %data, i32 %t
  %v = load float, ptr %p
  %s = getelementptr float, ptr addrspace(3) @tile, i32 %t
  store float %v, ptr addrspace(3) %s
  call void @sync()
  %last = sub i32 %n, 1
  %r = sub i32 %last, %t
  %q = getelementptr float, ptr addrspace(3) @tile, i32 %r
  %w = load float, ptr addrspace(3) %q
  %x = fadd float %w, %v
  store float %x, ptr %p
  ret void
}

; The barrier in a function of the module is inlined first.
define void @sync() {
  call void @__rubicon_barrier_cta_sync_aligned_all(i32 0)
  ret void
}

; CHECK: define internal void @inLoop(ptr %data, i32 %n) [[TWO]]
define ptx_kernel void @inLoop(ptr %data, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @__rubicon_barrier0()
  %next = add i32 %i, 1
  %m = load i32, ptr %data
  %more = icmp slt i32 %next, %m
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK: define internal void @underCondition(ptr %data) [[TWO]]
define ptx_kernel void @underCondition(ptr %data) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %low = icmp ult i32 %t, 16
  br i1 %low, label %sync, label %done
sync:
  call void @__rubicon_barrier0()
  br label %done
done:
  ret void
}

; CHECK: define internal void @localArray(ptr %data) [[ARRAY:#[0-9]+]]
define ptx_kernel void @localArray(ptr %data) {
  %a = alloca [4 x i32]
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %i = and i32 %t, 3
  %e = getelementptr [4 x i32], ptr %a, i32 0, i32 %i
  store i32 %t, ptr %e
  call void @__rubicon_barrier0()
  %f = getelementptr [4 x i32], ptr %a, i32 0, i32 %i
  %v = load i32, ptr %f
  store i32 %v, ptr %data
  ret void
}

; The copy: the region parameter picks where to start; %v, used after the
; barrier, is kept in its slot (offset 4: after the next-region array); %p
; is recomputed from the parameters instead.
; CHECK-LABEL: define internal i32 @reverse.thread(ptr %data, i32 %tid.x, {{.*}}, i32 %region, i32 %round, i32 %converged, ptr noalias %state, ptr noalias %uniform.out, ptr noalias %uniform.in)
; CHECK-NEXT: regions:
; CHECK: %block.threads = mul i64
; CHECK: %thread.linear = add i64
; CHECK-NEXT: [[OFF:%.*]] = mul i64 %block.threads, 4
; CHECK-NEXT: [[ARR:%.*]] = getelementptr inbounds i8, ptr %state, i64 [[OFF]]
; CHECK-NEXT: [[AT:%.*]] = mul i64 %thread.linear, 4
; CHECK-NEXT: %v.state = getelementptr inbounds i8, ptr [[ARR]], i64 [[AT]]
; CHECK-NEXT: switch i32 %region, label %regions.invalid [
; CHECK-NEXT: i32 0, label %[[R0:.*]]
; CHECK-NEXT: i32 1, label %region.1
; CHECK-NEXT: ]
; CHECK: [[R0]]:
; CHECK-NEXT: %p = getelementptr float, ptr %data, i32 %tid.x
; CHECK-NEXT: %v = load float, ptr %p
; CHECK-NEXT: store float %v, ptr %v.state
; CHECK: store float %v, ptr addrspace(3)
; CHECK-NEXT: ret i32 1
; CHECK: region.1:
; CHECK: %v.kept = load float, ptr %v.state
; CHECK-NEXT: %x = fadd float %w, %v.kept
; CHECK-NEXT: %p.again = getelementptr float, ptr %data, i32 %tid.x
; CHECK-NEXT: store float %x, ptr %p.again
; CHECK-NEXT: ret i32 -1
; CHECK: regions.invalid:
; CHECK-NEXT: unreachable

; The block: the state (8 bytes per thread, rounded to 16) on the stack or
; from malloc; rounds start at region 0.
; CHECK-LABEL: define void @__rubicon_host_block_reverse(ptr %0)
; CHECK: %state = alloca [32768 x i8], align 16
; CHECK: [[BYTES:%.*]] = mul i64 {{%.*}}, 16
; CHECK-NEXT: [[BIG:%.*]] = icmp ugt i64 [[BYTES]], 32768
; CHECK-NEXT: br i1 [[BIG]], label %state.malloc, label %state.ready
; CHECK: state.malloc:
; CHECK-NEXT: %state.heap = call ptr @malloc(i64 [[BYTES]])
; CHECK: rounds:
; CHECK-NEXT: %next = phi i32 [ 0, %state.ready ], [ %low, %thread.z.done.0 ], [ %[[LOW1:.*]], %thread.z.done.1 ], [ %[[LOWD:.*]], %thread.z.done.divergent ]
; CHECK-NEXT: switch i32 %next, label %rounds.done [
; CHECK-NEXT: i32 0, label %region.0
; CHECK-NEXT: i32 1, label %region.1
; CHECK-NEXT: ]
; CHECK: rounds.done:
; CHECK-NEXT: call void @free(ptr %state.free)
; A uniform round: region 0 for every thread, the region a constant; where
; each stopped is recorded, with the lowest and highest.
; CHECK: thread.x.0:
; CHECK: %thread = add i64
; CHECK-NEXT: [[STOP:%.*]] = call i32 @reverse.thread(ptr {{%.*}}, i32 %tid.x.0, {{.*}}, i32 0, i32 %round.0, i32 1, ptr %state.base, ptr null, ptr null)
; CHECK-NEXT: [[NEXTAT:%.*]] = getelementptr inbounds i32, ptr %state.base, i64 %thread
; CHECK-NEXT: store i32 [[STOP]], ptr [[NEXTAT]]
; CHECK: call i32 @llvm.umin.i32(i32 {{%.*}}, i32 [[STOP]])
; CHECK: call i32 @llvm.umax.i32(i32 {{%.*}}, i32 [[STOP]])
; All stopped at one barrier (or ended): the next uniform round; else the
; divergent one.
; CHECK: thread.z.done.0:
; CHECK-NEXT: %low = load i32, ptr %next.low
; CHECK-NEXT: %high = load i32, ptr %next.high
; CHECK-NEXT: [[ROUND:%.*]] = load i32, ptr %round
; CHECK-NEXT: [[NEXTROUND:%.*]] = add i32 [[ROUND]], 1
; CHECK-NEXT: store i32 [[NEXTROUND]], ptr %round
; CHECK: [[SAME:%.*]] = icmp eq i32 %low, %high
; CHECK-NEXT: br i1 [[SAME]], label %rounds, label %rounds.divergent
; CHECK: call i32 @reverse.thread(ptr {{%.*}}, i32 %tid.x.1, {{.*}}, i32 1, i32 %round.1, i32 1, ptr %state.base, ptr null, ptr null)
; A divergent round: each thread that has not ended resumes its own region
; (threads at warp points first: host-thread-loops-warp.ll).
; CHECK: thread.x.divergent:
; CHECK: [[SLOT:%.*]] = getelementptr inbounds i32, ptr %state.base, i64
; CHECK-NEXT: %waiting = load i32, ptr [[SLOT]]
; CHECK-NEXT: [[LIVE:%.*]] = icmp ne i32 %waiting, -1
; CHECK: br i1 {{%.*}}, label %resume, label %resumed
; CHECK: resume:
; CHECK-NEXT: [[AGAIN:%.*]] = call i32 @reverse.thread({{.*}}, i32 %waiting, i32 %round.divergent, i32 0, ptr %state.base, ptr null, ptr null)
; CHECK-NEXT: store i32 [[AGAIN]], ptr [[SLOT]]
; CHECK: resumed:
; CHECK-NEXT: %stopped = phi i32 [ %waiting, %thread.x.divergent ], [ [[AGAIN]], %resume ]
; CHECK: thread.z.done.divergent:
; CHECK: br i1 {{%.*}}, label %rounds, label %rounds.divergent

; A barrier in a loop: the loop's counter lives across it, in the state
; (the loop's bound is read from memory, so as far as the compiler knows the
; counter may differ between threads: host-thread-loops-block-uniform.ll has
; the counter of a loop whose bound is a parameter).
; CHECK-LABEL: define internal i32 @inLoop.thread(
; CHECK: entry:
; CHECK-NEXT: br label %loop
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 0, %entry ], [ %next, %region.1 ]
; CHECK-NEXT: store i32 %i, ptr %i.state
; CHECK-NEXT: ret i32 1
; CHECK: region.1:
; CHECK-NEXT: %i.kept = load i32, ptr %i.state
; CHECK-NEXT: %next = add i32 %i.kept, 1
; CHECK-NEXT: %m = load i32, ptr %data
; CHECK-NEXT: %more = icmp slt i32 %next, %m
; CHECK-NEXT: br i1 %more, label %loop, label %done
; CHECK: done:
; CHECK-NEXT: ret i32 -1
; CHECK-LABEL: define void @__rubicon_host_block_inLoop(

; A barrier under a condition: threads that skip it end (-1) while the
; others stop at it (1); the divergent round takes those on.
; CHECK-LABEL: define internal i32 @underCondition.thread(
; CHECK: entry:
; CHECK-NEXT: %low = icmp ult i32 %tid.x, 16
; CHECK-NEXT: br i1 %low, label %sync, label %done
; CHECK: sync:
; CHECK-NEXT: ret i32 1
; CHECK: region.1:
; CHECK-NEXT: br label %done
; CHECK: done:
; CHECK-NEXT: ret i32 -1
; CHECK-LABEL: define void @__rubicon_host_block_underCondition(

; A local array used on both sides of the barrier: 16 bytes per thread in
; the state, at offset 4 * threads.
; CHECK-LABEL: define internal i32 @localArray.thread(
; CHECK: [[AOFF:%.*]] = mul i64 %block.threads, 4
; CHECK-NEXT: [[AARR:%.*]] = getelementptr inbounds i8, ptr %state, i64 [[AOFF]]
; CHECK-NEXT: [[AAT:%.*]] = mul i64 %thread.linear, 16
; CHECK-NEXT: %a.state = getelementptr inbounds i8, ptr [[AARR]], i64 [[AAT]]
; CHECK: %e = getelementptr [4 x i32], ptr %a.state, i32 0, i32 %i
; CHECK-NEXT: store i32 %tid.x, ptr %e
; CHECK-NEXT: ret i32 1
; CHECK: region.1:
; CHECK: %f = getelementptr [4 x i32], ptr %a.state, i32 0, i32 %i.again
; CHECK-NEXT: %v = load i32, ptr %f
; CHECK-LABEL: define void @__rubicon_host_block_localArray(

; CHECK-DAG: attributes [[TWO]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers, 16 bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[ARRAY]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers, 32 bytes kept per thread" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_read_ptx_sreg_ntid_x()
declare void @__rubicon_barrier_cta_sync_aligned_all(i32)
declare void @__rubicon_barrier0()
