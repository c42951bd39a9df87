; What ockl's hostcall and heap, and the clocks, need from the emulation
; passes.
; rubicon-emulate-exec-mask: reading EXEC (llvm.read_register "exec") is
; wave-wide, so the branches that reach it track EXEC; in a function that
; runs a wave-wide operation, the exit of a loop that writes memory gets a
; wave barrier (the wavefront leaves the loop when all its lanes have: the
; lanes of EXEC, which the loop's branches do not narrow when no wave-wide
; operation lies between them and the exit), and a loop that writes nothing
; gets none.
; rubicon-emulate-amdgpu: EXEC reads become the library's read_exec*; the
; generic counters become the AMDGPU clocks (nanosleep and clock64 wait on
; them: x86-64 would read 0 for readsteadycounter, and spin forever); the
; trap in __assertfail becomes the assertion failure; AMDGPU inline assembly
; that is only comments becomes empty assembly with the same operands.
; RUN: rubicon-opt -passes=rubicon-emulate-exec-mask -S %s | FileCheck %s --check-prefix=EXEC
; RUN: rubicon-opt -passes=rubicon-emulate-exec-mask,rubicon-emulate-amdgpu -S %s | FileCheck %s --check-prefix=EMU

target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; EXEC-LABEL: define i64 @exec_in_branch(i1 %c)
; EXEC: call void @__rubicon_emulation_diverge(
; EXEC-NEXT: br i1 %c
; EMU-LABEL: define i64 @exec_in_branch(i1 %c)
; EMU: %{{.*}} = call i64 @__rubicon_amdgcn_read_exec()
; EMU: %{{.*}} = call i32 @__rubicon_amdgcn_read_exec_lo()
; EMU-NOT: llvm.read_register
define i64 @exec_in_branch(i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  %e = call i64 @llvm.read_register.i64(metadata !0)
  %lo = call i32 @llvm.read_register.i32(metadata !1)
  %lo64 = zext i32 %lo to i64
  %s = add i64 %e, %lo64
  br label %join
join:
  %r = phi i64 [ %s, %then ], [ 0, %entry ]
  ret i64 %r
}

; EXEC-LABEL: define void @loops(ptr addrspace(1) %p, i32 %n)
; EXEC: writes:
; EXEC: store i32 0
; EXEC: after.writes:
; EXEC-NEXT: call void @llvm.amdgcn.wave.barrier()
; EXEC: after.reads:
; EXEC-NOT: wave.barrier
; EXEC: ret void
define void @loops(ptr addrspace(1) %p, i32 %n) {
entry:
  %lane = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  br label %writes
writes:
  %i = phi i32 [ %lane, %entry ], [ %i.next, %writes ]
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %i
  store i32 0, ptr addrspace(1) %a
  %i.next = add i32 %i, 64
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %writes, label %after.writes
after.writes:
  br label %reads
reads:
  %j = phi i32 [ %lane, %after.writes ], [ %j.next, %reads ]
  %b = getelementptr i32, ptr addrspace(1) %p, i32 %j
  %v = load i32, ptr addrspace(1) %b
  %j.next = add i32 %j, %v
  %again = icmp ult i32 %j.next, %n
  br i1 %again, label %reads, label %after.reads
after.reads:
  %f = call i32 @llvm.amdgcn.readfirstlane.i32(i32 %j)
  ret void
}

; EMU-LABEL: define {{.*}}void @__assertfail()
; EMU: call void @__rubicon_emulation_assert_failed()
; EMU-NOT: llvm.trap
define void @__assertfail() {
  call void @llvm.trap()
  unreachable
}

; EMU-LABEL: define {{.*}}i32 @comment_asm(i32 %x)
; EMU: call i32 asm sideeffect "", "=r,0"(i32 %x)
define i32 @comment_asm(i32 %x) {
  %y = call i32 asm sideeffect "; ockl readfirstlane hoisting hack $0", "=v,0"(i32 %x)
  ret i32 %y
}

; EMU-LABEL: define {{.*}}i64 @counters()
; EMU-NEXT: %{{.*}} = call i64 @__rubicon_amdgcn_s_memrealtime()
; EMU-NEXT: %{{.*}} = call i64 @__rubicon_amdgcn_s_memtime()
; EMU-NEXT: %s = add i64
define i64 @counters() {
  %a = call i64 @llvm.readsteadycounter()
  %b = call i64 @llvm.readcyclecounter()
  %s = add i64 %a, %b
  ret i64 %s
}

declare i64 @llvm.readsteadycounter()
declare i64 @llvm.readcyclecounter()
declare i64 @llvm.read_register.i64(metadata)
declare i32 @llvm.read_register.i32(metadata)
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.readfirstlane.i32(i32)
declare void @llvm.trap()

!0 = !{!"exec"}
!1 = !{!"exec_lo"}
