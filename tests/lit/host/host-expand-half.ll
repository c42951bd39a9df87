; rubicon-host-expand-half: fpext of half (scalar or vector, to float or
; double) becomes the exact widening in integer operations, not the C
; runtime's __extendhfsf2 per element (baseline x86-64 has no F16C): the
; exponent rebiased under the shifted mantissa (normal), the all-ones
; exponent with the mantissa kept (infinity, NaN), the mantissa times 2^-24
; (zero, subnormal), and the sign copied. fptrunc to half (from float or
; double) becomes the rounding to nearest even, not __truncsfhf2 or
; __truncdfhf2: rebias, add half an ulp less one plus the last kept bit,
; shift (normal), infinity from 2^16 up, |x| + 2^(M-24) for subnormals and
; zero, a quiet NaN with the payload's top bits. Its results, bit for bit:
; tests/e2e/host/half-narrowing.test.
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

; CHECK-LABEL: define half @narrow(float %f)
; CHECK-NOT: fptrunc
; CHECK: [[U:%.*]] = bitcast float %f to i32
; CHECK: [[A:%.*]] = and i32 [[U]], 2147483647
; Normal: rebias by (127 - 15) << 23, add 0xfff and the last kept bit.
; CHECK: [[ODD:%.*]] = and i32 {{%.*}}, 1
; CHECK: [[REBIASED:%.*]] = sub i32 [[A]], 939524096
; CHECK: [[HALFULP:%.*]] = add i32 [[REBIASED]], 4095
; CHECK: [[ROUNDED:%.*]] = add i32 [[HALFULP]], [[ODD]]
; CHECK: lshr i32 [[ROUNDED]], 13
; 2^16 and above: infinity.
; CHECK: icmp uge i32 [[A]], 1199570944
; CHECK: select i1 {{%.*}}, i32 31744
; Subnormal: |x| + 0.5 rounds |x| to a multiple of 2^-24.
; CHECK: fadd float {{%.*}}, 5.000000e-01
; CHECK: icmp ult i32 [[A]], 947912704
; NaN: quiet, with the payload's top bits.
; CHECK: or i32 {{%.*}}, 32256
; CHECK: icmp ugt i32 [[A]], 2139095040
; CHECK: %h = bitcast i16 {{%.*}} to half
; CHECK: ret half %h
define half @narrow(float %f) {
  %h = fptrunc float %f to half
  ret half %h
}

; From double: the same in 64 bits, 2^28 for the subnormals.
; CHECK-LABEL: define <2 x half> @narrow_double(<2 x double> %d)
; CHECK-NOT: fptrunc
; CHECK: bitcast <2 x double> %d to <2 x i64>
; CHECK: fadd <2 x double> {{%.*}}, splat (double 0x41B0000000000000)
; CHECK: %h = bitcast <2 x i16> {{%.*}} to <2 x half>
define <2 x half> @narrow_double(<2 x double> %d) {
  %h = fptrunc <2 x double> %d to <2 x half>
  ret <2 x half> %h
}

; ASM-NOT: __extendhfsf2
; ASM-NOT: __truncsfhf2
; ASM-NOT: __truncdfhf2
