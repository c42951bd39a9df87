; rubicon-host-thread-loops with __syncthreads at the top level of a kernel
; (reached by every thread, once: not in a loop, not under a condition): the
; kernel's copy is split there into regions, entered by a region number; the
; block function runs one loop nest over the block's threads per region. A
; value computed before a barrier and used after it is stored per thread in
; the state the block function passes (on its stack, or from malloc when the
; block's threads need more than 32 KiB). A barrier inside a loop or under a
; condition, or a local array used on both sides of one, keeps fibers.
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

; CHECK: define internal void @inLoop(ptr %data, i32 %n) [[LOOP:#[0-9]+]]
define ptx_kernel void @inLoop(ptr %data, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  call void @__rubicon_barrier0()
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; CHECK: define internal void @underCondition(ptr %data) [[CONDITION:#[0-9]+]]
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

; The copy: region 0 ends where the barrier was; %p and %v, used after it,
; are kept in the thread's state (offsets 0 and 8) and reloaded at the start
; of region 1. The thread index is a parameter in every region.
; CHECK-LABEL: define internal void @reverse.thread(ptr %data, i32 %tid.x, {{.*}}, i32 %region, ptr %state)
; CHECK-NEXT: regions:
; CHECK-NEXT: switch i32 %region, label %region.1 [
; CHECK-NEXT: i32 0, label %0
; CHECK-NEXT: ]
; CHECK: [[P:%.*]] = getelementptr float, ptr %data, i32 %tid.x
; CHECK-NEXT: [[PSLOT:%.*]] = getelementptr inbounds i8, ptr %state, i64 0
; CHECK-NEXT: store ptr [[P]], ptr [[PSLOT]]
; CHECK-NEXT: [[V:%.*]] = load float, ptr [[P]]
; CHECK-NEXT: [[VSLOT:%.*]] = getelementptr inbounds i8, ptr %state, i64 8
; CHECK-NEXT: store float [[V]], ptr [[VSLOT]]
; CHECK: store float [[V]], ptr addrspace(3)
; CHECK-NEXT: ret void
; CHECK: region.1:
; CHECK-DAG: %p.r1 = load ptr, ptr
; CHECK-DAG: %v.r1 = load float, ptr
; CHECK: [[X:%.*]] = fadd float {{%.*}}, %v.r1
; CHECK-NEXT: store float [[X]], ptr %p.r1
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @__rubicon_host_block_reverse(ptr %0)
; CHECK: %state = alloca [32768 x i8], align 16
; CHECK: [[BYTES:%.*]] = mul i64 {{%.*}}, 16
; CHECK-NEXT: [[BIG:%.*]] = icmp ugt i64 [[BYTES]], 32768
; CHECK-NEXT: br i1 [[BIG]], label %state.malloc, label %state.ready
; CHECK: state.malloc:
; CHECK-NEXT: %state.heap = call ptr @malloc(i64 [[BYTES]])
; CHECK: call void @reverse.thread(ptr {{%.*}}, i32 %tid.x, {{.*}}, i32 0, ptr {{%.*}})
; CHECK: thread.z.done:
; CHECK-NEXT: br label %thread.z.1
; CHECK: call void @reverse.thread(ptr {{%.*}}, i32 %tid.x.1, {{.*}}, i32 1, ptr {{%.*}})
; CHECK: thread.z.done.1:
; CHECK-NEXT: call void @free(ptr %state.free)
; CHECK-NEXT: br label %threads.exit

; CHECK-NOT: define void @__rubicon_host_block_inLoop
; CHECK-NOT: define void @__rubicon_host_block_underCondition
; CHECK-NOT: define void @__rubicon_host_block_localArray

; CHECK-DAG: attributes [[TWO]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers, 16 bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[LOOP]] = { "rubicon-host-form"="fibers: __syncthreads inside a loop" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[CONDITION]] = { "rubicon-host-form"="fibers: __syncthreads under a condition" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[ARRAY]] = { "rubicon-host-form"="fibers: a local array is used on both sides of __syncthreads" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_read_ptx_sreg_ntid_x()
declare void @__rubicon_barrier_cta_sync_aligned_all(i32)
declare void @__rubicon_barrier0()
