; rubicon-host-shared-atomics: atomics on the block's shared memory (an
; address based on the buffer HostSharedMemory.cpp loads from the fiber's
; ThreadContext, at offset 56 of the 128 KiB-aligned base below the frame
; address) become a load, the operation and a store: the block's threads run
; on one CPU thread, which no other thread can come between. Atomics on other
; memory, on a pointer not known to be the buffer, and volatile ones stay.
; RUN: rubicon-opt -passes=rubicon-host-shared-atomics -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-host-shared-atomics %s | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64 | FileCheck --check-prefix=ASM %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; The buffer as the optimizer leaves it: the field's offset or'ed in.
; CHECK-LABEL: define i32 @count(i64 %i, i32 %v, ptr %global)
; CHECK: [[OLD:%.*]] = load i32, ptr [[P:%.*]], align 4
; CHECK-NEXT: [[NEW:%.*]] = add i32 [[OLD]], %v
; CHECK-NEXT: store i32 [[NEW]], ptr [[P]], align 4
; A shared address as a generic one, through address spaces.
; CHECK: [[MAX:%.*]] = load i32, ptr addrspace(3)
; CHECK: icmp {{s?gt}}
; CHECK: select
; CHECK: store i32
; The global counter keeps its atomic.
; CHECK: atomicrmw add ptr %global, i32 1 monotonic
; CHECK: ret i32 [[OLD]]
define i32 @count(i64 %i, i32 %v, ptr %global) {
  %frame = call ptr @llvm.frameaddress.p0(i32 0)
  %int = ptrtoint ptr %frame to i64
  %base = and i64 %int, -131072
  %field = or disjoint i64 %base, 56
  %slot = inttoptr i64 %field to ptr
  %buffer = load ptr, ptr %slot, align 8, !invariant.load !0
  %p = getelementptr inbounds i32, ptr %buffer, i64 %i
  %old = atomicrmw add ptr %p, i32 %v monotonic, align 4
  %s = addrspacecast ptr %buffer to ptr addrspace(3)
  %q = getelementptr inbounds i8, ptr addrspace(3) %s, i64 64
  %max = atomicrmw max ptr addrspace(3) %q, i32 %v seq_cst, align 4
  %g = atomicrmw add ptr %global, i32 1 monotonic, align 4
  ret i32 %old
}

; The context's base as a GEP off the masked frame address; a float add and
; a compare-and-swap.
; CHECK-LABEL: define i32 @exchange(float %f, i32 %expected, i32 %desired)
; CHECK-NOT: atomicrmw
; CHECK-NOT: cmpxchg
; CHECK: fadd float
; CHECK: [[SEEN:%.*]] = load i32
; CHECK: [[SAME:%.*]] = icmp eq i32 [[SEEN]], %expected
; CHECK: [[NEXT:%.*]] = select i1 [[SAME]], i32 %desired, i32 [[SEEN]]
; CHECK: store i32 [[NEXT]]
define i32 @exchange(float %f, i32 %expected, i32 %desired) {
  %frame = call ptr @llvm.frameaddress.p0(i32 0)
  %int = ptrtoint ptr %frame to i64
  %base = and i64 %int, -131072
  %context = inttoptr i64 %base to ptr
  %slot = getelementptr inbounds i8, ptr %context, i64 56
  %buffer = load ptr, ptr %slot, align 8
  %sum = atomicrmw fadd ptr %buffer, float %f monotonic, align 4
  %w = getelementptr inbounds i8, ptr %buffer, i64 4
  %pair = cmpxchg ptr %w, i32 %expected, i32 %desired acq_rel monotonic, align 4
  %seen = extractvalue { i32, i1 } %pair, 0
  ret i32 %seen
}

; Another field of the context (the runtime's services at 64), a pointer read
; from memory, a volatile atomic: all stay atomic.
; CHECK-LABEL: define void @others(ptr %pp)
; CHECK: atomicrmw add ptr %services
; CHECK: atomicrmw add ptr %loaded
; CHECK: atomicrmw volatile add ptr %buffer
define void @others(ptr %pp) {
  %frame = call ptr @llvm.frameaddress.p0(i32 0)
  %int = ptrtoint ptr %frame to i64
  %base = and i64 %int, -131072
  %field = or disjoint i64 %base, 64
  %slot = inttoptr i64 %field to ptr
  %services = load ptr, ptr %slot, align 8
  %a = atomicrmw add ptr %services, i32 1 monotonic, align 4
  %loaded = load ptr, ptr %pp, align 8
  %b = atomicrmw add ptr %loaded, i32 1 monotonic, align 4
  %sfield = or disjoint i64 %base, 56
  %sslot = inttoptr i64 %sfield to ptr
  %buffer = load ptr, ptr %sslot, align 8
  %c = atomicrmw volatile add ptr %buffer, i32 1 monotonic, align 4
  ret void
}

; ASM-LABEL: count:
; ASM-NOT: lock
; ASM: lock
; ASM-LABEL: exchange:
; ASM-NOT: lock
; ASM-LABEL: others:

declare ptr @llvm.frameaddress.p0(i32)

!0 = !{}
