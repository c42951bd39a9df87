; rubicon-lower-matrix-ops on the host target (docs/host-target.md, "Tensor
; cores"): a wmma.mma is computed through the block's matrix exchange
; (HostABI.h) with one warp meeting, not the generic path's shuffle per
; register and source lane. The lane flips its parity byte (thread
; 32 * %warpid + %laneid), picks buffer 2 * warp + parity, writes its A and B
; slots there as dense matrices of the summing type (A[m][k], B[k][n]),
; meets its warp at one __syncwarp, then sums its D slots as one vector, k
; ascending, one rounding per step:
; f16 products in f32 (fmul, fadd: the product is exact), bf16/tf32 through
; f64, integers in i32 with C added (saturated) after, f64 with fma.
; RUN: rubicon-inline-ptx %s | rubicon-opt -passes=rubicon-lower-matrix-ops -rubicon-arch=host -S | FileCheck %s
; RUN: rubicon-inline-ptx %s | rubicon-opt -passes=rubicon-lower-matrix-ops -rubicon-arch=host -rubicon-disable-matrix-cores -S | FileCheck --check-prefix=GENERIC %s

; CHECK-LABEL: define {{.*}} @mma_f16(
; CHECK-NOT: shfl
; CHECK: [[EXCHANGE:%[0-9]+]] = call ptr @__rubicon_host_matrix_exchange()
; CHECK: [[THREAD:%[0-9]+]] = add i32 {{%[0-9]+}}, {{%[0-9]+}}
; CHECK: [[PARITYBYTE:%[0-9]+]] = getelementptr i8, ptr [[EXCHANGE]], i64
; CHECK: [[OLD:%[0-9]+]] = load i8, ptr [[PARITYBYTE]]
; CHECK: [[PARITY:%[0-9]+]] = and i8 [[OLD]], 1
; CHECK: [[FLIPPED:%[0-9]+]] = xor i8 [[PARITY]], 1
; CHECK: store i8 [[FLIPPED]], ptr [[PARITYBYTE]]
; CHECK: mul i64 {{%[0-9]+}}, 5120
; CHECK: add i64 1024,
; The lane's sixteen A slots: widened at once (rubicon-host-expand-half
; makes that inline), one store of the row's k run.
; CHECK: [[A:%[0-9]+]] = fpext <16 x half> {{%[0-9]+}} to <16 x float>
; CHECK: store <16 x float> [[A]]
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NOT: call void @llvm.nvvm.bar.warp.sync
; CHECK: [[PRODUCT:%[0-9]+]] = fmul <8 x float>
; CHECK-NEXT: fadd <8 x float> [[PRODUCT]],
; CHECK-NOT: llvm.fma
; CHECK: ret

; CHECK-LABEL: define {{.*}} @mma_bf16(
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: [[ACC:%[0-9]+]] = fpext <8 x float> {{%[0-9]+}} to <8 x double>
; CHECK-NEXT: [[PRODUCT:%[0-9]+]] = fmul <8 x double>
; CHECK-NEXT: [[SUM:%[0-9]+]] = fadd <8 x double> [[PRODUCT]], [[ACC]]
; CHECK-NEXT: fptrunc <8 x double> [[SUM]] to <8 x float>

; CHECK-LABEL: define {{.*}} @mma_s8_satfinite(
; CHECK: sext <8 x i8> {{%[0-9]+}} to <8 x i32>
; CHECK: zext <8 x i8> {{%[0-9]+}} to <8 x i32>
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: mul <8 x i32>
; CHECK: call i32 @llvm.sadd.sat.i32(

; CHECK-LABEL: define {{.*}} @mma_f64(
; CHECK: store double
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call <2 x double> @llvm.fma.v2f64(

; The generic path, for comparison: shuffles, no exchange.
; GENERIC-LABEL: define {{.*}} @mma_f16(
; GENERIC-NOT: __rubicon_host_matrix_exchange
; GENERIC: call i32 @llvm.nvvm.shfl.sync.idx.i32(

define { float, float, float, float, float, float, float, float } @mma_f16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  ret { float, float, float, float, float, float, float, float } %r
}

define { float, float, float, float, float, float, float, float } @mma_bf16(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8}, {$9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  ret { float, float, float, float, float, float, float, float } %r
}

define { i32, i32, i32, i32, i32, i32, i32, i32 } @mma_s8_satfinite(i32 %a, i32 %b, i32 %c) {
  %r = call { i32, i32, i32, i32, i32, i32, i32, i32 } asm sideeffect "wmma.mma.sync.aligned.row.row.m16n16k16.s32.s8.u8.s32.satfinite {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8}, {$9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=r,=r,=r,=r,=r,=r,=r,=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret { i32, i32, i32, i32, i32, i32, i32, i32 } %r
}

define { double, double } @mma_f64(double %a, double %b, double %c) {
  %r = call { double, double } asm sideeffect "wmma.mma.sync.aligned.row.col.m8n8k4.rn.f64.f64.f64.f64 {$0, $1}, {$2}, {$3}, {$4, $4};", "=d,=d,d,d,d"(double %a, double %b, double %c), !srcloc !0
  ret { double, double } %r
}

!0 = !{i64 1}
