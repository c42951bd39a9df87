//===- HostKernelEntry.cpp - Entry points the host runtime calls
//-----------===//
//
// rubicon-host-kernel-entry: each kernel (ptx_kernel) becomes an ordinary
// internal function marked "rubicon-host-kernel", called by
//   void __rubicon_host_entry_<kernel>(void **Args)
// which reads every parameter from CUDA's argument array (byval aggregates
// are passed by address and copied by the call, as CUDA copies them), and
//   __rubicon_host_params_<kernel> = [N + 1 x i64] [N, size of each parameter]
// which the runtime uses to copy the arguments at launch (HostABI.h),
//   __rubicon_host_param_offsets_<kernel> = [N + 1 x i64] [N, offset of each]
// where each lies in CUDA's parameter buffer (cuFuncGetParamInfo, the
// driver's packed argument buffer), and
// once per module __rubicon_host_abi_version and, when the module names the
// CUDA architecture it was parsed for (the rubicon.cuda-arch module flag),
// __rubicon_host_cuda_arch. NVVM launch bounds are dropped: the host runs any
// block the runtime accepts. Every other use of a kernel (device code taking
// its address to launch it: dynamic parallelism) becomes a use of its entry
// point.
//
//===----------------------------------------------------------------------===//
#include "HostPasses.h"
#include "../LoweringPasses.h"

#include "rubicon/DeviceTarget.h"
#include "rubicon/HostABI.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon {

PreservedAnalyses HostKernelEntryPass::run(Module &M, ModuleAnalysisManager &) {
  LLVMContext &Ctx = M.getContext();
  Type *I64 = Type::getInt64Ty(Ctx);
  if (!M.getNamedGlobal(host::AbiVersionSymbol)) {
    auto *Version = new GlobalVariable(
        M, I64, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantInt::get(I64, host::AbiVersion), host::AbiVersionSymbol);
    Version->setVisibility(GlobalValue::DefaultVisibility);
  }
  if (auto *Arch = mdconst::extract_or_null<ConstantInt>(
          M.getModuleFlag(CudaArchFlag));
      Arch && !M.getNamedGlobal(host::CudaArchSymbol)) {
    auto *G = new GlobalVariable(
        M, I64, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantInt::get(I64, Arch->getZExtValue()), host::CudaArchSymbol);
    G->setVisibility(GlobalValue::DefaultVisibility);
  }

  SmallVector<Function *> Kernels;
  for (Function &F : M)
    if (F.getCallingConv() == CallingConv::PTX_Kernel && !F.isDeclaration())
      Kernels.push_back(&F);
  if (Kernels.empty())
    return PreservedAnalyses::none();

  const DataLayout &DL = M.getDataLayout();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  FunctionType *EntryType =
      FunctionType::get(Type::getVoidTy(Ctx), {Ptr}, false);

  for (Function *Kernel : Kernels) {
    std::string Name = Kernel->getName().str();
    // __cluster_dims__ of more than one block: the runtime refuses the
    // launch (HostABI.h).
    if (clusterBlocks(*Kernel) > 1) {
      SmallVector<StringRef, 3> Dims;
      SmallVector<Constant *, 3> Values;
      Kernel->getFnAttribute(ClusterDimsAttribute)
          .getValueAsString()
          .split(Dims, ',');
      for (StringRef Dim : Dims) {
        uint64_t N = 1;
        (void)Dim.getAsInteger(10, N);
        Values.push_back(ConstantInt::get(I64, N));
      }
      ArrayType *DimsType = ArrayType::get(I64, Values.size());
      auto *ClusterDims = new GlobalVariable(
          M, DimsType, /*isConstant=*/true, GlobalValue::ExternalLinkage,
          ConstantArray::get(DimsType, Values), host::ClusterDimsPrefix + Name);
      ClusterDims->setVisibility(GlobalValue::DefaultVisibility);
    }
    Kernel->removeFnAttr(ClusterDimsAttribute);
    Kernel->setCallingConv(CallingConv::C);
    Kernel->addFnAttr(HostKernelAttribute);
    for (StringRef Attribute :
         {"nvvm.maxntid", "nvvm.reqntid", "nvvm.minctasm", "nvvm.maxnreg",
          "nvvm.maxclusterrank", "nvvm.cluster_dim", "nvvm.blocksareclusters"})
      Kernel->removeFnAttr(Attribute);
    Kernel->setLinkage(GlobalValue::InternalLinkage);

    Function *Entry = Function::Create(EntryType, GlobalValue::ExternalLinkage,
                                       host::EntryPrefix + Name, M);
    Entry->setVisibility(GlobalValue::DefaultVisibility);
    Entry->addFnAttr(Attribute::NoUnwind);
    IRBuilder<> B(BasicBlock::Create(Ctx, "entry", Entry));
    Value *Args = Entry->getArg(0);
    SmallVector<Value *> CallArgs;
    SmallVector<Constant *> Sizes{ConstantInt::get(I64, Kernel->arg_size())};
    SmallVector<Constant *> Offsets{ConstantInt::get(I64, Kernel->arg_size())};
    uint64_t End = 0;
    for (Argument &Param : Kernel->args()) {
      Value *Slot = B.CreateConstInBoundsGEP1_64(Ptr, Args, Param.getArgNo());
      Value *Address = B.CreateLoad(Ptr, Slot);
      uint64_t Size;
      Align Alignment;
      if (Type *ByVal = Param.getParamByValType()) {
        Size = DL.getTypeAllocSize(ByVal);
        Alignment = Param.getParamAlign().value_or(DL.getABITypeAlign(ByVal));
        CallArgs.push_back(Address);
      } else {
        Size = DL.getTypeAllocSize(Param.getType());
        Alignment = DL.getABITypeAlign(Param.getType());
        CallArgs.push_back(B.CreateLoad(Param.getType(), Address));
      }
      Sizes.push_back(ConstantInt::get(I64, Size));
      // CUDA's parameter buffer: each parameter at its natural alignment.
      End = alignTo(End, Alignment);
      Offsets.push_back(ConstantInt::get(I64, End));
      End += Size;
    }
    CallInst *Call = B.CreateCall(Kernel, CallArgs);
    B.CreateRetVoid();
    // Device code that names the kernel (a launch from device code:
    // cudaLaunchDevice's first argument) names its entry point, by which the
    // runtime knows kernels launched from device code.
    Kernel->replaceUsesWithIf(
        Entry, [Call](Use &U) { return U.getUser() != Call; });

    ArrayType *SizesType = ArrayType::get(I64, Sizes.size());
    auto *Params = new GlobalVariable(
        M, SizesType, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantArray::get(SizesType, Sizes), host::ParamsPrefix + Name);
    Params->setVisibility(GlobalValue::DefaultVisibility);
    auto *OffsetTable = new GlobalVariable(
        M, SizesType, /*isConstant=*/true, GlobalValue::ExternalLinkage,
        ConstantArray::get(SizesType, Offsets), host::ParamOffsetsPrefix + Name);
    OffsetTable->setVisibility(GlobalValue::DefaultVisibility);
  }
  return PreservedAnalyses::none();
}

} // namespace rubicon
