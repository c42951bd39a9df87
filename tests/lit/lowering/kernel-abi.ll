; rubicon-kernel-abi: calling convention, byval -> byref kernel arguments,
; launch bounds, uniform work-group size, protected visibility.
; RUN: rubicon-opt -passes=rubicon-kernel-abi -S %s | FileCheck %s --check-prefixes=CHECK,WAVE64
; RUN: rubicon-opt -passes=rubicon-kernel-abi -rubicon-arch=gfx1100 -S %s | FileCheck %s --check-prefixes=CHECK,WAVE32

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%struct.S = type { i32, double, i8 }

; Device variables are found by name by the loader: protected. Local and
; shared variables are not exported.
; CHECK-DAG: @counter = protected addrspace(1) externally_initialized global i32 0
; CHECK-DAG: @coeffs = protected addrspace(4) externally_initialized constant [4 x float]
; CHECK-DAG: @private_table = internal addrspace(1) global i32 0
; CHECK-DAG: @tile = internal addrspace(3) global [64 x float] undef
@counter = dso_local addrspace(1) externally_initialized global i32 0, align 4
@coeffs = dso_local addrspace(4) externally_initialized constant [4 x float] zeroinitializer, align 4
@private_table = internal addrspace(1) global i32 0, align 4
@tile = internal addrspace(3) global [64 x float] undef, align 4

; A struct argument only read: read in place from the kernarg segment. A
; pointer argument points to global memory.
; CHECK-LABEL: define protected amdgpu_kernel void @read_only(ptr addrspace(1) %out, ptr addrspace(4) noundef byref(%struct.S) align 8 %s) #0 {
; CHECK-NEXT: %out.generic = addrspacecast ptr addrspace(1) %out to ptr
; CHECK-NEXT: %s.generic = addrspacecast ptr addrspace(4) %s to ptr
; CHECK-NEXT: %b = getelementptr inbounds i8, ptr %s.generic, i64 8
; CHECK-NEXT: %v = load double, ptr %b, align 8
; CHECK-NEXT: store double %v, ptr %out.generic, align 8
define ptx_kernel void @read_only(ptr %out, ptr byval(%struct.S) align 8 %s) #0 {
  %b = getelementptr inbounds i8, ptr %s, i64 8
  %v = load double, ptr %b, align 8
  store double %v, ptr %out, align 8
  ret void
}

; Written through: the kernel gets a private copy (24 bytes: sizeof(S)).
; CHECK-LABEL: define protected amdgpu_kernel void @written(ptr addrspace(4) noundef byref(%struct.S) align 8 %s) #1 {
; CHECK-NEXT: %s.copy = alloca %struct.S, align 8, addrspace(5)
; CHECK-NEXT: call void @llvm.memcpy.p5.p4.i64(ptr addrspace(5) align 8 %s.copy, ptr addrspace(4) align 8 %s, i64 24, i1 false)
; CHECK-NEXT: %[[COPY:.*]] = addrspacecast ptr addrspace(5) %s.copy to ptr
; CHECK-NEXT: store i32 3, ptr %[[COPY]], align 8
define ptx_kernel void @written(ptr byval(%struct.S) align 8 %s) #1 {
  store i32 3, ptr %s, align 8
  ret void
}

; Escaping (passed to a call that may write or capture it): copied as well.
; CHECK-LABEL: define protected amdgpu_kernel void @escapes(ptr addrspace(4) noundef byref(%struct.S) align 8 %s) #2 {
; CHECK-NEXT: %s.copy = alloca %struct.S
; CHECK: call void @consume(ptr %{{.*}})
define ptx_kernel void @escapes(ptr byval(%struct.S) align 8 %s) #2 {
  call void @consume(ptr %s)
  ret void
}

; Required block size (__cluster_dims__-free reqntid): exactly x*y*z threads.
; CHECK-LABEL: define protected amdgpu_kernel void @required_size() #3 {
define ptx_kernel void @required_size() #3 {
  ret void
}

; Internal kernels keep their visibility.
; CHECK-LABEL: define internal amdgpu_kernel void @internal_kernel() #4 {
define internal ptx_kernel void @internal_kernel() #4 {
  ret void
}

; Pointers already in a specific address space are kept.
; CHECK-LABEL: define protected amdgpu_kernel void @typed_pointers(ptr addrspace(3) %lds, i32 %n) #1 {
; CHECK-NEXT: store i32 %n, ptr addrspace(3) %lds
define ptx_kernel void @typed_pointers(ptr addrspace(3) %lds, i32 %n) #1 {
  store i32 %n, ptr addrspace(3) %lds
  ret void
}

; Ordinary device functions are untouched.
; CHECK-LABEL: define void @device_function(ptr byval(%struct.S) align 8 %s) {
define void @device_function(ptr byval(%struct.S) align 8 %s) {
  ret void
}

declare void @consume(ptr)

; __launch_bounds__(256, 4): 256 threads are 4 waves of 64 (8 of 32), 4 blocks
; per multiprocessor over 4 SIMDs -> at least 4 (8) waves per SIMD.
; WAVE64: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="4" "uniform-work-group-size"="true" }
; WAVE32: attributes #0 = { "amdgpu-flat-work-group-size"="1,256" "amdgpu-waves-per-eu"="8" "uniform-work-group-size"="true" }
attributes #0 = { "nvvm.maxntid"="256" "nvvm.minctasm"="4" "uniform-work-group-size"="true" }
; No launch bounds: CUDA's limit of 1024 threads.
; CHECK: attributes #1 = { nounwind "amdgpu-flat-work-group-size"="1,1024" "uniform-work-group-size"="true" }
attributes #1 = { nounwind }
; __launch_bounds__(128, 1): one block needs no occupancy hint; maxnreg has no
; AMDGPU equivalent and is dropped.
; CHECK: attributes #2 = { "amdgpu-flat-work-group-size"="1,128" "uniform-work-group-size"="true" }
attributes #2 = { "nvvm.maxntid"="128" "nvvm.minctasm"="1" "nvvm.maxnreg"="32" }
; CHECK: attributes #3 = { "amdgpu-flat-work-group-size"="96,96" "uniform-work-group-size"="true" }
attributes #3 = { "nvvm.reqntid"="32,3,1" }
; CHECK: attributes #4 = { "amdgpu-flat-work-group-size"="1,64" "uniform-work-group-size"="true" }
attributes #4 = { "nvvm.maxntid"="64,1,1" }
