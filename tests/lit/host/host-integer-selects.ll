; rubicon-host-integer-selects: x86-64's SSE2 has no conditional move between
; XMM registers, so the code generator branches on a float select unless it
; can build a mask of the condition itself (a comparison of two values of the
; select's own type). Other float selects become selects of their bits:
; CMOV, no branch on the threads' data.
; RUN: rubicon-opt -passes=rubicon-host-integer-selects -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-host-integer-selects %s -o - \
; RUN:   | llc -O2 -o - | FileCheck %s --check-prefix=ASM

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; A float chosen by a comparison of doubles (CUDA's float c = 1.0 / (1.0 + x)
; clamped, which LLVM compares before rounding to float).
; CHECK-LABEL: define float @double_compare(
; CHECK-NEXT:    %big = fcmp ogt double %d, 1.000000e+00
; CHECK-NEXT:    [[A:%.*]] = bitcast float %c to i32
; CHECK-NEXT:    [[R:%.*]] = select i1 %big, i32 1065353216, i32 [[A]]
; CHECK-NEXT:    %r = bitcast i32 [[R]] to float
; CHECK-NEXT:    ret float %r
; ASM-LABEL: double_compare:
; ASM-NOT:   j{{[a-z]+}} .LBB
; ASM:       cmov
; ASM-LABEL: .Lfunc_end0:
define float @double_compare(double %d, float %c) {
  %big = fcmp ogt double %d, 1.0
  %r = select i1 %big, float 1.0, float %c
  ret float %r
}

; An integer condition, a double select.
; CHECK-LABEL: define double @integer_condition(
; CHECK:         select i1 %odd, i64
; CHECK-NOT:     select i1 %odd, double
define double @integer_condition(i32 %n, double %a, double %b) {
  %low = and i32 %n, 1
  %odd = icmp ne i32 %low, 0
  %r = select i1 %odd, double %a, double %b
  ret double %r
}

; A float comparison of floats: the code generator's mask (CMPSS), left alone.
; CHECK-LABEL: define float @same_type(
; CHECK-NEXT:    %lt = fcmp olt float %a, %b
; CHECK-NEXT:    %r = select i1 %lt, float %x, float %y
; ASM-LABEL: same_type:
; ASM-NOT:   j{{[a-z]+}} .LBB
; ASM:       cmpltss
define float @same_type(float %a, float %b, float %x, float %y) {
  %lt = fcmp olt float %a, %b
  %r = select i1 %lt, float %x, float %y
  ret float %r
}

; Vectors are not scalar selects.
; CHECK-LABEL: define <4 x float> @vector(
; CHECK-NEXT:    %r = select <4 x i1> %m, <4 x float> %a, <4 x float> %b
define <4 x float> @vector(<4 x i1> %m, <4 x float> %a, <4 x float> %b) {
  %r = select <4 x i1> %m, <4 x float> %a, <4 x float> %b
  ret <4 x float> %r
}
