; On wave32 targets a logical warp is a whole wavefront, and the constant-rate
; clock is read with s_sendmsg_rtn.
; REQUIRES: target-gfx1100
; RUN: llvm-link --only-needed %s %toolkit/lib64/rubicon/gfx1100.bc -o %t.linked.bc
; RUN: opt -passes='internalize,default<O2>' -internalize-public-api-list=lane_id,global_timer,ballot %t.linked.bc -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx1100 %t.bc -o - | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

declare i32 @__rubicon_read_ptx_sreg_laneid()
declare i64 @__rubicon_read_ptx_sreg_globaltimer()
declare i32 @__rubicon_vote_ballot_sync(i32, i1)
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: lane_id:
; CHECK: v_mbcnt_lo_u32_b32
; CHECK-NOT: v_mbcnt_hi_u32_b32
; CHECK: s_endpgm
define amdgpu_kernel void @lane_id(ptr addrspace(1) %out) #0 {
  %v = call i32 @__rubicon_read_ptx_sreg_laneid()
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: global_timer:
; CHECK: s_sendmsg_rtn_b64 s[{{[0-9]+}}:{{[0-9]+}}], sendmsg(MSG_RTN_GET_REALTIME)
define amdgpu_kernel void @global_timer(ptr addrspace(1) %out) #0 {
  %v = call i64 @__rubicon_read_ptx_sreg_globaltimer()
  store i64 %v, ptr addrspace(1) %out
  ret void
}

; The ballot is the 32-bit lane mask of the compare, stored as is.
; CHECK-LABEL: ballot:
; CHECK: v_cmp_lt_u32_e64 [[MASK:s[0-9]+]], 5, v0
; CHECK: mov_b32 v{{[0-9]+}}, [[MASK]]
define amdgpu_kernel void @ballot(ptr addrspace(1) %out) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = icmp ugt i32 %tid, 5
  %v = call i32 @__rubicon_vote_ballot_sync(i32 -1, i1 %p)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "target-cpu"="gfx1100" }
