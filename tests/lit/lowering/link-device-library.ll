; rubicon-link-device-library: links the device library into the lowered
; module, only what the module uses; the library's llvm.used array stays out
; and its "no-builtins" attribute is dropped (it would block inlining). In a
; target's pipeline it links that target's library; alone, the one named by
; -rubicon-device-lib (none: nothing happens).
; RUN: rubicon-opt -passes=rubicon-link-device-library -rubicon-device-lib=%S/Inputs/device-library.ll -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-link-device-library -S %s | FileCheck %s --check-prefix=NONE
; RUN: not rubicon-opt -passes=rubicon-link-device-library -rubicon-device-lib=%S/Inputs/missing.ll -S %s 2>&1 | FileCheck %s --check-prefix=MISSING

target triple = "amdgcn-amd-amdhsa"

define i32 @kernel_body() {
  %x = call i32 @__rubicon_read_ptx_sreg_tid_x()
  ret i32 %x
}

declare i32 @__rubicon_read_ptx_sreg_tid_x()

; CHECK-NOT: @llvm.used
; CHECK: define {{.*}}i32 @__rubicon_read_ptx_sreg_tid_x() [[ATTRS:#[0-9]+]]
; CHECK-NOT: __rubicon_unused
; CHECK: attributes [[ATTRS]] = {
; CHECK-NOT: no-builtins
; CHECK-SAME: }

; NONE: declare i32 @__rubicon_read_ptx_sreg_tid_x()

; MISSING: error: cannot read Rubicon's device library '{{.*}}missing.ll'
