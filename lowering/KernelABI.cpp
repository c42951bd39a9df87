//===- KernelABI.cpp - rubicon-kernel-abi ----------------------------------===//
//
// Turns NVPTX kernels into AMDGPU kernels:
//  - ptx_kernel -> amdgpu_kernel calling convention;
//  - `ptr byval(T)` parameters -> `ptr addrspace(4) byref(T)`: the argument is
//    read in place from the kernarg segment, or copied into a private alloca
//    first when the body may write through it or let it escape;
//  - generic pointer parameters -> `ptr addrspace(1)` (a kernel argument can
//    only point to global memory; constant memory is part of it on AMDGPU),
//    as clang's HIP target does, so address-space inference sees them;
//  - launch bounds (nvvm.maxntid / nvvm.reqntid) -> amdgpu-flat-work-group-size
//    (1,1024 when none), nvvm.minctasm -> amdgpu-waves-per-eu (see README.md);
//  - __cluster_dims__ of more than one block (rubicon.cluster_dims) -> a
//    trap at the kernel's entry: AMD GPUs have no clusters;
//  - uniform-work-group-size, and protected visibility for kernels and
//    device variables (addrspace 1 and 4) so the HIP loader finds them by name.
//
//===----------------------------------------------------------------------===//
#include "LoweringPasses.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {
namespace {

constexpr unsigned MaxThreadsPerBlock = 1024;
/// SIMDs per CDNA compute unit / RDNA work-group processor: the unit a CUDA
/// "multiprocessor" corresponds to.
constexpr unsigned SIMDsPerMultiprocessor = 4;

/// True when `Ptr` may be written through, or escape, within its function.
bool mayWriteOrEscape(Value *Ptr) {
  SmallVector<Value *> Worklist{Ptr};
  SmallPtrSet<Value *, 16> Visited;
  while (!Worklist.empty()) {
    Value *V = Worklist.pop_back_val();
    if (!Visited.insert(V).second)
      continue;
    for (Use &U : V->uses()) {
      auto *User = cast<Instruction>(U.getUser());
      if (isa<LoadInst>(User))
        continue;
      if (isa<StoreInst>(User))
        return true; // Written through, or the pointer itself stored away.
      if (isa<GetElementPtrInst, BitCastInst, AddrSpaceCastInst, PHINode,
              SelectInst>(User)) {
        Worklist.push_back(User);
        continue;
      }
      if (auto *CB = dyn_cast<CallBase>(User)) {
        if (auto *MT = dyn_cast<MemTransferInst>(CB);
            MT && U.getOperandNo() == 1 && MT->getRawDest() != V)
          continue; // Copied from.
        if (auto *II = dyn_cast<IntrinsicInst>(CB);
            II && II->isLifetimeStartOrEnd())
          continue;
        if (CB->isArgOperand(&U)) {
          unsigned ArgNo = CB->getArgOperandNo(&U);
          if (CB->onlyReadsMemory(ArgNo) && CB->doesNotCapture(ArgNo))
            continue;
        }
        return true;
      }
      if (isa<ICmpInst>(User))
        continue;
      return true; // Conservatively: ptrtoint, returns, anything unknown.
    }
  }
  return false;
}

bool isGenericPointer(const Argument &A) {
  return A.getType()->isPointerTy() &&
         A.getType()->getPointerAddressSpace() == AMDGPUAS::FLAT_ADDRESS;
}

bool needsParameterRewrite(const Argument &A) {
  return A.hasByValAttr() || isGenericPointer(A);
}

/// Replaces `Kernel` by an identical function whose byval parameters are
/// kernarg-segment byref pointers and whose other pointer parameters are
/// global pointers. Returns the new function.
Function *rewriteParameters(Function &Kernel) {
  LLVMContext &Ctx = Kernel.getContext();
  FunctionType *OldTy = Kernel.getFunctionType();
  SmallVector<Type *> ParamTypes(OldTy->params());
  AttributeList Attrs = Kernel.getAttributes();
  auto *ConstantPtr = PointerType::get(Ctx, AMDGPUAS::CONSTANT_ADDRESS);
  for (Argument &A : Kernel.args()) {
    if (!A.hasByValAttr()) {
      if (isGenericPointer(A))
        ParamTypes[A.getArgNo()] = PointerType::get(Ctx, AMDGPUAS::GLOBAL_ADDRESS);
      continue;
    }
    unsigned No = A.getArgNo();
    Type *ValueTy = A.getParamByValType();
    MaybeAlign Alignment = A.getParamAlign();
    ParamTypes[No] = ConstantPtr;
    AttrBuilder ByRef(Ctx);
    ByRef.addByRefAttr(ValueTy);
    ByRef.addAlignmentAttr(Alignment);
    ByRef.addAttribute(Attribute::NoUndef);
    Attrs = Attrs.removeParamAttributes(Ctx, No);
    Attrs = Attrs.addParamAttributes(Ctx, No, ByRef);
  }

  auto *NewTy = FunctionType::get(OldTy->getReturnType(), ParamTypes,
                                  OldTy->isVarArg());
  Function *New = Function::Create(NewTy, Kernel.getLinkage(),
                                   Kernel.getAddressSpace(), "");
  Kernel.getParent()->getFunctionList().insert(Kernel.getIterator(), New);
  New->copyAttributesFrom(&Kernel);
  New->setAttributes(Attrs);
  New->copyMetadata(&Kernel, 0);
  New->takeName(&Kernel);
  New->splice(New->begin(), &Kernel);

  IRBuilder<> Builder(&*New->getEntryBlock().getFirstInsertionPt());
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  for (auto [OldArg, NewArg] : zip(Kernel.args(), New->args())) {
    NewArg.takeName(&OldArg);
    if (!OldArg.hasByValAttr()) {
      OldArg.replaceAllUsesWith(
          OldArg.getType() == NewArg.getType()
              ? static_cast<Value *>(&NewArg)
              : Builder.CreateAddrSpaceCast(&NewArg, OldArg.getType(),
                                            NewArg.getName() + ".generic"));
      continue;
    }
    Type *ValueTy = OldArg.getParamByValType();
    Value *Replacement;
    if (mayWriteOrEscape(&OldArg)) {
      Align Alignment = OldArg.getParamAlign().valueOrOne();
      AllocaInst *Copy = Builder.CreateAlloca(ValueTy, AMDGPUAS::PRIVATE_ADDRESS, nullptr,
                                              NewArg.getName() + ".copy");
      Copy->setAlignment(Alignment);
      Builder.CreateMemCpy(Copy, Alignment, &NewArg, Alignment,
                           DL.getTypeAllocSize(ValueTy));
      Replacement = Builder.CreateAddrSpaceCast(Copy, OldArg.getType());
    } else {
      Replacement = Builder.CreateAddrSpaceCast(&NewArg, OldArg.getType(),
                                                NewArg.getName() + ".generic");
    }
    OldArg.replaceAllUsesWith(Replacement);
  }
  Kernel.replaceAllUsesWith(New);
  Kernel.eraseFromParent();
  return New;
}

/// Product of a "x[,y[,z]]" launch-bound attribute; 0 when absent or invalid.
unsigned threadsFromAttribute(const Function &F, StringRef Name) {
  StringRef Value = F.getFnAttribute(Name).getValueAsString();
  if (Value.empty())
    return 0;
  uint64_t Product = 1;
  SmallVector<StringRef, 3> Dims;
  Value.split(Dims, ',');
  for (StringRef Dim : Dims) {
    unsigned N = 0;
    if (Dim.trim().getAsInteger(10, N) || N == 0)
      return 0;
    Product *= N;
    if (Product > UINT32_MAX)
      return UINT32_MAX;
  }
  return static_cast<unsigned>(Product);
}

void lowerLaunchBounds(Function &Kernel, StringRef Arch) {
  unsigned Required = threadsFromAttribute(Kernel, "nvvm.reqntid");
  unsigned Max = Required ? Required
                          : threadsFromAttribute(Kernel, "nvvm.maxntid");
  if (Max > MaxThreadsPerBlock) {
    reportLoweringError(Kernel.getContext(),
                        "kernel '" + Kernel.getName() + "' asks for " +
                            Twine(Max) +
                            " threads per block; AMD GPUs run at most " +
                            Twine(MaxThreadsPerBlock));
    Max = MaxThreadsPerBlock;
  }
  if (!Kernel.hasFnAttribute("amdgpu-flat-work-group-size")) {
    unsigned Min = Required ? Required : 1;
    unsigned Upper = Max ? Max : MaxThreadsPerBlock;
    Kernel.addFnAttr("amdgpu-flat-work-group-size",
                     (Twine(Min) + "," + Twine(Upper)).str());
  }

  // __launch_bounds__(N, M): at least M blocks of N threads resident per
  // multiprocessor, i.e. M * ceil(N / wave) waves over its SIMDs.
  unsigned MinBlocks = 0;
  if (Kernel.getFnAttribute("nvvm.minctasm").getValueAsString().getAsInteger(
          10, MinBlocks))
    MinBlocks = 0;
  if (MinBlocks && Max && !Kernel.hasFnAttribute("amdgpu-waves-per-eu")) {
    unsigned Wave = defaultWavefrontSize(Arch);
    unsigned MaxWavesPerEU = Wave == 64 ? 8 : 16;
    uint64_t WavesPerBlock = divideCeil(Max, Wave);
    uint64_t MinWaves =
        std::min<uint64_t>(divideCeil(MinBlocks * WavesPerBlock,
                                      SIMDsPerMultiprocessor),
                           MaxWavesPerEU);
    if (MinWaves > 1)
      Kernel.addFnAttr("amdgpu-waves-per-eu", Twine(MinWaves).str());
  }
}

void dropNVVMAttributes(Function &F) {
  SmallVector<StringRef> Names;
  for (Attribute A : F.getAttributes().getFnAttrs())
    if (A.isStringAttribute() && A.getKindAsString().starts_with("nvvm."))
      Names.push_back(A.getKindAsString());
  for (StringRef Name : Names)
    F.removeFnAttr(Name);
}

} // namespace

PreservedAnalyses KernelABIPass::run(Module &M, ModuleAnalysisManager &) {
  std::string TargetArch = resolveLoweringArch(Arch);
  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel)
      Kernels.push_back(&F);

  for (Function *Kernel : Kernels) {
    if (!Kernel->isDeclaration() &&
        any_of(Kernel->args(), needsParameterRewrite))
      Kernel = rewriteParameters(*Kernel);
    Kernel->setCallingConv(CallingConv::AMDGPU_KERNEL);
    // AMD GPUs have no thread block clusters: a kernel declared with
    // __cluster_dims__ of more than one block traps when launched (a
    // launch error, never blocks that think they share a cluster).
    if (clusterBlocks(*Kernel) > 1 && !Kernel->isDeclaration()) {
      IRBuilder<> B(&*Kernel->getEntryBlock().getFirstInsertionPt());
      B.CreateIntrinsic(Intrinsic::trap, {});
    }
    Kernel->removeFnAttr(ClusterDimsAttribute);
    lowerLaunchBounds(*Kernel, TargetArch);
    dropNVVMAttributes(*Kernel);
    Kernel->addFnAttr("uniform-work-group-size", "true");
    if (!Kernel->hasLocalLinkage())
      Kernel->setVisibility(GlobalValue::ProtectedVisibility);
  }

  bool ChangedVariables = false;
  for (GlobalVariable &G : M.globals()) {
    unsigned AS = G.getAddressSpace();
    if ((AS == AMDGPUAS::GLOBAL_ADDRESS || AS == AMDGPUAS::CONSTANT_ADDRESS) && !G.isDeclaration() &&
        !G.hasLocalLinkage() && !G.getName().starts_with("llvm.")) {
      G.setVisibility(GlobalValue::ProtectedVisibility);
      ChangedVariables = true;
    }
  }
  return Kernels.empty() && !ChangedVariables ? PreservedAnalyses::all()
                                              : PreservedAnalyses::none();
}

} // namespace rubicon
