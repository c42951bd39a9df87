//===- Block.h - Block-level helpers on the machine primitives --*- C++ -*-===//
//
// Part of Rubicon.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_BLOCK_H
#define RUBICON_DEVICE_BLOCK_H

#include "Primitives.h"

namespace rubicon::block {

using machine::blockSize;
using machine::Dimension;
using machine::fenceAcquireWorkgroup;
using machine::fenceReleaseWorkgroup;
using machine::threadInBlock;
using machine::workgroupBarrier;

// The thread's linear index in its block (x fastest, as in CUDA).
RUBICON_PRIMITIVE u32 flatThreadIndex() {
  return threadInBlock(Dimension::X) +
         blockSize(Dimension::X) *
             (threadInBlock(Dimension::Y) +
              blockSize(Dimension::Y) * threadInBlock(Dimension::Z));
}

// __syncthreads(): every thread of the block arrives; memory written before
// the barrier is visible to the block after it.
RUBICON_PRIMITIVE void synchronize() {
  fenceReleaseWorkgroup();
  workgroupBarrier();
  fenceAcquireWorkgroup();
}

} // namespace rubicon::block

#endif // RUBICON_DEVICE_BLOCK_H
