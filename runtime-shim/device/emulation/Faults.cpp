//===- Faults.cpp - Traps and operands without semantics ------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h).
//
//===----------------------------------------------------------------------===//
#include "Emulation.h"

extern "C" int dprintf(int, const char *, ...);

using namespace rubicon;
using namespace rubicon::emulation;

extern "C" __attribute__((visibility("hidden"), noinline)) void
__rubicon_amdgcn_unsupported(const char *What, u32 Value) {
  dprintf(2, "rubicon: the AMDGPU emulation has no semantics for %s 0x%x\n",
          What, Value);
  host::ThreadContext *T = thread();
  T->Runtime->trap(T, static_cast<int>(host::KernelFault::IllegalInstruction));
  __builtin_unreachable();
}

// The trap that ends CUDA's __assertfail (the emulation pass calls this
// instead): cudaErrorAssert, as CUDA reports a failed assertion.
extern "C" __attribute__((visibility("hidden"), noinline)) void
__rubicon_emulation_assert_failed() {
  host::ThreadContext *T = thread();
  T->Runtime->trap(T, static_cast<int>(host::KernelFault::Assert));
  __builtin_unreachable();
}
