; rubicon-alloca-to-private: allocas live in the private address space (5);
; users see a generic pointer, lifetime markers name the new alloca.
; RUN: rubicon-opt -passes=rubicon-alloca-to-private -S %s | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @locals(i32 %n)
; CHECK-NEXT: %x = alloca i32, align 4, addrspace(5)
; CHECK-NEXT: %x.generic = addrspacecast ptr addrspace(5) %x to ptr
; CHECK-NEXT: %buf = alloca [16 x float], i32 %n, align 16, addrspace(5)
; CHECK-NEXT: %buf.generic = addrspacecast ptr addrspace(5) %buf to ptr
; CHECK-NEXT: call void @llvm.lifetime.start.p5(ptr addrspace(5) %x)
; CHECK-NEXT: store i32 %n, ptr %x.generic, align 4
; CHECK-NEXT: call void @use(ptr %buf.generic)
; CHECK-NEXT: %v = load i32, ptr %x.generic, align 4
; CHECK-NEXT: call void @llvm.lifetime.end.p5(ptr addrspace(5) %x)
; CHECK-NEXT: ret i32 %v
; CHECK-NOT: alloca {{.*}}, align {{[0-9]+}}{{$}}
define i32 @locals(i32 %n) {
  %x = alloca i32, align 4
  %buf = alloca [16 x float], i32 %n, align 16
  call void @llvm.lifetime.start.p0(ptr %x)
  store i32 %n, ptr %x, align 4
  call void @use(ptr %buf)
  %v = load i32, ptr %x, align 4
  call void @llvm.lifetime.end.p0(ptr %x)
  ret i32 %v
}

; Allocas already private are left alone.
; CHECK-LABEL: define void @already_private()
; CHECK-NEXT: %p = alloca i64, align 8, addrspace(5)
; CHECK-NEXT: store i64 0, ptr addrspace(5) %p
define void @already_private() {
  %p = alloca i64, align 8, addrspace(5)
  store i64 0, ptr addrspace(5) %p, align 8
  ret void
}

declare void @use(ptr)
declare void @llvm.lifetime.start.p0(ptr)
declare void @llvm.lifetime.end.p0(ptr)

; A device function's byval parameter lives on the private stack too: the
; parameter becomes `ptr addrspace(5) byval`, the body sees a generic view,
; and callers cast their (generic) argument.
%struct.S = type { i32, double }

; CHECK-LABEL: define double @takes_struct(ptr addrspace(5) byval(%struct.S) align 8 %s)
; CHECK-NEXT: %s.generic = addrspacecast ptr addrspace(5) %s to ptr
; CHECK-NEXT: %b = getelementptr inbounds i8, ptr %s.generic, i64 8
define double @takes_struct(ptr byval(%struct.S) align 8 %s) {
  %b = getelementptr inbounds i8, ptr %s, i64 8
  %v = load double, ptr %b, align 8
  ret double %v
}

; CHECK-LABEL: define double @caller()
; CHECK: %tmp = alloca %struct.S, align 8, addrspace(5)
; CHECK: %[[PRIV:.*]] = addrspacecast ptr %tmp.generic to ptr addrspace(5)
; CHECK-NEXT: %r = call double @takes_struct(ptr addrspace(5) byval(%struct.S) align 8 %[[PRIV]])
define double @caller() {
  %tmp = alloca %struct.S, align 8
  %r = call double @takes_struct(ptr byval(%struct.S) align 8 %tmp)
  ret double %r
}

; Kernels are rubicon-kernel-abi's: their byval parameters stay as they are.
; CHECK-LABEL: define ptx_kernel void @kernel(ptr byval(%struct.S) align 8 %s)
define ptx_kernel void @kernel(ptr byval(%struct.S) align 8 %s) {
  ret void
}
