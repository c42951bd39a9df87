; rubicon-host-shared-memory: a block runs one kernel, so the variables of two
; kernels that never meet share bytes, as a GPU gives each kernel only its
; own. A variable reached from both kernels (through @helper) is placed first
; and overlaps neither kernel's own arrays; the static size is the largest
; kernel's (16 + 40000), not the sum (56016). Each kernel's own figure (from
; its entry points, __rubicon_host_entry_<kernel>) is exported for the
; runtime's per-block limit.
; RUN: rubicon-opt -passes=rubicon-host-shared-memory -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@a = internal addrspace(3) global [10000 x float] undef, align 4
@b = internal addrspace(3) global [2000 x double] undef, align 8
@h = internal addrspace(3) global [4 x i32] undef, align 4
@dynamic = external addrspace(3) global [0 x i8], align 16

; CHECK-DAG: @__rubicon_host_kernel_shared_kernel_a = constant i64 40016
; CHECK-DAG: @__rubicon_host_kernel_shared_kernel_b = constant i64 16016
; CHECK-DAG: @__rubicon_host_shared_bytes = constant i64 40016

define void @__rubicon_host_entry_kernel_a(ptr %args) {
  call void @kernel_a(i32 0)
  ret void
}

define void @__rubicon_host_entry_kernel_b(ptr %args) {
  call void @kernel_b(i32 0)
  ret void
}

; @h at 0 (both kernels), @a and @b both at 16, dynamic after the largest.
; CHECK-LABEL: define internal void @kernel_a(
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 16
; CHECK: call void @helper
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 40016
define internal void @kernel_a(i32 %i) {
  %e = getelementptr [10000 x float], ptr addrspace(3) @a, i32 0, i32 %i
  store float 1.0, ptr addrspace(3) %e
  call void @helper(i32 %i)
  store i8 3, ptr addrspace(3) @dynamic
  ret void
}

; CHECK-LABEL: define internal void @kernel_b(
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 16
; CHECK: call void @helper
define internal void @kernel_b(i32 %i) {
  %e = getelementptr [2000 x double], ptr addrspace(3) @b, i32 0, i32 %i
  store double 2.0, ptr addrspace(3) %e
  call void @helper(i32 %i)
  ret void
}

; CHECK-LABEL: define internal void @helper(
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 0
define internal void @helper(i32 %i) {
  %e = getelementptr [4 x i32], ptr addrspace(3) @h, i32 0, i32 %i
  store i32 7, ptr addrspace(3) %e
  ret void
}

; A kernel calling through a pointer may reach every function whose address
; is taken: @indirect's @c (16 bytes) overlaps none of @caller's @d, so @d is
; not at 0. (@c and @d: one kernel each otherwise.)
@c = internal addrspace(3) global [4 x i32] undef, align 4
@d = internal addrspace(3) global [4 x i32] undef, align 4
@table = internal global ptr @indirect

; CHECK-LABEL: define void @caller(
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 16
define void @caller(ptr %f) {
  store i32 1, ptr addrspace(3) @d
  call void %f()
  ret void
}

; CHECK-LABEL: define internal void @indirect(
; CHECK: getelementptr inbounds i8, ptr addrspace(3) %{{.*}}, i64 0
define internal void @indirect() {
  store i32 2, ptr addrspace(3) @c
  ret void
}
