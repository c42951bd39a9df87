; PTX's mbarrier (libcu++'s cuda::barrier<thread_scope_block> from sm_80 on):
; a 64-bit word laid out as cuda_awbarrier_primitives.h lays it out (pending
; arrivals in bits 0-20, the tx-count in bits 21-41, the expected count in
; bits 42-62, the phase's parity in bit 63). Every update is one
; compare-and-swap in a helper that also starts the next phase (parity
; flipped, pending count reset) when arrivals and tx-count are both zero; a
; wait tests the phase's parity; try_wait sleeps once (the host target's
; fibers yield). The tx-count (expect_tx, complete_tx) is the same update.
; RUN: rubicon-inline-ptx %s -o %t.ll
; RUN: FileCheck %s < %t.ll

target datalayout = "e-p3:32:32-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define void @init(
; CHECK: [[C:%.*]] = and i64 {{.*}}, 2097151
; CHECK: [[H:%.*]] = shl i64 [[C]], 42
; CHECK: [[W:%.*]] = or i64 [[C]], [[H]]
; CHECK: store atomic i64 [[W]], ptr addrspace(3) {{.*}} syncscope("workgroup") monotonic, align 8
define void @init(i32 %bar, i32 %count) {
  call void asm sideeffect "mbarrier.init.shared.b64 [$0], $1;", "r,r"(i32 %bar, i32 %count), !srcloc !0
  ret void
}

; CHECK-LABEL: define i64 @arrive(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 1, i64 0, i1 false, i1 true)
define i64 @arrive(i32 %bar) {
  %t = call i64 asm sideeffect "mbarrier.arrive.shared.b64 $0, [$1];", "=l,r"(i32 %bar), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define i64 @arrive_release_count(
; CHECK: [[N:%.*]] = zext i32 %n to i64
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 [[N]], i64 0, i1 false, i1 true)
define i64 @arrive_release_count(i32 %bar, i32 %n) {
  %t = call i64 asm sideeffect "mbarrier.arrive.release.cta.shared::cta.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %n), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define i64 @arrive_no_complete(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 {{.*}}, i64 0, i1 false, i1 false)
define i64 @arrive_no_complete(i32 %bar, i32 %n) {
  %t = call i64 asm sideeffect "mbarrier.arrive.noComplete.shared.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %n), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define void @arrive_drop(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 1, i64 0, i1 true, i1 true)
define void @arrive_drop(i32 %bar) {
  call void asm sideeffect "mbarrier.arrive_drop.shared.b64 _, [$0];", "r"(i32 %bar), !srcloc !0
  ret void
}

; CHECK-LABEL: define i32 @test_wait(
; CHECK: [[P:%.*]] = and i64 %token, -9223372036854775808
; CHECK: [[NOW:%.*]] = load atomic i64, ptr addrspace(3) {{.*}} syncscope("workgroup") acquire, align 8
; CHECK: [[Q:%.*]] = and i64 [[NOW]], -9223372036854775808
; CHECK: icmp ne i64 [[Q]], [[P]]
define i32 @test_wait(i32 %bar, i64 %token) {
  %r = call i32 asm sideeffect "{\0A\09.reg .pred p;\0A\09mbarrier.test_wait.shared.b64 p, [$1], $2;\0A\09selp.b32 $0, 1, 0, p;\0A\09}", "=r,r,l"(i32 %bar, i64 %token), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @try_wait_parity(
; CHECK: [[B:%.*]] = and i32 %parity, 1
; CHECK: [[Z:%.*]] = zext i32 [[B]] to i64
; CHECK: [[W:%.*]] = shl i64 [[Z]], 63
; CHECK: call i1 @__rubicon_mbarrier.try_wait.p3(ptr addrspace(3) {{.*}}, i64 [[W]])
define i32 @try_wait_parity(i32 %bar, i32 %parity) {
  %r = call i32 asm sideeffect "{\0A\09.reg .pred p;\0A\09mbarrier.try_wait.parity.acquire.cta.shared::cta.b64 p, [$1], $2;\0A\09selp.b32 $0, 1, 0, p;\0A\09}", "=r,r,r"(i32 %bar, i32 %parity), !srcloc !0
  ret i32 %r
}

; cp.async copies complete at once: the count they add and remove again
; cancels out; .noinc is an arrival.
; CHECK-LABEL: define void @cp_async_arrive(
; CHECK-NOT: call
; CHECK: ret void
define void @cp_async_arrive(i32 %bar) {
  call void asm sideeffect "cp.async.mbarrier.arrive.shared.b64 [$0];", "r"(i32 %bar), !srcloc !0
  ret void
}

; CHECK-LABEL: define void @cp_async_arrive_noinc(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 1, i64 0, i1 false, i1 true)
define void @cp_async_arrive_noinc(i32 %bar) {
  call void asm sideeffect "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", "r"(i32 %bar), !srcloc !0
  ret void
}

; CHECK-LABEL: define i32 @pending_count(
; CHECK: [[C:%.*]] = and i64 %token, 2097151
; CHECK: trunc i64 [[C]] to i32
define i32 @pending_count(i64 %token) {
  %r = call i32 asm "mbarrier.pending_count.b64 $0, $1;", "=r,l"(i64 %token), !srcloc !0
  ret i32 %r
}

; expect_tx then an arrival, in one update.
; CHECK-LABEL: define i64 @arrive_expect_tx(
; CHECK: [[TX:%.*]] = zext i32 %tx to i64
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 1, i64 [[TX]], i1 false, i1 true)
define i64 @arrive_expect_tx(i32 %bar, i32 %tx) {
  %t = call i64 asm sideeffect "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %tx), !srcloc !0
  ret i64 %t
}

; A cluster is one block: its shared memory is the block's.
; CHECK-LABEL: define void @arrive_expect_tx_cluster(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 1, i64 {{.*}}, i1 false, i1 true)
define void @arrive_expect_tx_cluster(i32 %bar, i32 %tx) {
  call void asm sideeffect "mbarrier.arrive.expect_tx.relaxed.cluster.shared::cluster.b64 _, [$0], $1;", "r,r"(i32 %bar, i32 %tx), !srcloc !0
  ret void
}

; CHECK-LABEL: define void @expect_tx(
; CHECK: [[TX:%.*]] = zext i32 %tx to i64
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 0, i64 [[TX]], i1 false, i1 true)
define void @expect_tx(i32 %bar, i32 %tx) {
  call void asm sideeffect "mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [$0], $1;", "r,r"(i32 %bar, i32 %tx), !srcloc !0
  ret void
}

; complete_tx lowers the tx-count, and may complete the phase.
; CHECK-LABEL: define void @complete_tx(
; CHECK: [[TX:%.*]] = zext i32 %tx to i64
; CHECK: [[NEG:%.*]] = sub i64 0, [[TX]]
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 0, i64 [[NEG]], i1 false, i1 true)
define void @complete_tx(i32 %bar, i32 %tx) {
  call void asm sideeffect "mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [$0], $1;", "r,r"(i32 %bar, i32 %tx), !srcloc !0
  ret void
}

; The update: pending arrivals, tx-count and expected count change in one
; compare-and-swap; when arrivals and tx-count are then both zero (and the
; update may complete), the next phase starts in the same swap: the pending
; count back to the expected count, the parity flipped.
; CHECK-LABEL: define internal i64 @__rubicon_mbarrier.update.p3(
; CHECK: load atomic i64, ptr addrspace(3) %0 syncscope("workgroup") monotonic
; CHECK: [[OLD:%.*]] = phi i64
; CHECK: [[P0:%.*]] = and i64 [[OLD]], 2097151
; CHECK: [[P1:%.*]] = sub i64 [[P0]], %1
; CHECK: [[P:%.*]] = and i64 [[P1]], 2097151
; CHECK: [[T0:%.*]] = lshr i64 [[OLD]], 21
; CHECK: [[T1:%.*]] = and i64 [[T0]], 2097151
; CHECK: [[T2:%.*]] = add i64 [[T1]], %2
; CHECK: [[T:%.*]] = and i64 [[T2]], 2097151
; CHECK: [[E0:%.*]] = lshr i64 [[OLD]], 42
; CHECK: [[BOTH:%.*]] = or i64 [[P]], [[T]]
; CHECK: [[ZERO:%.*]] = icmp eq i64 [[BOTH]], 0
; CHECK: [[LAST:%.*]] = and i1 %4, [[ZERO]]
; CHECK: [[FLIP:%.*]] = xor i64 {{.*}}, -9223372036854775808
; CHECK: [[NEXT:%.*]] = select i1 [[LAST]], i64 {{.*}}, i64
; CHECK: cmpxchg ptr addrspace(3) %0, i64 [[OLD]], i64 [[NEXT]] syncscope("workgroup") acq_rel monotonic
; CHECK-LABEL: define internal i1 @__rubicon_mbarrier.try_wait.p3(
; CHECK: load atomic i64, ptr addrspace(3) %0 syncscope("workgroup") acquire
; CHECK: call void @llvm.nvvm.nanosleep(i32 32)

!0 = !{i64 1}
