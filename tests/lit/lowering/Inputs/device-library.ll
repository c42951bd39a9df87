; A small device library for link-device-library.ll.
target triple = "amdgcn-amd-amdhsa"

@llvm.used = appending global [2 x ptr] [ptr @__rubicon_read_ptx_sreg_tid_x, ptr @__rubicon_unused], section "llvm.metadata"

define i32 @__rubicon_read_ptx_sreg_tid_x() #0 {
  ret i32 7
}

define i32 @__rubicon_unused() #0 {
  ret i32 0
}

attributes #0 = { "no-builtins" nounwind }
