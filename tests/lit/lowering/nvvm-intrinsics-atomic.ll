; Memory barriers become fences and the scoped atomic intrinsics become atomic
; instructions with the matching sync scope. Atomics without a scope (CUDA's
; atomicAdd & co., device-scope) get the "agent" scope.
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s | FileCheck %s
; CHECK-NOT: llvm.nvvm

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define void @fences()
; CHECK-NEXT: fence syncscope("workgroup") seq_cst
; CHECK-NEXT: fence syncscope("agent") seq_cst
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: ret void
define void @fences() {
  call void @llvm.nvvm.membar.cta()
  call void @llvm.nvvm.membar.gl()
  call void @llvm.nvvm.membar.sys()
  ret void
}

; CHECK-LABEL: define void @unscoped(ptr %p, ptr %q)
; CHECK-NEXT: %a = atomicrmw add ptr %p, i32 1 syncscope("agent") monotonic, align 4
; CHECK-NEXT: %c = cmpxchg ptr %p, i32 0, i32 1 syncscope("agent") seq_cst seq_cst, align 4
; CHECK-NEXT: %l = load atomic i32, ptr %q syncscope("agent") acquire, align 4
; CHECK-NEXT: store atomic i32 %a, ptr %q syncscope("agent") release, align 4
; Already scoped atomics and plain fences are left alone.
; CHECK-NEXT: %w = atomicrmw xchg ptr %p, i32 2 syncscope("workgroup") monotonic, align 4
; CHECK-NEXT: fence seq_cst
define void @unscoped(ptr %p, ptr %q) {
  %a = atomicrmw add ptr %p, i32 1 monotonic, align 4
  %c = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, align 4
  %l = load atomic i32, ptr %q acquire, align 4
  store atomic i32 %a, ptr %q release, align 4
  %w = atomicrmw xchg ptr %p, i32 2 syncscope("workgroup") monotonic, align 4
  fence seq_cst
  ret void
}

; __nvvm_atom_cta_* are block-scoped, __nvvm_atom_sys_* system-scoped.
; CHECK-LABEL: define void @scoped(ptr %i, ptr %l, ptr %f, ptr %d)
define void @scoped(ptr %i, ptr %l, ptr %f, ptr %d) {
; CHECK: atomicrmw add ptr %i, i32 1 syncscope("workgroup") monotonic, align 4
; CHECK: atomicrmw add ptr %i, i32 1 monotonic, align 4
; CHECK: atomicrmw fadd ptr %f, float 1.000000e+00 syncscope("workgroup") monotonic, align 4
; CHECK: atomicrmw fadd ptr %d, double 1.000000e+00 monotonic, align 8
; CHECK: atomicrmw xchg ptr %i, i32 5 syncscope("workgroup") monotonic
; CHECK: atomicrmw max ptr %i, i32 5 monotonic
; CHECK: atomicrmw min ptr %l, i64 5 syncscope("workgroup") monotonic, align 8
; CHECK: atomicrmw uinc_wrap ptr %i, i32 9 syncscope("workgroup") monotonic
; CHECK: atomicrmw udec_wrap ptr %i, i32 9 monotonic
; CHECK: atomicrmw and ptr %i, i32 3 monotonic
; CHECK: atomicrmw or ptr %l, i64 3 syncscope("workgroup") monotonic
; CHECK: atomicrmw xor ptr %i, i32 3 monotonic
  %1 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr %i, i32 1)
  %2 = call i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr %i, i32 1)
  %3 = call float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr %f, float 1.0)
  %4 = call double @llvm.nvvm.atomic.add.gen.f.sys.f64.p0(ptr %d, double 1.0)
  %5 = call i32 @llvm.nvvm.atomic.exch.gen.i.cta.i32.p0(ptr %i, i32 5)
  %6 = call i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0(ptr %i, i32 5)
  %7 = call i64 @llvm.nvvm.atomic.min.gen.i.cta.i64.p0(ptr %l, i64 5)
  %8 = call i32 @llvm.nvvm.atomic.inc.gen.i.cta.i32.p0(ptr %i, i32 9)
  %9 = call i32 @llvm.nvvm.atomic.dec.gen.i.sys.i32.p0(ptr %i, i32 9)
  %10 = call i32 @llvm.nvvm.atomic.and.gen.i.sys.i32.p0(ptr %i, i32 3)
  %11 = call i64 @llvm.nvvm.atomic.or.gen.i.cta.i64.p0(ptr %l, i64 3)
  %12 = call i32 @llvm.nvvm.atomic.xor.gen.i.sys.i32.p0(ptr %i, i32 3)
  ret void
}

; Compare-and-swap returns the old value, like atom.cas.
; CHECK-LABEL: define i32 @cas(ptr %p, i32 %expected, i32 %desired)
; CHECK-NEXT: %[[PAIR:.*]] = cmpxchg ptr %p, i32 %expected, i32 %desired syncscope("workgroup") monotonic monotonic, align 4
; CHECK-NEXT: %old = extractvalue { i32, i1 } %[[PAIR]], 0
; CHECK-NEXT: %[[PAIR64:.*]] = cmpxchg ptr %p, i64 0, i64 1 monotonic monotonic, align 8
; CHECK-NEXT: extractvalue { i64, i1 } %[[PAIR64]], 0
; CHECK-NEXT: ret i32 %old
define i32 @cas(ptr %p, i32 %expected, i32 %desired) {
  %old = call i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr %p, i32 %expected, i32 %desired)
  %old64 = call i64 @llvm.nvvm.atomic.cas.gen.i.sys.i64.p0(ptr %p, i64 0, i64 1)
  ret i32 %old
}

declare void @llvm.nvvm.membar.cta()
declare void @llvm.nvvm.membar.gl()
declare void @llvm.nvvm.membar.sys()
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.add.gen.i.sys.i32.p0(ptr, i32)
declare float @llvm.nvvm.atomic.add.gen.f.cta.f32.p0(ptr, float)
declare double @llvm.nvvm.atomic.add.gen.f.sys.f64.p0(ptr, double)
declare i32 @llvm.nvvm.atomic.exch.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.max.gen.i.sys.i32.p0(ptr, i32)
declare i64 @llvm.nvvm.atomic.min.gen.i.cta.i64.p0(ptr, i64)
declare i32 @llvm.nvvm.atomic.inc.gen.i.cta.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.dec.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.and.gen.i.sys.i32.p0(ptr, i32)
declare i64 @llvm.nvvm.atomic.or.gen.i.cta.i64.p0(ptr, i64)
declare i32 @llvm.nvvm.atomic.xor.gen.i.sys.i32.p0(ptr, i32)
declare i32 @llvm.nvvm.atomic.cas.gen.i.cta.i32.p0(ptr, i32, i32)
declare i64 @llvm.nvvm.atomic.cas.gen.i.sys.i64.p0(ptr, i64, i64)
