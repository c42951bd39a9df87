; atom and red become atomicrmw / cmpxchg with the PTX ordering (default
; .relaxed -> monotonic) and scope (.cta -> "workgroup", .gpu and default ->
; "agent", .sys -> system); .inc/.dec keep CUDA's wrap-around semantics.
; RUN: rubicon-inline-ptx %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define i32 @add_global(
; CHECK: atomicrmw add ptr addrspace(1) {{.*}}, i32 %v syncscope("agent") monotonic, align 4
define i32 @add_global(i64 %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.global.add.u32 $0, [$1], $2;", "=r,l,r"(i64 %p, i32 %v), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @cas(
; CHECK: [[X:%.*]] = cmpxchg ptr addrspace(3) {{.*}}, i32 %a, i32 %b syncscope("workgroup") acq_rel acquire, align 4
; CHECK: extractvalue { i32, i1 } [[X]], 0
define i32 @cas(i64 %p, i32 %a, i32 %b) {
  %r = call i32 asm sideeffect "atom.acq_rel.cta.shared.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r"(i64 %p, i32 %a, i32 %b), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i64 @cas64(
; CHECK: cmpxchg ptr {{.*}}, i64 %a, i64 %b syncscope("agent") monotonic monotonic, align 8
define i64 @cas64(i64 %p, i64 %a, i64 %b) {
  %r = call i64 asm sideeffect "atom.cas.b64 $0, [$1], $2, $3;", "=l,l,l,l"(i64 %p, i64 %a, i64 %b), !srcloc !0
  ret i64 %r
}

; CHECK-LABEL: define float @fadd_sys(
; CHECK: atomicrmw fadd ptr addrspace(1) {{.*}}, float {{.*}} monotonic, align 4
define float @fadd_sys(i64 %p, float %v) {
  %r = call float asm sideeffect "atom.sys.global.add.f32 $0, [$1], $2;", "=f,l,f"(i64 %p, float %v), !srcloc !0
  ret float %r
}

; CHECK-LABEL: define double @fadd64(
; CHECK: atomicrmw fadd ptr {{.*}}, double {{.*}} syncscope("agent") monotonic, align 8
define double @fadd64(i64 %p, double %v) {
  %r = call double asm sideeffect "atom.add.f64 $0, [$1], $2;", "=d,l,d"(i64 %p, double %v), !srcloc !0
  ret double %r
}

; Signedness picks min/max or umin/umax.
; CHECK-LABEL: define i64 @minmax(
; CHECK: atomicrmw min ptr {{.*}}, i64 %v syncscope("agent") monotonic, align 8
; CHECK: atomicrmw umax ptr {{.*}}, i64 %v syncscope("agent") monotonic, align 8
define i64 @minmax(i64 %p, i64 %v) {
  %r = call i64 asm sideeffect "atom.min.s64 $0, [$1], $2; atom.max.u64 $0, [$1], $2;", "=l,l,l"(i64 %p, i64 %v), !srcloc !0
  ret i64 %r
}

; CHECK-LABEL: define i32 @bitwise(
; CHECK: atomicrmw and ptr
; CHECK: atomicrmw or ptr
; CHECK: atomicrmw xor ptr
define i32 @bitwise(i64 %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.and.b32 $0, [$1], $2; atom.or.b32 $0, [$1], $2; atom.xor.b32 $0, [$1], $2;", "=r,l,r"(i64 %p, i32 %v), !srcloc !0
  ret i32 %r
}

; inc: old >= b ? 0 : old + 1; dec: old == 0 || old > b ? b : old - 1.
; CHECK-LABEL: define i32 @inc_dec(
; CHECK: atomicrmw uinc_wrap ptr {{.*}}, i32 %v syncscope("agent") monotonic, align 4
; CHECK: atomicrmw udec_wrap ptr {{.*}}, i32 %v syncscope("agent") monotonic, align 4
define i32 @inc_dec(i64 %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.inc.u32 $0, [$1], $2; atom.dec.u32 $0, [$1], $2;", "=r,l,r"(i64 %p, i32 %v), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define double @exch(
; CHECK: atomicrmw xchg ptr {{.*}}, i64 {{.*}} syncscope("agent") monotonic, align 8
define double @exch(i64 %p, double %v) {
  %r = call double asm sideeffect "atom.exch.b64 $0, [$1], $2;", "=d,l,d"(i64 %p, double %v), !srcloc !0
  ret double %r
}

; red has no result; a memory operand is a generic address.
; CHECK-LABEL: define void @red(
; CHECK: addrspacecast ptr {{.*}} to ptr addrspace(1)
; CHECK: atomicrmw udec_wrap ptr addrspace(1) {{.*}}, i32 %v syncscope("agent") release, align 4
; CHECK: atomicrmw add ptr {{.*}}, i32 %v syncscope("workgroup") monotonic, align 4
; CHECK-NEXT: ret void
define void @red(ptr %p, i32 %v) {
  call void asm sideeffect "red.release.gpu.global.dec.u32 [$0], $1; red.relaxed.cta.add.s32 [$0], $1;", "*m,r"(ptr elementtype(i32) %p, i32 %v), !srcloc !0
  ret void
}

; A guarded atomic does not execute when its predicate is false.
; CHECK-LABEL: define void @guarded_red(
; CHECK: br i1 {{.*}}, label %[[THEN:.*]], label
; CHECK: [[THEN]]:
; CHECK-NEXT: inttoptr
; CHECK-NEXT: atomicrmw add
define void @guarded_red(i64 %p, i32 %v) {
  call void asm sideeffect "{ .reg .pred q; setp.gt.s32 q, $1, 0; @q red.global.add.u32 [$0], $1; }", "l,r"(i64 %p, i32 %v), !srcloc !0
  ret void
}

!0 = !{i64 1}

; Packed halves: one 32-bit atomic on <2 x half> / <2 x bfloat>; .noftz
; (no flush) is what LLVM's fadd does anyway.
; CHECK-LABEL: define i32 @add_f16x2(
; CHECK: [[V:%.*]] = bitcast i32 %v to <2 x half>
; CHECK: [[OLD:%.*]] = atomicrmw fadd ptr addrspace(1) {{.*}}, <2 x half> [[V]] syncscope("agent") monotonic, align 4
; CHECK: bitcast <2 x half> [[OLD]] to i32
define i32 @add_f16x2(i64 %p, i32 %v) {
  %r = call i32 asm sideeffect "atom.global.add.noftz.f16x2 $0, [$1], $2;", "=r,l,r"(i64 %p, i32 %v), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define void @red_bf16x2(
; CHECK: [[V:%.*]] = bitcast i32 %v to <2 x bfloat>
; CHECK: atomicrmw fadd ptr addrspace(3) {{.*}}, <2 x bfloat> [[V]] syncscope("workgroup") monotonic, align 4
define void @red_bf16x2(i64 %p, i32 %v) {
  call void asm sideeffect "red.shared.cta.add.noftz.bf16x2 [$0], $1;", "l,r"(i64 %p, i32 %v), !srcloc !0
  ret void
}

; CHECK-LABEL: define i16 @add_f16(
; CHECK: atomicrmw fadd ptr {{.*}}, half {{%.*}} syncscope("agent") monotonic, align 2
define i16 @add_f16(i64 %p, i16 %v) {
  %r = call i16 asm sideeffect "atom.add.noftz.f16 $0, [$1], $2;", "=h,l,h"(i64 %p, i16 %v), !srcloc !0
  ret i16 %r
}
