; rubicon-host-expand-half: fpext of half (scalar or vector, to float or
; double) becomes the exact widening in integer operations, not the C
; runtime's __extendhfsf2 per element (baseline x86-64 has no F16C): the
; exponent rebiased under the shifted mantissa (normal), the all-ones
; exponent with the mantissa kept (infinity, NaN), the mantissa times 2^-24
; (zero, subnormal), and the sign copied.
; RUN: rubicon-opt -passes=rubicon-host-expand-half -S %s | FileCheck %s
; RUN: rubicon-opt -passes=rubicon-host-expand-half %s | llc -O2 -mtriple=x86_64-unknown-linux-gnu -mcpu=x86-64 | FileCheck --check-prefix=ASM %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define float @scalar(half %h)
; CHECK-NOT: fpext
; CHECK: [[BITS:%.*]] = bitcast half %h to i16
; CHECK: [[H:%.*]] = zext i16 [[BITS]] to i32
; CHECK: [[SIGN:%.*]] = and i32 [[H]], 32768
; CHECK: shl i32 [[SIGN]], 16
; CHECK: [[MAG:%.*]] = and i32 [[H]], 32767
; CHECK: [[SHIFTED:%.*]] = shl i32 [[MAG]], 13
; CHECK: add i32 [[SHIFTED]], 939524096
; CHECK: or i32 {{%.*}}, 2139095040
; CHECK: [[M:%.*]] = uitofp i32 [[MAG]] to float
; CHECK: fmul float [[M]], 0x3E70000000000000
; CHECK: icmp ult i32 [[MAG]], 1024
; CHECK: icmp uge i32 [[MAG]], 31744
; CHECK: %f = bitcast i32 {{%.*}} to float
; CHECK: ret float %f
define float @scalar(half %h) {
  %f = fpext half %h to float
  ret float %f
}

; CHECK-LABEL: define <4 x double> @vector_to_double(<4 x half> %h)
; CHECK: bitcast <4 x half> %h to <4 x i16>
; CHECK: uitofp <4 x i32> {{%.*}} to <4 x float>
; CHECK: %d = fpext <4 x float> {{%.*}} to <4 x double>
define <4 x double> @vector_to_double(<4 x half> %h) {
  %d = fpext <4 x half> %h to <4 x double>
  ret <4 x double> %d
}

; ASM-NOT: __extendhfsf2
