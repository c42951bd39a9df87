/*===- __rubicon/device_runtime.h - printf, assert, malloc in device code -===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide: "Formatted Output",
 * "Assertion", "Dynamic Global Memory Allocation and Operations".
 *
 * - printf: clang turns a device call to printf into vprintf(format, args);
 *   the lowering maps vprintf to AMD's hostcall printf.
 * - assert: glibc's assert() calls __assert_fail. As in CUDA's headers, that
 *   one function is __host__ __device__: glibc's own declaration is read
 *   here with `#pragma clang force_cuda_host_device`, so a later explicit
 *   `__host__ __device__` redeclaration (libcu++ makes one under NDEBUG) is
 *   the same function, not a conflicting overload. Device code calls it;
 *   the device library defines it on the device side, forwarding to
 *   __assertfail (CUDA's message, then a trap). NDEBUG is lifted while
 *   glibc declares it; the assert macro is left to the user's include.
 * - malloc/free: the device library defines them on ockl's device heap.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_DEVICE_RUNTIME_H
#define RUBICON_INTERNAL_DEVICE_RUNTIME_H

#include "config.h"

#pragma push_macro("NDEBUG")
#undef NDEBUG
#pragma clang force_cuda_host_device begin
#include <assert.h>
#pragma clang force_cuda_host_device end
#pragma pop_macro("NDEBUG")
/* Only the declarations are wanted: assert itself comes when the user
   includes <assert.h>, under their NDEBUG. */
#undef assert

extern "C" {
__device__ int printf(const char *format, ...);
__device__ int vprintf(const char *format, const char *arguments);
__device__ __attribute__((noreturn)) void
__assertfail(const char *message, const char *file, unsigned int line,
             const char *function, __rubicon_size_t charSize);
__device__ void *malloc(__rubicon_size_t size) noexcept;
__device__ void free(void *pointer) noexcept;
__device__ void *memcpy(void *destination, const void *source,
                        __rubicon_size_t size) noexcept;
__device__ void *memset(void *destination, int value,
                        __rubicon_size_t size) noexcept;
}

#endif /* RUBICON_INTERNAL_DEVICE_RUNTIME_H */
