; rubicon-mma-fragment-layout: mma.sync A and B fragments (m16n8k16 f16 and
; bf16) whose registers are plain loads at addresses computed from the lane
; are loaded in the MFMA block layout directly (docs/matrix-cores.md,
; "Fragments loaded in the block layout"). Block word 2a + w of A at lane l
; is register 2w + (l%16 >= 8) of lane 4(l%8) + a; word w of B is register
; w of lane 16(l/16) + 4(l%4) + (l/4)%4. Each lane loads the word at the
; address that lane loaded it from: the address computed again with that
; lane's work-item id (one ds_bpermute per source pattern, in the kernel's
; entry block) and its lane number. The layout functions have stand-in
; bodies here (marked 77 and 66): what is left of them is inlined.
; RUN: rubicon-opt -passes=rubicon-mma-fragment-layout -S %s | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half>, <4 x half>, <4 x float>, i32 immarg, i32 immarg, i32 immarg)

define internal <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a) #0 {
  %b = shufflevector <4 x i32> %a, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> zeroinitializer, i32 0, i32 0, i32 77)
  ret <8 x i32> %b
}
define internal <2 x i32> @__rubicon_mma_layout.b_to_block.k16(<2 x i32> %b) #1 {
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> zeroinitializer, i32 0, i32 0, i32 66)
  ret <2 x i32> %b
}

; Lane l's registers at in + 32 (threadIdx.x % 32) + 4j (the benchmark's
; form). A word 2a + w: in + 32 s + 4 (l%16 >= 8) + 8w with s the
; threadIdx.x % 32 of lane 4(l%8) + a.
; CHECK-LABEL: define amdgpu_kernel void @lanes(
; CHECK:         %tid = call i32 @llvm.amdgcn.workitem.id.x()
; The work-item id of lane 4(l%8) + 0 (pattern a = 0), fetched once, in the
; entry block, then those of patterns a = 1, 2, 3 and B's:
; CHECK-NEXT:    [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK-NEXT:    [[WAVE:%.*]] = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 [[LO]])
; CHECK-NEXT:    [[L:%.*]] = and i32 [[WAVE]], 31
; CHECK-NEXT:    [[R:%.*]] = and i32 [[L]], 7
; CHECK-NEXT:    [[S4:%.*]] = shl i32 [[R]], 2
; CHECK-NEXT:    [[S:%.*]] = add i32 [[S4]], 0
; CHECK-NEXT:    [[SW:%.*]] = and i32 [[S]], 31
; CHECK-NEXT:    [[BASE:%.*]] = and i32 [[WAVE]], 32
; CHECK-NEXT:    [[SRC:%.*]] = or i32 [[BASE]], [[SW]]
; CHECK-NEXT:    [[ADDR:%.*]] = shl i32 [[SRC]], 2
; CHECK-NEXT:    [[TID0:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 [[ADDR]], i32 %tid)
; CHECK:         add i32 {{%.*}}, 1
; CHECK:         [[TID1:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 {{%.*}}, i32 %tid)
; CHECK-COUNT-3: call i32 @llvm.amdgcn.ds.bpermute(i32 {{%.*}}, i32 %tid)
; CHECK-NOT:     @llvm.amdgcn.ds.bpermute
; After the last A word's load: the address computed again at lane a = 0,
; its row half chosen by l%16 >= 8 (register 1 or 3: 4 bytes on).
; CHECK:         %w3 = load i32
; CHECK:         [[UPPER:%.*]] = icmp uge i32 {{%.*}}, 8
; CHECK-NEXT:    [[HALF:%.*]] = select i1 [[UPPER]], i64 4, i64 0
; CHECK-NEXT:    %lane.src = and i32 [[TID0]], 31
; CHECK-NEXT:    %off.src = shl i32 %lane.src, 3
; CHECK-NEXT:    %idx.src = zext i32 %off.src to i64
; CHECK-NEXT:    %p0.src = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx.src
; CHECK-NEXT:    [[ROW:%.*]] = getelementptr i8, ptr addrspace(1) %p0.src, i64 [[HALF]]
; CHECK-NEXT:    [[A0:%.*]] = load i32, ptr addrspace(1) [[ROW]], align 4
; Word 1 (w = 1): registers 2, 3, 8 bytes on.
; CHECK-NEXT:    [[HALF1:%.*]] = select i1 [[UPPER]], i64 4, i64 0
; CHECK-NEXT:    [[ROW1:%.*]] = getelementptr i8, ptr addrspace(1) %p0.src, i64 [[HALF1]]
; CHECK-NEXT:    [[P1:%.*]] = getelementptr i8, ptr addrspace(1) [[ROW1]], i64 8
; CHECK-NEXT:    [[A1:%.*]] = load i32, ptr addrspace(1) [[P1]], align 4
; CHECK-NEXT:    select i1 [[UPPER]], i64 4, i64 0
; CHECK-NEXT:    %lane.src1 = and i32 [[TID1]], 31
; CHECK:         [[OPS0:%.*]] = insertelement <8 x i32> poison, i32 [[A0]], i64 0
; CHECK-NEXT:    insertelement <8 x i32> [[OPS0]], i32 [[A1]], i64 1
; B: registers 4 and 5 (16 and 20 bytes on) of the lending lane.
; CHECK:         %w5 = load i32
; CHECK:         [[PB:%.*]] = getelementptr inbounds i32, ptr addrspace(1) %in, i64 {{%.*}}
; CHECK-NEXT:    [[PB0:%.*]] = getelementptr i8, ptr addrspace(1) [[PB]], i64 16
; CHECK-NEXT:    [[B0:%.*]] = load i32, ptr addrspace(1) [[PB0]], align 4
; CHECK-NEXT:    [[PB1:%.*]] = getelementptr i8, ptr addrspace(1) [[PB]], i64 20
; CHECK-NEXT:    [[B1:%.*]] = load i32, ptr addrspace(1) [[PB1]], align 4
; CHECK-NEXT:    [[BB0:%.*]] = insertelement <2 x i32> poison, i32 [[B0]], i64 0
; CHECK-NEXT:    [[BB:%.*]] = insertelement <2 x i32> [[BB0]], i32 [[B1]], i64 1
; CHECK-NOT:     i32 77)
; CHECK-NOT:     i32 66)
; CHECK:         store <2 x i32> [[BB]]
; CHECK:         ret void
define amdgpu_kernel void @lanes(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %tid, 31
  %off = shl i32 %lane, 3
  %idx = zext i32 %off to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 8
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 12
  %p4 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 16
  %p5 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 20
  %w0 = load i32, ptr addrspace(1) %p0, align 4
  %w1 = load i32, ptr addrspace(1) %p1, align 4
  %w2 = load i32, ptr addrspace(1) %p2, align 4
  %w3 = load i32, ptr addrspace(1) %p3, align 4
  %w4 = load i32, ptr addrspace(1) %p4, align 4
  %w5 = load i32, ptr addrspace(1) %p5, align 4
  %a0 = insertelement <4 x i32> poison, i32 %w0, i64 0
  %a1 = insertelement <4 x i32> %a0, i32 %w1, i64 1
  %a2 = insertelement <4 x i32> %a1, i32 %w2, i64 2
  %a = insertelement <4 x i32> %a2, i32 %w3, i64 3
  %b0 = insertelement <2 x i32> poison, i32 %w4, i64 0
  %b = insertelement <2 x i32> %b0, i32 %w5, i64 1
  %ab = call <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a)
  %bb = call <2 x i32> @__rubicon_mma_layout.b_to_block.k16(<2 x i32> %b)
  store <8 x i32> %ab, ptr addrspace(1) %out
  %out.b = getelementptr inbounds i8, ptr addrspace(1) %out, i64 32
  store <2 x i32> %bb, ptr addrspace(1) %out.b
  ret void
}

; Registers at an index the lane read from memory: not a function of the
; lane the pass can follow, so the words move (the layout functions stay).
; CHECK-LABEL: define amdgpu_kernel void @gathered(
; CHECK:         i32 77)
; CHECK:         i32 66)
; CHECK:         ret void
define amdgpu_kernel void @gathered(ptr addrspace(1) %in, ptr addrspace(1) %table, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %tid, 31
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %lane
  %row = load i32, ptr addrspace(1) %tp, align 4
  %off = shl i32 %row, 3
  %idx = zext i32 %off to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 8
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 12
  %w0 = load i32, ptr addrspace(1) %p0, align 4
  %w1 = load i32, ptr addrspace(1) %p1, align 4
  %w2 = load i32, ptr addrspace(1) %p2, align 4
  %w3 = load i32, ptr addrspace(1) %p3, align 4
  %a0 = insertelement <4 x i32> poison, i32 %w0, i64 0
  %a1 = insertelement <4 x i32> %a0, i32 %w1, i64 1
  %a2 = insertelement <4 x i32> %a1, i32 %w2, i64 2
  %a = insertelement <4 x i32> %a2, i32 %w3, i64 3
  %b0 = insertelement <2 x i32> poison, i32 %w0, i64 0
  %b = insertelement <2 x i32> %b0, i32 %w1, i64 1
  %ab = call <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a)
  %bb = call <2 x i32> @__rubicon_mma_layout.b_to_block.k16(<2 x i32> %b)
  store <8 x i32> %ab, ptr addrspace(1) %out
  %out.b = getelementptr inbounds i8, ptr addrspace(1) %out, i64 32
  store <2 x i32> %bb, ptr addrspace(1) %out.b
  ret void
}

; A store between the loads of the words: another lane's word may have
; changed since, so the words move.
; CHECK-LABEL: define amdgpu_kernel void @clobbered(
; CHECK:         i32 77)
; CHECK:         ret void
define amdgpu_kernel void @clobbered(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lane = and i32 %tid, 31
  %off = shl i32 %lane, 3
  %idx = zext i32 %off to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 4
  %p2 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 8
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %p0, i64 12
  %w0 = load i32, ptr addrspace(1) %p0, align 4
  %w1 = load i32, ptr addrspace(1) %p1, align 4
  store i32 0, ptr addrspace(1) %p2, align 4
  %w2 = load i32, ptr addrspace(1) %p2, align 4
  %w3 = load i32, ptr addrspace(1) %p3, align 4
  %a0 = insertelement <4 x i32> poison, i32 %w0, i64 0
  %a1 = insertelement <4 x i32> %a0, i32 %w1, i64 1
  %a2 = insertelement <4 x i32> %a1, i32 %w2, i64 2
  %a = insertelement <4 x i32> %a2, i32 %w3, i64 3
  %ab = call <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a)
  store <8 x i32> %ab, ptr addrspace(1) %out
  ret void
}

; CHECK-NOT: @__rubicon_mma_layout

attributes #0 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="a_to_block" "rubicon-fragment-kind"="k16" }
attributes #1 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="b_to_block" "rubicon-fragment-kind"="k16" }
