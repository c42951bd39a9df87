; rubicon-host-thread-loops: a kernel whose threads never wait for one another
; gets __rubicon_host_block_<name>(void **args), a loop nest over the block's
; threads (z, y, x; x fastest) around a copy of the kernel in which %tid is
; the loop index and %ntid/%ctaid/%nctaid are read once, before the loop.
; Functions that read them are inlined into the copy (its __syncthreads: see
; host-thread-loops-barriers.ll). A kernel that reaches __syncthreads_count,
; a warp operation, recursion, an indirect call or a function the table
; (HostThreadLoops.def) does not know keeps fibers only. Every kernel
; says which form it got in "rubicon-host-form" (printed by nvcc -v).
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; The fiber entry is unchanged.
; CHECK: define internal void @scale(ptr %out, float %f) [[LOOP:#[0-9]+]]
; CHECK: call i32 @index()

define ptx_kernel void @scale(ptr %out, float %f) {
  %i = call i32 @index()
  %p = getelementptr float, ptr %out, i32 %i
  store float %f, ptr %p
  ret void
}

define i32 @index() {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %b = call i32 @__rubicon_read_ptx_sreg_ctaid_x()
  %n = call i32 @__rubicon_read_ptx_sreg_ntid_x()
  %base = mul i32 %b, %n
  %i = add i32 %base, %t
  ret i32 %i
}

; Math (the C library's) and printf do not depend on the thread.
; CHECK: define internal void @math(ptr %out) [[LOOP]]
define ptx_kernel void @math(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_y()
  %x = uitofp i32 %t to float
  %s = call float @__ocml_sin_f32(float %x)
  store float %s, ptr %out
  %r = call i32 @vprintf(ptr null, ptr null)
  ret void
}

; __syncthreads_count of a named barrier (id 1) in a callee: fibers, with
; the reason (barrier 0: host-thread-loops-block-reductions.ll; __syncthreads
; itself: host-thread-loops-barriers.ll).
; CHECK: define internal void @barrier(ptr %out) [[BARRIER:#[0-9]+]]
define ptx_kernel void @barrier(ptr %out) {
  call void @sync()
  ret void
}

define void @sync() {
  %n = call i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32 1, i1 true)
  ret void
}

; A warp shuffle that only some lanes reach, followed by one that every lane
; reaches: the lanes reach the second in different rounds
; (host-thread-loops-warp.ll has those all lanes reach).
; CHECK: define internal void @shuffle(ptr %out) [[SHUFFLE:#[0-9]+]]
define ptx_kernel void @shuffle(ptr %out) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %low = icmp ult i32 %t, 16
  br i1 %low, label %swap, label %done
swap:
  %v = call i32 @__rubicon_shfl_sync_bfly_i32(i32 65535, i32 1, i32 1, i32 31)
  store i32 %v, ptr %out
  br label %done
done:
  %w = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 1, i32 2, i32 31)
  store i32 %w, ptr %out
  ret void
}

; The same without the second shuffle: the lanes that reach the first reach
; it together, and no warp operation follows the condition.
; CHECK: define internal void @lastShuffle(ptr %out) [[LAST:#[0-9]+]]
define ptx_kernel void @lastShuffle(ptr %out) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %low = icmp ult i32 %t, 16
  br i1 %low, label %swap, label %done
swap:
  %v = call i32 @__rubicon_shfl_sync_bfly_i32(i32 65535, i32 1, i32 1, i32 31)
  store i32 %v, ptr %out
  br label %done
done:
  ret void
}

; Recursion, and a call through a pointer.
; CHECK: define internal void @recursive(i32 %n) [[RECURSIVE:#[0-9]+]]
define ptx_kernel void @recursive(i32 %n) {
  call void @down(i32 %n)
  ret void
}

define void @down(i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  call void @down(i32 %m)
  br label %done
done:
  ret void
}

; CHECK: define internal void @indirect(ptr %f) [[INDIRECT:#[0-9]+]]
define ptx_kernel void @indirect(ptr %f) {
  call void %f()
  ret void
}

; Only the thread-loop kernels get block functions.
; CHECK-NOT: define void @__rubicon_host_block_barrier
; CHECK-NOT: define void @__rubicon_host_block_shuffle

; index() reads %tid.x through a function of the module: inlined into the copy.
; CHECK: define internal i32 @scale.thread(ptr %out, float %f, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid_x, i32 %ntid_y, i32 %ntid_z, i32 %ctaid_x, i32 %ctaid_y, i32 %ctaid_z, i32 %nctaid_x, i32 %nctaid_y, i32 %nctaid_z, i32 %warpsize, i32 %region, i32 %round, i32 %converged, ptr noalias %state, ptr noalias %uniform.out, ptr noalias %uniform.in) [[THREAD:#[0-9]+]]
; CHECK-NEXT: [[BASE:%.*]] = mul i32 %ctaid_x, %ntid_x
; CHECK-NEXT: [[I:%.*]] = add i32 [[BASE]], %tid.x
; CHECK-NEXT: [[P:%.*]] = getelementptr float, ptr %out, i32 [[I]]
; CHECK-NEXT: store float %f, ptr [[P]]
; CHECK-NEXT: ret i32 -1

; CHECK-LABEL: define void @__rubicon_host_block_scale(ptr %0)
; CHECK: [[A0:%.*]] = load ptr, ptr
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr [[A0]]
; CHECK: [[F:%.*]] = load float, ptr
; CHECK-NEXT: %ntid_x = call i32 @__rubicon_read_ptx_sreg_ntid_x()
; CHECK-NEXT: %ntid_y = call i32 @__rubicon_read_ptx_sreg_ntid_y()
; CHECK-NEXT: %ntid_z = call i32 @__rubicon_read_ptx_sreg_ntid_z()
; CHECK-NEXT: %ctaid_x = call i32 @__rubicon_read_ptx_sreg_ctaid_x()
; CHECK: %nctaid_z = call i32 @__rubicon_read_ptx_sreg_nctaid_z()
; CHECK-NEXT: %warpsize = call i32 @__rubicon_read_ptx_sreg_warpsize()
; CHECK-NEXT: br label %thread.z
; CHECK: thread.z:
; CHECK-NEXT: %tid.z = phi i32 [ 0, %entry ], [ [[NEXTZ:%.*]], %thread.y.done ]
; CHECK: thread.y:
; CHECK-NEXT: %tid.y = phi i32 [ 0, %thread.z ], [ [[NEXTY:%.*]], %thread.x.done ]
; CHECK: thread.x:
; CHECK-NEXT: %tid.x = phi i32 [ 0, %thread.y ], [ [[NEXTX:%.*]], %thread.x ]
; CHECK-NEXT: {{%.*}} = call i32 @scale.thread(ptr [[OUT]], float [[F]], i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid_x, i32 %ntid_y, i32 %ntid_z, i32 %ctaid_x, i32 %ctaid_y, i32 %ctaid_z, i32 %nctaid_x, i32 %nctaid_y, i32 %nctaid_z, i32 %warpsize, i32 0, i32 0, i32 1, ptr null, ptr null, ptr null)
; CHECK-NEXT: [[NEXTX]] = add nuw nsw i32 %tid.x, 1
; CHECK-NEXT: [[CX:%.*]] = icmp ult i32 [[NEXTX]], %ntid_x
; CHECK-NEXT: br i1 [[CX]], label %thread.x, label %thread.x.done
; CHECK: thread.x.done:
; CHECK-NEXT: [[NEXTY]] = add nuw nsw i32 %tid.y, 1
; CHECK-NEXT: [[CY:%.*]] = icmp ult i32 [[NEXTY]], %ntid_y
; CHECK-NEXT: br i1 [[CY]], label %thread.y, label %thread.y.done
; CHECK: thread.y.done:
; CHECK-NEXT: [[NEXTZ]] = add nuw nsw i32 %tid.z, 1
; CHECK-NEXT: [[CZ:%.*]] = icmp ult i32 [[NEXTZ]], %ntid_z
; CHECK-NEXT: br i1 [[CZ]], label %thread.z, label %thread.z.done
; CHECK: thread.z.done:
; CHECK-NEXT: br label %threads.exit
; CHECK: threads.exit:
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @__rubicon_host_block_math(ptr %0)
; CHECK: call i32 @math.thread(

; CHECK-DAG: attributes [[LOOP]] = { "rubicon-host-form"="thread-loop" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[THREAD]] = { alwaysinline }
; CHECK-DAG: attributes [[BARRIER]] = { "rubicon-host-form"="fibers: a named barrier" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[LAST]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers and warp operations, 32 bytes kept per thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[SHUFFLE]] = { "rubicon-host-form"="fibers: a warp operation under a condition that depends on the thread" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[RECURSIVE]] = { "rubicon-host-form"="fibers: 'down' is recursive" "rubicon-host-kernel" }
; CHECK-DAG: attributes [[INDIRECT]] = { "rubicon-host-form"="fibers: an indirect call in 'indirect'" "rubicon-host-kernel" }

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_read_ptx_sreg_tid_y()
declare i32 @__rubicon_read_ptx_sreg_ctaid_x()
declare i32 @__rubicon_read_ptx_sreg_ntid_x()
declare float @__ocml_sin_f32(float)
declare i32 @vprintf(ptr, ptr)
declare i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32, i1)
declare i32 @__rubicon_shfl_sync_bfly_i32(i32, i32, i32, i32)
