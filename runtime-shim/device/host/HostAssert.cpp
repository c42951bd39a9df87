//===- HostAssert.cpp - CUDA's device assert on the host target
//------------===//
//
// Part of Rubicon. __assertfail prints CUDA's message and ends the kernel with
// cudaErrorAssert, which the runtime reports at the next synchronizing call.
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

extern "C" int printf(const char *, ...);

extern "C" [[noreturn]] void __assertfail(const char *message, const char *file,
                                          u32 line, const char *function,
                                          size_t /*charSize*/) {
  printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` "
         "failed.\n",
         file, line, function, blockInGrid(Dimension::X),
         blockInGrid(Dimension::Y), blockInGrid(Dimension::Z),
         threadInBlock(Dimension::X), threadInBlock(Dimension::Y),
         threadInBlock(Dimension::Z), message);
  host::ThreadContext *Thread = hostimpl::currentThread();
  Thread->Runtime->trap(Thread, static_cast<int>(host::KernelFault::Assert));
  __builtin_unreachable();
}

// glibc's assert() calls __assert_fail, which is __host__ __device__ (see
// __rubicon/device_runtime.h); its device side on the host target is this
// one. The device library is internalized into each code object, so device
// code never reaches glibc's.
extern "C" [[noreturn]] void __assert_fail(const char *message,
                                           const char *file, u32 line,
                                           const char *function) noexcept {
  __assertfail(message, file, line, function, sizeof(char));
}

// __trap() and llvm.trap in device code.
extern "C" [[noreturn]] void __rubicon_host_trap() { trap(); }
