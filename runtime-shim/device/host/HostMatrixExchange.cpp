//===- HostMatrixExchange.cpp - wmma's exchange memory on the host --------===//
//
// Part of Rubicon. On the host target a wmma product is computed through
// memory of the running block's (lowering/LowerMatrixOps.cpp): each lane
// writes its A and B elements there, the warp meets once, and each lane reads
// the rows and columns its D elements need. The runtime places that memory
// past the block's shared window (HostABI.h, "matrix exchange"); this returns
// where. Every thread of a block gets the same address, so a thread loop
// reads it once per block (HostThreadLoops.def).
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

extern "C" unsigned char *__rubicon_host_matrix_exchange() {
  host::ThreadContext *Thread = hostimpl::currentThread();
  return Thread->SharedMemory +
         host::matrixExchangeOffset(Thread->SharedBytes);
}
