; fma/mad/div/rcp/sqrt .rz/.rm/.rp on .f64 become NVVM's directed-rounding
; intrinsics (the lowering calls the device library's exact versions); add,
; sub and mul stay error-free transformations in line.
; RUN: rubicon-inline-ptx %s | FileCheck %s

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"

; CHECK-LABEL: define double @fma_rz(
; CHECK: call double @llvm.nvvm.fma.rz.d(double {{%.*}}, double {{%.*}}, double {{%.*}})
define double @fma_rz(double %a, double %b, double %c) {
  %r = call double asm "fma.rz.f64 $0, $1, $2, $3;", "=d,d,d,d"(double %a, double %b, double %c), !srcloc !0
  ret double %r
}
; CHECK-LABEL: define double @mad_rm(
; CHECK: call double @llvm.nvvm.fma.rm.d(double {{%.*}}, double {{%.*}}, double {{%.*}})
define double @mad_rm(double %a, double %b, double %c) {
  %r = call double asm "mad.rm.f64 $0, $1, $2, $3;", "=d,d,d,d"(double %a, double %b, double %c), !srcloc !0
  ret double %r
}
; CHECK-LABEL: define double @div_rp(
; CHECK: call double @llvm.nvvm.div.rp.d(double {{%.*}}, double {{%.*}})
define double @div_rp(double %a, double %b) {
  %r = call double asm "div.rp.f64 $0, $1, $2;", "=d,d,d"(double %a, double %b), !srcloc !0
  ret double %r
}
; CHECK-LABEL: define double @rcp_rz(
; CHECK: call double @llvm.nvvm.rcp.rz.d(double {{%.*}})
define double @rcp_rz(double %a) {
  %r = call double asm "rcp.rz.f64 $0, $1;", "=d,d"(double %a), !srcloc !0
  ret double %r
}
; CHECK-LABEL: define double @sqrt_rm(
; CHECK: call double @llvm.nvvm.sqrt.rm.d(double {{%.*}})
define double @sqrt_rm(double %a) {
  %r = call double asm "sqrt.rm.f64 $0, $1;", "=d,d"(double %a), !srcloc !0
  ret double %r
}
; CHECK-LABEL: define double @add_rz(
; CHECK-NOT: call double @llvm.nvvm
; CHECK: ret double
define double @add_rz(double %a, double %b) {
  %r = call double asm "add.rz.f64 $0, $1, $2;", "=d,d,d"(double %a, double %b), !srcloc !0
  ret double %r
}

!0 = !{i64 1}
