; rubicon-lower-math-intrinsics: the math intrinsics AMDGPU can only lower to
; a libm call become ocml calls (half and vectors element by element through
; f32; the f64-only rows leave f32 to the back end), and the whole module then
; compiles for gfx942; an intrinsic with no rewrite is an error at its
; source location.
; RUN: rubicon-opt -passes=rubicon-lower-math-intrinsics -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-lower-math-intrinsics %s -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.bc -o /dev/null
; RUN: not rubicon-opt -passes=rubicon-lower-math-intrinsics -S %S/Inputs/math-intrinsic-unsupported.ll -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERROR
; ERROR: error: 'llvm.modf.f64' in function 'fraction' cannot be compiled for AMD GPUs

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define float @tanh_f32(
; CHECK: %[[R:.*]] = call float @__ocml_tanh_f32(float %x)
; CHECK: ret float %[[R]]
define float @tanh_f32(float %x) {
  %r = call float @llvm.tanh.f32(float %x)
  ret float %r
}

; CHECK-LABEL: define half @tanh_f16(
; CHECK: %[[W:.*]] = fpext half %x to float
; CHECK: %[[R:.*]] = call float @__ocml_tanh_f32(float %[[W]])
; CHECK: fptrunc float %[[R]] to half
define half @tanh_f16(half %x) {
  %r = call half @llvm.tanh.f16(half %x)
  ret half %r
}

; CHECK-LABEL: define <2 x half> @tanh_v2f16(
; CHECK-COUNT-2: call float @__ocml_tanh_f32(
define <2 x half> @tanh_v2f16(<2 x half> %x) {
  %r = call <2 x half> @llvm.tanh.v2f16(<2 x half> %x)
  ret <2 x half> %r
}

; CHECK-LABEL: define double @atan2_f64(
; CHECK: call double @__ocml_atan2_f64(double %x, double %y)
define double @atan2_f64(double %x, double %y) {
  %r = call double @llvm.atan2.f64(double %x, double %y)
  ret double %r
}

; f64 sin/exp/log/pow: ocml; f32 stays with the back end.
; CHECK-LABEL: define double @f64_only(
; CHECK: call double @__ocml_sin_f64(
; CHECK: call double @__ocml_exp_f64(
; CHECK: call double @__ocml_log10_f64(
; CHECK: call double @__ocml_pow_f64(
; CHECK: call float @llvm.sin.f32(
define double @f64_only(double %x, float %y) {
  %a = call double @llvm.sin.f64(double %x)
  %b = call double @llvm.exp.f64(double %a)
  %c = call double @llvm.log10.f64(double %b)
  %d = call double @llvm.pow.f64(double %c, double %x)
  %e = call float @llvm.sin.f32(float %y)
  %f = fpext float %e to double
  %g = fadd double %d, %f
  ret double %g
}

; CHECK-LABEL: define double @powi_f64(
; CHECK: call double @__ocml_pown_f64(double %x, i32 %n)
define double @powi_f64(double %x, i32 %n) {
  %r = call double @llvm.powi.f64.i32(double %x, i32 %n)
  ret double %r
}

; The ocml functions come from the device library; here, for llc, stubs.
define float @__ocml_tanh_f32(float %x) { ret float %x }
define double @__ocml_atan2_f64(double %x, double %y) { ret double %x }
define double @__ocml_sin_f64(double %x) { ret double %x }
define double @__ocml_exp_f64(double %x) { ret double %x }
define double @__ocml_log10_f64(double %x) { ret double %x }
define double @__ocml_pow_f64(double %x, double %y) { ret double %x }
define double @__ocml_pown_f64(double %x, i32 %n) { ret double %x }
