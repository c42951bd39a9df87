//===- RetargetAMDGPU.cpp - rubicon-retarget-amdgpu ------------------------===//
//
// Moves an NVVM module onto amdgcn-amd-amdhsa: triple, the AMDGPU data layout
// (from the TargetMachine), the arch's target-cpu on every function, no
// NVPTX-only attributes, metadata or module flags, and code object v5.
//
// NVPTX and AMDGPU agree on most of the data layout but not all of it (the
// width of addrspace(3)/(5) pointers, some vector alignments). Clang computed
// sizeof/offsetof against NVPTX's layout, so before switching, every aggregate
// type the module lays out in memory is compared under both layouts; a
// difference is an error naming the type, never a silent miscompile.
//
// Global variables in the generic address space (string literals, constant
// tables clang emits) have no AMDGPU equivalent: they move to addrspace(4)
// when constant, addrspace(1) otherwise, and uses see an addrspacecast.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace rubicon {
namespace {

/// Every aggregate type whose memory layout the module depends on.
class LaidOutTypeCollector {
public:
  void add(Type *T) {
    if (!T || !T->isSized())
      return;
    if (auto *ST = dyn_cast<StructType>(T)) {
      if (!Types.insert(T))
        return;
      for (Type *Element : ST->elements())
        add(Element);
    } else if (auto *AT = dyn_cast<ArrayType>(T)) {
      if (Types.insert(T))
        add(AT->getElementType());
    } else if (isa<VectorType>(T)) {
      Types.insert(T);
    }
  }

  void addFromModule(Module &M) {
    for (GlobalVariable &G : M.globals())
      add(G.getValueType());
    for (Function &F : M) {
      for (Argument &A : F.args())
        add(A.getPointeeInMemoryValueType());
      for (Instruction &I : instructions(F)) {
        if (auto *AI = dyn_cast<AllocaInst>(&I))
          add(AI->getAllocatedType());
        else if (auto *GEP = dyn_cast<GetElementPtrInst>(&I))
          add(GEP->getSourceElementType());
        else if (auto *LI = dyn_cast<LoadInst>(&I))
          add(LI->getType());
        else if (auto *SI = dyn_cast<StoreInst>(&I))
          add(SI->getValueOperand()->getType());
        else if (auto *CB = dyn_cast<CallBase>(&I))
          for (unsigned Arg = 0; Arg < CB->arg_size(); ++Arg)
            add(CB->getParamByValType(Arg));
        for (Value *Op : I.operands())
          if (auto *CE = dyn_cast<ConstantExpr>(Op))
            if (auto *GEPOp = dyn_cast<GEPOperator>(CE))
              add(GEPOp->getSourceElementType());
      }
    }
  }

  ArrayRef<Type *> types() const { return Types.getArrayRef(); }

private:
  SetVector<Type *> Types;
};

std::string typeName(Type *T) {
  std::string Name;
  raw_string_ostream OS(Name);
  T->print(OS, /*IsForDebug=*/false, /*NoDetails=*/true);
  return Name;
}

/// Describes how `T` is laid out differently under `To` than `From`; empty
/// when the layouts agree.
std::string describeLayoutDifference(Type *T, const DataLayout &From,
                                     const DataLayout &To) {
  std::string Difference;
  raw_string_ostream OS(Difference);
  uint64_t FromSize = From.getTypeAllocSize(T), ToSize = To.getTypeAllocSize(T);
  if (FromSize != ToSize)
    OS << "size " << FromSize << " vs " << ToSize << " bytes";
  uint64_t FromAlign = From.getABITypeAlign(T).value(),
           ToAlign = To.getABITypeAlign(T).value();
  if (FromAlign != ToAlign)
    OS << (Difference.empty() ? "" : ", ") << "alignment " << FromAlign
       << " vs " << ToAlign;
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *FromLayout = From.getStructLayout(ST);
    const StructLayout *ToLayout = To.getStructLayout(ST);
    for (unsigned Field = 0; Field < ST->getNumElements(); ++Field) {
      uint64_t FromOffset = FromLayout->getElementOffset(Field);
      uint64_t ToOffset = ToLayout->getElementOffset(Field);
      if (FromOffset != ToOffset) {
        OS << (Difference.empty() ? "" : ", ") << "field " << Field
           << " at offset " << FromOffset << " vs " << ToOffset;
        break;
      }
    }
  }
  return Difference;
}

/// Reports every laid-out type whose layout changes; true if there was one.
bool diagnoseLayoutMismatches(Module &M, const DataLayout &NewDL) {
  LaidOutTypeCollector Collector;
  Collector.addFromModule(M);
  bool Mismatch = false;
  for (Type *T : Collector.types()) {
    std::string Difference =
        describeLayoutDifference(T, M.getDataLayout(), NewDL);
    if (Difference.empty())
      continue;
    Mismatch = true;
    reportLoweringError(M.getContext(),
                        "type '" + typeName(T) +
                            "' is laid out differently on " + AMDGPUTriple +
                            " than on " + M.getTargetTriple().str() + " (" +
                            Difference + "); refusing to retarget it");
  }
  return Mismatch;
}

void moveGenericGlobalsToGlobalMemory(Module &M) {
  SmallVector<GlobalVariable *> GenericGlobals;
  for (GlobalVariable &G : M.globals())
    if (G.getAddressSpace() == AMDGPUAS::FLAT_ADDRESS && !G.getName().starts_with("llvm."))
      GenericGlobals.push_back(&G);
  for (GlobalVariable *G : GenericGlobals) {
    unsigned NewAS = G->isConstant() ? AMDGPUAS::CONSTANT_ADDRESS : AMDGPUAS::GLOBAL_ADDRESS;
    auto *Moved = new GlobalVariable(
        M, G->getValueType(), G->isConstant(), G->getLinkage(),
        G->hasInitializer() ? G->getInitializer() : nullptr, "", G,
        G->getThreadLocalMode(), NewAS, G->isExternallyInitialized());
    Moved->copyAttributesFrom(G);
    Moved->copyMetadata(G, 0);
    Moved->takeName(G);
    G->replaceAllUsesWith(ConstantExpr::getAddrSpaceCast(Moved, G->getType()));
    G->eraseFromParent();
  }
}

void retargetFunctionAttributes(Module &M, StringRef Arch) {
  for (Function &F : M) {
    F.removeFnAttr("target-features");
    F.removeFnAttr("target-cpu");
    // Older clang spelled -fcuda-flush-denormals-to-zero this way.
    if (F.getFnAttribute("nvptx-f32ftz").getValueAsString() == "true" &&
        !F.hasFnAttribute("denormal-fp-math-f32"))
      F.addFnAttr("denormal-fp-math-f32", "preserve-sign,preserve-sign");
    F.removeFnAttr("nvptx-f32ftz");
    if (!F.isDeclaration())
      F.addFnAttr("target-cpu", Arch);
  }
}

void dropNVVMMetadataAndFlags(Module &M) {
  if (NamedMDNode *Flags = M.getModuleFlagsMetadata()) {
    SmallVector<MDNode *> Kept;
    for (MDNode *Flag : Flags->operands()) {
      auto *Key = Flag->getNumOperands() > 1
                      ? dyn_cast<MDString>(Flag->getOperand(1))
                      : nullptr;
      if (!Key || !Key->getString().starts_with("nvvm"))
        Kept.push_back(Flag);
    }
    Flags->clearOperands();
    for (MDNode *Flag : Kept)
      Flags->addOperand(Flag);
  }
  SmallVector<NamedMDNode *> NVVMNodes;
  for (NamedMDNode &Node : M.named_metadata())
    if (Node.getName().starts_with("nvvm"))
      NVVMNodes.push_back(&Node);
  for (NamedMDNode *Node : NVVMNodes)
    M.eraseNamedMetadata(Node);
}

} // namespace

PreservedAnalyses RetargetAMDGPUPass::run(Module &M, ModuleAnalysisManager &) {
  std::string TargetArch = resolveLoweringArch(Arch);
  auto TM = createAMDGPUTargetMachine(TargetArch);
  if (!TM) {
    reportLoweringError(M.getContext(), toString(TM.takeError()));
    return PreservedAnalyses::all();
  }
  DataLayout NewDL = (*TM)->createDataLayout();
  if (diagnoseLayoutMismatches(M, NewDL))
    return PreservedAnalyses::all();

  moveGenericGlobalsToGlobalMemory(M);
  M.setTargetTriple(Triple(AMDGPUTriple));
  M.setDataLayout(NewDL);
  retargetFunctionAttributes(M, TargetArch);
  dropNVVMMetadataAndFlags(M);
  M.setModuleFlag(Module::Error, "amdhsa_code_object_version", 500);
  return PreservedAnalyses::none();
}

} // namespace rubicon
