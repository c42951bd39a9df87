; A vector ld/st with a memory order (.relaxed, .acquire, .release and a
; scope), as CUB's decoupled look-back uses to publish a tile's status and
; value together: up to 64 bits it is one atomic access of the whole vector
; as an integer; wider, one volatile vector access ordered by a fence.
; RUN: rubicon-inline-ptx %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define void @st_relaxed_v2_u32(
; CHECK: [[A:%.*]] = insertelement <2 x i32> poison, i32 %a, i64 0
; CHECK: [[B:%.*]] = insertelement <2 x i32> [[A]], i32 %b, i64 1
; CHECK: [[W:%.*]] = bitcast <2 x i32> [[B]] to i64
; CHECK: store atomic i64 [[W]], ptr {{.*}} syncscope("agent") monotonic, align 8
define void @st_relaxed_v2_u32(i64 %p, i32 %a, i32 %b) {
  call void asm sideeffect "st.relaxed.gpu.v2.u32 [$0], {$1, $2};", "l,r,r"(i64 %p, i32 %a, i32 %b), !srcloc !0
  ret void
}

; CHECK-LABEL: define { i32, i32 } @ld_acquire_v2_u32(
; CHECK: [[W:%.*]] = load atomic i64, ptr {{.*}} syncscope("agent") acquire, align 8
; CHECK: [[V:%.*]] = bitcast i64 [[W]] to <2 x i32>
; CHECK: extractelement <2 x i32> [[V]], i64 0
; CHECK: extractelement <2 x i32> [[V]], i64 1
define { i32, i32 } @ld_acquire_v2_u32(i64 %p) {
  %r = call { i32, i32 } asm sideeffect "ld.acquire.gpu.v2.u32 {$0, $1}, [$2];", "=r,=r,l"(i64 %p), !srcloc !0
  ret { i32, i32 } %r
}

; CHECK-LABEL: define void @st_relaxed_v4_u16(
; CHECK: store atomic i64 {{.*}} syncscope("workgroup") monotonic, align 8
define void @st_relaxed_v4_u16(i64 %p, i16 %a) {
  call void asm sideeffect "st.relaxed.cta.v4.u16 [$0], {$1, $1, $1, $1};", "l,h"(i64 %p, i16 %a), !srcloc !0
  ret void
}

; 128 bits: a fence, then one volatile vector store.
; CHECK-LABEL: define void @st_release_v4_u32(
; CHECK: fence syncscope("agent") release
; CHECK-NEXT: store volatile <4 x i32> {{.*}}, align 16
; CHECK-NOT: fence
; CHECK: ret void
define void @st_release_v4_u32(i64 %p, i32 %a) {
  call void asm sideeffect "st.release.gpu.v4.u32 [$0], {$1, $1, $1, $1};", "l,r"(i64 %p, i32 %a), !srcloc !0
  ret void
}

; CHECK-LABEL: define { i64, i64 } @ld_acquire_v2_u64(
; CHECK-NOT: fence
; CHECK: load volatile <2 x i64>, ptr {{.*}}, align 16
; CHECK-NEXT: fence syncscope("agent") acquire
define { i64, i64 } @ld_acquire_v2_u64(i64 %p) {
  %r = call { i64, i64 } asm sideeffect "ld.acquire.gpu.v2.u64 {$0, $1}, [$2];", "=l,=l,l"(i64 %p), !srcloc !0
  ret { i64, i64 } %r
}

; .relaxed needs no fence.
; CHECK-LABEL: define { i64, i64 } @ld_relaxed_v2_u64(
; CHECK-NOT: fence
; CHECK: load volatile <2 x i64>
; CHECK-NOT: fence
; CHECK: ret
define { i64, i64 } @ld_relaxed_v2_u64(i64 %p) {
  %r = call { i64, i64 } asm sideeffect "ld.relaxed.gpu.v2.u64 {$0, $1}, [$2];", "=l,=l,l"(i64 %p), !srcloc !0
  ret { i64, i64 } %r
}

!0 = !{i64 1}
