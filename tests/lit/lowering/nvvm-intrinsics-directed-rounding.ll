; NVVM's directed-rounding fma/div/rcp/sqrt (clang's __nvvm_fma_rz_d & co.,
; and what inline PTX fma.rz.f64 ... becomes) call the device library's exact
; implementations (runtime-shim/device/DirectedRounding.cpp).
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s | FileCheck %s
; CHECK-NOT: call {{.*}}@llvm.nvvm

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define double @f64(double %a, double %b, double %c)
define double @f64(double %a, double %b, double %c) {
; CHECK: call double @__rubicon_fma_rz_d(double %a, double %b, double %c)
; CHECK: call double @__rubicon_fma_rm_d(double %a, double %b, double %c)
; CHECK: call double @__rubicon_fma_rp_d(double %a, double %b, double %c)
; CHECK: call double @__rubicon_div_rz_d(double %a, double %b)
; CHECK: call double @__rubicon_div_rm_d(double %a, double %b)
; CHECK: call double @__rubicon_div_rp_d(double %a, double %b)
; CHECK: call double @__rubicon_rcp_rz_d(double %a)
; CHECK: call double @__rubicon_rcp_rm_d(double %a)
; CHECK: call double @__rubicon_rcp_rp_d(double %a)
; CHECK: call double @__rubicon_sqrt_rz_d(double %a)
; CHECK: call double @__rubicon_sqrt_rm_d(double %a)
; CHECK: call double @__rubicon_sqrt_rp_d(double %a)
  %1 = call double @llvm.nvvm.fma.rz.d(double %a, double %b, double %c)
  %2 = call double @llvm.nvvm.fma.rm.d(double %a, double %b, double %c)
  %3 = call double @llvm.nvvm.fma.rp.d(double %a, double %b, double %c)
  %4 = call double @llvm.nvvm.div.rz.d(double %a, double %b)
  %5 = call double @llvm.nvvm.div.rm.d(double %a, double %b)
  %6 = call double @llvm.nvvm.div.rp.d(double %a, double %b)
  %7 = call double @llvm.nvvm.rcp.rz.d(double %a)
  %8 = call double @llvm.nvvm.rcp.rm.d(double %a)
  %9 = call double @llvm.nvvm.rcp.rp.d(double %a)
  %10 = call double @llvm.nvvm.sqrt.rz.d(double %a)
  %11 = call double @llvm.nvvm.sqrt.rm.d(double %a)
  %12 = call double @llvm.nvvm.sqrt.rp.d(double %a)
  %s1 = fadd double %1, %2
  %s2 = fadd double %s1, %3
  %s3 = fadd double %s2, %4
  %s4 = fadd double %s3, %5
  %s5 = fadd double %s4, %6
  %s6 = fadd double %s5, %7
  %s7 = fadd double %s6, %8
  %s8 = fadd double %s7, %9
  %s9 = fadd double %s8, %10
  %s10 = fadd double %s9, %11
  %s11 = fadd double %s10, %12
  ret double %s11
}

; CHECK-LABEL: define float @f32(float %a, float %b, float %c)
define float @f32(float %a, float %b, float %c) {
; CHECK: call float @__rubicon_fma_rz_f(float %a, float %b, float %c)
; CHECK: call float @__rubicon_div_rm_f(float %a, float %b)
; CHECK: call float @__rubicon_rcp_rp_f(float %a)
; CHECK: call float @__rubicon_sqrt_rz_f(float %a)
  %1 = call float @llvm.nvvm.fma.rz.f(float %a, float %b, float %c)
  %2 = call float @llvm.nvvm.div.rm.f(float %a, float %b)
  %3 = call float @llvm.nvvm.rcp.rp.f(float %a)
  %4 = call float @llvm.nvvm.sqrt.rz.f(float %a)
  %s1 = fadd float %1, %2
  %s2 = fadd float %s1, %3
  %s3 = fadd float %s2, %4
  ret float %s3
}
