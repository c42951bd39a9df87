; A texture handle of a pointer that is not a variable (see lower-texture-handles.ll).
target triple = "nvptx64-nvidia-cuda"

define i64 @from_argument(ptr addrspace(1) %p) {
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) %p)
  ret i64 %h
}

declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))
