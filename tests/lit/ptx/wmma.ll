; wmma.load / wmma.mma / wmma.store on Rubicon's fragment layout (docs/ptx.md,
; "wmma"): slot s of lane l holds major index l % Major and minor index
; S * ((l / Major) % (Minor / S)) + s; loads and stores compute each
; element's address from the stride, wmma.mma gathers B's columns with
; shfl.sync.idx and accumulates with fma.
; Each operation is a call of a `__rubicon_wmma.*` function whose body is
; that IR and whose attributes name the operation; rubicon-lower-matrix-ops
; inlines it on targets without a matrix path for it (here every operation,
; -rubicon-disable-matrix-cores) or replaces it (docs/matrix-cores.md).
; RUN: rubicon-inline-ptx %s | FileCheck --check-prefix=CALL %s
; RUN: rubicon-inline-ptx %s | rubicon-opt -passes=rubicon-lower-matrix-ops -rubicon-disable-matrix-cores -S | FileCheck %s

; CALL-LABEL: define {{.*}} @load_a_row(
; CALL: call <8 x i32> @__rubicon_wmma.load.a.m16n16k16.row.f16.global(ptr addrspace(1) %{{.*}}, i32 %ld)
; CALL-LABEL: define {{.*}} @load_b_col_s8(
; CALL: call <2 x i32> @__rubicon_wmma.load.b.m16n16k16.col.s8(ptr %{{.*}}, i32 16)
; CALL-LABEL: define void @store_d_col_shared(
; CALL: call void @__rubicon_wmma.store.d.m16n16k16.col.f32.shared(ptr addrspace(3) %{{.*}}, <8 x i32> %{{.*}}, i32 %ld)
; CALL-LABEL: define {{.*}} @mma_f32_f32(
; CALL: call <8 x i32> @__rubicon_wmma.mma.m16n16k16.f32.f16.f16.f32(<8 x i32> %{{.*}}, <8 x i32> %{{.*}}, <8 x i32> %{{.*}})
; CALL-LABEL: define {{.*}} @mma_s8_satfinite(
; CALL: call <8 x i32> @__rubicon_wmma.mma.m16n16k16.s32.s8.u8.s32.satfinite(<2 x i32>
; CALL: define internal <8 x i32> @__rubicon_wmma.load.a.m16n16k16.row.f16.global(ptr addrspace(1) %0, i32 %1) [[LOADA:#[0-9]+]]
; CALL: define internal <8 x i32> @__rubicon_wmma.mma.m16n16k16.s32.s8.u8.s32.satfinite({{.*}}) [[MMA:#[0-9]+]]
; CALL: attributes [[LOADA]] = { alwaysinline convergent nounwind "rubicon-wmma-layout"="row" "rubicon-wmma-op"="load.a" "rubicon-wmma-shape"="m16n16k16" "rubicon-wmma-types"="f16" }
; CALL: attributes [[MMA]] = { alwaysinline convergent nounwind "rubicon-wmma-op"="mma" "rubicon-wmma-satfinite" "rubicon-wmma-shape"="m16n16k16" "rubicon-wmma-types"="s32.s8.u8.s32" }
; CHECK-NOT: __rubicon_wmma

; A (16x16 f16, row-major, stride $9): lane l loads row l % 16, columns 0..15
; (16 slots: f16 A is eight f16x2 registers), two halves per register.
; CHECK-LABEL: define {{.*}} @load_a_row(
; CHECK: [[BASE:%.*]] = inttoptr i64 {{.*}} to ptr addrspace(1)
; CHECK: [[LD:%.*]] = zext i32 %ld to i64
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[ROW:%.*]] = and i32 [[LANE]], 15
; CHECK: [[ROW64:%.*]] = zext i32 [[ROW]] to i64
; CHECK: [[RS:%.*]] = mul i64 [[ROW64]], [[LD]]
; CHECK: [[BYTES:%.*]] = mul i64 [[RS]], 2
; CHECK: getelementptr i8, ptr addrspace(1) [[BASE]], i64 [[BYTES]]
; CHECK: load i16, ptr addrspace(1) {{.*}}, align 2
; CHECK-COUNT-15: load i16, ptr addrspace(1)
; CHECK-NOT: load
; CHECK: ret
define { i32, i32, i32, i32, i32, i32, i32, i32 } @load_a_row(ptr %p, i32 %ld) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm sideeffect "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {$0, $1, $2, $3, $4, $5, $6, $7}, [$8], $9;", "=r,=r,=r,=r,=r,=r,=r,=r,l,r"(ptr %p, i32 %ld), !srcloc !0
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

; B (16x16 s8, column-major, default stride 16): lane l holds column l % 16,
; k = 8 * (l / 16) .. +7, at column * stride + k.
; CHECK-LABEL: define {{.*}} @load_b_col_s8(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[COL:%.*]] = and i32 [[LANE]], 15
; CHECK: [[HALF:%.*]] = lshr i32 [[LANE]], 4
; CHECK: [[CHUNK:%.*]] = and i32 [[HALF]], 1
; CHECK: [[K0:%.*]] = shl i32 [[CHUNK]], 3
; CHECK: [[COL64:%.*]] = zext i32 [[COL]] to i64
; CHECK: [[K064:%.*]] = zext i32 [[K0]] to i64
; CHECK: [[CS:%.*]] = mul i64 [[COL64]], 16
; CHECK: add i64 [[CS]], [[K064]]
; CHECK: load i8, ptr {{.*}}, align 1
; CHECK-COUNT-7: load i8, ptr
; CHECK-NOT: load
define { i32, i32 } @load_b_col_s8(ptr %p) {
  %r = call { i32, i32 } asm sideeffect "wmma.load.b.sync.aligned.col.m16n16k16.s8 {$0, $1}, [$2];", "=r,=r,l"(ptr %p), !srcloc !0
  ret { i32, i32 } %r
}

; D (f32) stored column-major to shared memory: lane l writes row l % 16,
; columns 8 * (l / 16) .. +7.
; CHECK-LABEL: define void @store_d_col_shared(
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: and i32 [[LANE]], 15
; CHECK: lshr i32 [[LANE]], 4
; CHECK: store i32 {{.*}}, ptr addrspace(3) {{.*}}, align 4
; CHECK-COUNT-7: store i32 {{.*}}, ptr addrspace(3)
define void @store_d_col_shared(i32 %p, i32 %x, i32 %ld) {
  call void asm sideeffect "wmma.store.d.sync.aligned.col.m16n16k16.shared.f32 [$0], {$1, $1, $1, $1, $1, $1, $1, $1}, $2;", "r,r,r"(i32 %p, i32 %x, i32 %ld), !srcloc !0
  ret void
}

; f16 x f16 + f32: A's row is the lane's own (no shuffle); eight columns of
; B, eight registers each, come from lanes 8 * (l / 16) + j; 8 x 16 fma in
; f32, k ascending.
; CHECK-LABEL: define {{.*}} @mma_f32_f32(
; CHECK: [[MASK:%.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[GROUP:%.*]] = lshr i32 [[LANE]], 4
; CHECK: [[FIRST:%.*]] = shl i32 [[GROUP]], 3
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 {{.*}}, i32 [[FIRST]], i32 31)
; CHECK-COUNT-63: call i32 @llvm.nvvm.shfl.sync.idx.i32(
; CHECK-NOT: shfl.sync
; CHECK-COUNT-128: call float @llvm.fma.f32(
; CHECK-NOT: call float @llvm.fma.f32(
; CHECK: ret
define { float, float, float, float, float, float, float, float } @mma_f32_f32(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  ret { float, float, float, float, float, float, float, float } %r
}

; s8 x u8 with .satfinite: exact i64 sums clamped to the s32 range. A's row
; is split over lanes r and r + 16 (two shuffles of two registers).
; CHECK-LABEL: define {{.*}} @mma_s8_satfinite(
; CHECK: [[ROW:%.*]] = and i32 {{.*}}, 15
; CHECK: [[SRC1:%.*]] = add i32 [[ROW]], 16
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 {{.*}}, i32 %a, i32 [[SRC1]], i32 31)
; CHECK: sext i8
; CHECK: zext i8
; CHECK: mul i64
; CHECK: call i64 @llvm.smax.i64({{.*}}, i64 -2147483648)
; CHECK: call i64 @llvm.smin.i64({{.*}}, i64 2147483647)
define { i32, i32, i32, i32, i32, i32, i32, i32 } @mma_s8_satfinite(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm sideeffect "wmma.mma.sync.aligned.row.row.m16n16k16.s32.s8.u8.s32.satfinite {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8}, {$9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

!0 = !{i64 1}
