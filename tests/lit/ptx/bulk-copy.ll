; cp.async.bulk (sm_90's bulk copies, libcu++'s cuda::memcpy_async with a
; block-scope barrier): the copy completes at once, a memcpy then the
; complete-tx of its size on the mbarrier (tests/lit/ptx/mbarrier.ll); bulk
; groups are complete once issued; prefetch is a hint; fence.proxy.async has
; no other proxy to order against. A cluster is one block.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck --check-prefix=ERR %s
; RUN: FileCheck %s < %t.ll

target datalayout = "e-p3:32:32-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define void @global_to_shared(
; CHECK: [[D:%.*]] = inttoptr i32 %dst to ptr addrspace(3)
; CHECK: [[S:%.*]] = inttoptr i64 %src to ptr addrspace(1)
; CHECK: [[B:%.*]] = inttoptr i32 %bar to ptr addrspace(3)
; CHECK: call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 16 [[D]], ptr addrspace(1) align 16 [[S]], i32 %size, i1 false)
; CHECK: [[N:%.*]] = zext i32 %size to i64
; CHECK: [[TX:%.*]] = sub i64 0, [[N]]
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) [[B]], i64 0, i64 [[TX]], i1 false, i1 true)
define void @global_to_shared(i32 %dst, i64 %src, i32 %size, i32 %bar) {
  call void asm sideeffect "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];", "r,l,r,r"(i32 %dst, i64 %src, i32 %size, i32 %bar), !srcloc !0
  ret void
}

; The PTX 8.0 spelling (.shared::cluster), a cache hint, a multicast: the
; block (rank 0) receives the copy when bit 0 of the mask is set.
; CHECK-LABEL: define void @multicast(
; CHECK: [[R0:%.*]] = trunc i16 %mask to i1
; CHECK: [[SIZE:%.*]] = select i1 [[R0]], i32 %size, i32 0
; CHECK: call void @llvm.memcpy.p3.p1.i32(ptr addrspace(3) align 16 {{.*}}, ptr addrspace(1) align 16 {{.*}}, i32 [[SIZE]], i1 false)
; CHECK: [[N:%.*]] = zext i32 [[SIZE]] to i64
; CHECK: [[TX:%.*]] = sub i64 0, [[N]]
; CHECK: call i64 @__rubicon_mbarrier.update.p3(ptr addrspace(3) {{.*}}, i64 0, i64 [[TX]], i1 false, i1 true)
define void @multicast(i32 %dst, i64 %src, i32 %size, i32 %bar, i16 %mask, i64 %policy) {
  call void asm sideeffect "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster.L2::cache_hint [$0], [$1], $2, [$3], $4, $5;", "r,l,r,r,h,l"(i32 %dst, i64 %src, i32 %size, i32 %bar, i16 %mask, i64 %policy), !srcloc !0
  ret void
}

; CHECK-LABEL: define void @shared_to_cluster(
; CHECK: call void @llvm.memcpy.p3.p3.i32(ptr addrspace(3) align 16 {{.*}}, ptr addrspace(3) align 16 {{.*}}, i32 %size, i1 false)
; CHECK: call i64 @__rubicon_mbarrier.update.p3(
define void @shared_to_cluster(i32 %dst, i32 %src, i32 %size, i32 %bar) {
  call void asm sideeffect "cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];", "r,r,r,r"(i32 %dst, i32 %src, i32 %size, i32 %bar), !srcloc !0
  ret void
}

; To global memory in a bulk group: commit and wait do nothing.
; CHECK-LABEL: define void @shared_to_global(
; CHECK: call void @llvm.memcpy.p1.p3.i32(ptr addrspace(1) align 16 {{.*}}, ptr addrspace(3) align 16 {{.*}}, i32 %size, i1 false)
; CHECK-NEXT: ret void
define void @shared_to_global(i64 %dst, i32 %src, i32 %size, i64 %policy) {
  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [$0], [$1], $2, $3;", "l,r,r,l"(i64 %dst, i32 %src, i32 %size, i64 %policy), !srcloc !0
  call void asm sideeffect "cp.async.bulk.commit_group;", ""(), !srcloc !0
  call void asm sideeffect "cp.async.bulk.wait_group.read 0;", ""(), !srcloc !0
  call void asm sideeffect "cp.async.bulk.wait_group 1;", ""(), !srcloc !0
  ret void
}

; .cp_mask: byte i of each 16 is copied when bit i of the mask is set.
; CHECK-LABEL: define void @byte_mask(
; CHECK: [[M:%.*]] = zext i16 %mask to i32
; CHECK: call void @__rubicon_bulk_copy.masked(ptr addrspace(1) {{.*}}, ptr addrspace(3) {{.*}}, i32 %size, i32 [[M]])
define void @byte_mask(i64 %dst, i32 %src, i32 %size, i16 %mask) {
  call void asm sideeffect "cp.async.bulk.global.shared::cta.bulk_group.cp_mask [$0], [$1], $2, $3;", "l,r,r,h"(i64 %dst, i32 %src, i32 %size, i16 %mask), !srcloc !0
  ret void
}

; A guard predicate: the copy and its complete-tx are conditional.
; CHECK-LABEL: define void @guarded(
; CHECK: br i1 {{.*}}, label %[[THEN:.*]], label
; CHECK: [[THEN]]:
; CHECK: call void @llvm.memcpy.p3.p1.i32(
; CHECK: call i64 @__rubicon_mbarrier.update.p3(
define void @guarded(i32 %dst, i64 %src, i32 %size, i32 %bar, i32 %go) {
  call void asm sideeffect "{\0A\09.reg .pred p;\0A\09setp.ne.u32 p, $4, 0;\0A\09@p cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [$0], [$1], $2, [$3];\0A\09}", "r,l,r,r,r"(i32 %dst, i64 %src, i32 %size, i32 %bar, i32 %go), !srcloc !0
  ret void
}

; Hints and fences with nothing to order here.
; CHECK-LABEL: define void @hints(
; CHECK-NEXT: inttoptr i64 %p to ptr addrspace(1)
; CHECK-NEXT: fence syncscope("workgroup") release
; CHECK-NEXT: ret void
define void @hints(i64 %p, i32 %size) {
  call void asm sideeffect "cp.async.bulk.prefetch.L2.global [$0], $1;", "l,r"(i64 %p, i32 %size), !srcloc !0
  call void asm sideeffect "fence.proxy.async.shared::cta;", ""(), !srcloc !0
  call void asm sideeffect "fence.proxy.async;", ""(), !srcloc !0
  call void asm sideeffect "fence.mbarrier_init.release.cluster;", ""(), !srcloc !0
  ret void
}

; ERR: error: {{.*}}a bulk copy to shared memory completes with '.mbarrier::complete_tx::bytes'
define void @no_completion(i32 %dst, i64 %src, i32 %size) {
  call void asm sideeffect "cp.async.bulk.shared::cta.global.bulk_group [$0], [$1], $2;", "r,l,r"(i32 %dst, i64 %src, i32 %size), !srcloc !0
  ret void
}

; ERR: error: {{.*}}'cp.async.bulk' copies global to .shared::cta or .shared::cluster, .shared::cta to .shared::cluster, or .shared::cta to global
define void @cluster_to_global(i64 %dst, i32 %src, i32 %size) {
  call void asm sideeffect "cp.async.bulk.global.shared::cluster.bulk_group [$0], [$1], $2;", "l,r,r"(i64 %dst, i32 %src, i32 %size), !srcloc !0
  ret void
}

; ERR: error: {{.*}}this form of 'cp.async.bulk' takes 4 operands
define void @no_mbarrier(i32 %dst, i64 %src, i32 %size) {
  call void asm sideeffect "cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [$0], [$1], $2;", "r,l,r"(i32 %dst, i64 %src, i32 %size), !srcloc !0
  ret void
}

; The byte-masked copy's helper.
; CHECK-LABEL: define internal void @__rubicon_bulk_copy.masked(
; CHECK: [[I:%.*]] = phi i32
; CHECK: [[LANE:%.*]] = and i32 [[I]], 15
; CHECK: [[BIT:%.*]] = lshr i32 %3, [[LANE]]
; CHECK: load i8, ptr addrspace(3)
; CHECK: store i8 {{.*}}, ptr addrspace(1)

!0 = !{i64 1}
