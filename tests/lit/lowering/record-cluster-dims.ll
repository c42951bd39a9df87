; rubicon-record-cluster-dims: the annotation __cluster_dims__ leaves
; (host_defines.h) becomes its kernel's "rubicon.cluster_dims" attribute,
; missing dimensions 1; other annotations stay. Then the host target exports
; the dimensions of clusters of more than one block for the runtime, which
; refuses to launch them, and AMD targets make such a kernel trap.
; RUN: rubicon-opt -passes=rubicon-record-cluster-dims -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-record-cluster-dims,rubicon-host-kernel-entry -S %s | FileCheck %s --check-prefix=HOST
; RUN: rubicon-opt -passes=rubicon-record-cluster-dims,rubicon-kernel-abi -S %s | FileCheck %s --check-prefix=AMDGPU

target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [21 x i8] c"rubicon.cluster_dims\00", section "llvm.metadata"
@.str.1 = private unnamed_addr constant [5 x i8] c"k.cu\00", section "llvm.metadata"
@.str.2 = private unnamed_addr constant [6 x i8] c"other\00", section "llvm.metadata"
@.args = private unnamed_addr constant { i32, i32, i32 } { i32 2, i32 1, i32 2 }, section "llvm.metadata"
@.args.1 = private unnamed_addr constant { i32 } { i32 4 }, section "llvm.metadata"
@.args.2 = private unnamed_addr constant { i32, i32, i32 } { i32 1, i32 1, i32 1 }, section "llvm.metadata"
@llvm.global.annotations = appending global [4 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @pairs, ptr @.str, ptr @.str.1, i32 1, ptr @.args }, { ptr, ptr, ptr, i32, ptr } { ptr @four, ptr @.str, ptr @.str.1, i32 2, ptr @.args.1 }, { ptr, ptr, ptr, i32, ptr } { ptr @single, ptr @.str, ptr @.str.1, i32 3, ptr @.args.2 }, { ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.str.2, ptr @.str.1, i32 4, ptr null }], section "llvm.metadata"

; CHECK: @llvm.global.annotations = appending global [1 x { ptr, ptr, ptr, i32, ptr }] [{ ptr, ptr, ptr, i32, ptr } { ptr @plain, ptr @.str.2, ptr @.str.1, i32 4, ptr null }], section "llvm.metadata"

; HOST-DAG: @__rubicon_host_cluster_dims_pairs = constant [3 x i64] [i64 2, i64 1, i64 2]
; HOST-DAG: @__rubicon_host_cluster_dims_four = constant [3 x i64] [i64 4, i64 1, i64 1]
; HOST-NOT: @__rubicon_host_cluster_dims_single
; HOST-NOT: @__rubicon_host_cluster_dims_plain
; HOST-NOT: rubicon.cluster_dims

; CHECK: define ptx_kernel void @pairs(ptr %p) [[PAIRS:#[0-9]+]]
; AMDGPU-LABEL: define protected amdgpu_kernel void @pairs(
; AMDGPU-NEXT: call void @llvm.trap()
; AMDGPU-NEXT: %p.generic = addrspacecast
define ptx_kernel void @pairs(ptr %p) {
  store i32 1, ptr %p
  ret void
}

; CHECK: define ptx_kernel void @four(ptr %p) [[FOUR:#[0-9]+]]
; AMDGPU-LABEL: define protected amdgpu_kernel void @four(
; AMDGPU-NEXT: call void @llvm.trap()
; AMDGPU-NEXT: %p.generic = addrspacecast
define ptx_kernel void @four(ptr %p) {
  store i32 4, ptr %p
  ret void
}

; Clusters of one block run.
; CHECK: define ptx_kernel void @single(ptr %p) [[SINGLE:#[0-9]+]]
; AMDGPU-LABEL: define protected amdgpu_kernel void @single(
; AMDGPU-NOT: llvm.trap
; AMDGPU: ret void
define ptx_kernel void @single(ptr %p) {
  store i32 1, ptr %p
  ret void
}

; CHECK: define ptx_kernel void @plain(ptr %p) {
define ptx_kernel void @plain(ptr %p) {
  store i32 0, ptr %p
  ret void
}

; CHECK-DAG: attributes [[PAIRS]] = { "rubicon.cluster_dims"="2,1,2" }
; CHECK-DAG: attributes [[FOUR]] = { "rubicon.cluster_dims"="4,1,1" }
; CHECK-DAG: attributes [[SINGLE]] = { "rubicon.cluster_dims"="1,1,1" }
; AMDGPU-NOT: rubicon.cluster_dims
