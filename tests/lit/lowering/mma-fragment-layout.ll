; rubicon-mma-fragment-layout: PTX mma.sync accumulators stay in the MFMA
; block layout along chains of products. rubicon-lower-matrix-ops moves C to
; the block layout and D back with calls of functions marked
; "rubicon-fragment-layout" (here with stand-in bodies: the pass only reads
; the attributes, then inlines what is left). The pass cancels a D moved
; back and then in again, follows the accumulator through a k-loop's phis
; (C from before the loop is moved in once, on the loop's entry edge; a
; zero C needs no move), moves the result back once after the loop, keeps
; f16 rounding between products, and leaves a move where the registers are
; observed (stored) inside the loop.
; RUN: rubicon-opt -passes=rubicon-mma-fragment-layout -S %s | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half>, <4 x half>, <4 x float>, i32 immarg, i32 immarg, i32 immarg)

define internal <4 x float> @__rubicon_mma_layout.c_to_block.f32(<4 x i32> %c) #0 {
  %b = bitcast <4 x i32> %c to <4 x float>
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %b, i32 0, i32 0, i32 99)
  ret <4 x float> %m
}
define internal <4 x i32> @__rubicon_mma_layout.d_from_block.f32(<4 x float> %d) #1 {
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %d, i32 0, i32 0, i32 77)
  %w = bitcast <4 x float> %m to <4 x i32>
  ret <4 x i32> %w
}
define internal <4 x float> @__rubicon_mma_layout.c_to_block.f16(<2 x i32> %c) #2 {
  %h = bitcast <2 x i32> %c to <4 x half>
  %f = fpext <4 x half> %h to <4 x float>
  ret <4 x float> %f
}
define internal <2 x i32> @__rubicon_mma_layout.d_from_block.f16(<4 x float> %d) #3 {
  %h = fptrunc <4 x float> %d to <4 x half>
  %w = bitcast <4 x half> %h to <2 x i32>
  ret <2 x i32> %w
}

; One product's D is the next one's C: no move between them.
; CHECK-LABEL: define void @straight(
; CHECK-NEXT:    %1 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16({{.*}}, <4 x float> %c.blk, i32 2, i32 0, i32 0)
; CHECK-NEXT:    %2 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16({{.*}}, <4 x float> %1, i32 2, i32 0, i32 0)
; CHECK-NEXT:    %m.i = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16({{.*}}, i32 0, i32 0, i32 77)
; CHECK-NOT:     i32 99)
; CHECK:         ret void
define void @straight(<4 x float> %c.blk, ptr %out) {
  %1 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %c.blk, i32 2, i32 0, i32 0)
  %d1 = call <4 x i32> @__rubicon_mma_layout.d_from_block.f32(<4 x float> %1)
  %f = bitcast <4 x i32> %d1 to <4 x float>
  %w = bitcast <4 x float> %f to <4 x i32>
  %c2 = call <4 x float> @__rubicon_mma_layout.c_to_block.f32(<4 x i32> %w)
  %2 = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %c2, i32 2, i32 0, i32 0)
  %d2 = call <4 x i32> @__rubicon_mma_layout.d_from_block.f32(<4 x float> %2)
  store <4 x i32> %d2, ptr %out
  ret void
}

; A k-loop: C moves in once before the loop, D back once after it.
; CHECK-LABEL: define void @loop(
; CHECK:       entry:
; CHECK-NEXT:    %c = load <4 x i32>, ptr %in
; CHECK:         %m.i = call {{.*}} i32 99)
; CHECK-NEXT:    br label %body
; CHECK:       body:
; CHECK-NEXT:    %acc.block = phi <4 x float> [ %m.i, %entry ], [ %p, %body ]
; CHECK-NOT:     phi
; CHECK-NEXT:    %i = phi
; CHECK-NEXT:    %p = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16({{.*}}, <4 x float> %acc.block, i32 2, i32 0, i32 0)
; CHECK-NOT:     i32 77)
; CHECK:         br i1
; CHECK:       exit:
; CHECK-NEXT:    %{{.*}} = phi <4 x float> [ %p, %body ]
; CHECK-NEXT:    %m.i1 = call {{.*}} i32 77)
; CHECK:         store <4 x float>
define void @loop(ptr %in, ptr %out, i32 %n) {
entry:
  %c = load <4 x i32>, ptr %in
  %cf = bitcast <4 x i32> %c to <4 x float>
  br label %body
body:
  %acc = phi <4 x float> [ %cf, %entry ], [ %df, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %accw = bitcast <4 x float> %acc to <4 x i32>
  %cb = call <4 x float> @__rubicon_mma_layout.c_to_block.f32(<4 x i32> %accw)
  %p = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %cb, i32 2, i32 0, i32 0)
  %d = call <4 x i32> @__rubicon_mma_layout.d_from_block.f32(<4 x float> %p)
  %df = bitcast <4 x i32> %d to <4 x float>
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit
exit:
  %r = phi <4 x float> [ %df, %body ]
  store <4 x float> %r, ptr %out
  ret void
}

; Zero C, f16 accumulators (rounded to f16 and back between products), and D
; stored at every step: that move stays in the loop, the chain does not use it.
; CHECK-LABEL: define void @observed(
; CHECK:       body:
; CHECK-NEXT:    %acc.block = phi <4 x float> [ zeroinitializer, %entry ], [ [[ROUNDED:%.*]], %body ]
; CHECK:         %p = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16({{.*}}, <4 x float> %acc.block, i32 2, i32 0, i32 0)
; CHECK-NEXT:    [[TRUNC:%.*]] = fptrunc <4 x float> %p to <4 x half>
; CHECK-NEXT:    [[ROUNDED]] = fpext <4 x half> [[TRUNC]] to <4 x float>
; CHECK-NEXT:    %h.i = fptrunc <4 x float> %p to <4 x half>
; CHECK:         store <2 x i32>
; CHECK-NOT:     fpext
; CHECK:         br i1
define void @observed(ptr %out, i32 %n) {
entry:
  br label %body
body:
  %acc = phi <2 x i32> [ zeroinitializer, %entry ], [ %d, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %cb = call <4 x float> @__rubicon_mma_layout.c_to_block.f16(<2 x i32> %acc)
  %p = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %cb, i32 2, i32 0, i32 0)
  %d = call <2 x i32> @__rubicon_mma_layout.d_from_block.f16(<4 x float> %p)
  %slot = getelementptr <2 x i32>, ptr %out, i32 %i
  store <2 x i32> %d, ptr %slot
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit
exit:
  ret void
}

; D used after the loop without a phi: its move leaves the loop for the
; exit block.
; CHECK-LABEL: define void @after(
; CHECK:       body:
; CHECK-NOT:     i32 77)
; CHECK:         br i1
; CHECK:       exit:
; CHECK-NEXT:    %m.i = call {{.*}} i32 77)
; CHECK:         store <4 x i32> %w.i
define void @after(ptr %out, i32 %n) {
entry:
  br label %body
body:
  %acc = phi <4 x i32> [ zeroinitializer, %entry ], [ %d, %body ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %cb = call <4 x float> @__rubicon_mma_layout.c_to_block.f32(<4 x i32> %acc)
  %p = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> %cb, i32 2, i32 0, i32 0)
  %d = call <4 x i32> @__rubicon_mma_layout.d_from_block.f32(<4 x float> %p)
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %body, label %exit
exit:
  store <4 x i32> %d, ptr %out
  ret void
}

; An A fragment whose words an ldmatrix.x4 loaded (ptx-inline's expansion:
; lane l loads shfl.sync.idx(rows, 8m + l/4) + 4(l%4)): each lane loads its
; two 16-byte rows of the block layout, from the row addresses of lanes
; 8m + l%8 of the matrices of its half of the rows, in place of the moves.
; CHECK-LABEL: define <8 x i32> @ldmatrix(
; CHECK:         [[LAST:%.*]] = load i32, ptr addrspace(3) %p3
; CHECK-NEXT:    [[LO:%.*]] = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
; CHECK:         [[ROW0:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 {{%.*}}, i32 %rows)
; CHECK-NEXT:    [[P0:%.*]] = inttoptr i32 [[ROW0]] to ptr addrspace(3)
; CHECK-NEXT:    [[V0:%.*]] = load <4 x i32>, ptr addrspace(3) [[P0]], align 16
; CHECK:         [[ROW1:%.*]] = call i32 @llvm.amdgcn.ds.bpermute(i32 {{%.*}}, i32 %rows)
; CHECK:         [[V1:%.*]] = load <4 x i32>, ptr addrspace(3) {{%.*}}, align 16
; CHECK-NEXT:    [[OPS:%.*]] = shufflevector <4 x i32> [[V0]], <4 x i32> [[V1]], <8 x i32> <i32 0, i32 4, i32 1, i32 5, i32 2, i32 6, i32 3, i32 7>
; CHECK-NOT:     a_to_block
; CHECK:         ret <8 x i32> [[OPS]]
; A word that is not an ldmatrix load keeps the moves.
; CHECK-LABEL: define <8 x i32> @other(
; CHECK-NOT:     load <4 x i32>
; CHECK:         i32 77)
declare i32 @__rubicon_read_ptx_sreg_laneid()
declare i32 @__rubicon_shfl_sync_idx_i32(i32, i32, i32, i32)
define internal <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a) #4 {
  %b = shufflevector <4 x i32> %a, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 0, i32 1, i32 2, i32 3>
  %m = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x4f16(<4 x half> zeroinitializer, <4 x half> zeroinitializer, <4 x float> zeroinitializer, i32 0, i32 0, i32 77)
  ret <8 x i32> %b
}
define <8 x i32> @ldmatrix(i32 %rows) {
  %lane = call i32 @__rubicon_read_ptx_sreg_laneid()
  %q = lshr i32 %lane, 2
  %t = and i32 %lane, 3
  %off = shl i32 %t, 2
  %s1 = or disjoint i32 %q, 8
  %s2 = or disjoint i32 %q, 16
  %s3 = or disjoint i32 %q, 24
  %r0 = call i32 @__rubicon_shfl_sync_idx_i32(i32 -1, i32 %rows, i32 %q, i32 31)
  %a0 = add i32 %off, %r0
  %p0 = inttoptr i32 %a0 to ptr addrspace(3)
  %w0 = load i32, ptr addrspace(3) %p0, align 4
  %r1 = call i32 @__rubicon_shfl_sync_idx_i32(i32 -1, i32 %rows, i32 %s1, i32 31)
  %a1 = add i32 %r1, %off
  %p1 = inttoptr i32 %a1 to ptr addrspace(3)
  %w1 = load i32, ptr addrspace(3) %p1, align 4
  %r2 = call i32 @__rubicon_shfl_sync_idx_i32(i32 -1, i32 %rows, i32 %s2, i32 31)
  %a2 = add i32 %r2, %off
  %p2 = inttoptr i32 %a2 to ptr addrspace(3)
  %w2 = load i32, ptr addrspace(3) %p2, align 4
  %r3 = call i32 @__rubicon_shfl_sync_idx_i32(i32 -1, i32 %rows, i32 %s3, i32 31)
  %a3 = add i32 %r3, %off
  %p3 = inttoptr i32 %a3 to ptr addrspace(3)
  %w3 = load i32, ptr addrspace(3) %p3, align 4
  %v0 = insertelement <4 x i32> poison, i32 %w0, i64 0
  %v1 = insertelement <4 x i32> %v0, i32 %w1, i64 1
  %v2 = insertelement <4 x i32> %v1, i32 %w2, i64 2
  %v3 = insertelement <4 x i32> %v2, i32 %w3, i64 3
  %ops = call <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %v3)
  ret <8 x i32> %ops
}
define <8 x i32> @other(<4 x i32> %a) {
  %ops = call <8 x i32> @__rubicon_mma_layout.a_to_block.k16(<4 x i32> %a)
  ret <8 x i32> %ops
}

; CHECK-NOT: @__rubicon_mma_layout

attributes #0 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="c_to_block" "rubicon-fragment-kind"="f32" }
attributes #1 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="d_from_block" "rubicon-fragment-kind"="f32" }
attributes #2 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="c_to_block" "rubicon-fragment-kind"="f16" }
attributes #3 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="d_from_block" "rubicon-fragment-kind"="f16" }
attributes #4 = { convergent noinline nounwind willreturn memory(none) "rubicon-fragment-layout"="a_to_block" "rubicon-fragment-kind"="k16" }
