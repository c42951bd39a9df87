; The NVVM intrinsics inline PTX produces that have no CUDA-header
; counterpart lower too: match.sync.all's {mask, predicate} pair and
; nanosleep (a bounded s_sleep loop on the device library's timer).
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-intrinsics -S %s | FileCheck %s
; CHECK-NOT: llvm.nvvm

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @match_all(i32 %mask, i32 %v, i64 %w)
define i32 @match_all(i32 %mask, i32 %v, i64 %w) {
; CHECK: %[[M:.*]] = call i32 @__rubicon_match_all_sync_i32(i32 %mask, i32 %v) #[[CONV:[0-9]+]]
; CHECK: %[[P:.*]] = insertvalue { i32, i1 } poison, i32 %[[M]], 0
; CHECK: %[[NZ:.*]] = icmp ne i32 %[[M]], 0
; CHECK: insertvalue { i32, i1 } %[[P]], i1 %[[NZ]], 1
  %a = call { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32 %mask, i32 %v)
; CHECK: call i32 @__rubicon_match_all_sync_i64(i32 %mask, i64 %w) #[[CONV]]
  %b = call { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32 %mask, i64 %w)
  %am = extractvalue { i32, i1 } %a, 0
  %bp = extractvalue { i32, i1 } %b, 1
  %bz = zext i1 %bp to i32
  %r = add i32 %am, %bz
  ret i32 %r
}

; CHECK-LABEL: define void @sleep(i32 %t)
; CHECK: call void @__rubicon_nanosleep_loop(i32 %t)
define void @sleep(i32 %t) {
  call void @llvm.nvvm.nanosleep(i32 %t)
  ret void
}

; The loop: elapsed time from the timer, s_sleep while it is short of t.
; CHECK-LABEL: define internal void @__rubicon_nanosleep_loop(i32 %0)
; CHECK: %[[START:.*]] = call i64 @__rubicon_read_ptx_sreg_globaltimer()
; CHECK: %[[T:.*]] = zext i32 %0 to i64
; CHECK: loop:
; CHECK: %[[NOW:.*]] = call i64 @__rubicon_read_ptx_sreg_globaltimer()
; CHECK: %[[EL:.*]] = sub i64 %[[NOW]], %[[START]]
; CHECK: %[[MORE:.*]] = icmp ult i64 %[[EL]], %[[T]]
; CHECK: br i1 %[[MORE]], label %sleep, label %done
; CHECK: sleep:
; CHECK: call void @llvm.amdgcn.s.sleep(i32 1)
; CHECK: br label %loop
; CHECK: attributes #[[CONV]] = {{{.*}}convergent

declare { i32, i1 } @llvm.nvvm.match.all.sync.i32p(i32, i32)
declare { i32, i1 } @llvm.nvvm.match.all.sync.i64p(i32, i64)
declare void @llvm.nvvm.nanosleep(i32)
