; @helper for nvvm-kernel.ll; @spare nobody calls.
target triple = "nvptx64-nvidia-cuda"

define i32 @helper(i32 %x) {
  %r = mul i32 %x, 3
  ret i32 %r
}

define i32 @spare(i32 %x) {
  ret i32 %x
}
