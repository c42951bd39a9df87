; rubicon-host-shared-memory: __shared__ variables become offsets in the
; running block's buffer (module order, each at its alignment); extern
; (dynamic) shared arrays start after them at a 16-byte boundary. A function
; finds the buffer once, at its entry, through the ThreadContext at the base
; of its 128 KiB-aligned fiber stack (HostABI.h: the SharedMemory field at
; offset 56), with !invariant.load: the runtime never changes the field while
; kernel code runs. __rubicon_host_shared_bytes is the static size.
; RUN: rubicon-opt -passes=rubicon-host-shared-memory -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; 3 bytes at 0, 4 x double at 8 (its alignment), then 16-byte aligned: 48.
@flags = internal addrspace(3) global [3 x i8] undef, align 1
@sums = internal addrspace(3) global [4 x double] undef, align 8
@dynamic = external addrspace(3) global [0 x float], align 4

; CHECK: @__rubicon_host_shared_bytes = constant i64 48
; CHECK-NOT: addrspace(3) global

; CHECK-LABEL: define void @kernel(i32 %i)
; CHECK-NEXT: [[FRAME:%.*]] = call ptr @llvm.frameaddress.p0(i32 0)
; CHECK-NEXT: [[INT:%.*]] = ptrtoint ptr [[FRAME]] to i64
; CHECK-NEXT: [[BASE:%.*]] = and i64 [[INT]], -131072
; CHECK-NEXT: [[FIELD:%.*]] = add i64 [[BASE]], 56
; CHECK-NEXT: [[SLOT:%.*]] = inttoptr i64 [[FIELD]] to ptr
; CHECK-NEXT: [[BUFFER:%.*]] = load ptr, ptr [[SLOT]], align 8, !invariant.load [[EMPTY:![0-9]+]], !noundef [[EMPTY]]
; CHECK-NEXT: [[SHARED:%.*]] = addrspacecast ptr [[BUFFER]] to ptr addrspace(3)
; CHECK-NEXT: [[FLAGS:%.*]] = getelementptr inbounds i8, ptr addrspace(3) [[SHARED]], i64 0
; CHECK-NEXT: store i8 1, ptr addrspace(3) [[FLAGS]]
; CHECK-NEXT: [[SUMS:%.*]] = getelementptr inbounds i8, ptr addrspace(3) [[SHARED]], i64 8
; CHECK-NEXT: [[ELEMENT:%.*]] = getelementptr [4 x double], ptr addrspace(3) [[SUMS]], i32 0, i32 %i
; CHECK-NEXT: store double 1.0{{.*}}, ptr addrspace(3) [[ELEMENT]]
; CHECK-NEXT: [[DYNAMIC:%.*]] = getelementptr inbounds i8, ptr addrspace(3) [[SHARED]], i64 48
; CHECK-NEXT: store float 2.0{{.*}}, ptr addrspace(3) [[DYNAMIC]]
define void @kernel(i32 %i) {
  store i8 1, ptr addrspace(3) @flags
  %e = getelementptr [4 x double], ptr addrspace(3) @sums, i32 0, i32 %i
  store double 1.0, ptr addrspace(3) %e
  store float 2.0, ptr addrspace(3) @dynamic
  ret void
}

; A function without shared memory does not look for the buffer.
; CHECK-LABEL: define void @plain()
; CHECK-NEXT: ret void
define void @plain() {
  ret void
}

; A shared address as an integer is an offset in the buffer, as on a GPU:
; ptrtoint subtracts the buffer's address, inttoptr adds it (32-bit shared
; addresses of inline PTX, __cvta_generic_to_shared).
; CHECK-LABEL: define i32 @integers(ptr addrspace(3) %p, i32 %o)
; CHECK: [[BUFFER:%.*]] = addrspacecast ptr %rubicon.shared.buffer to ptr addrspace(3)
; CHECK: [[P:%.*]] = ptrtoint ptr addrspace(3) %p to i64
; CHECK-NEXT: [[BASE:%.*]] = ptrtoint ptr addrspace(3) [[BUFFER]] to i64
; CHECK-NEXT: [[OFFSET:%.*]] = sub i64 [[P]], [[BASE]]
; CHECK-NEXT: %i = trunc i64 [[OFFSET]] to i32
; CHECK-NEXT: [[O:%.*]] = zext i32 %o to i64
; CHECK-NEXT: %q = getelementptr i8, ptr addrspace(3) [[BUFFER]], i64 [[O]]
; CHECK-NEXT: %v = load i32, ptr addrspace(3) %q
define i32 @integers(ptr addrspace(3) %p, i32 %o) {
  %i = ptrtoint ptr addrspace(3) %p to i32
  %q = inttoptr i32 %o to ptr addrspace(3)
  %v = load i32, ptr addrspace(3) %q
  %s = add i32 %i, %v
  ret i32 %s
}
