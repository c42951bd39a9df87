; An aggregate whose layout differs between NVPTX's and x86-64's data layout
; (i128 is 8-byte aligned in the NVPTX layout given here, 16-byte on x86-64).
target datalayout = "e-i64:64-i128:64-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Wide = type { i32, i128 }

@wide = addrspace(1) global %struct.Wide zeroinitializer, align 8
