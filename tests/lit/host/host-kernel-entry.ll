; rubicon-host-kernel-entry: each kernel becomes an internal function marked
; "rubicon-host-kernel" (launch bounds dropped), called by
; __rubicon_host_entry_<name>(void **args), which loads each parameter from
; CUDA's argument array (a byval aggregate is passed by its address); and
; __rubicon_host_params_<name> lists the parameter count, then each size;
; __rubicon_host_param_offsets_<name> the count, then where each parameter
; lies in CUDA's parameter buffer (natural alignment: the byval pair at 16);
; __rubicon_host_abi_version (HostABI.h) lets the runtime refuse code objects
; of another version. Device code that takes a kernel's address (a launch
; from device code) gets its entry point's, by which the runtime finds it.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.Pair = type { i32, double }

; CHECK: @__rubicon_host_abi_version = constant i64 9
; CHECK: @__rubicon_host_params_scale = constant [5 x i64] [i64 4, i64 8, i64 4, i64 16, i64 8]
; CHECK: @__rubicon_host_param_offsets_scale = constant [5 x i64] [i64 4, i64 0, i64 8, i64 16, i64 32]
; CHECK: @__rubicon_host_params_empty = constant [1 x i64] zeroinitializer
; CHECK: @__rubicon_host_param_offsets_empty = constant [1 x i64] zeroinitializer

; CHECK: define internal void @scale(ptr %out, float %factor, ptr byval(%struct.Pair) align 8 %pair, i64 %n) [[KERNEL:#[0-9]+]]
define ptx_kernel void @scale(ptr %out, float %factor, ptr byval(%struct.Pair) align 8 %pair, i64 %n) #0 {
  ret void
}

; CHECK: define internal void @empty() [[KERNEL]]
define ptx_kernel void @empty() {
  ret void
}

; Device functions are left alone.
; CHECK: define void @helper() {
define void @helper() {
  ret void
}

; CHECK-LABEL: define void @launcher(ptr %slot)
; CHECK-NEXT: store ptr @__rubicon_host_entry_empty, ptr %slot
define void @launcher(ptr %slot) {
  store ptr @empty, ptr %slot
  ret void
}

; CHECK-LABEL: define void @__rubicon_host_entry_scale(ptr %0)
; CHECK: [[S0:%.*]] = getelementptr inbounds ptr, ptr %0, i64 0
; CHECK-NEXT: [[A0:%.*]] = load ptr, ptr [[S0]]
; CHECK-NEXT: [[OUT:%.*]] = load ptr, ptr [[A0]]
; CHECK-NEXT: [[S1:%.*]] = getelementptr inbounds ptr, ptr %0, i64 1
; CHECK-NEXT: [[A1:%.*]] = load ptr, ptr [[S1]]
; CHECK-NEXT: [[FACTOR:%.*]] = load float, ptr [[A1]]
; CHECK-NEXT: [[S2:%.*]] = getelementptr inbounds ptr, ptr %0, i64 2
; CHECK-NEXT: [[PAIR:%.*]] = load ptr, ptr [[S2]]
; CHECK-NEXT: [[S3:%.*]] = getelementptr inbounds ptr, ptr %0, i64 3
; CHECK-NEXT: [[A3:%.*]] = load ptr, ptr [[S3]]
; CHECK-NEXT: [[N:%.*]] = load i64, ptr [[A3]]
; CHECK-NEXT: call void @scale(ptr [[OUT]], float [[FACTOR]], ptr [[PAIR]], i64 [[N]])
; CHECK-NEXT: ret void

; CHECK-LABEL: define void @__rubicon_host_entry_empty(ptr %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: call void @empty()

; CHECK: attributes [[KERNEL]] = { "rubicon-host-kernel" }
attributes #0 = { "nvvm.maxntid"="256" "nvvm.minctasm"="2" }
