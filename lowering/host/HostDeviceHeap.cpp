//===- HostDeviceHeap.cpp - Device malloc/free to the device heap ---------===//
//
// rubicon-host-device-heap: device code's calls to malloc and free become
// calls to the host device library's __rubicon_host_malloc/_free
// (runtime-shim/device/host/HostHeap.cpp), which count them against the
// device heap's size (cudaLimitMallocHeapSize). Runs before the passes that
// allocate with malloc themselves (rubicon-host-thread-loops), whose
// allocations are not the program's.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

PreservedAnalyses HostDeviceHeapPass::run(Module &M, ModuleAnalysisManager &) {
  bool Changed = false;
  for (auto [From, To] : {std::pair<StringRef, StringRef>{"malloc",
                                                          "__rubicon_host_malloc"},
                          {"free", "__rubicon_host_free"}}) {
    Function *F = M.getFunction(From);
    if (!F || !F->isDeclaration() || F->use_empty())
      continue;
    FunctionCallee Replacement =
        M.getOrInsertFunction(To, F->getFunctionType());
    F->replaceAllUsesWith(Replacement.getCallee());
    F->eraseFromParent();
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace rubicon
