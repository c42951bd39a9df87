; rubicon-host-expand-ldexp: llvm.ldexp (float, double, vectors; i32
; exponents) becomes musl's scalbn: twice, an exponent above the largest
; normal one multiplies by 2^127 (2^1023) and one below the smallest normal
; one by 2^-102 (2^-969); then the exponent is clamped and the value
; multiplied by the power of two built from its bits.
; RUN: rubicon-opt -passes=rubicon-host-expand-ldexp -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; CHECK-LABEL: define float @scalar(float %x, i32 %n)
; CHECK-NOT: llvm.ldexp
; CHECK: icmp sgt i32 %n, 127
; CHECK: icmp slt i32 %n, -126
; CHECK-DAG: fmul float %x, 0x47E0000000000000
; CHECK-DAG: fmul float %x, 0x3990000000000000
; CHECK: call i32 @llvm.smin.i32(i32 {{%.*}}, i32 127)
; CHECK: call i32 @llvm.smax.i32(i32 {{%.*}}, i32 -126)
; CHECK: [[BIASED:%.*]] = add i32 {{%.*}}, 127
; CHECK: [[BITS:%.*]] = shl i32 [[BIASED]], 23
; CHECK: [[POWER:%.*]] = bitcast i32 [[BITS]] to float
; CHECK: %r = fmul float {{%.*}}, [[POWER]]
; CHECK: ret float %r
define float @scalar(float %x, i32 %n) {
  %r = call float @llvm.ldexp.f32.i32(float %x, i32 %n)
  ret float %r
}

; CHECK-LABEL: define double @wide(double %x, i32 %n)
; CHECK-NOT: llvm.ldexp
; CHECK: icmp sgt i32 %n, 1023
; CHECK: icmp slt i32 %n, -1022
; CHECK: [[WIDE:%.*]] = zext i32 {{%.*}} to i64
; CHECK: shl i64 [[WIDE]], 52
; CHECK: ret double
define double @wide(double %x, i32 %n) {
  %r = call double @llvm.ldexp.f64.i32(double %x, i32 %n)
  ret double %r
}

; CHECK-LABEL: define <4 x float> @vector(<4 x float> %x, <4 x i32> %n)
; CHECK-NOT: llvm.ldexp
; CHECK: icmp sgt <4 x i32> %n, splat (i32 127)
; CHECK: bitcast <4 x i32> {{%.*}} to <4 x float>
; CHECK: ret <4 x float>
define <4 x float> @vector(<4 x float> %x, <4 x i32> %n) {
  %r = call <4 x float> @llvm.ldexp.v4f32.v4i32(<4 x float> %x, <4 x i32> %n)
  ret <4 x float> %r
}

; Other exponent widths stay calls.
; CHECK-LABEL: define float @narrow(float %x, i16 %n)
; CHECK: call float @llvm.ldexp.f32.i16
define float @narrow(float %x, i16 %n) {
  %r = call float @llvm.ldexp.f32.i16(float %x, i16 %n)
  ret float %r
}

declare float @llvm.ldexp.f32.i32(float, i32)
declare double @llvm.ldexp.f64.i32(double, i32)
declare <4 x float> @llvm.ldexp.v4f32.v4i32(<4 x float>, <4 x i32>)
declare float @llvm.ldexp.f32.i16(float, i16)
