; An NVVM intrinsic the host target has no row for.
target triple = "x86_64-unknown-linux-gnu"

define float @texture(i64 %t) {
  %v = call float @llvm.nvvm.tex.unified.1d.v4f32.s32(i64 %t, i32 0)
  ret float %v
}

declare float @llvm.nvvm.tex.unified.1d.v4f32.s32(i64, i32)
