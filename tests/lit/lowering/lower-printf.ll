; rubicon-lower-printf: vprintf(format, buffer) becomes AMD's hostcall printf;
; each argument is reloaded from the buffer's struct fields.
; RUN: rubicon-opt -passes=rubicon-lower-printf -S %s | FileCheck %s
; CHECK-NOT: vprintf

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%printf_args = type { i32, double }
@fmt = private unnamed_addr addrspace(4) constant [10 x i8] c"%d and %f\00"
@msg = private unnamed_addr addrspace(4) constant [4 x i8] c"hi\0A\00"

; printf("%d and %f", n, x): an i32 and a (promoted) double.
; CHECK-LABEL: define i32 @two_args(i32 %n, double %x)
; CHECK: %[[N:.*]] = load i32, ptr addrspace(5) %{{.*}}, align 4
; CHECK: %[[X:.*]] = load double, ptr addrspace(5) %{{.*}}, align 8
; CHECK: %[[DESC:.*]] = call i64 @__ockl_printf_begin(i64 0)
; CHECK: call i64 @__ockl_printf_append_string_n(i64 %[[DESC]], ptr addrspacecast (ptr addrspace(4) @fmt to ptr)
; CHECK: %[[NEXT:.*]] = zext i32 %[[N]] to i64
; CHECK: call i64 @__ockl_printf_append_args({{.*}}, i32 1, i64 %[[NEXT]], {{.*}}, i32 0)
; CHECK: %[[BITS:.*]] = bitcast double %[[X]] to i64
; The last argument closes the message (is_last = 1).
; CHECK: %[[LAST:.*]] = call i64 @__ockl_printf_append_args({{.*}}, i32 1, i64 %[[BITS]], {{.*}}, i32 1)
; CHECK: %[[RET:.*]] = trunc i64 %[[LAST]] to i32
; CHECK: ret i32 %[[RET]]
define i32 @two_args(i32 %n, double %x) {
  %buf = alloca %printf_args, align 8, addrspace(5)
  %generic = addrspacecast ptr addrspace(5) %buf to ptr
  store i32 %n, ptr %generic, align 8
  %slot = getelementptr inbounds i8, ptr %generic, i64 8
  store double %x, ptr %slot, align 8
  %r = call i32 @vprintf(ptr addrspacecast (ptr addrspace(4) @fmt to ptr), ptr %generic)
  ret i32 %r
}

; printf("hi\n"): no buffer at all.
; CHECK-LABEL: define void @no_args()
; CHECK: call i64 @__ockl_printf_begin(i64 0)
; CHECK: call i64 @__ockl_printf_append_string_n({{.*}}, i32 1)
define void @no_args() {
  %r = call i32 @vprintf(ptr addrspacecast (ptr addrspace(4) @msg to ptr), ptr null)
  ret void
}

declare i32 @vprintf(ptr, ptr)
