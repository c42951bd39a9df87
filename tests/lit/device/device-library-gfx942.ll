; Kernels calling the device library in place of NVVM intrinsics, linked the
; way the lowering links it (only what is needed), compiled for gfx942.
; REQUIRES: target-gfx942
; RUN: llvm-link --only-needed %s %toolkit/lib64/rubicon/gfx942.bc -o %t.linked.bc
; RUN: opt -passes='internalize,default<O2>' -internalize-public-api-file=%S/Inputs/kernel-names.txt %t.linked.bc -o %t.o2.bc
; RUN: rubicon-opt -rubicon-arch=gfx942 -passes='rubicon-warp-fast-paths,always-inline,default<O2>' %t.o2.bc -o %t.bc
; RUN: llvm-nm %t.bc | FileCheck %s --check-prefix=RESOLVED
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.bc -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: FileCheck %s --check-prefix=ASSERT < %t.s

; Everything the kernels need comes from the library (ockl's hostcall for
; the assert message included): nothing is left undefined.
; RESOLVED-NOT: {{ U }}

target triple = "amdgcn-amd-amdhsa"

declare i32 @__rubicon_read_ptx_sreg_ntid_y()
declare i32 @__rubicon_read_ptx_sreg_nctaid_z()
declare i32 @__rubicon_read_ptx_sreg_laneid()
declare i64 @__rubicon_read_ptx_sreg_clock64()
declare i64 @__rubicon_read_ptx_sreg_globaltimer()
declare void @__rubicon_barrier_cta_sync_aligned_all(i32)
declare i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32, i1)
declare i32 @__rubicon_shfl_sync_idx_i32(i32, i32, i32, i32)
declare void @__assertfail(ptr, ptr, i32, ptr, i64)
declare float @__ocml_sin_f32(float)
declare ptr @malloc(i64)

; blockDim.y: hidden_group_size_y, the u16 at offset 14 of the implicit
; arguments, which follow the 8 bytes of explicit arguments (loaded as the
; dword at 8 + 12 = 0x14, upper half).
; CHECK-LABEL: block_size:
; CHECK: s_load_dword [[SIZES:s[0-9]+]], s[{{[0-9]+}}:{{[0-9]+}}], 0x14
; CHECK: s_lshr_b32 s{{[0-9]+}}, [[SIZES]], 16
define amdgpu_kernel void @block_size(ptr addrspace(1) %out) #0 {
  %v = call i32 @__rubicon_read_ptx_sreg_ntid_y()
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; gridDim.z: hidden_block_count_z, the u32 at offset 8 (8 + 8 = 0x10).
; CHECK-LABEL: grid_size:
; CHECK: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x10
define amdgpu_kernel void @grid_size(ptr addrspace(1) %out) #0 {
  %v = call i32 @__rubicon_read_ptx_sreg_nctaid_z()
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; %laneid: the lane within the 32-lane half of the wave64 wavefront.
; CHECK-LABEL: lane_id:
; CHECK: v_mbcnt_lo_u32_b32
; CHECK: v_mbcnt_hi_u32_b32
; CHECK: v_and_b32_e32 v{{[0-9]+}}, 31,
define amdgpu_kernel void @lane_id(ptr addrspace(1) %out) #0 {
  %v = call i32 @__rubicon_read_ptx_sreg_laneid()
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: clocks:
; CHECK-DAG: s_memtime
; CHECK-DAG: s_memrealtime
define amdgpu_kernel void @clocks(ptr addrspace(1) %out) #0 {
  %c = call i64 @__rubicon_read_ptx_sreg_clock64()
  %t = call i64 @__rubicon_read_ptx_sreg_globaltimer()
  %s = sub i64 %t, %c
  store i64 %s, ptr addrspace(1) %out
  ret void
}

; __syncthreads: a workgroup barrier between release and acquire fences.
; CHECK-LABEL: barrier:
; CHECK: global_store_dword
; CHECK: s_barrier
define amdgpu_kernel void @barrier(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  call void @__rubicon_barrier_cta_sync_aligned_all(i32 0)
  %q = getelementptr i32, ptr addrspace(1) %p, i32 64
  %v = load i32, ptr addrspace(1) %q
  %r = getelementptr i32, ptr addrspace(1) %p, i32 128
  store i32 %v, ptr addrspace(1) %r
  ret void
}

; __syncthreads_count: wave ballot, one LDS atomic per wavefront, barriers.
; CHECK-LABEL: barrier_count:
; CHECK: s_barrier
; CHECK: ds_write_b32
; CHECK: s_barrier
; CHECK: s_bcnt1_i32_b64
; CHECK: ds_add_u32
; CHECK: s_barrier
; CHECK: ds_read_b32
; CHECK: .amdhsa_group_segment_fixed_size 4
define amdgpu_kernel void @barrier_count(ptr addrspace(1) %out, i32 %x) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = icmp ult i32 %tid, %x
  %v = call i32 @__rubicon_barrier_cta_red_popc_aligned_all(i32 0, i1 %p)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; __shfl_sync (a lane that is not a constant): ds_bpermute within the
; logical warp.
; CHECK-LABEL: shuffle:
; CHECK: ds_bpermute_b32
define amdgpu_kernel void @shuffle(ptr addrspace(1) %out) #0 {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %v = call i32 @__rubicon_shfl_sync_idx_i32(i32 -1, i32 %x, i32 %x, i32 31)
  store i32 %v, ptr addrspace(1) %out
  ret void
}

; assert: __assertfail prints through ockl's hostcall printf, then traps;
; the kernel asks for the hostcall buffer.
; CHECK-LABEL: assert_fails:
; CHECK: __assertfail@rel32@lo
; ASSERT-LABEL: __assertfail:
; ASSERT: s_trap 2
define amdgpu_kernel void @assert_fails(i32 %x) #0 {
  %bad = icmp eq i32 %x, 0
  br i1 %bad, label %fail, label %ok
fail:
  call void @__assertfail(ptr @message, ptr @file, i32 12, ptr @function, i64 1)
  unreachable
ok:
  ret void
}

; Device math and the device heap resolve in the library (see RESOLVED).
; CHECK-LABEL: math_and_heap:
; CHECK: s_endpgm
define amdgpu_kernel void @math_and_heap(ptr addrspace(1) %out, float %x) #0 {
  %s = call float @__ocml_sin_f32(float %x)
  %m = call ptr @malloc(i64 16)
  store float %s, ptr %m
  store ptr %m, ptr addrspace(1) %out
  ret void
}

; CHECK: .name: assert_fails
; CHECK: .value_kind: hidden_hostcall_buffer

@message = private unnamed_addr constant [7 x i8] c"x != 0\00"
@file = private unnamed_addr constant [6 x i8] c"a.cu\00\00"
@function = private unnamed_addr constant [2 x i8] c"f\00"

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "target-cpu"="gfx942" }
