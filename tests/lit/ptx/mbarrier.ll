; PTX's mbarrier (libcu++'s cuda::barrier<thread_scope_block> from sm_80 on):
; a 64-bit word laid out as cuda_awbarrier_primitives.h lays it out (pending
; count in bits 0-30, expected count in bits 32-62, the phase's parity in bit
; 63). An arrival is an atomic subtraction in a helper, the last one of a
; phase adds the next phase's count and flips the parity; a wait tests the
; phase's parity; try_wait sleeps once (the host target's fibers yield).
; The tensor memory accelerator's transaction counts have no equivalent.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck --check-prefix=ERR %s
; RUN: FileCheck %s < %t.ll

target datalayout = "e-p3:32:32-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define void @init(
; CHECK: [[C:%.*]] = and i64 {{.*}}, 2147483647
; CHECK: [[H:%.*]] = shl i64 [[C]], 32
; CHECK: [[W:%.*]] = or i64 [[C]], [[H]]
; CHECK: store atomic i64 [[W]], ptr addrspace(3) {{.*}} syncscope("workgroup") monotonic, align 8
define void @init(i32 %bar, i32 %count) {
  call void asm sideeffect "mbarrier.init.shared.b64 [$0], $1;", "r,r"(i32 %bar, i32 %count), !srcloc !0
  ret void
}

; CHECK-LABEL: define i64 @arrive(
; CHECK: call i64 @__rubicon_mbarrier.arrive.p3(ptr addrspace(3) {{.*}}, i64 1, i1 false, i1 true)
define i64 @arrive(i32 %bar) {
  %t = call i64 asm sideeffect "mbarrier.arrive.shared.b64 $0, [$1];", "=l,r"(i32 %bar), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define i64 @arrive_release_count(
; CHECK: [[N:%.*]] = zext i32 %n to i64
; CHECK: call i64 @__rubicon_mbarrier.arrive.p3(ptr addrspace(3) {{.*}}, i64 [[N]], i1 false, i1 true)
define i64 @arrive_release_count(i32 %bar, i32 %n) {
  %t = call i64 asm sideeffect "mbarrier.arrive.release.cta.shared::cta.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %n), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define i64 @arrive_no_complete(
; CHECK: call i64 @__rubicon_mbarrier.arrive.p3(ptr addrspace(3) {{.*}}, i64 {{.*}}, i1 false, i1 false)
define i64 @arrive_no_complete(i32 %bar, i32 %n) {
  %t = call i64 asm sideeffect "mbarrier.arrive.noComplete.shared.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %n), !srcloc !0
  ret i64 %t
}

; CHECK-LABEL: define void @arrive_drop(
; CHECK: call i64 @__rubicon_mbarrier.arrive.p3(ptr addrspace(3) {{.*}}, i64 1, i1 true, i1 true)
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
; CHECK: call i64 @__rubicon_mbarrier.arrive.p3(ptr addrspace(3) {{.*}}, i64 1, i1 false, i1 true)
define void @cp_async_arrive_noinc(i32 %bar) {
  call void asm sideeffect "cp.async.mbarrier.arrive.noinc.shared::cta.b64 [$0];", "r"(i32 %bar), !srcloc !0
  ret void
}

; CHECK-LABEL: define i32 @pending_count(
; CHECK: [[C:%.*]] = and i64 %token, 2147483647
; CHECK: trunc i64 [[C]] to i32
define i32 @pending_count(i64 %token) {
  %r = call i32 asm "mbarrier.pending_count.b64 $0, $1;", "=r,l"(i64 %token), !srcloc !0
  ret i32 %r
}

; ERR: error: {{.*}}unsupported PTX instruction 'mbarrier.arrive.expect_tx.release.cta.shared::cta.b64'
define i64 @arrive_expect_tx(i32 %bar, i32 %tx) {
  %t = call i64 asm sideeffect "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64 $0, [$1], $2;", "=l,r,r"(i32 %bar, i32 %tx), !srcloc !0
  ret i64 %t
}

; The arrival: a new phase (parity flipped, pending count reset to the
; expected count) when it is the last one; release and acquire.
; CHECK-LABEL: define internal i64 @__rubicon_mbarrier.arrive.p3(
; CHECK: atomicrmw sub ptr addrspace(3) %0, i64 {{.*}} syncscope("workgroup") acq_rel
; CHECK: icmp ule i64
; CHECK: [[N:%.*]] = or i64 {{.*}}, -9223372036854775808
; CHECK: atomicrmw add ptr addrspace(3) %0, i64 [[N]] syncscope("workgroup") release
; CHECK-LABEL: define internal i1 @__rubicon_mbarrier.try_wait.p3(
; CHECK: load atomic i64, ptr addrspace(3) %0 syncscope("workgroup") acquire
; CHECK: call void @llvm.nvvm.nanosleep(i32 32)

!0 = !{i64 1}
