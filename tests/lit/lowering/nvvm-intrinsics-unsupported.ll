; An NVVM intrinsic without a lowering is an error naming it and its caller,
; at the source location when the call has one: !srcloc (inline PTX turned
; into intrinsics by ptx-inline) or debug info. Every such call is reported.
; RUN: not rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s -o /dev/null 2>&1 | FileCheck %s
; RUN: not rubicon-opt -passes=rubicon-lower-nvvm-to-amdgpu -S %s -o /dev/null 2>&1 | FileCheck %s

target triple = "nvptx64-nvidia-cuda"

; CHECK-DAG: error: unsupported NVVM intrinsic 'llvm.nvvm.read.ptx.sreg.envreg0' in function 'plain'
define i32 @plain() {
  %s = call i32 @llvm.nvvm.read.ptx.sreg.envreg0()
  ret i32 %s
}

; CHECK-DAG: error: kernel.cu:12:7: unsupported NVVM intrinsic 'llvm.nvvm.read.ptx.sreg.pm0' in function 'with_debug_info'
define i32 @with_debug_info() !dbg !5 {
  %s = call i32 @llvm.nvvm.read.ptx.sreg.pm0(), !dbg !8
  ret i32 %s
}

; The !srcloc cookie reaches the frontend's diagnostic handler, which maps it
; to the asm statement; rubicon-opt has no source manager and prints the text.
; CHECK-DAG: error: unsupported NVVM intrinsic 'llvm.nvvm.read.ptx.sreg.gridid' in function 'with_srcloc'
define i32 @with_srcloc() {
  %s = call i32 @llvm.nvvm.read.ptx.sreg.gridid(), !srcloc !9
  ret i32 %s
}

declare i32 @llvm.nvvm.read.ptx.sreg.envreg0()
declare i32 @llvm.nvvm.read.ptx.sreg.pm0()
declare i32 @llvm.nvvm.read.ptx.sreg.gridid()

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3, !4}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "kernel.cu", directory: "")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{i32 7, !"Dwarf Version", i32 5}
!5 = distinct !DISubprogram(name: "with_debug_info", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 12, column: 7, scope: !5)
!9 = !{i64 4242}
