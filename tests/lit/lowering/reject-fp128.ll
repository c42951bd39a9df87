; rubicon-reject-fp128: a function computing on fp128 is an error naming it
; (the AMDGPU back end would stop with a fatal error and no location);
; moving fp128 bits compiles and stays.
; RUN: rubicon-opt -passes=rubicon-reject-fp128 -S %S/Inputs/fp128-moves.ll | FileCheck %s --check-prefix=MOVES
; RUN: rubicon-opt -passes=rubicon-reject-fp128 %S/Inputs/fp128-moves.ll -o %t.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.bc -o /dev/null
; RUN: not rubicon-opt -passes=rubicon-reject-fp128 -S %s -o /dev/null 2>&1 | FileCheck %s
; CHECK-DAG: error: __float128 arithmetic in function 'add' cannot be compiled for AMD GPUs: AMD GPUs have no 128-bit floating point (it is computed only for the 'host' target)
; CHECK-DAG: error: __float128 arithmetic in function 'compare' cannot be compiled
; CHECK-DAG: error: __float128 arithmetic in function 'widen' cannot be compiled
; CHECK-DAG: error: __float128 arithmetic in function 'library' cannot be compiled
; CHECK-NOT: function 'moves'
; MOVES-LABEL: define void @moves(
; MOVES: select i1 %c, fp128 %a, fp128 %b

target triple = "amdgcn-amd-amdhsa"

define void @add(ptr addrspace(1) %p) {
  %a = load fp128, ptr addrspace(1) %p
  %s = fadd fp128 %a, %a
  %t = fmul fp128 %s, %a
  store fp128 %t, ptr addrspace(1) %p
  ret void
}

define i1 @compare(fp128 %a) {
  %c = fcmp olt fp128 %a, 0xL00000000000000000000000000000000
  ret i1 %c
}

define fp128 @widen(double %d) {
  %w = fpext double %d to fp128
  ret fp128 %w
}

declare fp128 @_Z15__nv_fp128_sqrtg(fp128)
define void @library(ptr addrspace(1) %p) {
  %a = load fp128, ptr addrspace(1) %p
  %r = call fp128 @_Z15__nv_fp128_sqrtg(fp128 %a)
  store fp128 %r, ptr addrspace(1) %p
  ret void
}

define void @moves(ptr addrspace(1) %p, i1 %c) {
  %a = load fp128, ptr addrspace(1) %p
  %q = getelementptr fp128, ptr addrspace(1) %p, i64 1
  %b = load fp128, ptr addrspace(1) %q
  %s = select i1 %c, fp128 %a, fp128 %b
  %n = fneg fp128 %s
  store fp128 %n, ptr addrspace(1) %q
  ret void
}
