/*===- __rubicon/device_runtime.h - printf, assert, malloc in device code -===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide: "Formatted Output",
 * "Assertion", "Dynamic Global Memory Allocation and Operations".
 *
 * - printf: clang turns a device call to printf into vprintf(format, args);
 *   the lowering maps vprintf to AMD's hostcall printf.
 * - assert: glibc's assert() calls __assert_fail; the __device__ overload
 *   below forwards to __assertfail, which the device library implements
 *   (CUDA's message, then a trap).
 * - malloc/free: the device library defines them on ockl's device heap.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_DEVICE_RUNTIME_H
#define RUBICON_INTERNAL_DEVICE_RUNTIME_H

#include "config.h"

extern "C" {
__device__ int printf(const char *format, ...);
__device__ int vprintf(const char *format, const char *arguments);
__device__ __attribute__((noreturn)) void
__assertfail(const char *message, const char *file, unsigned int line,
             const char *function, __rubicon_size_t charSize);
__device__ __attribute__((noreturn, always_inline)) inline void
__assert_fail(const char *message, const char *file, unsigned int line,
              const char *function) noexcept {
  __assertfail(message, file, line, function, sizeof(char));
}
__device__ void *malloc(__rubicon_size_t size) noexcept;
__device__ void free(void *pointer) noexcept;
__device__ void *memcpy(void *destination, const void *source,
                        __rubicon_size_t size) noexcept;
__device__ void *memset(void *destination, int value,
                        __rubicon_size_t size) noexcept;
}

#endif /* RUBICON_INTERNAL_DEVICE_RUNTIME_H */
