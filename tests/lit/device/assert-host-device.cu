// libcu++ (cuda/std/__cccl/assert.h) redeclares glibc's __assert_fail
// `__host__ __device__` under NDEBUG, as CUDA's headers declare it: Rubicon's
// headers must make it the same function on both sides, not a __device__
// overload that the redeclaration cannot overload.
// RUN: nvcc -c -DNDEBUG %s -o %t.o
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc -c -DNDEBUG -DASSERT_FIRST %s -o %t.o
//
// Device code that asserts reaches the device library's __assert_fail.
// RUN: %cuda_device_ir %s \
// RUN:   | FileCheck %s
#ifdef ASSERT_FIRST
#undef NDEBUG
#include <assert.h>
#endif

extern "C" {
__host__ __device__ void __assert_fail(const char *assertion, const char *file,
                                       unsigned int line,
                                       const char *function) noexcept
    __attribute__((__noreturn__));
}

#undef NDEBUG
#include <assert.h>

// CHECK-LABEL: define {{.*}}@_Z7checkedPi(
// CHECK: call void @__assert_fail(ptr {{.*}}, ptr {{.*}}, i32 {{.*}}[[@LINE+2]],
__global__ void checked(int *p) {
  assert(p[0] == 7);
  if (p[1] < 0)
    __assert_fail("p[1] >= 0", __FILE__, __LINE__, __func__);
}

// The host side is glibc's: both sides call one declaration.
void hostChecked(int *p) { assert(p != nullptr); }
