; Statements that cannot be translated are errors naming the instruction,
; with the srcloc cookie and the position inside the asm string; they stay
; in the module and the others are still lowered.
; RUN: not rubicon-inline-ptx %s -o %t.ll 2>&1 | FileCheck %s
; RUN: FileCheck --check-prefix=IR %s < %t.ll

; CHECK-DAG: error: inline PTX (srcloc 111, asm 1:13) in function 'odd_count': the thread count of a barrier must be a nonzero multiple of the warp size (32)
; CHECK-DAG: error: inline PTX (srcloc 555, asm 1:1) in function 'arrive': unsupported PTX instruction 'bar.arrive': arriving at a named barrier without waiting (producer/consumer warps) has no equivalent on AMD GPUs, whose work-groups have one barrier
; CHECK-DAG: error: inline PTX (srcloc 556, asm 1:1) in function 'barrier_arrive': unsupported PTX instruction 'barrier.arrive.aligned': arriving at a named barrier without waiting (producer/consumer warps) has no equivalent on AMD GPUs, whose work-groups have one barrier
; CHECK-DAG: error: inline PTX (srcloc 666, asm 1:1) in function 'cluster': unsupported PTX instruction 'ld.shared::cluster.u32': state space '.shared::cluster' has no equivalent on AMD GPUs
; CHECK-DAG: error: inline PTX (srcloc 777, asm 1:1) in function 'redux_float_add': 'redux.sync' on '.f32' needs '.min' or '.max'
; CHECK-DAG: error: inline PTX (srcloc 888, asm 1:1) in function 'inc64': '.inc' needs type '.u32'
; CHECK-DAG: error: inline PTX (srcloc 999, asm 1:19) in function 'not_address': expected an address operand '[...]'
; CHECK-DAG: error: inline PTX (srcloc 222, asm 2:3) in function 'typo': unknown instruction 'ad'
; CHECK-DAG: error: inline PTX (srcloc 333, asm 1:5) in function 'badtype': '.s32' is not a valid type for 'popc'
; CHECK-DAG: error: inline PTX (srcloc 444, asm 1:1) in function 'missing': operand $2 does not exist (the asm statement has 2 operands)
; CHECK-DAG: error: inline PTX (srcloc 1111, asm 1:1) in function 'mma_shape': unsupported PTX instruction 'mma.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32': this shape and these types are not an 'mma' the PTX ISA defines (or not supported yet)
; CHECK-DAG: error: inline PTX (srcloc 1212, asm 1:1) in function 'mma_satfinite': '.satfinite' needs integer ('.s8'/'.u8') inputs
; CHECK-DAG: error: inline PTX (srcloc 1313, asm 1:49) in function 'mma_count': expected a vector of 4 registers

; IR: call void asm sideeffect "bar.sync 1, 48;
; IR: define i32 @fine(
; IR-NEXT: add i32
define void @odd_count() {
  call void asm sideeffect "bar.sync 1, 48;", ""(), !srcloc !1
  ret void
}
define void @arrive() {
  call void asm sideeffect "bar.arrive 1, 64;", ""(), !srcloc !5
  ret void
}
define void @barrier_arrive() {
  call void asm sideeffect "barrier.arrive.aligned 1, 64;", ""(), !srcloc !55
  ret void
}
define i32 @cluster(i32 %a) {
  %r = call i32 asm "ld.shared::cluster.u32 $0, [$1];", "=r,r"(i32 %a), !srcloc !6
  ret i32 %r
}
define float @redux_float_add(float %a) {
  %r = call float asm sideeffect "redux.sync.add.f32 $0, $1, -1;", "=f,f"(float %a), !srcloc !7
  ret float %r
}
define i64 @inc64(i64 %p, i64 %v) {
  %r = call i64 asm "atom.inc.u64 $0, [$1], $2;", "=l,l,l"(i64 %p, i64 %v), !srcloc !8
  ret i64 %r
}
define i32 @not_address(i64 %p) {
  %r = call i32 asm "ld.global.u32 $0, $1;", "=r,l"(i64 %p), !srcloc !9
  ret i32 %r
}
define i32 @typo(i32 %a) {
  %r = call i32 asm "add.s32 $0, $1, 1;\0A  ad.s32 $0, $0, 1;", "=r,r"(i32 %a), !srcloc !2
  ret i32 %r
}
define i32 @badtype(i32 %a) {
  %r = call i32 asm "popc.s32 $0, $1;", "=r,r"(i32 %a), !srcloc !3
  ret i32 %r
}
define i32 @missing(i32 %a) {
  %r = call i32 asm "add.s32 $0, $1, $2;", "=r,r"(i32 %a), !srcloc !4
  ret i32 %r
}
define i32 @fine(i32 %a, i32 %b) {
  %r = call i32 asm "add.s32 $0, $1, $2;", "=r,r,r"(i32 %a, i32 %b), !srcloc !1
  ret i32 %r
}
define void @mma_shape(i32 %a) {
  call void asm sideeffect "mma.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {$0, $0, $0, $0}, {$0, $0, $0, $0}, {$0, $0}, {$0, $0, $0, $0};", "r"(i32 %a), !srcloc !11
  ret void
}
define void @mma_satfinite(i32 %a) {
  call void asm sideeffect "mma.sync.aligned.m16n8k8.row.col.satfinite.f32.tf32.tf32.f32 {$0, $0, $0, $0}, {$0, $0, $0, $0}, {$0, $0}, {$0, $0, $0, $0};", "r"(i32 %a), !srcloc !12
  ret void
}
define void @mma_count(i32 %a) {
  call void asm sideeffect "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {$0, $0}, {$0, $0, $0, $0}, {$0, $0}, {$0, $0, $0, $0};", "r"(i32 %a), !srcloc !13
  ret void
}
!1 = !{i64 111}
!2 = !{i64 222, i64 223}
!3 = !{i64 333}
!4 = !{i64 444}
!5 = !{i64 555}
!55 = !{i64 556}
!6 = !{i64 666}
!7 = !{i64 777}
!8 = !{i64 888}
!9 = !{i64 999}
!11 = !{i64 1111}
!12 = !{i64 1212}
!13 = !{i64 1313}
