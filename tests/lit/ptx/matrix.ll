; ldmatrix/stmatrix/movmatrix: each lane fetches the row addresses it needs
; with llvm.nvvm.shfl.sync.idx.i32 and loads or stores its own fragment.
; RUN: rubicon-inline-ptx %s | FileCheck %s

; Lane t reads 32 bits at row(8m + t/4) + 4*(t%4) for each matrix m.
; All lanes take part: the mask is the active mask, not a 32-lane literal.
; CHECK-LABEL: define { i32, i32, i32, i32 } @ld_x4(
; CHECK: [[MASK:%.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[GROUP:%.*]] = lshr i32 [[LANE]], 2
; CHECK: [[IN:%.*]] = and i32 [[LANE]], 3
; CHECK: [[SRC0:%.*]] = add i32 0, [[GROUP]]
; CHECK: [[ROW0:%.*]] = call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 {{.*}}, i32 [[SRC0]], i32 31)
; CHECK: [[OFF0:%.*]] = mul i32 [[IN]], 4
; CHECK: load i32, ptr addrspace(3) {{.*}}, align 4
; CHECK: add i32 8, [[GROUP]]
; CHECK: load i32, ptr addrspace(3)
; CHECK: add i32 16, [[GROUP]]
; CHECK: load i32, ptr addrspace(3)
; CHECK: add i32 24, [[GROUP]]
; CHECK: load i32, ptr addrspace(3)
; CHECK-NOT: shfl
; CHECK: ret
define { i32, i32, i32, i32 } @ld_x4(i32 %a) {
  %r = call { i32, i32, i32, i32 } asm sideeffect "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {$0, $1, $2, $3}, [$4];", "=r,=r,=r,=r,r"(i32 %a), !srcloc !0
  ret { i32, i32, i32, i32 } %r
}

; .trans: rows 2*(t%4) and 2*(t%4)+1, 16 bits at column t/4 of each.
; CHECK-LABEL: define i32 @ld_trans(
; CHECK: [[MASK:%.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: [[GROUP:%.*]] = lshr i32 {{.*}}, 2
; CHECK: [[IN:%.*]] = and i32 {{.*}}, 3
; CHECK: [[TWICE:%.*]] = shl i32 [[IN]], 1
; CHECK: [[FIRST:%.*]] = add i32 0, [[TWICE]]
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 {{.*}}, i32 [[FIRST]], i32 31)
; CHECK: mul i32 [[GROUP]], 2
; CHECK: [[SECOND:%.*]] = add i32 [[FIRST]], 1
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 {{.*}}, i32 [[SECOND]], i32 31)
; CHECK: [[LO:%.*]] = load i16, ptr addrspace(3)
; CHECK: [[HI:%.*]] = load i16, ptr addrspace(3)
define i32 @ld_trans(i32 %a) {
  %r = call i32 asm sideeffect "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16 {$0}, [$1];", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define void @st_x2(
; CHECK: store i32 %x, ptr addrspace(3) {{.*}}, align 4
; CHECK: add i32 8,
; CHECK: store i32 %y, ptr addrspace(3) {{.*}}, align 4
define void @st_x2(i32 %a, i32 %x, i32 %y) {
  call void asm sideeffect "stmatrix.sync.aligned.m8n8.x2.shared.b16 [$0], {$1, $2};", "r,r,r"(i32 %a, i32 %x, i32 %y), !srcloc !0
  ret void
}

; Element (r, c) lives in lane 4r + c/2: lane t gathers (2*(t%4)+j, t/4)
; from lanes 8*(t%4) + 4j + t/8, half (t/4)%2.
; CHECK-LABEL: define i32 @mov(
; CHECK: [[MASK:%.*]] = call i32 @llvm.nvvm.activemask()
; CHECK: [[HALF:%.*]] = and i32 [[GROUP:%.*]], 1
; CHECK: [[T8:%.*]] = lshr i32 [[LANE:%.*]], 3
; CHECK: [[BASE0:%.*]] = shl i32 [[IN:%.*]], 3
; CHECK: [[S0:%.*]] = add i32 [[BASE0]], 0
; CHECK: [[SRC0:%.*]] = add i32 [[S0]], [[T8]]
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 %a, i32 [[SRC0]], i32 31)
; CHECK: add i32 {{.*}}, 4
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 [[MASK]], i32 %a,
define i32 @mov(i32 %a) {
  %r = call i32 asm sideeffect "movmatrix.sync.aligned.m8n8.trans.b16 $0, $1;", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}

!0 = !{i64 1}
