//===- NVVMInput.cpp - NVVM IR inputs of nvcc (libNVVM) -------------------===//
//
// Part of Rubicon. See NVVMInput.h. The stages:
//
//   read each module (LLVM's reader: text or bitcode; typed pointers become
//   opaque, !nvvm.annotations "kernel" becomes the ptx_kernel convention)
//   -> check it is NVVM IR (triple, !nvvmir.version)
//   -> link: the modules whole, then the lazy ones for what is used
//   -> NVVM's own forms (llvm.cuda.syncthreads, __nvvm_reflect, a scalar
//      vprintf buffer)
//   -> verify
//   -> ptx-inline, warp-size analysis, then per target as a .cu file.
//
//===----------------------------------------------------------------------===//

#include "NVVMInput.h"

#include "rubicon/DeviceTarget.h"
#include "rubicon/InlinePTX.h"

#include "llvm/IR/Constants.h"
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
  // arguments, from which the AMD lowering reads their types; hand-written
  // NVVM IR may pass a lone scalar (alloca i32). That becomes a struct of it.
  if (llvm::Function *Printf = M.getFunction("vprintf"))
    for (llvm::User *U : Printf->users()) {
      auto *Call = llvm::dyn_cast<llvm::CallInst>(U);
      if (!Call || Call->arg_size() != 2)
        continue;
      auto *Buffer = llvm::dyn_cast<llvm::AllocaInst>(
          Call->getArgOperand(1)->stripPointerCasts());
      if (!Buffer || Buffer->isArrayAllocation() ||
          !(Buffer->getAllocatedType()->isIntegerTy() ||
            Buffer->getAllocatedType()->isFloatingPointTy() ||
            Buffer->getAllocatedType()->isPointerTy()))
        continue;
      Buffer->setAllocatedType(
          llvm::StructType::get(M.getContext(),
                                llvm::ArrayRef<llvm::Type *>(
                                    Buffer->getAllocatedType())));
    }
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
