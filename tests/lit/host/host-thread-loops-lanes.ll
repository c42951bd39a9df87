; rubicon-host-thread-loops with the lane registers (HostThreadLoops.def):
; %laneid, %warpid and %lanemask_* are computed from the thread's linear index
; in the block ((tid.z * ntid.y + tid.y) * ntid.x + tid.x), split into 32-lane
; warps; __activemask() is a warp point, a ballot of `true` over the whole
; warp; the __rubicon_math_ helpers do not depend on the thread; an empty asm
; statement (a compiler barrier) neither keeps a kernel on fibers nor stays in
; the loop.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry,rubicon-host-thread-loops -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK: define internal void @lanes(ptr %out) [[LOOP:#[0-9]+]]
define ptx_kernel void @lanes(ptr %out) {
  %l = call i32 @__rubicon_read_ptx_sreg_laneid()
  %w = call i32 @__rubicon_read_ptx_sreg_warpid()
  %lt = call i32 @__rubicon_read_ptx_sreg_lanemask_lt()
  call void asm sideeffect "", "~{memory}"()
  %p0 = getelementptr i32, ptr %out, i32 %l
  store i32 %w, ptr %p0
  %p1 = getelementptr i32, ptr %out, i32 %w
  store i32 %lt, ptr %p1
  ret void
}

; CHECK: define internal void @active(ptr %out) [[WARP:#[0-9]+]]
define ptx_kernel void @active(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %m = call i32 @__rubicon_activemask()
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %m, ptr %p
  ret void
}

; CHECK: define internal void @math(ptr %out) [[LOOP]]
define ptx_kernel void @math(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  %x = uitofp i32 %t to float
  %e = alloca i32
  %f = call float @__rubicon_math_frexp_f32(float %x, ptr %e)
  %p = getelementptr float, ptr %out, i32 %t
  store float %f, ptr %p
  ret void
}

; A compiler barrier is not any inline assembly.
; CHECK: define internal void @assembly(ptr %out) [[ASM:#[0-9]+]]
define ptx_kernel void @assembly(ptr %out) {
  %t = call i32 @__rubicon_read_ptx_sreg_tid_x()
  call void asm sideeffect "nop", "~{memory}"()
  %p = getelementptr i32, ptr %out, i32 %t
  store i32 %t, ptr %p
  ret void
}

; CHECK-LABEL: define internal i32 @lanes.thread(ptr %out, i32 %tid.x, i32 %tid.y, i32 %tid.z, i32 %ntid_x, i32 %ntid_y,
; CHECK-NOT: call
; CHECK: [[ZY:%.*]] = mul i32 %tid.z, %ntid_y
; CHECK-NEXT: [[Y:%.*]] = add i32 [[ZY]], %tid.y
; CHECK-NEXT: [[YX:%.*]] = mul i32 [[Y]], %ntid_x
; CHECK-NEXT: [[LIN:%.*]] = add i32 [[YX]], %tid.x
; CHECK-NEXT: %laneid = and i32 [[LIN]], 31
; CHECK: %warpid = lshr i32 {{%.*}}, 5
; CHECK: %laneid{{[0-9]*}} = and i32 {{%.*}}, 31
; CHECK-NEXT: [[EQ:%.*]] = shl i32 1, %laneid{{[0-9]*}}
; CHECK-NEXT: {{%.*}} = sub i32 [[EQ]], 1
; CHECK-NOT: call void asm
; CHECK: ret i32

; __activemask(): the lanes that published `true` this round, under a full
; mask.
; CHECK-LABEL: define internal i32 @active.thread(
; CHECK: store i32 1, ptr
; CHECK: warp.vote.lanes:
; CHECK: warp.vote.done:
; CHECK: and i32 {{%.*}}, -1

; CHECK-DAG: attributes [[LOOP]] = { {{.*}}"rubicon-host-form"="thread-loop"
; CHECK-DAG: attributes [[WARP]] = { {{.*}}"rubicon-host-form"="thread-loop, 2 regions between barriers and warp operations
; CHECK-DAG: attributes [[ASM]] = { {{.*}}"rubicon-host-form"="fibers: inline assembly in 'assembly'"

declare i32 @__rubicon_read_ptx_sreg_tid_x()
declare i32 @__rubicon_read_ptx_sreg_laneid()
declare i32 @__rubicon_read_ptx_sreg_warpid()
declare i32 @__rubicon_read_ptx_sreg_lanemask_lt()
declare i32 @__rubicon_activemask()
declare float @__rubicon_math_frexp_f32(float, ptr)
