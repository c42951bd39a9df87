; rubicon-lower-matrix-ops on the host target (docs/host-target.md, "Tensor
; cores"): a wmma.mma is computed through the block's matrix exchange
; (HostABI.h) with one warp meeting, not the generic path's shuffle per
; register and source lane. The lane flips its parity byte (thread
; 32 * %warpid + %laneid) and picks buffer 2 * warp + parity (32 KiB: eight
; 4 KiB slots); each product of a run writes the lane's A and B slots to its
; slot as dense matrices of the summing type (A[m][k], B[k][n]), its C slots
; where its D slots go (D[m][n]), and lowers the slot's done byte (its last);
; the warp meets at one __syncwarp; the first lane past it computes the whole
; tile (@__rubicon_host_wmma_tile.*) and raises the done byte; every lane
; reads its D slots. The tile sums each element k ascending, one rounding per
; step: f16 products in f32 (fmuladd: the product is exact), bf16/tf32
; through f64, integers in i32 from 0 (C added, saturated, by the lane), f64
; with fma; rows in groups that share each load of B's row.
; Independent products in a row share one meeting; a product that takes
; another's D as its C waits for it.
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
; CHECK: mul i64 {{%[0-9]+}}, 32768
; CHECK: add i64 1024,
; CHECK: [[SLOT:%[0-9]+]] = getelementptr i8, ptr {{%[0-9]+}}, i64 0
; CHECK: [[BM:%[0-9]+]] = getelementptr i8, ptr [[SLOT]], i64 1024
; CHECK: [[DM:%[0-9]+]] = getelementptr i8, ptr [[SLOT]], i64 2048
; CHECK: [[DONE:%[0-9]+]] = getelementptr i8, ptr [[SLOT]], i64 4095
; CHECK: store i8 0, ptr [[DONE]]
; The lane's sixteen A slots: widened at once (rubicon-host-expand-half
; makes that inline), one store of the row's k run; its C slots, one store.
; CHECK: [[A:%[0-9]+]] = fpext <16 x half> {{%[0-9]+}} to <16 x float>
; CHECK: store <16 x float> [[A]]
; CHECK: store <8 x float> {{%[0-9]+}}, ptr [[LANED:%[0-9]+]]
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NOT: call void @llvm.nvvm.bar.warp.sync
; CHECK: [[FIRST:%[0-9]+]] = load i8, ptr [[DONE]]
; CHECK: icmp eq i8 [[FIRST]], 0
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.f32(ptr [[SLOT]], ptr [[BM]], ptr [[DM]])
; CHECK-NEXT: store i8 1, ptr [[DONE]]
; CHECK: load <8 x float>, ptr [[LANED]]
; CHECK: ret

; CHECK-LABEL: define {{.*}} @mma_bf16(
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.wide(

; CHECK-LABEL: define {{.*}} @mma_s8_satfinite(
; CHECK: sext <8 x i8> {{%[0-9]+}} to <8 x i32>
; CHECK: zext <8 x i8> {{%[0-9]+}} to <8 x i32>
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.i32(
; CHECK: call i32 @llvm.sadd.sat.i32(

; CHECK-LABEL: define {{.*}} @mma_f64(
; CHECK: store double
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__rubicon_host_wmma_tile.m8n8k4.f64(

; Two independent products: slots 0 and 1 of one buffer, one meeting.
; CHECK-LABEL: define {{.*}} @two_independent(
; CHECK: getelementptr i8, ptr {{%[0-9]+}}, i64 0
; CHECK-NOT: call void @llvm.nvvm.bar.warp.sync
; CHECK: getelementptr i8, ptr {{%[0-9]+}}, i64 4096
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK-NOT: call void @llvm.nvvm.bar.warp.sync
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.f32(
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.f32(
; CHECK: ret

; The second product's C is the first's D: two meetings.
; CHECK-LABEL: define {{.*}} @dependent(
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.f32(
; CHECK: call void @llvm.nvvm.bar.warp.sync(i32 -1)
; CHECK: call void @__rubicon_host_wmma_tile.m16n16k16.f32(
; CHECK: ret

; The tiles: f16 steps as fmuladd over rows of 16 (four rows share each
; load of B's row); bf16 through f64; f64 as fma.
; CHECK-LABEL: define internal void @__rubicon_host_wmma_tile.m16n16k16.f32(
; CHECK: [[C0:%[0-9]+]] = load <16 x float>, ptr
; CHECK-COUNT-3: load <16 x float>, ptr
; CHECK: [[BROW:%[0-9]+]] = load <16 x float>, ptr
; CHECK: call <16 x float> @llvm.fmuladd.v16f32(<16 x float> {{%[.a-z0-9]+}}, <16 x float> [[BROW]], <16 x float> [[C0]])
; CHECK: call <16 x float> @llvm.fmuladd.v16f32(<16 x float> {{%[.a-z0-9]+}}, <16 x float> [[BROW]],
; CHECK-LABEL: define internal void @__rubicon_host_wmma_tile.m16n16k16.wide(
; CHECK: fpext <16 x float> {{%[0-9]+}} to <16 x double>
; CHECK: fmul <16 x double>
; CHECK: fadd <16 x double>
; CHECK: fptrunc <16 x double> {{%[0-9]+}} to <16 x float>
; CHECK-LABEL: define internal void @__rubicon_host_wmma_tile.m16n16k16.i32(
; CHECK: mul <16 x i32>
; CHECK: add <16 x i32>
; CHECK-LABEL: define internal void @__rubicon_host_wmma_tile.m8n8k4.f64(
; CHECK: call <8 x double> @llvm.fma.v8f64(

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

define { float, float, float, float, float, float, float, float } @two_independent(i32 %a, i32 %b, float %c, float %c2) {
  %r = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  %s = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %b, i32 %a, float %c2), !srcloc !0
  %x = extractvalue { float, float, float, float, float, float, float, float } %s, 0
  %r2 = insertvalue { float, float, float, float, float, float, float, float } %r, float %x, 1
  ret { float, float, float, float, float, float, float, float } %r2
}

define { float, float, float, float, float, float, float, float } @dependent(i32 %a, i32 %b, float %c) {
  %r = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %a, i32 %b, float %c), !srcloc !0
  %c1 = extractvalue { float, float, float, float, float, float, float, float } %r, 3
  %s = call { float, float, float, float, float, float, float, float } asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {$0, $1, $2, $3, $4, $5, $6, $7}, {$8, $8, $8, $8, $8, $8, $8, $8}, {$9, $9, $9, $9, $9, $9, $9, $9}, {$10, $10, $10, $10, $10, $10, $10, $10};", "=f,=f,=f,=f,=f,=f,=f,=f,r,r,f"(i32 %b, i32 %a, float %c1), !srcloc !0
  ret { float, float, float, float, float, float, float, float } %s
}

!0 = !{i64 1}
