; rubicon-host-lower-nvvm-intrinsics: the NVVMIntrinsics.def table read for
; the host. Special registers, barriers and warp operations call the host
; device library (__rubicon_<name>, dots as underscores, same signature);
; fences become LLVM fences; scoped atomics LLVM atomics; llvm.trap ends the
; kernel through __rubicon_host_trap; an intrinsic without a row is an error.
; RUN: rubicon-opt -passes=rubicon-host-lower-nvvm-intrinsics -S %s | FileCheck %s
; RUN: not rubicon-opt -passes=rubicon-host-lower-nvvm-intrinsics -S %S/Inputs/host-unknown-intrinsic.ll 2>&1 | FileCheck %s --check-prefix=UNKNOWN

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define i32 @sreg()
; CHECK-NEXT: [[X:%.*]] = call i32 @__rubicon_read_ptx_sreg_tid_x()
; CHECK-NEXT: [[L:%.*]] = call i32 @__rubicon_read_ptx_sreg_laneid()
; CHECK-NEXT: add i32 [[X]], [[L]]
define i32 @sreg() {
  %x = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %l = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %s = add i32 %x, %l
  ret i32 %s
}

; The mask reaches the device library (it chooses the shuffle's lanes).
; CHECK-LABEL: define i32 @warp(i32 %mask, i32 %v)
; CHECK-NEXT: {{%.*}} = call i32 @__rubicon_shfl_sync_bfly_i32(i32 %mask, i32 %v, i32 1, i32 31)
; CHECK-NEXT: {{%.*}} = call i32 @__rubicon_vote_ballot_sync(i32 %mask, i1 true)
; CHECK-NEXT: call void @__rubicon_bar_warp_sync(i32 %mask)
define i32 @warp(i32 %mask, i32 %v) {
  %s = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %mask, i32 %v, i32 1, i32 31)
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 %mask, i1 true)
  call void @llvm.nvvm.bar.warp.sync(i32 %mask)
  %r = add i32 %s, %b
  ret i32 %r
}

; CHECK-LABEL: define void @barrier()
; CHECK-NEXT: call void @__rubicon_barrier_cta_sync_aligned_all(i32 0)
define void @barrier() {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  ret void
}

; CHECK-LABEL: define void @fences()
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: fence seq_cst
define void @fences() {
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  ret void
}

; CHECK-LABEL: define void @trap()
; CHECK-NEXT: call void @__rubicon_host_trap()
; CHECK-NEXT: unreachable
define void @trap() {
  call void @llvm.trap()
  unreachable
}

; CHECK-NOT: declare {{.*}}@llvm.nvvm.
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare void @llvm.trap()

; UNKNOWN: error: NVVM intrinsic 'llvm.nvvm.{{.*}}' in 'texture' has no lowering for the host target
