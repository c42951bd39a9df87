; rubicon-host-device-heap: device code's malloc and free become the host
; device library's __rubicon_host_malloc/_free, which count allocations
; against the device heap (cudaLimitMallocHeapSize); nothing else changes.
; RUN: rubicon-opt -passes=rubicon-host-device-heap -S %s | FileCheck %s

target triple = "x86_64-unknown-linux-gnu"

declare ptr @malloc(i64)
declare void @free(ptr)

; CHECK-LABEL: define void @k(
; CHECK: %p = call ptr @__rubicon_host_malloc(i64 %n)
; CHECK: call void @__rubicon_host_free(ptr %p)
define void @k(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  call void @free(ptr %p)
  ret void
}

; CHECK-NOT: declare ptr @malloc
; CHECK: declare ptr @__rubicon_host_malloc(i64)
; CHECK: declare void @__rubicon_host_free(ptr)
