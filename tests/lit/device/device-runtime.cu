// printf, assert, malloc/free, memcpy in device code.
// RUN: %cuda_device_ir %s | FileCheck %s
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// CHECK-LABEL: define {{.*}}@_Z6outputPi(
// CHECK: call i32 @vprintf(ptr {{.*}}@.str{{.*}}, ptr
__global__ void output(int *p) { printf("value %d\n", p[0]); }

// glibc's assert calls __assert_fail, the __host__ __device__ function of
// CUDA's headers, with the expression, file, line and function; the device
// library's __assert_fail forwards to __assertfail.
// CHECK-LABEL: define {{.*}}@_Z8assertedPi(
// CHECK: call void @__assert_fail(ptr {{.*}}, ptr {{.*}}, i32 {{.*}}[[@LINE+2]], ptr {{.*}})
__global__ void asserted(int *p) {
  assert(p[0] == 7);
}

// CHECK-LABEL: define {{.*}}@_Z4heapPi(
// CHECK: call {{.*}}ptr @malloc(i64 {{.*}}64)
// CHECK: call {{.*}}@memcpy(
// CHECK: call void @free(
__global__ void heap(int *p) {
  int *buffer = static_cast<int *>(malloc(64));
  memcpy(buffer, p, 16);
  p[0] = buffer[1];
  free(buffer);
}
