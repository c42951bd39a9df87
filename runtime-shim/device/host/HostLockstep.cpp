//===- HostLockstep.cpp - Lockstep points for warp-synchronous code -------===//
//
// Part of Rubicon. On a GPU the lanes of a warp run each instruction together,
// and older CUDA code relies on it: warp-synchronous reductions and scans
// through `volatile` shared memory without __syncwarp. On the host target the
// lanes are fibers that run one after the other, so
// rubicon-host-warp-lockstep (lowering/host/HostWarpLockstep.cpp) puts a call
// to __rubicon_host_lockstep_point before and after every volatile store that
// may write shared memory. Each point is an unmasked wavefront barrier: the
// lanes that wait at the same point (call site) go on together once no other
// thread of the block can run, so every lane has done its loads before any
// lane stores, and every store is done before the next loads. It is inlined
// at each call so that each point is its own call site (PrimitivesHost.h).
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

extern "C" __attribute__((always_inline)) void __rubicon_host_lockstep_point() {
  wavefrontBarrier();
}
