//===- AddressSpaces.cpp - Which memory a generic address is in -----------===//
//
// Part of Rubicon. __rubicon_isspacep_<space>(p) for llvm.nvvm.isspacep.*
// (CUDA's __isGlobal, __isShared, __isLocal, __isConstant; PTX isspacep).
// Shared and private (CUDA's local) memory are told apart by the machine;
// global is everything else. __constant__ variables live in global memory on
// AMD GPUs (and on the host target): the machine cannot tell them apart, so
// rubicon-lower-constant-space-queries answers isspacep.const from the
// module's __constant__ variables and takes them out of isspacep.global
// before these run; isspacep.const reaches this library only from modules
// lowered without that pass (docs/ptx.md).
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

using namespace rubicon::machine;

RUBICON_EXPORT bool __rubicon_isspacep_shared(const void *address) {
  return isSharedAddress(address);
}

RUBICON_EXPORT bool __rubicon_isspacep_local(const void *address) {
  return isPrivateAddress(address);
}

RUBICON_EXPORT bool __rubicon_isspacep_global(const void *address) {
  return !isSharedAddress(address) && !isPrivateAddress(address);
}

RUBICON_EXPORT bool __rubicon_isspacep_const(const void *) { return false; }
