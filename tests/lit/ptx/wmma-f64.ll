; wmma with .f64 (m8n8k4) on Rubicon's fragment layout (docs/ptx.md,
; "wmma"): registers are 64-bit; A (8x4) and B (4x8) hold one element per
; lane, lane l: major l % 8, k = l / 8; C/D (8x8) two, lane l: row l % 8,
; columns 2 * (l / 8) + s. wmma.mma gathers A's row and B's columns with
; 32-bit shuffles (two per f64) and accumulates with fma in f64, k ascending.
; RUN: rubicon-inline-ptx %s | FileCheck --check-prefix=CALL %s
; RUN: rubicon-inline-ptx %s | rubicon-opt -passes=rubicon-lower-matrix-ops -rubicon-disable-matrix-cores -S | FileCheck %s
; RUN: not rubicon-inline-ptx %S/Inputs/wmma-f64-errors.ll 2>&1 | FileCheck --check-prefix=ERR %s

; CALL-LABEL: define {{.*}} @load_a_col(
; CALL: call <1 x i64> @__rubicon_wmma.load.a.m8n8k4.col.f64(ptr %{{.*}}, i32 %ld)
; CALL-LABEL: define {{.*}} @store_d_row(
; CALL: call void @__rubicon_wmma.store.d.m8n8k4.row.f64.global(ptr addrspace(1) %{{.*}}, <2 x i64> %{{.*}}, i32 8)
; CALL-LABEL: define {{.*}} @mma_f64(
; CALL: call <2 x i64> @__rubicon_wmma.mma.m8n8k4.f64.f64.f64.f64(<1 x i64> %{{.*}}, <1 x i64> %{{.*}}, <2 x i64> %{{.*}})
; CALL: define internal <2 x i64> @__rubicon_wmma.mma.m8n8k4.f64.f64.f64.f64({{.*}}) [[MMA:#[0-9]+]]
; CALL: attributes [[MMA]] = { alwaysinline convergent nounwind "rubicon-wmma-op"="mma" "rubicon-wmma-shape"="m8n8k4" "rubicon-wmma-types"="f64.f64.f64.f64" }
; CHECK-NOT: __rubicon_wmma

; A (8x4, column-major, stride %ld): lane l loads row l % 8, k = l / 8, at
; k * stride + row, eight bytes.
; CHECK-LABEL: define {{.*}} @load_a_col(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[ROW:%.*]] = and i32 [[LANE]], 7
; CHECK: [[Q:%.*]] = lshr i32 [[LANE]], 3
; CHECK: [[K:%.*]] = and i32 [[Q]], 3
; CHECK: [[ROW64:%.*]] = zext i32 [[ROW]] to i64
; CHECK: [[K64:%.*]] = zext i32 [[K]] to i64
; CHECK: [[KS:%.*]] = mul i64 [[K64]], [[LD:%.*]]
; CHECK: [[I:%.*]] = add i64 [[KS]], [[ROW64]]
; CHECK: mul i64 [[I]], 8
; CHECK: load i64, ptr {{.*}}, align 8
; CHECK-NOT: load
; CHECK: ret
define double @load_a_col(ptr %p, i32 %ld) {
  %r = call double asm sideeffect "wmma.load.a.sync.aligned.col.m8n8k4.f64 {$0}, [$1], $2;", "=d,l,r"(ptr %p, i32 %ld), !srcloc !0
  ret double %r
}

; D (8x8) stored row-major: lane l writes row l % 8, columns 2 * (l / 8)
; and 2 * (l / 8) + 1.
; CHECK-LABEL: define void @store_d_row(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: and i32 [[LANE]], 7
; CHECK: [[Q:%.*]] = lshr i32 [[LANE]], 3
; CHECK: [[QQ:%.*]] = and i32 [[Q]], 3
; CHECK: shl i32 [[QQ]], 1
; CHECK: store i64 {{.*}}, ptr addrspace(1) {{.*}}, align 8
; CHECK: store i64 {{.*}}, ptr addrspace(1) {{.*}}, align 8
; CHECK-NOT: store
define void @store_d_row(ptr addrspace(1) %p, double %x, double %y) {
  call void asm sideeffect "wmma.store.d.sync.aligned.row.m8n8k4.global.f64 [$0], {$1, $2};", "l,d,d"(ptr addrspace(1) %p, double %x, double %y), !srcloc !0
  ret void
}

; Lane l: A row l % 8 from lanes l % 8 + 8q, B columns 2 * (l / 8) + j from
; lanes 2 * (l / 8) + j + 8q (q = 0..3): 4 + 8 f64 values, 24 shuffles;
; 2 x 4 fma in f64. .rn is the default rounding.
; CHECK-LABEL: define {{.*}} @mma_f64(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[ROW:%.*]] = and i32 [[LANE]], 7
; CHECK: [[Q:%.*]] = lshr i32 [[LANE]], 3
; CHECK: [[FIRST:%.*]] = shl i32 [[Q]], 1
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 {{.*}}, i32 {{.*}}, i32 [[ROW]], i32 31)
; CHECK-COUNT-23: call i32 @llvm.nvvm.shfl.sync.idx.i32(
; CHECK-NOT: shfl.sync
; CHECK-COUNT-8: call double @llvm.fma.f64(
; CHECK-NOT: fma
; CHECK: ret
define { double, double } @mma_f64(double %a, double %b, double %c0, double %c1) {
  %r = call { double, double } asm sideeffect "wmma.mma.sync.aligned.col.row.m8n8k4.rn.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $5};", "=d,=d,d,d,d,d"(double %a, double %b, double %c0, double %c1), !srcloc !0
  ret { double, double } %r
}

; ERR: error: {{.*}}'wmma.mma' with '.rz': only '.rn' (the default) is supported
; ERR: error: {{.*}}'.satfinite' is not defined for '.f64' wmma.mma
; ERR: error: {{.*}}not a 'wmma.mma' the PTX ISA defines
; ERR: error: {{.*}}not a 'wmma.load.a' the PTX ISA defines
; ERR: error: {{.*}}a rounding modifier needs '.f64' wmma.mma

!0 = !{i64 1}
