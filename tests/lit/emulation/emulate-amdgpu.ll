; rubicon-emulate-amdgpu: AMDGPU IR to x86-64 IR on the host runtime's ABI.
; LDS variables get 32-bit addresses from 0 (the dynamic array after them,
; 16-byte aligned); every LDS or scratch access and every cast to a flat
; pointer adds the block's LDS base or the lane's stack base; amdgcn
; intrinsics become calls of the emulation library; kernels get host entry
; points; scoped atomics and fences become system-scope.
; RUN: rubicon-opt -passes=rubicon-emulate-amdgpu -S %s | FileCheck %s

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.P = type { i32, double }

@tile = internal addrspace(3) global [10 x float] undef, align 4
@flag = internal addrspace(3) global i32 undef, align 4
@dynamic = external addrspace(3) global [0 x i8], align 4

; CHECK: target datalayout = "{{.*}}-p3:32:32-p5:32:32"
; CHECK: target triple = "x86_64-unknown-linux-gnu"
; CHECK: @__rubicon_host_shared_bytes = constant i64 48
; CHECK: @__rubicon_amdgcn_wave_size = constant i32 64
; CHECK: @__rubicon_amdgcn_static_lds_bytes = constant i32 44
; CHECK: @__rubicon_host_abi_version = constant i64 9
; Two parameters: 8 bytes (a pointer), 16 bytes (the struct, by reference).
; CHECK: @__rubicon_host_params_k = constant [3 x i64] [i64 2, i64 8, i64 16]

; The kernel is an ordinary internal function, without AMDGPU attributes.
; CHECK-LABEL: define internal void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.P) %p) {
; CHECK-DAG: %scratch = call ptr @__rubicon_amdgcn_private_base()
; CHECK-DAG: %lds = call ptr @__rubicon_amdgcn_lds_base()
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) byref(%struct.P) %p) #0 {
  ; CHECK: %[[A:.*]] = alloca [4 x i32], align 4
  ; CHECK: ptrtoint ptr %[[A]] to i64
  ; CHECK: sub i64 {{.*}}, {{.*}}
  ; CHECK: %[[PRIV:.*]] = inttoptr i32 {{.*}} to ptr addrspace(5)
  %a = alloca [4 x i32], align 4, addrspace(5)
  ; CHECK: call i32 @__rubicon_amdgcn_workitem_id_x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  ; CHECK: %[[E:.*]] = getelementptr i32, ptr addrspace(5) %[[PRIV]], i32
  ; CHECK: ptrtoint ptr addrspace(5) %[[E]] to i32
  ; CHECK: getelementptr i8, ptr %scratch
  ; CHECK: store i32
  %e = getelementptr i32, ptr addrspace(5) %a, i32 %tid
  store i32 %tid, ptr addrspace(5) %e, align 4
  ; @tile is at 0, @flag at 40, @dynamic at 48.
  ; CHECK: getelementptr float, ptr addrspace(3) null, i32
  %t = getelementptr float, ptr addrspace(3) @tile, i32 %tid
  ; CHECK: getelementptr i8, ptr %lds
  %v = load float, ptr addrspace(3) %t, align 4
  ; CHECK: %[[FLAG:.*]] = zext i32 ptrtoint (ptr addrspace(3) inttoptr (i32 40 to ptr addrspace(3)) to i32) to i64
  ; CHECK: %[[FLAT:.*]] = getelementptr i8, ptr %lds, i64 %[[FLAG]]
  ; CHECK: atomicrmw add ptr %[[FLAT]], i32 1 monotonic
  %old = atomicrmw add ptr addrspace(3) @flag, i32 1 syncscope("workgroup") monotonic
  ; CHECK: fence acquire
  fence syncscope("agent") acquire
  ; CHECK: call void @__rubicon_amdgcn_s_barrier()
  call void @llvm.amdgcn.s.barrier()
  ; A flat view of the dynamic array: its LDS address plus the base.
  ; CHECK: %[[DYN:.*]] = zext i32 ptrtoint (ptr addrspace(3) inttoptr (i32 48 to ptr addrspace(3)) to i32) to i64
  ; CHECK: getelementptr i8, ptr %lds, i64 %[[DYN]]
  %flat = addrspacecast ptr addrspace(3) @dynamic to ptr
  store float %v, ptr %flat, align 4
  ; And back: the flat address minus the base.
  ; CHECK: %[[OFF:.*]] = sub i64 {{.*}}, {{.*}}
  ; CHECK: trunc i64 %[[OFF]] to i32
  %back = addrspacecast ptr %flat to ptr addrspace(3)
  store i32 %old, ptr addrspace(3) %back, align 4
  ; CHECK: call i32 @__rubicon_amdgcn_update_dpp_i32(i32 %old, i32 %old, i32 273, i32 15, i32 15, i1 false)
  %d = call i32 @llvm.amdgcn.update.dpp.i32(i32 %old, i32 %old, i32 273, i32 15, i32 15, i1 false)
  store i32 %d, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: define void @__rubicon_host_entry_k(ptr %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @__rubicon_emulation_lane_begin()
; CHECK: %[[OUT:.*]] = load ptr addrspace(1), ptr
; CHECK: %[[P:.*]] = addrspacecast ptr %{{.*}} to ptr addrspace(4)
; CHECK: call void @k(ptr addrspace(1) %[[OUT]], ptr addrspace(4) %[[P]])

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx942" "uniform-work-group-size"="true" }

