; ld, st, ldu, prefetch, cp.async and memory operands become loads and stores
; in the instruction's address space (NVPTX numbering: global 1, shared 3);
; .acquire/.release/.relaxed with a scope are atomic with its syncscope.
; RUN: rubicon-inline-ptx %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; Cache operators and eviction hints are accepted and change nothing.
; CHECK-LABEL: define i32 @ld_global(
; CHECK: [[P:%.*]] = inttoptr i64 %p to ptr addrspace(1)
; CHECK: [[Q:%.*]] = getelementptr i8, ptr addrspace(1) [[P]], i64 8
; CHECK: [[V:%.*]] = load i32, ptr addrspace(1) [[Q]], align 4
; CHECK: ret i32 [[V]]
define i32 @ld_global(i64 %p) {
  %r = call i32 asm "ld.global.nc.L1::no_allocate.u32 $0, [$1+8];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}

; Modifiers in the other order ptxas also accepts.
; CHECK-LABEL: define i32 @ld_order(
; CHECK: load i32, ptr addrspace(1) {{.*}}, align 4
define i32 @ld_order(i64 %p) {
  %r = call i32 asm "ld.cs.global.u32 $0, [$1];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define { float, float, float, float } @ld_v4(
; CHECK: [[V:%.*]] = load <4 x i32>, ptr addrspace(1) {{.*}}, align 16
; CHECK: extractelement <4 x i32> [[V]], i64 0
; CHECK: extractelement <4 x i32> [[V]], i64 3
define { float, float, float, float } @ld_v4(i64 %p) {
  %r = call { float, float, float, float } asm "ld.global.v4.f32 {$0, $1, $2, $3}, [$4];", "=f,=f,=f,=f,l"(i64 %p), !srcloc !0
  ret { float, float, float, float } %r
}

; A narrow load sign- or zero-extends into the register.
; CHECK-LABEL: define i32 @ld_s8(
; CHECK: [[B:%.*]] = load i8, ptr {{.*}}, align 1
; CHECK: sext i8 [[B]] to i32
define i32 @ld_s8(i64 %p) {
  %r = call i32 asm "ld.s8 $0, [$1];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}
; CHECK-LABEL: define i32 @ld_u16(
; CHECK: [[B:%.*]] = load i16, ptr {{.*}}, align 2
; CHECK: zext i16 [[B]] to i32
define i32 @ld_u16(i64 %p) {
  %r = call i32 asm "ld.u16 $0, [$1];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @ld_acquire(
; CHECK: load atomic i32, ptr addrspace(1) {{.*}} syncscope("agent") acquire, align 4
define i32 @ld_acquire(i64 %p) {
  %r = call i32 asm "ld.acquire.gpu.global.b32 $0, [$1];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}
; CHECK-LABEL: define i32 @ld_relaxed_cta(
; CHECK: load atomic i32, ptr addrspace(3) {{.*}} syncscope("workgroup") monotonic, align 4
define i32 @ld_relaxed_cta(i32 %p) {
  %r = call i32 asm "ld.relaxed.cta.shared.u32 $0, [$1];", "=r,r"(i32 %p), !srcloc !0
  ret i32 %r
}
; CHECK-LABEL: define i32 @ld_volatile(
; CHECK: load volatile i32, ptr
define i32 @ld_volatile(i64 %p) {
  %r = call i32 asm "ld.volatile.u32 $0, [$1];", "=r,l"(i64 %p), !srcloc !0
  ret i32 %r
}
; CHECK-LABEL: define i64 @ldu(
; CHECK: load i64, ptr addrspace(1)
define i64 @ldu(i64 %p) {
  %r = call i64 asm "ldu.global.u64 $0, [$1];", "=l,l"(i64 %p), !srcloc !0
  ret i64 %r
}

; A 32-bit shared address (from cvta.to.shared).
; CHECK-LABEL: define i32 @ld_shared(
; CHECK: inttoptr i64 {{.*}} to ptr addrspace(3)
; CHECK: load i32, ptr addrspace(3)
define i32 @ld_shared(i32 %p) {
  %r = call i32 asm "ld.shared.u32 $0, [$1];", "=r,r"(i32 %p), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define void @st_release(
; CHECK: store atomic i32 %v, ptr addrspace(1) {{.*}} release, align 4
define void @st_release(i64 %p, i32 %v) {
  call void asm sideeffect "st.release.sys.global.u32 [$0], $1;", "l,r"(i64 %p, i32 %v), !srcloc !0
  ret void
}

; CHECK-LABEL: define void @st_v2(
; CHECK: [[Q:%.*]] = getelementptr i8, ptr addrspace(1) {{.*}}, i64 16
; CHECK: [[A:%.*]] = insertelement <2 x i32> poison, i32 %a, i64 0
; CHECK: [[B:%.*]] = insertelement <2 x i32> [[A]], i32 7, i64 1
; CHECK: store <2 x i32> [[B]], ptr addrspace(1) [[Q]], align 8
define void @st_v2(i64 %p, i32 %a) {
  call void asm sideeffect "st.global.cs.v2.u32 [$0+16], {$1, 7};", "l,r"(i64 %p, i32 %a), !srcloc !0
  ret void
}

; A narrow store writes the register's low bits.
; CHECK-LABEL: define void @st_u8(
; CHECK: [[T:%.*]] = trunc i32 %v to i8
; CHECK: store i8 [[T]], ptr
define void @st_u8(i64 %p, i32 %v) {
  call void asm sideeffect "st.u8 [$0], $1;", "l,r"(i64 %p, i32 %v), !srcloc !0
  ret void
}

; Memory operands ("m", "=m", "+m") are generic addresses.
; CHECK-LABEL: define i32 @mem_operand(
; CHECK: getelementptr i8, ptr {{.*}}, i64 4
; CHECK: load i32, ptr
define i32 @mem_operand(ptr %p) {
  %r = call i32 asm sideeffect "ld.u32 $0, [$1+4];", "=r,*m"(ptr elementtype(i32) %p), !srcloc !0
  ret i32 %r
}
; CHECK-LABEL: define void @mem_output(
; CHECK: addrspacecast ptr {{.*}} to ptr addrspace(1)
; CHECK: store i32 %v, ptr addrspace(1)
define void @mem_output(ptr %p, i32 %v) {
  call void asm sideeffect "st.global.u32 [$0], $1;", "=*m,r"(ptr elementtype(i32) %p, i32 %v), !srcloc !0
  ret void
}

; A guarded access does not touch memory when its predicate is false.
; CHECK-LABEL: define i32 @guarded_ld(
; CHECK: br i1 {{.*}}, label %[[THEN:.*]], label %[[JOIN:.*]]
; CHECK: [[THEN]]:
; CHECK: [[V:%.*]] = load i32, ptr addrspace(1)
; CHECK: [[JOIN]]:
; CHECK: phi i32 [ [[V]], %[[THEN]] ], [ 5, %{{.*}} ]
define i32 @guarded_ld(i64 %p, i32 %c) {
  %r = call i32 asm "{ .reg .pred q; setp.ne.u32 q, $1, 0; mov.u32 $0, 5; @q ld.global.u32 $0, [$2]; }", "=r,r,l"(i32 %c, i64 %p), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define void @hints(
; CHECK-NEXT: ret void
define void @hints(i64 %p) {
  call void asm sideeffect "prefetch.global.L2 [$0]; prefetchu.L1 [$0]; discard.global.L2 [$0], 128;", "l"(i64 %p), !srcloc !0
  ret void
}

; cp.async copies at once (src-size bytes, zero fill to cp-size); the group
; instructions then have nothing to wait for.
; CHECK-LABEL: define void @cp_async(
; CHECK: call void @llvm.memcpy.p3.p1.i64(ptr addrspace(3) align 16 {{.*}}, ptr addrspace(1) align 16 {{.*}}, i64 16, i1 false)
; CHECK: [[N:%.*]] = call i32 @llvm.umin.i32(i32 %n, i32 8)
; CHECK: call void @llvm.memcpy.p3.p1.i32({{.*}}, i32 [[N]], i1 false)
; CHECK: [[REST:%.*]] = sub i32 8, [[N]]
; CHECK: call void @llvm.memset.p3.i32({{.*}}, i8 0, i32 [[REST]], i1 false)
; CHECK-NEXT: ret void
define void @cp_async(i32 %d, i64 %s, i32 %n) {
  call void asm sideeffect "cp.async.cg.shared.global [$0], [$1], 16; cp.async.ca.shared.global [$0], [$1], 8, $2; cp.async.commit_group; cp.async.wait_group 0; cp.async.wait_all;", "r,l,r"(i32 %d, i64 %s, i32 %n), !srcloc !0
  ret void
}

!0 = !{i64 1}
