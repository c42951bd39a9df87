; rubicon-warp-fast-paths alone (rubicon-opt): calls of the device library's
; shuffle entry points with constant lane and width operands (any mask) and
; of its reduce entry points with the full mask become amdgcn lane moves; the
; others stay calls, and the entry points are made internal and always-inline
; so that the generic path is inlined.
; RUN: rubicon-opt -rubicon-arch=gfx942 -passes=rubicon-warp-fast-paths %s -S | FileCheck %s --check-prefixes=CHECK,GFX942
; RUN: rubicon-opt -rubicon-arch=gfx1100 -passes=rubicon-warp-fast-paths %s -S | FileCheck %s --check-prefixes=CHECK,GFX1100
target triple = "amdgcn-amd-amdhsa"

; xor 1: DPP quad_perm [1,0,3,2] = 0xb1 on gfx942, row_xmask:1 = 0x161 on gfx1100.
; CHECK-LABEL: @xor1(
; GFX942: call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 177, i32 15, i32 15, i1 false)
; GFX1100: call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 353, i32 15, i32 15, i1 false)
; CHECK-NOT: call {{.*}}@__rubicon_shfl_sync
define i32 @xor1(i32 %v) {
  %r = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 1, i32 31)
  ret i32 %r
}

; A float broadcast of lane 7: ds_swizzle offset or=7 (7 << 5 = 224).
; CHECK-LABEL: @broadcast7(
; CHECK: %[[BITS:.*]] = bitcast float %v to i32
; CHECK: call i32 @llvm.amdgcn.ds.swizzle(i32 %[[BITS]], i32 224)
define float @broadcast7(float %v) {
  %r = call float @__rubicon_shfl_sync_idx_f32(i32 -1, float %v, i32 7, i32 31)
  ret float %r
}

; down 4 over 32 lanes on gfx1100: row_shl:4 (0x104) where the source is in
; the row, else permlanex16 (lane i reads lane (i + 4) % 16 of the other
; row: 0xba987654, 0x3210fedc), else the lane's own value; selected by the
; lane's position. gfx942 has no cross-row VALU move: the call stays.
; CHECK-LABEL: @down4(
; GFX942: call i32 @__rubicon_shfl_sync_down_i32(i32 -1, i32 %v, i32 4, i32 31)
; GFX1100: %[[ROW:.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 260, i32 15, i32 15, i1 false)
; GFX1100: %[[CROSS:.*]] = call i32 @llvm.amdgcn.permlanex16.i32(i32 %v, i32 %v, i32 -1164413356, i32 839974620, i1 false, i1 false)
; GFX1100-NOT: mbcnt.hi
; GFX1100: select i1 %{{.*}}, i32 %[[CROSS]], i32 %v
; GFX1100: select i1 %{{.*}}, i32 %[[ROW]], i32
define i32 @down4(i32 %v) {
  %r = call i32 @__rubicon_shfl_sync_down_i32(i32 -1, i32 %v, i32 4, i32 31)
  ret i32 %r
}

; down 16 over 32 lanes: gfx1100's permlanex16 reads the same lane of the
; other row; gfx942 keeps the call.
; CHECK-LABEL: @down16(
; GFX942: call i32 @__rubicon_shfl_sync_down_i32(i32 -1, i32 %v, i32 16, i32 31)
; GFX1100: call i32 @llvm.amdgcn.permlanex16.i32(i32 %v, i32 %v, i32 1985229328, i32 -19088744, i1 false, i1 false)
define i32 @down16(i32 %v) {
  %r = call i32 @__rubicon_shfl_sync_down_i32(i32 -1, i32 %v, i32 16, i32 31)
  ret i32 %r
}

; __reduce_add_sync(full): five steps, each an add.
; CHECK-LABEL: @reduce_add(
; CHECK-COUNT-5: add i32
; CHECK-NOT: call {{.*}}@__rubicon_redux_sync_add
define i32 @reduce_add(i32 %v) {
  %r = call i32 @__rubicon_redux_sync_add(i32 %v, i32 -1)
  ret i32 %r
}

; A mask that is not constant: the move, then 0 where the source lane (the
; PTX ISA's, from the lane's position) is not in the mask, as the library's
; ds_bpermute gives.
; CHECK-LABEL: @partial_mask(
; GFX942: [[MOVED:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 177,
; GFX942: [[POS:%.*]] = and i32 {{.*}}, 31
; GFX942: [[XOR:%.*]] = xor i32 [[POS]], 1
; GFX942: [[SRC:%.*]] = select i1 {{.*}}, i32 [[XOR]], i32 [[POS]]
; GFX942: [[BIT:%.*]] = lshr i32 %m, [[SRC]]
; GFX942: [[MEMBER:%.*]] = trunc i32 [[BIT]] to i1
; GFX942: select i1 [[MEMBER]], i32 [[MOVED]], i32 0
; CHECK-NOT: call {{.*}}@__rubicon_shfl_sync
define i32 @partial_mask(i32 %v, i32 %m) {
  %r = call i32 @__rubicon_shfl_sync_bfly_i32(i32 %m, i32 %v, i32 1, i32 31)
  ret i32 %r
}

; A constant mask whose lanes all read members (lanes 0-3, xor 1): the move
; alone. Lanes 0-3 reading lanes 4-7 (down 4 within 8-lane segments): the
; membership test.
; CHECK-LABEL: @constant_masks(
; CHECK: [[A:%.*]] = call i32 @llvm.amdgcn.update.dpp.i32(i32 %v, i32 %v, i32 {{.*}}
; CHECK-NOT: select
; CHECK: call i32 @llvm.amdgcn.update.dpp.i32(
; CHECK: lshr i32 15,
; CHECK: select i1 {{.*}}, i32 {{.*}}, i32 0
define i32 @constant_masks(i32 %v) {
  %a = call i32 @__rubicon_shfl_sync_bfly_i32(i32 15, i32 %v, i32 1, i32 31)
  %b = call i32 @__rubicon_shfl_sync_down_i32(i32 15, i32 %a, i32 4, i32 6175)
  ret i32 %b
}

; Not constant, a width operand no header produces, a reduction over part of
; the warp: left to the library.
; CHECK-LABEL: @variable(
; CHECK: call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 %k, i32 31)
; CHECK: call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 1, i32 2847)
; CHECK: call i32 @__rubicon_redux_sync_add(i32 %v, i32 65535)
define i32 @variable(i32 %v, i32 %k, i32 %m) {
  %a = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 %k, i32 31)
  %b = call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 1, i32 2847)
  %c = call i32 @__rubicon_redux_sync_add(i32 %v, i32 65535)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}

; The library definition: internal and always-inline after the pass.
; CHECK: define internal i32 @__rubicon_shfl_sync_bfly_i32({{.*}}) #[[ATTRS:[0-9]+]]
; CHECK: attributes #[[ATTRS]] = { alwaysinline convergent }
define weak hidden i32 @__rubicon_shfl_sync_bfly_i32(i32 %mask, i32 %v, i32 %b, i32 %c) #0 {
  ret i32 %v
}
declare float @__rubicon_shfl_sync_idx_f32(i32, float, i32, i32)
declare i32 @__rubicon_shfl_sync_down_i32(i32, i32, i32, i32)
declare i32 @__rubicon_redux_sync_add(i32, i32)
attributes #0 = { noinline convergent }
