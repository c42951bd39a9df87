; Block and warp barriers, shuffles and votes are device-library calls that
; stay convergent.
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s | FileCheck %s
; CHECK-NOT: llvm.nvvm

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @block_barriers(i1 %p)
define i32 @block_barriers(i1 %p) {
; __syncthreads()
; CHECK: call void @__rubicon_barrier_cta_sync_aligned_all(i32 0) #[[CONV:[0-9]+]]
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; __nvvm_barrier_sync(1), bar.sync 1, 64
; CHECK: call void @__rubicon_barrier_cta_sync_all(i32 1) #[[CONV]]
; CHECK: call void @__rubicon_barrier_cta_sync_count(i32 1, i32 64) #[[CONV]]
  call void @llvm.nvvm.barrier.cta.sync.all(i32 1)
  call void @llvm.nvvm.barrier.cta.sync.count(i32 1, i32 64)
; __syncthreads_count / _and / _or
; CHECK: %n = call i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32 0, i1 %p) #[[CONV]]
; CHECK: %all = call i1 @__rubicon_barrier_cta_red_and_aligned_all(i32 0, i1 %p) #[[CONV]]
; CHECK: %any = call i1 @__rubicon_barrier_cta_red_or_aligned_all(i32 0, i1 %p) #[[CONV]]
  %n = call i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32 0, i1 %p)
  %all = call i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32 0, i1 %p)
  %any = call i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32 0, i1 %p)
  %a = zext i1 %all to i32
  %o = zext i1 %any to i32
  %s = add i32 %n, %a
  %r = add i32 %s, %o
  ret i32 %r
}

; CHECK-LABEL: define i32 @warp_level(i32 %v, float %f, i1 %p)
define i32 @warp_level(i32 %v, float %f, i1 %p) {
; CHECK: call void @__rubicon_bar_warp_sync(i32 -1) #[[CONV]]
; CHECK: call i32 @__rubicon_shfl_sync_bfly_i32(i32 -1, i32 %v, i32 1, i32 31) #[[CONV]]
; CHECK: call float @__rubicon_shfl_sync_idx_f32(i32 -1, float %f, i32 0, i32 31) #[[CONV]]
; CHECK: call i32 @__rubicon_vote_ballot_sync(i32 -1, i1 %p) #[[CONV]]
; CHECK: call i32 @__rubicon_activemask() #[[CONV]]
  call void @llvm.nvvm.bar.warp.sync(i32 -1)
  %x = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %v, i32 1, i32 31)
  %y = call float @llvm.nvvm.shfl.sync.idx.f32(i32 -1, float %f, i32 0, i32 31)
  %b = call i32 @llvm.nvvm.vote.ballot.sync(i32 -1, i1 %p)
  %m = call i32 @llvm.nvvm.activemask()
  %yi = fptosi float %y to i32
  %s1 = add i32 %x, %yi
  %s2 = add i32 %s1, %b
  %s3 = add i32 %s2, %m
  ret i32 %s3
}

; The declarations are convergent, like the intrinsics they replace.
; CHECK: declare void @__rubicon_barrier_cta_sync_aligned_all(i32) #[[CONVDECL:[0-9]+]]
; CHECK: attributes #[[CONVDECL]] = { convergent nounwind }
; CHECK: attributes #[[CONV]] = { convergent }

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.count(i32, i32)
declare i32 @llvm.nvvm.barrier.cta.red.popc.aligned.all(i32, i1)
declare i1 @llvm.nvvm.barrier.cta.red.and.aligned.all(i32, i1)
declare i1 @llvm.nvvm.barrier.cta.red.or.aligned.all(i32, i1)
declare void @llvm.nvvm.bar.warp.sync(i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare float @llvm.nvvm.shfl.sync.idx.f32(i32, float, i32, i32)
declare i32 @llvm.nvvm.vote.ballot.sync(i32, i1)
declare i32 @llvm.nvvm.activemask()
