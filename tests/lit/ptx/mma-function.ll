; Each PTX mma.sync becomes a call of a `__rubicon_mma.*` function, one per
; instruction, whose attribute "rubicon-matrix-op" names it and whose body
; is the generic product (shuffles and fma); rubicon-lower-matrix-ops
; inlines it where the target has no matrix path for it (here: all, with
; -rubicon-disable-matrix-cores) (docs/matrix-cores.md). The name is the PTX ISA's spelling
; (mma.sync.aligned, shape, layouts, other modifiers, types) whatever the
; order the modifiers were written in, and with or without `.aligned`.
; RUN: rubicon-inline-ptx %s | FileCheck %s
; RUN: rubicon-inline-ptx %s | rubicon-opt -passes=rubicon-lower-matrix-ops -rubicon-disable-matrix-cores -S | FileCheck --check-prefix=LOWERED --implicit-check-not=__rubicon_mma %s

; CHECK-LABEL: define {{.*}} @tf32(
; CHECK: call <4 x i32> @__rubicon_mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32(<4 x i32> %{{.*}}, <2 x i32> %{{.*}}, <4 x i32> %{{.*}})
; CHECK-LABEL: define {{.*}} @tf32_again(
; CHECK: call <4 x i32> @__rubicon_mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32(
; CHECK-LABEL: define {{.*}} @f64(
; CHECK: call <2 x i64> @__rubicon_mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64(<1 x i64> %{{.*}}, <1 x i64> %{{.*}}, <2 x i64> %{{.*}})
; CHECK-LABEL: define {{.*}} @s8(
; CHECK: call <4 x i32> @__rubicon_mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32(
; CHECK-LABEL: define {{.*}} @s8_again(
; CHECK: call <4 x i32> @__rubicon_mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32(
; CHECK: define internal <4 x i32> @__rubicon_mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32({{.*}}) [[ATTR:#[0-9]+]]
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(
; CHECK: call float @llvm.fma.f32(
; CHECK-NOT: define internal <4 x i32> @__rubicon_mma.sync.aligned.m16n8k8
; CHECK: define internal <4 x i32> @__rubicon_mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32(
; CHECK-NOT: define internal <4 x i32> @__rubicon_mma.sync.aligned.m16n8k32
; CHECK: attributes [[ATTR]] = { alwaysinline convergent nounwind "rubicon-matrix-op"="mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32" }
; LOWERED-LABEL: define {{.*}} @tf32(
; LOWERED: call float @llvm.fma.f32(
; LOWERED-LABEL: define {{.*}} @f64(
; LOWERED: call double @llvm.fma.f64(
; LOWERED-DAG: !{!"{{[a-z0-9]+}}: 'tf32': mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32: generic"}
; LOWERED-DAG: !{!"{{[a-z0-9]+}}: 'f64': mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: generic"}

define { float, float, float, float } @tf32(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } asm sideeffect "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {$0, $1, $2, $3}, {$4, $4, $4, $4}, {$5, $5}, {$6, $6, $6, $6};", "=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  ret { float, float, float, float } %r
}

define { float, float, float, float } @tf32_again(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float } asm sideeffect "mma.sync.m16n8k8.row.col.f32.tf32.tf32.f32 {$0, $1, $2, $3}, {$4, $4, $4, $4}, {$5, $5}, {$6, $6, $6, $6};", "=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  ret { float, float, float, float } %r
}

define { double, double } @f64(double %a, double %b, double %c) {
  %r = call { double, double } asm sideeffect "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $4};", "=d,=d,d,d,d"(double %a, double %b, double %c), !srcloc !0
  ret { double, double } %r
}

define { i32, i32, i32, i32 } @s8(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32 } asm sideeffect "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {$0, $1, $2, $3}, {$4, $4, $4, $4}, {$5, $5}, {$6, $6, $6, $6};", "=r,=r,=r,=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret { i32, i32, i32, i32 } %r
}

define { i32, i32, i32, i32 } @s8_again(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32 } asm sideeffect "mma.sync.aligned.m16n8k32.satfinite.row.col.s32.s8.s8.s32 {$0, $1, $2, $3}, {$4, $4, $4, $4}, {$5, $5}, {$6, $6, $6, $6};", "=r,=r,=r,=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret { i32, i32, i32, i32 } %r
}

!0 = !{i64 1}
