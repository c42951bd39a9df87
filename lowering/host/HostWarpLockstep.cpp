//===- HostWarpLockstep.cpp - Lockstep for warp-synchronous volatile code -===//
//
// rubicon-host-warp-lockstep: legacy warp-synchronous code (reductions and
// scans through `volatile` shared memory, without __syncwarp) assumes that
// the lanes of a warp run each statement together: all of them load, then all
// of them store. On the host target lanes are fibers that run one after the
// other between sync points, so this pass puts a call to the device library's
// __rubicon_host_lockstep_point (runtime-shim/device/host/HostLockstep.cpp)
// before and after every volatile store whose address may be shared memory
// (address space 3, or generic). Each point is a wavefront barrier among the
// lanes that reach it, so every lane has loaded before any lane stores, and
// every store is done before the next loads: the GPU's answer. In
// rubicon-host-thread-loops the points are warp points: thread loops when
// every lane reaches them, else fibers. Volatile stores to global memory are
// left alone.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

PreservedAnalyses HostWarpLockstepPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  constexpr unsigned GenericAddressSpace = 0, SharedAddressSpace = 3;
  SmallVector<StoreInst *> Stores;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *Store = dyn_cast<StoreInst>(&I))
        if (unsigned AS = Store->getPointerAddressSpace();
            Store->isVolatile() &&
            (AS == GenericAddressSpace || AS == SharedAddressSpace))
          Stores.push_back(Store);
  if (Stores.empty())
    return PreservedAnalyses::all();

  FunctionCallee Point = M.getOrInsertFunction(
      HostLockstepPoint, FunctionType::get(Type::getVoidTy(M.getContext()),
                                           /*isVarArg=*/false));
  for (StoreInst *Store : Stores) {
    // One point between two stores that follow each other.
    auto *Previous = dyn_cast_or_null<CallInst>(Store->getPrevNode());
    if (!Previous || Previous->getCalledOperand() != Point.getCallee())
      CallInst::Create(Point, "", Store->getIterator());
    CallInst::Create(Point, "", std::next(Store->getIterator()));
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
