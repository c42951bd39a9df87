//===- HostSleep.cpp - __nanosleep on the host target ---------------------===//
//
// Part of Rubicon. The threads of a block are fibers on one CPU thread, so a
// thread that sleeps in a spin-wait must let the others run or the value it
// waits for never comes. __nanosleep (llvm.nvvm.nanosleep, PTX nanosleep)
// therefore yields the fiber: the block's other threads run until they block,
// then the sleeper resumes. The PTX ISA allows any duration in [0, 2t].
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

extern "C" void __rubicon_nanosleep(u32 /*nanoseconds*/) {
  host::ThreadContext *Thread = hostimpl::currentThread();
  Thread->Runtime->yield(Thread);
}
