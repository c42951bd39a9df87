; rubicon-lower-texture-handles: a legacy texture reference is an i64 device
; variable holding its descriptor's address; each handle intrinsic becomes a
; load of that variable. A handle that names no variable is an error.
; RUN: rubicon-opt -passes=rubicon-lower-texture-handles -S %s | FileCheck %s
; RUN: not rubicon-opt -passes=rubicon-lower-texture-handles -S %S/Inputs/texture-handle-no-variable.ll 2>&1 | FileCheck %s --check-prefix=ERROR

target triple = "nvptx64-nvidia-cuda"

@tex = addrspace(1) global i64 0, align 8

; CHECK-LABEL: define i64 @internal()
; CHECK-NEXT: %tex.descriptor = load i64, ptr addrspace(1) @tex, align 8
; CHECK-NEXT: ret i64 %tex.descriptor
define i64 @internal() {
  %h = call i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1) @tex)
  ret i64 %h
}

; The metadata form: the variable is the last operand.
; CHECK-LABEL: define i64 @with_metadata()
; CHECK-NEXT: %tex.descriptor = load i64, ptr addrspace(1) @tex, align 8
; CHECK-NEXT: ret i64 %tex.descriptor
define i64 @with_metadata() {
  %h = call i64 @llvm.nvvm.texsurf.handle.p1(metadata ptr addrspace(1) @tex, ptr addrspace(1) @tex)
  ret i64 %h
}

; CHECK-NOT: declare {{.*}}@llvm.nvvm.texsurf.handle
declare i64 @llvm.nvvm.texsurf.handle.internal.p1(ptr addrspace(1))
declare i64 @llvm.nvvm.texsurf.handle.p1(metadata, ptr addrspace(1))

; ERROR: error: texture handle intrinsic 'llvm.nvvm.texsurf.handle.internal.p1' does not name a texture reference variable
