; Special registers: thread/block indices become AMDGCN work-item/work-group
; ids; sizes, lane, warp and timer registers become device-library calls.
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s | FileCheck %s
; CHECK-NOT: llvm.nvvm

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define void @indices(ptr %out)
define void @indices(ptr %out) {
; CHECK: call i32 @llvm.amdgcn.workitem.id.x()
; CHECK: call i32 @llvm.amdgcn.workitem.id.y()
; CHECK: call i32 @llvm.amdgcn.workitem.id.z()
; CHECK: call i32 @llvm.amdgcn.workgroup.id.x()
; CHECK: call i32 @llvm.amdgcn.workgroup.id.y()
; CHECK: call i32 @llvm.amdgcn.workgroup.id.z()
  %tx = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ty = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %tz = call i32 @llvm.nvvm.read.ptx.sreg.tid.z()
  %bx = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %by = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
  %bz = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
  %s1 = add i32 %tx, %ty
  %s2 = add i32 %s1, %tz
  %s3 = add i32 %s2, %bx
  %s4 = add i32 %s3, %by
  %s5 = add i32 %s4, %bz
  store i32 %s5, ptr %out
  ret void
}

; Call-site attributes (clang's ranges from launch bounds) are kept.
; CHECK-LABEL: define i32 @keeps_range()
; CHECK-NEXT: %t = call range(i32 0, 256) i32 @llvm.amdgcn.workitem.id.x()
define i32 @keeps_range() {
  %t = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  ret i32 %t
}

; CHECK-LABEL: define void @sizes_and_lanes(ptr %out, ptr %out64)
define void @sizes_and_lanes(ptr %out, ptr %out64) {
; CHECK: call i32 @__rubicon_read_ptx_sreg_ntid_x()
; CHECK: call i32 @__rubicon_read_ptx_sreg_ntid_y()
; CHECK: call i32 @__rubicon_read_ptx_sreg_ntid_z()
; CHECK: call i32 @__rubicon_read_ptx_sreg_nctaid_x()
; CHECK: call i32 @__rubicon_read_ptx_sreg_nctaid_y()
; CHECK: call i32 @__rubicon_read_ptx_sreg_nctaid_z()
; CHECK: call i32 @__rubicon_read_ptx_sreg_warpsize()
; CHECK: call i32 @__rubicon_read_ptx_sreg_laneid()
; CHECK: call i32 @__rubicon_read_ptx_sreg_lanemask_lt()
; CHECK: call i32 @__rubicon_read_ptx_sreg_warpid()
; CHECK: call i32 @__rubicon_read_ptx_sreg_clock()
; CHECK: call i64 @__rubicon_read_ptx_sreg_clock64()
; CHECK: call i64 @__rubicon_read_ptx_sreg_globaltimer()
  %a = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %b = call i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
  %c = call i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
  %d = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
  %e = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
  %f = call i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
  %g = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %h = call i32 @llvm.nvvm.read.ptx.sreg.laneid()
  %i = call i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
  %j = call i32 @llvm.nvvm.read.ptx.sreg.warpid()
  %k = call i32 @llvm.nvvm.read.ptx.sreg.clock()
  %l = call i64 @llvm.nvvm.read.ptx.sreg.clock64()
  %m = call i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  %s4 = add i32 %s3, %e
  %s5 = add i32 %s4, %f
  %s6 = add i32 %s5, %g
  %s7 = add i32 %s6, %h
  %s8 = add i32 %s7, %i
  %s9 = add i32 %s8, %j
  %s10 = add i32 %s9, %k
  store i32 %s10, ptr %out
  %t = add i64 %l, %m
  store i64 %t, ptr %out64
  ret void
}

; The device-library functions are declared with the intrinsics' signatures.
; CHECK-DAG: declare i32 @__rubicon_read_ptx_sreg_ntid_x()
; CHECK-DAG: declare i64 @__rubicon_read_ptx_sreg_clock64()

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.y()
declare i32 @llvm.nvvm.read.ptx.sreg.nctaid.z()
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.laneid()
declare i32 @llvm.nvvm.read.ptx.sreg.lanemask.lt()
declare i32 @llvm.nvvm.read.ptx.sreg.warpid()
declare i32 @llvm.nvvm.read.ptx.sreg.clock()
declare i64 @llvm.nvvm.read.ptx.sreg.clock64()
declare i64 @llvm.nvvm.read.ptx.sreg.globaltimer()
