; An argument buffer that is not a local struct cannot be unpacked: error.
; RUN: not rubicon-opt -passes=rubicon-lower-printf -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK: error: cannot lower printf in function 'opaque_buffer': the argument buffer passed to vprintf is not a local struct

target triple = "amdgcn-amd-amdhsa"

@fmt = private unnamed_addr addrspace(4) constant [3 x i8] c"%d\00"

define void @opaque_buffer(ptr %args) {
  %r = call i32 @vprintf(ptr addrspacecast (ptr addrspace(4) @fmt to ptr), ptr %args)
  ret void
}

declare i32 @vprintf(ptr, ptr)
