//===- RetargetHost.cpp - NVVM module -> x86-64 module
//---------------------===//
//
// rubicon-retarget-host: the module gets the x86-64 triple and data layout;
// NVPTX function attributes ("target-cpu", "target-features") and NVVM
// metadata go. Address spaces stay: every NVVM address space is a 64-bit
// pointer in the x86-64 data layout and casts between them are no-ops, so
// global (1), constant (4) and local (5) memory are ordinary host memory.
// __device__/__constant__ variables become writable and externally
// initialized. Shared memory (3) is laid out per block later
// (rubicon-host-shared-memory). Aggregate layouts must agree between the two
// data layouts: a difference is an error naming the type, as in
// rubicon-retarget-amdgpu.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "LoweringPasses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/NVPTXAddrSpace.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace rubicon {
namespace {

std::string typeName(Type *T) {
  std::string Text;
  raw_string_ostream OS(Text);
  T->print(OS);
  return Text;
}

/// True when `T` (and every nested struct) lays out identically.
bool sameLayout(StructType *T, const DataLayout &From, const DataLayout &To) {
  if (T->isOpaque() || !T->isSized())
    return true;
  const StructLayout *A = From.getStructLayout(T);
  const StructLayout *B = To.getStructLayout(T);
  if (A->getSizeInBytes() != B->getSizeInBytes() ||
      A->getAlignment() != B->getAlignment())
    return false;
  for (unsigned I = 0; I < T->getNumElements(); ++I)
    if (A->getElementOffset(I) != B->getElementOffset(I))
      return false;
  return true;
}

} // namespace

PreservedAnalyses RetargetHostPass::run(Module &M, ModuleAnalysisManager &) {
  auto TM = createHostTargetMachine();
  if (!TM) {
    reportLoweringError(M.getContext(), toString(TM.takeError()));
    return PreservedAnalyses::all();
  }
  DataLayout From = M.getDataLayout();
  DataLayout To = (*TM)->createDataLayout();
  bool LayoutsAgree = true;
  for (StructType *T : M.getIdentifiedStructTypes())
    if (!sameLayout(T, From, To)) {
      reportLoweringError(M.getContext(),
                          "type " + typeName(T) +
                              " has a different layout on the host target");
      LayoutsAgree = false;
    }
  if (!LayoutsAgree)
    return PreservedAnalyses::all();

  M.setTargetTriple(Triple(HostTriple));
  M.setDataLayout(To);
  for (Function &F : M) {
    F.removeFnAttr("target-cpu");
    F.removeFnAttr("target-features");
  }
  // __device__ and __constant__ variables: the host writes them
  // (cudaMemcpyToSymbol), so they live in writable memory and their
  // initializers are not folded into device code.
  for (GlobalVariable &G : M.globals()) {
    unsigned AS = G.getAddressSpace();
    if ((AS == NVPTXAS::ADDRESS_SPACE_GLOBAL || AS == NVPTXAS::ADDRESS_SPACE_CONST) && !G.hasLocalLinkage() &&
        !G.isDeclaration() && !G.getName().starts_with("llvm.")) {
      G.setConstant(false);
      G.setExternallyInitialized(true);
    }
  }
  for (StringRef Name :
       {"nvvm.annotations", "nvvmir.version", "nvvm.internalize.after.link"})
    if (NamedMDNode *Node = M.getNamedMetadata(Name))
      M.eraseNamedMetadata(Node);
  return PreservedAnalyses::none();
}

} // namespace rubicon
