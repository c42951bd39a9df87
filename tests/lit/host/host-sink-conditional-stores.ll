; rubicon-host-sink-conditional-stores: when every predecessor of a block
; ends with a store to the same address (computed in each arm from the same
; values), the stores become one store of a phi at the start of the block,
; and the empty arms become selects: CUDA's clamp written as three stores
; (Rodinia srad's `if (c < 0) t = 0; else if (c > 1) t = 1; else t = c;`)
; no longer branches on the data.
; RUN: rubicon-opt -passes=rubicon-host-sink-conditional-stores -S %s | FileCheck %s

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

; Three arms, each computing &out[i] itself (two of them share one).
; CHECK-LABEL: define void @clamp(
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %neg = fcmp olt float %c, 0.000000e+00
; CHECK-NEXT:    %big = fcmp ogt float %c, 1.000000e+00
; CHECK-NEXT:    [[HIGH:%.*]] = select i1 %big, float 1.000000e+00, float %c
; CHECK-NEXT:    [[STORED:%.*]] = select i1 %neg, float 0.000000e+00, float [[HIGH]]
; CHECK-NEXT:    [[P:%.*]] = getelementptr inbounds float, ptr %out, i64 %i
; CHECK-NEXT:    store float [[STORED]], ptr [[P]], align 4
; CHECK-NEXT:    ret void
define void @clamp(ptr %out, i64 %i, float %c) {
entry:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %notneg

zero:
  %p0 = getelementptr inbounds float, ptr %out, i64 %i
  store float 0.0, ptr %p0, align 4
  br label %done

notneg:
  %big = fcmp ogt float %c, 1.0
  %p1 = getelementptr inbounds float, ptr %out, i64 %i
  br i1 %big, label %one, label %keep

one:
  store float 1.0, ptr %p1, align 4
  br label %done

keep:
  store float %c, ptr %p1, align 4
  br label %done

done:
  ret void
}

; Shared memory reached through a cast, a row and a column (a thread loop's
; `temp[ty][tx]`): the same chain of pure operations in both arms.
; CHECK-LABEL: define void @shared_row(
; CHECK-NOT:   br i1
; CHECK:       [[V:%.*]] = select i1 %small, i32 %a, i32 %b
; CHECK:       [[ROW:%.*]] = getelementptr inbounds [16 x i32], ptr {{%.*}}, i64 %ty
; CHECK-NEXT:  [[EL:%.*]] = getelementptr inbounds i32, ptr [[ROW]], i64 %tx
; CHECK-NEXT:  store i32 [[V]], ptr [[EL]], align 4
; CHECK-NOT:   store
define void @shared_row(ptr addrspace(3) %base, i64 %ty, i64 %tx, i32 %a, i32 %b) {
entry:
  %small = icmp slt i32 %a, %b
  br i1 %small, label %left, label %right

left:
  %c0 = addrspacecast ptr addrspace(3) %base to ptr
  %r0 = getelementptr inbounds [16 x i32], ptr %c0, i64 %ty
  %e0 = getelementptr inbounds i32, ptr %r0, i64 %tx
  store i32 %a, ptr %e0, align 4
  br label %join

right:
  %c1 = addrspacecast ptr addrspace(3) %base to ptr
  %r1 = getelementptr inbounds [16 x i32], ptr %c1, i64 %ty
  %e1 = getelementptr inbounds i32, ptr %r1, i64 %tx
  store i32 %b, ptr %e1, align 4
  br label %join

join:
  ret void
}

; Arms under a guard (`if (i < n)`): the guard's other edge stores
; nothing, so the arms that store get a join of their own before the exit.
; CHECK-LABEL: define void @guarded(
; CHECK:       entry:
; CHECK-NEXT:    %in = icmp slt i64 %i, %n
; CHECK-NEXT:    br i1 %in, label %body, label %exit
; CHECK:       body:
; CHECK-NOT:     br i1
; CHECK:         [[V:%.*]] = select i1 %neg, float 0.000000e+00, float %c
; CHECK-NEXT:    [[P:%.*]] = getelementptr inbounds float, ptr %out, i64 %i
; CHECK-NEXT:    store float [[V]], ptr [[P]], align 4
; CHECK-NEXT:    br label %exit
; CHECK:       exit:
; CHECK-NEXT:    ret void
define void @guarded(ptr %out, i64 %i, i64 %n, float %c) {
entry:
  %in = icmp slt i64 %i, %n
  br i1 %in, label %body, label %exit

body:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %keep

zero:
  %p0 = getelementptr inbounds float, ptr %out, i64 %i
  store float 0.0, ptr %p0, align 4
  br label %exit

keep:
  %p1 = getelementptr inbounds float, ptr %out, i64 %i
  store float %c, ptr %p1, align 4
  br label %exit

exit:
  ret void
}

; Different indices: two addresses, two stores.
; CHECK-LABEL: define void @different_index(
; CHECK:       store float 0.000000e+00, ptr %p0
; CHECK:       store float %c, ptr %p1
define void @different_index(ptr %out, i64 %i, i64 %j, float %c) {
entry:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %keep

zero:
  %p0 = getelementptr inbounds float, ptr %out, i64 %i
  store float 0.0, ptr %p0, align 4
  br label %done

keep:
  %p1 = getelementptr inbounds float, ptr %out, i64 %j
  store float %c, ptr %p1, align 4
  br label %done

done:
  ret void
}

; A path that stores nothing: the store cannot move past the join.
; CHECK-LABEL: define void @one_arm(
; CHECK:       zero:
; CHECK-NEXT:  store float 0.000000e+00, ptr %out
define void @one_arm(ptr %out, float %c) {
entry:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %done

zero:
  store float 0.0, ptr %out, align 4
  br label %done

done:
  ret void
}

; A volatile store, and an address loaded in its arm (not a pure operation
; of values available at the join), stay.
; CHECK-LABEL: define void @volatile_store(
; CHECK:       store volatile float 0.000000e+00, ptr %out
; CHECK:       store float %c, ptr %out
define void @volatile_store(ptr %out, float %c) {
entry:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %keep

zero:
  store volatile float 0.0, ptr %out, align 4
  br label %done

keep:
  store float %c, ptr %out, align 4
  br label %done

done:
  ret void
}

; CHECK-LABEL: define void @loaded_address(
; CHECK:       store float 0.000000e+00, ptr %q0
; CHECK:       store float %c, ptr %q1
define void @loaded_address(ptr %slot, float %c) {
entry:
  %neg = fcmp olt float %c, 0.0
  br i1 %neg, label %zero, label %keep

zero:
  %q0 = load ptr, ptr %slot, align 8
  store float 0.0, ptr %q0, align 4
  br label %done

keep:
  %q1 = load ptr, ptr %slot, align 8
  store float %c, ptr %q1, align 4
  br label %done

done:
  ret void
}
