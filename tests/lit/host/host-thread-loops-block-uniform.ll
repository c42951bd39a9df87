; rubicon-host-thread-loops: a value kept across a barrier that is the same in
; every thread of the block (computed from the kernel's parameters, the
; block-wide registers and constants, under control flow that does not depend
; on the thread) is kept once for the block, not once per thread: each thread
; stores it in the block's slot (%uniform.out) and reads it from the copy the
; block function makes before each round (%uniform.in), so that the thread
; loop of the next region loads it once, not once per thread, and what is
; computed from it (a power of two, a division by it) leaves the loop over the
; threads. Values that may differ between threads (from the thread's index,
; from memory, a phi joining a branch on the thread's index) stay in the
; thread's slot of the state, and so does a block-wide value that one round
; can both store and read (a use reachable from the definition without
; passing a barrier: the copy would be a round old).
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s --check-prefix=FORM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@tile = internal addrspace(3) global [256 x float] undef

; Rodinia backprop's tree reduction: `for (i = 1; i <= log2(n); i++) {
; p = __powf(2, i); if (ty % p == 0) tile[ty] += tile[ty + p / 2];
; __syncthreads(); }`. The front end keeps the device header's __powf
; parameters in allocas: a call to it still depends only on its operands.
; FORM: define internal void @halving(ptr %out, i32 %log) [[UNIFORM:#[0-9]+]]
define ptx_kernel void @halving(ptr %out, i32 %log) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %next, %latch ]
  %f = sitofp i32 %i to float
  %pf = call float @powf2(float %f)
  %p = fptosi float %pf to i32
  %r = srem i32 %t, %p
  %take = icmp eq i32 %r, 0
  br i1 %take, label %add, label %latch
add:
  %half = sdiv i32 %p, 2
  %o = add i32 %t, %half
  %a = getelementptr float, ptr addrspace(3) @tile, i32 %t
  %b = getelementptr float, ptr addrspace(3) @tile, i32 %o
  %va = load float, ptr addrspace(3) %a
  %vb = load float, ptr addrspace(3) %b
  %s = fadd float %va, %vb
  store float %s, ptr addrspace(3) %a
  br label %latch
latch:
  call void @__rubicon_barrier0()
  %next = add i32 %i, 1
  %more = icmp sle i32 %next, %log
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal float @powf2(float %y) alwaysinline {
  %slot = alloca float
  store float %y, ptr %slot
  %v = load float, ptr %slot
  %r = call float @__ocml_native_exp2_f32(float %v)
  ret float %r
}

; The loop's counter after the barrier, from the block's copy; the thread
; stores the next one in the block's slot.
; CHECK-LABEL: define internal i32 @halving.thread(
; CHECK-SAME: ptr noalias %state, ptr noalias %uniform.out, ptr noalias %uniform.in)
; CHECK: %i.block = getelementptr inbounds i8, ptr %uniform.out, i64 0
; CHECK-NEXT: %i.round = getelementptr inbounds i8, ptr %uniform.in, i64 0
; CHECK: loop:
; CHECK-NEXT: %i = phi i32 [ 1, %entry ], [ %next, %region.1 ]
; CHECK-NEXT: store i32 %i, ptr %i.block
; CHECK: region.1:
; CHECK-NEXT: %i.kept = load i32, ptr %i.round
; CHECK-NEXT: %next = add i32 %i.kept, 1
; CHECK-NOT: .state
; CHECK-LABEL: define void @__rubicon_host_block_halving(
; The slots (16 bytes: the counter, aligned as the state is) and the copy.
; CHECK: %uniform = alloca [32 x i8], align 16
; CHECK-NEXT: %uniform.in = getelementptr inbounds i8, ptr %uniform, i64 16
; Before each round's loop over the threads, the block's values are copied.
; CHECK: region.0:
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %uniform.in, ptr align 16 %uniform, i64 16, i1 false)
; CHECK: region.1:
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %uniform.in, ptr align 16 %uniform, i64 16, i1 false)
; CHECK: rounds.divergent:
; CHECK: call void @llvm.memcpy.p0.p0.i64(ptr align 16 %uniform.in, ptr align 16 %uniform, i64 16, i1 false)
; CHECK: call i32 @halving.thread({{.*}}, i32 0, i32 %round.0, i32 1, ptr %state.base, ptr %uniform, ptr %uniform.in)
; CHECK: call i32 @halving.thread({{.*}}, i32 1, i32 %round.1, i32 1, ptr %state.base, ptr %uniform, ptr %uniform.in)
; CHECK: call i32 @halving.thread({{.*}}, i32 %waiting, i32 %round.divergent, i32 0, ptr %state.base, ptr %uniform, ptr %uniform.in)

; Values that may differ between threads stay per thread: one loaded from
; memory, and the phi joining a branch on the thread's index.
; FORM: define internal void @divergent(ptr %out, i32 %n) [[PERTHREAD:#[0-9]+]]
define ptx_kernel void @divergent(ptr %out, i32 %n) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %m = load i32, ptr %out
  %low = icmp ult i32 %t, 4
  br i1 %low, label %small, label %join
small:
  %e = call float @__ocml_native_exp2_f32(float 1.0)
  br label %join
join:
  %j = phi float [ %e, %small ], [ 2.0, %entry ]
  call void @__rubicon_barrier0()
  %q = getelementptr i32, ptr %out, i32 %t
  store i32 %m, ptr %q
  %fq = getelementptr float, ptr %out, i32 %n
  store float %j, ptr %fq
  ret void
}
; CHECK-LABEL: define internal i32 @divergent.thread(
; CHECK-NOT: uniform.out, i64
; CHECK: store i32 %m, ptr %m.state
; CHECK: store float %j, ptr %j.state
; CHECK-LABEL: define void @__rubicon_host_block_divergent(

; A block-wide value whose use one round can reach from its definition (the
; barrier is under a condition): it stays per thread.
; FORM: define internal void @sameRound(ptr %out, i32 %n, float %x) [[PERTHREAD]]
define ptx_kernel void @sameRound(ptr %out, i32 %n, float %x) {
entry:
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %e = call float @__ocml_native_exp2_f32(float %x)
  %some = icmp sgt i32 %n, 0
  br i1 %some, label %sync, label %after
sync:
  call void @__rubicon_barrier0()
  br label %after
after:
  %q = getelementptr float, ptr %out, i32 %t
  store float %e, ptr %q
  ret void
}
; CHECK-LABEL: define internal i32 @sameRound.thread(
; CHECK: store float %e, ptr %e.state
; CHECK-LABEL: define void @__rubicon_host_block_sameRound(

declare float @__ocml_native_exp2_f32(float)
declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare void @__rubicon_barrier0()

; FORM-DAG: attributes [[UNIFORM]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers, 16 bytes kept per thread, 16 bytes kept per block" "rubicon-host-kernel" }
; FORM-DAG: attributes [[PERTHREAD]] = { "rubicon-host-form"="thread-loop, 2 regions between barriers, 16 bytes kept per thread" "rubicon-host-kernel" }
