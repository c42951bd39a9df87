; Launch bounds beyond what AMD GPUs can run are an error naming the kernel.
; RUN: not rubicon-opt -passes=rubicon-kernel-abi -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: kernel 'too_big' asks for 2048 threads per block; AMD GPUs run at most 1024

target triple = "amdgcn-amd-amdhsa"

define ptx_kernel void @too_big() "nvvm.maxntid"="2048" {
  ret void
}
