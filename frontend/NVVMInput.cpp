//===- NVVMInput.cpp - NVVM IR inputs of nvcc (libNVVM) -------------------===//
//
// Part of Rubicon. See NVVMInput.h. The stages:
//
//   read each module (LLVM's reader: text or bitcode; typed pointers become
//   opaque, !nvvm.annotations "kernel" becomes the ptx_kernel convention)
//   -> check it is NVVM IR (triple, !nvvmir.version)
//   -> link: the modules whole, then the lazy ones for what is used
//   -> NVVM's own forms (llvm.cuda.syncthreads, __nvvm_reflect, a scalar
//      vprintf buffer, the device runtime's launch entry points)
//   -> verify
//   -> ptx-inline, warp-size analysis, then per target as a .cu file.
//
//===----------------------------------------------------------------------===//

#include "NVVMInput.h"

#include "rubicon/DeviceTarget.h"
#include "rubicon/HostABI.h"
#include "rubicon/InlinePTX.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <map>

namespace rubicon {
namespace {

/// The NVVM IR version libNVVM 13 reads (nvvmIRVersion: 2.0).
constexpr unsigned NVVMIRMajor = 2;

llvm::raw_ostream &error(llvm::StringRef File) {
  return llvm::errs() << File << ": error: ";
}

std::unique_ptr<llvm::Module> readModule(const std::string &Path,
                                         llvm::LLVMContext &Context) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    error(Path) << Buffer.getError().message() << "\n";
    return nullptr;
  }
  llvm::SMDiagnostic Diagnostic;
  std::unique_ptr<llvm::Module> M =
      llvm::parseIR((*Buffer)->getMemBufferRef(), Diagnostic, Context);
  if (!M) {
    // <file>:<line>:<column>: error: ..., the line and a caret (text), or
    // <file>: error: ... (bitcode).
    Diagnostic.print(nullptr, llvm::errs(), /*ShowColors=*/false);
    return nullptr;
  }
  llvm::Triple Triple = M->getTargetTriple();
  if (!M->getTargetTriple().empty() && !Triple.isNVPTX()) {
    error(Path) << "not NVVM IR: the target triple is '" << Triple.str()
                << "' (NVVM IR is for nvptx64-nvidia-cuda)\n";
    return nullptr;
  }
  if (llvm::NamedMDNode *Version = M->getNamedMetadata("nvvmir.version"))
    for (llvm::MDNode *Node : Version->operands()) {
      if (Node->getNumOperands() < 2)
        continue;
      auto *Major = llvm::mdconst::dyn_extract<llvm::ConstantInt>(Node->getOperand(0));
      auto *Minor = llvm::mdconst::dyn_extract<llvm::ConstantInt>(Node->getOperand(1));
      if (Major && Minor && Major->getZExtValue() != NVVMIRMajor) {
        error(Path) << "NVVM IR version " << Major->getZExtValue() << "."
                    << Minor->getZExtValue() << " is not supported (this "
                    << "libNVVM reads version " << NVVMIRMajor << ".x)\n";
        return nullptr;
      }
    }
  return M;
}

/// The dim3 fields of a by-value `{ i32, i32, i32 }` argument (zeros for
/// anything else, which the verifier of the caller's types has let through).
void dim3Fields(llvm::IRBuilder<> &B, llvm::Value *Dim,
                llvm::SmallVectorImpl<llvm::Value *> &Out) {
  auto *Struct = llvm::dyn_cast<llvm::StructType>(Dim->getType());
  for (unsigned I = 0; I < 3; ++I)
    Out.push_back(Struct && Struct->getNumElements() == 3 &&
                          Struct->getElementType(I)->isIntegerTy(32)
                      ? B.CreateExtractValue(Dim, I)
                      : B.getInt32(0));
}

/// The device runtime's launch entry points, which NVVM IR declares and
/// calls (cudaGetParameterBufferV2, cudaLaunchDeviceV2, and the first
/// forms), defined as cuda_device_runtime_api.h defines them for CUDA C++:
/// calls of the device library's __rubicon_device_parameter_buffer and
/// __rubicon_device_launch.
void defineDeviceRuntimeEntryPoints(llvm::Module &M) {
  llvm::LLVMContext &C = M.getContext();
  llvm::Type *I32 = llvm::Type::getInt32Ty(C), *I64 = llvm::Type::getInt64Ty(C);
  llvm::Type *Ptr = llvm::PointerType::getUnqual(C);
  auto Buffer = [&] {
    return M.getOrInsertFunction(
        "__rubicon_device_parameter_buffer",
        llvm::FunctionType::get(Ptr, {I64, I64, Ptr, I32, I32, I32, I32, I32, I32, I32},
                                false));
  };
  auto Launch = [&] {
    return M.getOrInsertFunction(
        "__rubicon_device_launch",
        llvm::FunctionType::get(I32, {Ptr, Ptr, I32, I32, I32, I32, I32, I32, I32, Ptr},
                                false));
  };
  auto body = [&](const char *Name, unsigned Args) -> llvm::Function * {
    llvm::Function *F = M.getFunction(Name);
    if (!F || !F->isDeclaration() || F->arg_size() != Args)
      return nullptr;
    F->setLinkage(llvm::GlobalValue::InternalLinkage);
    F->addFnAttr(llvm::Attribute::AlwaysInline);
    return F;
  };
  auto asPtr = [](llvm::IRBuilder<> &B, llvm::Value *V, llvm::Type *Ptr) {
    return V->getType()->isPointerTy() ? B.CreatePointerCast(V, Ptr)
                                       : B.CreateIntToPtr(V, Ptr);
  };
  auto asInt = [](llvm::IRBuilder<> &B, llvm::Value *V, llvm::Type *Ty) {
    return V->getType()->isIntegerTy() ? B.CreateZExtOrTrunc(V, Ty)
                                       : llvm::Constant::getNullValue(Ty);
  };
  // void *cudaGetParameterBufferV2(void *func, dim3 grid, dim3 block,
  //                                unsigned shared)
  if (llvm::Function *F = body("cudaGetParameterBufferV2", 4)) {
    llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", F));
    llvm::SmallVector<llvm::Value *, 10> Args = {
        B.getInt64(64), B.getInt64(0), asPtr(B, F->getArg(0), Ptr)};
    dim3Fields(B, F->getArg(1), Args);
    dim3Fields(B, F->getArg(2), Args);
    Args.push_back(asInt(B, F->getArg(3), I32));
    llvm::Value *R = B.CreateCall(Buffer(), Args);
    B.CreateRet(F->getReturnType()->isPointerTy() ? R : B.CreatePtrToInt(R, F->getReturnType()));
  }
  // void *cudaGetParameterBuffer(size_t alignment, size_t size)
  if (llvm::Function *F = body("cudaGetParameterBuffer", 2)) {
    llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", F));
    llvm::Value *R = B.CreateCall(
        Buffer(), {asInt(B, F->getArg(0), I64), asInt(B, F->getArg(1), I64),
                   llvm::ConstantPointerNull::get(llvm::cast<llvm::PointerType>(Ptr)),
                   B.getInt32(0), B.getInt32(0), B.getInt32(0), B.getInt32(0),
                   B.getInt32(0), B.getInt32(0), B.getInt32(0)});
    B.CreateRet(F->getReturnType()->isPointerTy() ? R : B.CreatePtrToInt(R, F->getReturnType()));
  }
  // cudaError_t cudaLaunchDeviceV2(void *buffer, cudaStream_t stream)
  if (llvm::Function *F = body("cudaLaunchDeviceV2", 2)) {
    llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", F));
    llvm::Value *Zero = B.getInt32(0);
    llvm::Value *R = B.CreateCall(
        Launch(), {llvm::ConstantPointerNull::get(llvm::cast<llvm::PointerType>(Ptr)),
                   asPtr(B, F->getArg(0), Ptr), Zero, Zero, Zero, Zero, Zero,
                   Zero, Zero, asPtr(B, F->getArg(1), Ptr)});
    B.CreateRet(asInt(B, R, F->getReturnType()));
  }
  // cudaError_t cudaLaunchDevice(void *func, void *buffer, dim3 grid,
  //                              dim3 block, unsigned shared, stream)
  if (llvm::Function *F = body("cudaLaunchDevice", 6)) {
    llvm::IRBuilder<> B(llvm::BasicBlock::Create(C, "entry", F));
    llvm::SmallVector<llvm::Value *, 10> Args = {asPtr(B, F->getArg(0), Ptr),
                                                 asPtr(B, F->getArg(1), Ptr)};
    dim3Fields(B, F->getArg(2), Args);
    dim3Fields(B, F->getArg(3), Args);
    Args.push_back(asInt(B, F->getArg(4), I32));
    Args.push_back(asPtr(B, F->getArg(5), Ptr));
    B.CreateRet(asInt(B, B.CreateCall(Launch(), Args), F->getReturnType()));
  }
}

/// Gives a vprintf argument buffer that is not a struct the struct of what
/// is stored into it, when the stores are at the offsets that struct's
/// natural layout gives its fields (the PTX ABI's argument buffer); leaves
/// it alone otherwise.
void retypePrintfBuffer(llvm::AllocaInst &Buffer) {
  if (Buffer.getAllocatedType()->isStructTy() || Buffer.isArrayAllocation())
    return;
  const llvm::DataLayout &DL = Buffer.getModule()->getDataLayout();
  std::map<uint64_t, llvm::Type *> Fields;
  llvm::SmallVector<std::pair<llvm::Value *, uint64_t>, 8> Work = {{&Buffer, 0}};
  while (!Work.empty()) {
    auto [Pointer, Offset] = Work.pop_back_val();
    for (llvm::User *U : Pointer->users()) {
      if (auto *Store = llvm::dyn_cast<llvm::StoreInst>(U)) {
        if (Store->getPointerOperand() != Pointer)
          return; // the buffer's address escapes
        llvm::Type *&Field = Fields[Offset];
        if (Field && Field != Store->getValueOperand()->getType())
          return;
        Field = Store->getValueOperand()->getType();
      } else if (auto *Cast = llvm::dyn_cast<llvm::CastInst>(U)) {
        if (!Cast->getType()->isPointerTy())
          return;
        Work.push_back({Cast, Offset});
      } else if (auto *GEP = llvm::dyn_cast<llvm::GetElementPtrInst>(U)) {
        llvm::APInt Delta(DL.getIndexTypeSizeInBits(GEP->getType()), 0);
        if (!GEP->accumulateConstantOffset(DL, Delta) || Delta.isNegative())
          return;
        Work.push_back({GEP, Offset + Delta.getZExtValue()});
      } else if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U)) {
        llvm::Function *Callee = Call->getCalledFunction();
        if (!Callee || (Callee->getName() != "vprintf" &&
                        !Callee->getName().starts_with("llvm.lifetime")))
          return;
      } else {
        return;
      }
    }
  }
  if (Fields.empty())
    return;
  llvm::SmallVector<llvm::Type *, 8> Types;
  for (auto &[Offset, Type] : Fields)
    Types.push_back(Type);
  auto *Struct = llvm::StructType::get(Buffer.getContext(), Types);
  const llvm::StructLayout *Layout = DL.getStructLayout(Struct);
  unsigned I = 0;
  for (auto &[Offset, Type] : Fields)
    if (Layout->getElementOffset(I++) != Offset)
      return;
  Buffer.setAllocatedType(Struct);
}

/// NVVM IR's ways of saying what the back end knows in other forms.
void upgradeNVVMConventions(llvm::Module &M, bool FlushDenormals) {
  // __syncthreads in old NVVM IR.
  if (llvm::Function *Sync = M.getFunction("llvm.cuda.syncthreads")) {
    llvm::Function *Barrier = llvm::Intrinsic::getOrInsertDeclaration(
        &M, llvm::Intrinsic::nvvm_barrier_cta_sync_aligned_all);
    for (llvm::User *U : llvm::make_early_inc_range(Sync->users()))
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U)) {
        llvm::CallInst::Create(Barrier,
                               {llvm::ConstantInt::get(
                                   llvm::Type::getInt32Ty(M.getContext()), 0)},
                               "", Call->getIterator());
        Call->eraseFromParent();
      }
    if (Sync->use_empty())
      Sync->eraseFromParent();
  }
  // vprintf's argument buffer: a compiler writes a local struct of the
  // arguments, from which the AMD lowering reads their types; NVVM IR may
  // pass other memory it stores them into (a lone `alloca i32`, an
  // `alloca [12 x i32]` written at byte offsets).
  if (llvm::Function *Printf = M.getFunction("vprintf"))
    for (llvm::User *U : Printf->users())
      if (auto *Call = llvm::dyn_cast<llvm::CallInst>(U);
          Call && Call->arg_size() == 2)
        if (auto *Buffer = llvm::dyn_cast<llvm::AllocaInst>(
                Call->getArgOperand(1)->stripPointerCasts()))
          retypePrintfBuffer(*Buffer);
  defineDeviceRuntimeEntryPoints(M);
  // __nvvm_reflect("__CUDA_FTZ") (libdevice's question): what -ftz says;
  // every other question: 0.
  if (llvm::Function *Reflect = M.getFunction("__nvvm_reflect")) {
    for (llvm::User *U : llvm::make_early_inc_range(Reflect->users())) {
      auto *Call = llvm::dyn_cast<llvm::CallInst>(U);
      if (!Call || !Call->getType()->isIntegerTy())
        continue;
      llvm::StringRef Name;
      llvm::Value *Arg = Call->arg_size() >= 1
                             ? Call->getArgOperand(0)->stripPointerCasts()
                             : nullptr;
      if (auto *GV = llvm::dyn_cast_or_null<llvm::GlobalVariable>(Arg))
        if (GV->hasInitializer())
          if (auto *Data = llvm::dyn_cast<llvm::ConstantDataSequential>(
                  GV->getInitializer()))
            if (Data->isString())
              Name = Data->getAsString().rtrim('\0');
      uint64_t Answer = Name == "__CUDA_FTZ" && FlushDenormals ? 1 : 0;
      Call->replaceAllUsesWith(llvm::ConstantInt::get(Call->getType(), Answer));
      Call->eraseFromParent();
    }
    if (Reflect->use_empty())
      Reflect->eraseFromParent();
  }
}

/// cuModuleGetGlobal finds a module's variables by name, internal ones
/// too (uvmlite's `@xxx = internal addrspace(1) global`): every internal
/// variable in the global or constant space becomes external (the program
/// is one module), kept and externally initialized. Private ones (string
/// literals) stay as they are.
void exposeModuleVariables(llvm::Module &M) {
  std::vector<llvm::GlobalValue *> Kept;
  for (llvm::GlobalVariable &GV : M.globals()) {
    unsigned Space = GV.getAddressSpace();
    if (!GV.hasInternalLinkage() || GV.getName().starts_with("llvm.") ||
        (Space != 1 && Space != 4))
      continue;
    GV.setLinkage(llvm::GlobalValue::ExternalLinkage);
    GV.setExternallyInitialized(true);
    Kept.push_back(&GV);
  }
  // A `!"managed"` variable (nvvm.annotations) gets the marker the host
  // backend's cuModuleGetGlobal looks for (rubicon/HostABI.h).
  if (llvm::NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations"))
    for (llvm::MDNode *Node : Annotations->operands()) {
      if (Node->getNumOperands() < 2)
        continue;
      auto *GV = llvm::mdconst::dyn_extract_or_null<llvm::GlobalVariable>(
          Node->getOperand(0));
      auto *What = llvm::dyn_cast_or_null<llvm::MDString>(Node->getOperand(1));
      if (!GV || !What || What->getString() != "managed")
        continue;
      auto *Marker = new llvm::GlobalVariable(
          M, llvm::Type::getInt8Ty(M.getContext()), /*isConstant=*/true,
          llvm::GlobalValue::ExternalLinkage,
          llvm::ConstantInt::get(llvm::Type::getInt8Ty(M.getContext()), 1),
          std::string(host::ManagedMarkerPrefix) + GV->getName().str(),
          nullptr, llvm::GlobalValue::NotThreadLocal, /*AddressSpace=*/1);
      Kept.push_back(Marker);
    }
  if (!Kept.empty())
    llvm::appendToUsed(M, Kept);
}

} // namespace

bool compileNVVMProgram(const NVVMProgram &Program,
                        const DeviceBackendSettings &Settings,
                        std::vector<std::pair<std::string, std::string>> &CodeObjects) {
  if (Program.Modules.empty()) {
    llvm::errs() << "nvcc fatal   : No NVVM IR module to compile (lazy "
                    "modules alone are a program with nothing in it)\n";
    return false;
  }
  const std::string &Name = Program.Modules.front();
  llvm::LLVMContext Context;
  std::unique_ptr<llvm::Module> Linked = readModule(Name, Context);
  if (!Linked)
    return false;
  llvm::Linker Linker(*Linked);
  auto linkIn = [&](const std::string &Path, unsigned Flags) {
    std::unique_ptr<llvm::Module> M = readModule(Path, Context);
    if (!M)
      return false;
    // NVVM IR's data layouts differ in spelling only (nvptx64's, written
    // out or not); the program's is the first module's.
    M->setDataLayout(Linked->getDataLayout());
    // A lazy module's llvm.used would keep what it names, used or not.
    if (Flags & llvm::Linker::Flags::LinkOnlyNeeded)
      for (const char *Name : {"llvm.used", "llvm.compiler.used"})
        if (llvm::GlobalVariable *Used = M->getGlobalVariable(Name))
          Used->eraseFromParent();
    if (Linker.linkInModule(std::move(M), Flags)) {
      error(Path) << "cannot link this module into the program (see above)\n";
      return false;
    }
    return true;
  };
  for (size_t I = 1; I < Program.Modules.size(); ++I)
    if (!linkIn(Program.Modules[I], llvm::Linker::Flags::None))
      return false;
  for (const std::string &Path : Program.LazyModules)
    if (!linkIn(Path, llvm::Linker::Flags::LinkOnlyNeeded))
      return false;

  upgradeNVVMConventions(*Linked, Program.FlushDenormals);
  exposeModuleVariables(*Linked);

  std::string Problems;
  llvm::raw_string_ostream OS(Problems);
  if (llvm::verifyModule(*Linked, &OS)) {
    error(Name) << "invalid NVVM IR:\n" << Problems;
    return false;
  }
  if (Program.VerifyOnly)
    return true;

  if (llvm::Error Err = lowerInlinePTX(*Linked)) {
    bool Failed = false;
    llvm::handleAllErrors(
        std::move(Err),
        [&](const InlinePTXError &PTX) {
          error(Name) << "inline PTX: " << PTX.Message << " (asm line "
                      << PTX.AsmLine << ", column " << PTX.AsmColumn
                      << ", in function '" << PTX.FunctionName << "')\n";
          Failed = true;
        },
        [&](const llvm::ErrorInfoBase &Other) {
          error(Name) << Other.message() << "\n";
          Failed = true;
        });
    if (Failed)
      return false;
  }
  runWarpSizeAnalysis(*Linked, Settings);
  // What -arch says (libdevice carries the architecture it was built for).
  Linked->setModuleFlag(llvm::Module::Max, CudaArchFlag,
                        llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
                            llvm::Type::getInt32Ty(Context), Settings.CudaArch)));
  if (!Settings.KeepDeviceDebugInfo)
    llvm::StripDebugInfo(*Linked);
  if (Settings.KeepTemps) {
    std::error_code EC;
    llvm::raw_fd_ostream Keep(Settings.KeepPrefix + ".nvvm.ll", EC);
    if (!EC)
      Linked->print(Keep, nullptr);
  }
  return emitCodeObjectsForTargets(std::move(Linked), Settings, Name,
                                   CodeObjects);
}

} // namespace rubicon
