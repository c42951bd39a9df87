//===- RecordClusterDims.cpp - rubicon-record-cluster-dims ----------------===//
//
// __cluster_dims__(x, y, z) on a kernel. clang checks the attribute
// (sm_90 and up, constant dimensions) but its NVPTX code generation leaves
// nothing of it in the IR; the CUDA headers therefore also annotate the
// kernel (annotate("rubicon.cluster_dims", x, y, z), host_defines.h), which
// clang emits as an entry of llvm.global.annotations. This pass moves each
// such entry onto its kernel as the function attribute
//   "rubicon.cluster_dims"="x,y,z"
// (missing dimensions are 1) and drops it from llvm.global.annotations, so
// that the targets' kernel passes find it where they find launch bounds:
// the host target exports it for the runtime, which refuses to launch
// clusters of more than one block (HostKernelEntry.cpp); AMD targets, which
// have no clusters, make such a kernel trap (KernelABI.cpp). Runs first, on
// every target.
//
// It also answers __clusterDimIsSpecified() (the header calls
// __rubicon_cluster_dim_is_specified()): whether the running kernel was
// declared with __cluster_dims__, (1, 1, 1) included. A device function may
// serve several kernels, so the answer is kept in a shared-memory word that
// every thread of every kernel of the module writes at entry (all the same
// value: each thread reads its own write or an equal one).
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {

namespace {
/// The string an annotation entry's second field points to.
StringRef annotationName(Constant *Field) {
  auto *G = dyn_cast<GlobalVariable>(Field->stripPointerCasts());
  if (!G || !G->hasInitializer())
    return "";
  if (auto *Data = dyn_cast<ConstantDataSequential>(G->getInitializer()))
    if (Data->isCString())
      return Data->getAsCString();
  return "";
}

/// "x,y,z" from an annotation's argument struct (absent dimensions are 1).
std::string dimensionsOf(Constant *Arguments) {
  uint64_t Dims[3] = {1, 1, 1};
  if (auto *G = dyn_cast<GlobalVariable>(Arguments->stripPointerCasts()))
    if (G->hasInitializer())
      if (auto *S = dyn_cast<ConstantStruct>(G->getInitializer()))
        for (unsigned I = 0; I < S->getNumOperands() && I < 3; ++I)
          if (auto *C = dyn_cast<ConstantInt>(S->getOperand(I)))
            Dims[I] = C->getZExtValue();
  SmallString<32> Text;
  raw_svector_ostream(Text) << Dims[0] << ',' << Dims[1] << ',' << Dims[2];
  return std::string(Text);
}
} // namespace

uint64_t clusterBlocks(const Function &Kernel) {
  Attribute A = Kernel.getFnAttribute(ClusterDimsAttribute);
  if (!A.isStringAttribute())
    return 1;
  uint64_t Product = 1;
  SmallVector<StringRef, 3> Dims;
  A.getValueAsString().split(Dims, ',');
  for (StringRef Dim : Dims) {
    uint64_t N = 1;
    if (!Dim.getAsInteger(10, N))
      Product *= N;
  }
  return Product;
}

/// Defines __rubicon_cluster_dim_is_specified() when the module calls it.
static bool answerClusterDimIsSpecified(Module &M) {
  Function *Query = M.getFunction("__rubicon_cluster_dim_is_specified");
  if (!Query || !Query->isDeclaration() || Query->use_empty())
    return false;
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  constexpr unsigned SharedSpace = 3;
  auto *Word = new GlobalVariable(M, I32, false, GlobalValue::InternalLinkage,
                                  UndefValue::get(I32),
                                  "__rubicon.cluster_dim_is_specified",
                                  nullptr, GlobalValue::NotThreadLocal,
                                  SharedSpace);
  Word->setAlignment(Align(4));
  for (Function &F : M) {
    if (F.isDeclaration() || F.getCallingConv() != CallingConv::PTX_Kernel)
      continue;
    IRBuilder<> Builder(&*F.getEntryBlock().getFirstInsertionPt());
    Builder.CreateStore(
        Builder.getInt32(F.hasFnAttribute(ClusterDimsAttribute) ? 1 : 0), Word);
  }
  Query->setLinkage(GlobalValue::InternalLinkage);
  IRBuilder<> Builder(BasicBlock::Create(Ctx, "entry", Query));
  Value *Answer = Builder.CreateLoad(I32, Word);
  Builder.CreateRet(Builder.CreateZExtOrTrunc(Answer, Query->getReturnType()));
  return true;
}

PreservedAnalyses RecordClusterDimsPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return answerClusterDimIsSpecified(M) ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
  auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return answerClusterDimIsSpecified(M) ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
  SmallVector<Constant *> Kept;
  bool Changed = false;
  for (Use &U : Entries->operands()) {
    auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 5 ||
        annotationName(Entry->getOperand(1)) != "rubicon.cluster_dims") {
      Kept.push_back(cast<Constant>(U.get()));
      continue;
    }
    Changed = true;
    if (auto *Kernel =
            dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts()))
      Kernel->addFnAttr(ClusterDimsAttribute,
                        dimensionsOf(Entry->getOperand(4)));
  }
  Changed |= answerClusterDimIsSpecified(M);
  if (!Changed)
    return PreservedAnalyses::all();
  if (Kept.size() == Entries->getNumOperands()) {
    // Only __clusterDimIsSpecified changed the module.
  } else if (Kept.empty()) {
    Annotations->eraseFromParent();
  } else {
    auto *Type = ArrayType::get(Entries->getType()->getElementType(),
                                Kept.size());
    auto *Replacement = new GlobalVariable(
        M, Type, Annotations->isConstant(), Annotations->getLinkage(),
        ConstantArray::get(Type, Kept), "", Annotations);
    Replacement->setSection(Annotations->getSection());
    Replacement->takeName(Annotations);
    Annotations->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
