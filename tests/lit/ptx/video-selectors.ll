; Video operand selectors, the scalar merge form and SIMD masks (PTX ISA
; "Scalar Video Instructions" / "SIMD Video Instructions") become plain IR;
; a selector the ISA does not allow is an error at its column.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck --check-prefix=ERR %s
; RUN: FileCheck %s < %t.ll

; Merge form d.b1: the sum, clamped to the u8 range (.sat with a byte
; destination), replaces byte 1 of c.
; CHECK-LABEL: define i32 @merge_b1(
; CHECK: [[SUM:%.*]] = add i64
; CHECK: [[LO:%.*]] = call i64 @llvm.smax.i64(i64 [[SUM]], i64 0)
; CHECK: [[SAT:%.*]] = call i64 @llvm.smin.i64(i64 [[LO]], i64 255)
; CHECK: [[BYTE:%.*]] = trunc i64 [[SAT]] to i8
; CHECK: [[FIELD:%.*]] = zext i8 [[BYTE]] to i32
; CHECK: [[REST:%.*]] = and i32 %c, -65281
; CHECK: [[POS:%.*]] = shl i32 [[FIELD]], 8
; CHECK: or i32 [[POS]], [[REST]]
; CHECK-NOT: asm
define i32 @merge_b1(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vadd.u32.u32.u32.sat $0.b1, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret i32 %r
}

; Source selectors: byte 3 of a sign-extended (.s32), half 0 of b
; zero-extended (.u32).
; CHECK-LABEL: define i32 @select_parts(
; CHECK-DAG: [[BH:%.*]] = trunc i32 %b to i16
; CHECK-DAG: [[BX:%.*]] = zext i16 [[BH]] to i64
; CHECK-DAG: [[A3:%.*]] = lshr i32 %a, 24
; CHECK-DAG: [[AB:%.*]] = trunc i32 [[A3]] to i8
; CHECK-DAG: [[AX:%.*]] = sext i8 [[AB]] to i64
; CHECK: add i64 [[AX]], [[BX]]
define i32 @select_parts(i32 %a, i32 %b) {
  %r = call i32 asm "vadd.s32.s32.u32 $0, $1.b3, $2.h0;", "=r,r,r"(i32 %a, i32 %b), !srcloc !0
  ret i32 %r
}

; SIMD: lanes come from the pair {b, a}; mask .b31 writes lanes 3 and 1,
; lanes 2 and 0 keep c's bytes. Lane 1 of a.b7430 is byte 3 (bit 24).
; CHECK-LABEL: define i32 @simd_mask(
; CHECK: [[PAIR:%.*]] = or i64
; CHECK: and i32 %c, 255
; CHECK: lshr i64 [[PAIR]], 24
; CHECK: call i64 @llvm.smax.i64
; CHECK: shl i32 {{.*}}, 8
; CHECK: and i32 %c, 16711680
; CHECK: lshr i64 [[PAIR]], 56
; CHECK: shl i32 {{.*}}, 24
define i32 @simd_mask(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmax4.u32.u32.u32 $0.b31, $1.b7430, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !0
  ret i32 %r
}

; ERR-DAG: error: inline PTX (srcloc 2, asm 1:15) in function 'not_video': operand selector '.b0' is not valid on 'add': only video instructions take operand selectors
; ERR-DAG: error: inline PTX (srcloc 3, asm 1:21) in function 'bad_mask': operand selector '.h01' is not valid on 'vadd2': the mask is '.h0', '.h1' or '.h10'
; ERR-DAG: error: inline PTX (srcloc 4, asm 1:24) in function 'merge_with_op': operand selector '.b2' is not valid on 'vmin': merging into a part of d needs operand c and no secondary operation
; CHECK: call i32 asm "add.u32 $0, $1.b0, $2;"
define i32 @not_video(i32 %a, i32 %b) {
  %r = call i32 asm "add.u32 $0, $1.b0, $2;", "=r,r,r"(i32 %a, i32 %b), !srcloc !2
  ret i32 %r
}
define i32 @bad_mask(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vadd2.u32.u32.u32 $0.h01, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !3
  ret i32 %r
}
define i32 @merge_with_op(i32 %a, i32 %b, i32 %c) {
  %r = call i32 asm "vmin.s32.s32.s32.max $0.b2, $1, $2, $3;", "=r,r,r,r"(i32 %a, i32 %b, i32 %c), !srcloc !4
  ret i32 %r
}

!0 = !{i64 1}
!2 = !{i64 2}
!3 = !{i64 3}
!4 = !{i64 4}
