; The warp-size analysis runs alone in rubicon-opt (-passes=rubicon-warp-size):
; one verdict per kernel on stderr, the verdicts in !rubicon.warp_size.
; RUN: rubicon-opt -passes=rubicon-warp-size %s -S -o %t.ll 2>&1 | FileCheck %s --check-prefix=VERDICT
; RUN: FileCheck %s --check-prefix=METADATA < %t.ll
target triple = "nvptx64-nvidia-cuda"

; VERDICT-DAG: warning: full warp mask 0xffffffff {{.*}}[-Wwarp-size-mask]
; VERDICT-DAG: rubicon-warp-size: plain: none (no warp-level behaviour)
; VERDICT-DAG: rubicon-warp-size: full_mask: assumes-32 (assumes 32-lane warps)
; METADATA: !rubicon.warp_size = !{![[A:[0-9]+]], ![[B:[0-9]+]]}
; METADATA-DAG: ![[A]] = !{ptr @plain, !"none"}
; METADATA-DAG: ![[B]] = !{ptr @full_mask, !"assumes-32"}

define ptx_kernel void @plain(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %out
  ret void
}

define ptx_kernel void @full_mask(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %t, i32 1, i32 31)
  store i32 %v, ptr %out
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
