; rubicon-host-kernel-entry: the rubicon.cuda-arch module flag (the CUDA
; architecture the device side was parsed for) becomes
; __rubicon_host_cuda_arch, which the runtime reports as the kernels'
; ptxVersion.
; RUN: rubicon-opt -passes=rubicon-host-kernel-entry -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

; CHECK: @__rubicon_host_cuda_arch = constant i64 70

define ptx_kernel void @k() {
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 7, !"rubicon.cuda-arch", i32 70}
