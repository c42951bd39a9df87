; Barriers, fences, warp-level and control instructions become the
; llvm.nvvm.* intrinsics clang emits for __syncthreads, __syncwarp,
; __threadfence*, __shfl*_sync, __ballot_sync, ... (one lowering serves both).
; RUN: rubicon-inline-ptx %s | FileCheck %s

; CHECK-LABEL: define void @barriers(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @llvm.nvvm.bar.warp.sync(i32 %m)
; CHECK-NEXT: ret void
define void @barriers(i32 %m) {
  call void asm sideeffect "bar.sync 0; barrier.sync 0; barrier.sync.aligned 0; bar.warp.sync $0;", "r"(i32 %m), !srcloc !0
  ret void
}

; fence.*.cluster and fence.*.gpu -> membar.gl (a cluster is within the GPU).
; CHECK-LABEL: define void @fences(
; CHECK-NEXT: call void @llvm.nvvm.membar.cta()
; CHECK-NEXT: call void @llvm.nvvm.membar.gl()
; CHECK-NEXT: call void @llvm.nvvm.membar.sys()
; CHECK-NEXT: call void @llvm.nvvm.membar.cta()
; CHECK-NEXT: call void @llvm.nvvm.membar.gl()
; CHECK-NEXT: call void @llvm.nvvm.membar.gl()
; CHECK-NEXT: call void @llvm.nvvm.membar.sys()
; CHECK-NEXT: ret void
define void @fences() {
  call void asm sideeffect "membar.cta; membar.gl; membar.sys; fence.sc.cta; fence.acq_rel.gpu; fence.acq_rel.cluster; fence.sc.sys;", ""(), !srcloc !0
  ret void
}

; CHECK-LABEL: define i32 @bar_red(
; CHECK: [[C:%.*]] = icmp ne i32 %a, 0
; CHECK: [[N:%.*]] = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 [[C]])
; CHECK: [[NOT:%.*]] = xor i1 [[C]], true
; CHECK: call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 [[NOT]])
; CHECK: call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 [[C]])
define i32 @bar_red(i32 %a) {
  %r = call i32 asm sideeffect "{ .reg .pred p, q; setp.ne.u32 p, $1, 0; bar.red.popc.u32 $0, 0, p; bar.red.and.pred q, 0, !p; bar.red.or.pred q, 0, p; @q add.u32 $0, $0, 1; }", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}

; barrier.red is bar.red without .aligned: the threads may reach it from
; divergent code (the .all intrinsics); with .aligned it is bar.red.
; CHECK-LABEL: define i32 @barrier_red(
; CHECK: call i32 @llvm.nvvm.barrier.cta.red.popc.all(i32 0, i1
; CHECK: call i1 @llvm.nvvm.barrier.cta.red.and.all(i32 0, i1
; CHECK: call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1
; CHECK: call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1
define i32 @barrier_red(i32 %a) {
  %r = call i32 asm sideeffect "{ .reg .pred p, q; .reg .u32 t; setp.ne.u32 p, $1, 0; barrier.red.popc.u32 $0, 0, p; barrier.red.and.pred q, 1, !p; barrier.red.or.aligned.pred q, 2, p; barrier.red.popc.aligned.u32 t, 3, p; @q add.u32 $0, $0, t; }", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}

; Any barrier id names the work-group's one barrier; a thread count must be
; the block's size (checked when the barrier runs: a trap otherwise).
; CHECK-LABEL: define void @named_barriers(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: [[X:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
; CHECK-NEXT: [[Y:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
; CHECK-NEXT: [[XY:%.*]] = mul i32 [[X]], [[Y]]
; CHECK-NEXT: [[Z:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
; CHECK-NEXT: [[N:%.*]] = mul i32 [[XY]], [[Z]]
; CHECK-NEXT: [[PARTIAL:%.*]] = icmp ne i32 %n, [[N]]
; CHECK-NEXT: br i1 [[PARTIAL]], label %[[TRAP:.*]], label %[[OK:.*]]
; CHECK: [[TRAP]]:
; CHECK-NEXT: call void @llvm.trap()
; CHECK-NEXT: unreachable
; CHECK: [[OK]]:
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 0)
; CHECK: icmp ne i32 256,
; CHECK: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
define void @named_barriers(i32 %id, i32 %n) {
  call void asm sideeffect "bar.sync $0; barrier.sync $0, $1; barrier.sync.aligned 3, 256;", "r,r"(i32 %id, i32 %n), !srcloc !0
  ret void
}

; __syncthreads_count with a named barrier and the block's thread count.
; CHECK-LABEL: define i32 @bar_red_counted(
; CHECK: icmp ne i32 %n,
; CHECK: call void @llvm.trap()
; CHECK: call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1
define i32 @bar_red_counted(i32 %a, i32 %n) {
  %r = call i32 asm sideeffect "{ .reg .pred p; setp.ne.u32 p, $1, 0; bar.red.popc.u32 $0, 1, $2, p; }", "=r,r,r"(i32 %a, i32 %n), !srcloc !0
  ret i32 %r
}

; redux.sync on f32: every member's value by shfl.sync.idx (lane l reads
; lanes l ^ 0..31), folded with the
; PTX min (NaN ignored: minimumnum; .NaN: minimum), |x| first with .abs.
; CHECK-LABEL: define float @redux_f32(
; CHECK: [[ABS:%.*]] = call float @llvm.fabs.f32(float
; CHECK: [[BITS:%.*]] = bitcast float [[ABS]] to i32
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[SELF:%.*]] = xor i32 [[LANE]], 0
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m, i32 [[BITS]], i32 [[SELF]], i32 31)
; CHECK: call float @llvm.minimumnum.f32(
; CHECK: [[NEXT:%.*]] = xor i32 [[LANE]], 1
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m, i32 [[BITS]], i32 [[NEXT]], i32 31)
; CHECK: [[LAST:%.*]] = xor i32 [[LANE]], 31
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m, i32 [[BITS]], i32 [[LAST]], i32 31)
; CHECK: lshr i32 %m, [[LAST]]
; CHECK: call float @llvm.maximum.f32(
define float @redux_f32(float %a, i32 %m) {
  %r = call float asm sideeffect "redux.sync.min.abs.f32 $0, $1, $2; redux.sync.max.NaN.f32 $0, $0, $2;", "=f,f,r"(float %a, i32 %m), !srcloc !0
  ret float %r
}

; CHECK-LABEL: define i32 @shfl(
; CHECK: call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %a, i32 %b, i32 31)
; CHECK: call i32 @llvm.nvvm.shfl.sync.idx.i32(i32 %m, i32 %a, i32 3, i32 31)
; CHECK: call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %m, i32 %a, i32 1, i32 0)
; CHECK: call i32 @llvm.nvvm.shfl.sync.down.i32(i32 %m, i32 %a, i32 %b, i32 7199)
define i32 @shfl(i32 %m, i32 %a, i32 %b) {
  %r = call i32 asm sideeffect "shfl.sync.bfly.b32 $0, $1, $2, 0x1f, $3; shfl.sync.idx.b32 $0, $1, 3, 0x1f, $3; shfl.sync.up.b32 $0, $1, 1, 0, $3; shfl.sync.down.b32 $0, $1, $2, 0x1c1f, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %m), !srcloc !0
  ret i32 %r
}

; The predicate output follows the PTX ISA: for .up, lane - b >= the
; segment's first lane.
; CHECK-LABEL: define { i32, i32 } @shfl_pred(
; CHECK: [[D:%.*]] = call i32 @llvm.nvvm.shfl.sync.up.i32(i32 %m, i32 %a, i32 %b, i32 0)
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: [[B:%.*]] = and i32 %b, 31
; CHECK: [[J:%.*]] = sub i32 [[LANE]], [[B]]
; CHECK: icmp sge i32 [[J]],
define { i32, i32 } @shfl_pred(i32 %m, i32 %a, i32 %b) {
  %r = call { i32, i32 } asm sideeffect "{ .reg .pred p; shfl.sync.up.b32 $0|p, $2, $3, 0, $4; selp.u32 $1, 1, 0, p; }", "=r,=r,r,r,r"(i32 %a, i32 %b, i32 %m), !srcloc !0
  ret { i32, i32 } %r
}

; CHECK-LABEL: define i32 @vote(
; CHECK: [[P:%.*]] = icmp ne i32 %a, 0
; CHECK: call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 [[P]])
; CHECK: call i1 @llvm.nvvm.vote.all.sync(i32 %m, i1 %{{.*}})
; CHECK: call i1 @llvm.nvvm.vote.any.sync(i32 %m, i1 [[P]])
; CHECK: call i1 @llvm.nvvm.vote.uni.sync(i32 %m, i1 [[P]])
; CHECK: call i32 @llvm.nvvm.activemask()
define i32 @vote(i32 %m, i32 %a) {
  %r = call i32 asm sideeffect "{ .reg .pred p, q; setp.ne.u32 p, $1, 0; vote.sync.ballot.b32 $0, p, $2; vote.sync.all.pred q, !p, $2; vote.sync.any.pred q, p, $2; vote.sync.uni.pred q, p, $2; activemask.b32 $0; }", "=r,r,r"(i32 %a, i32 %m), !srcloc !0
  ret i32 %r
}

; CHECK-LABEL: define i32 @match_redux(
; CHECK: call i32 @llvm.nvvm.match.any.sync.i64(i32 %m, i64 %w)
; CHECK: call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 %m, i32 %a)
; CHECK: call i32 @llvm.nvvm.redux.sync.min(i32 %a, i32 %m)
; CHECK: call i32 @llvm.nvvm.redux.sync.umax(i32 %a, i32 %m)
; CHECK: call i32 @llvm.nvvm.redux.sync.add(i32 %a, i32 %m)
; CHECK: call i32 @llvm.nvvm.redux.sync.xor(i32 %a, i32 %m)
define i32 @match_redux(i32 %m, i32 %a, i64 %w) {
  %r = call i32 asm sideeffect "{ .reg .pred p; match.sync.any.b64 $0, $2, $1; match.sync.all.b32 $0|p, $3, $1; redux.sync.min.s32 $0, $3, $1; redux.sync.max.u32 $0, $3, $1; redux.sync.add.u32 $0, $3, $1; redux.sync.xor.b32 $0, $3, $1; }", "=r,r,l,r"(i32 %m, i64 %w, i32 %a), !srcloc !0
  ret i32 %r
}

; elect.sync: the lowest lane of the mask's ballot is the leader.
; CHECK-LABEL: define { i32, i32 } @elect(
; CHECK: [[B:%.*]] = call i32 @llvm.nvvm.vote.ballot.sync(i32 %m, i1 true)
; CHECK: [[L:%.*]] = call i32 @llvm.cttz.i32(i32 [[B]], i1 false)
; CHECK: [[LANE:%.*]] = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
; CHECK: icmp eq i32 [[LANE]], [[L]]
define { i32, i32 } @elect(i32 %m) {
  %r = call { i32, i32 } asm sideeffect "{ .reg .pred p; elect.sync $0|p, $2; selp.u32 $1, 1, 0, p; }", "=r,=r,r"(i32 %m), !srcloc !0
  ret { i32, i32 } %r
}

; CHECK-LABEL: define void @control(
; CHECK: call void @llvm.nvvm.nanosleep(i32 %t)
; CHECK: br i1 {{.*}}, label %[[TRAP:.*]], label %[[JOIN:.*]]
; CHECK: [[TRAP]]:
; CHECK-NEXT: call void @llvm.trap()
; CHECK: [[JOIN]]:
; CHECK-NEXT: call void @llvm.debugtrap()
; CHECK-NEXT: ret void
define void @control(i32 %t) {
  call void asm sideeffect "nanosleep.u32 $0; pmevent 1; { .reg .pred p; setp.eq.u32 p, $0, 0; @p trap; } brkpt;", "r"(i32 %t), !srcloc !0
  ret void
}

; exit in a kernel returns from it; guarded, only where the predicate holds.
; CHECK-LABEL: define ptx_kernel void @exits(
; CHECK: br i1 %{{.*}}, label %[[EXIT:.*]], label %[[REST:.*]]
; CHECK: [[EXIT]]:
; CHECK-NEXT: ret void
; CHECK: [[REST]]:
; CHECK-NEXT: store i32 1, ptr %p
define ptx_kernel void @exits(ptr %p, i32 %c) {
  call void asm sideeffect "{ .reg .pred q; setp.eq.u32 q, $0, 0; @q exit; }", "r"(i32 %c), !srcloc !0
  store i32 1, ptr %p
  ret void
}

!0 = !{i64 1}
