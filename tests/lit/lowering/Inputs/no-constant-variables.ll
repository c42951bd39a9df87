; A module without __constant__ variables: no address is a constant one,
; and __isGlobal is the machine's answer.
target triple = "nvptx64-nvidia-cuda"

; NONE-LABEL: define i1 @queries(ptr %p)
; NONE-NEXT: [[G:%.*]] = call i1 @llvm.nvvm.isspacep.global(ptr %p)
; NONE-NEXT: [[R:%.*]] = or i1 [[G]], false
; NONE-NEXT: ret i1 [[R]]
define i1 @queries(ptr %p) {
  %c = call i1 @llvm.nvvm.isspacep.const(ptr %p)
  %g = call i1 @llvm.nvvm.isspacep.global(ptr %p)
  %r = or i1 %g, %c
  ret i1 %r
}

declare i1 @llvm.nvvm.isspacep.const(ptr)
declare i1 @llvm.nvvm.isspacep.global(ptr)
