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

// __trap() and llvm.trap in device code.
extern "C" [[noreturn]] void __rubicon_host_trap() { trap(); }
