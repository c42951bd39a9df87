//===- PTXInput.cpp - .ptx inputs of nvcc ---------------------------------===//

#include "PTXInput.h"

#include "rubicon/DeviceTarget.h"
#include "rubicon/PTXModule.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

namespace rubicon {

bool compilePTXDeviceSide(const std::string &Path,
                          const DeviceBackendSettings &Settings,
                          std::vector<std::pair<std::string, std::string>> &CodeObjects) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buffer) {
    llvm::errs() << Path << ": error: " << Buffer.getError().message() << "\n";
    return false;
  }
  llvm::LLVMContext Context;
  unsigned SmVersion = 0;
  llvm::Expected<std::unique_ptr<llvm::Module>> NVVM =
      ptxmodule::translatePTXModule((*Buffer)->getBuffer(), Path, Context,
                                    &SmVersion);
  if (!NVVM) {
    llvm::handleAllErrors(NVVM.takeError(),
                          [&](const ptxmodule::PTXModuleError &E) {
                            llvm::errs() << Path << ":" << E.Loc.Line << ":"
                                         << E.Loc.Column << ": error: "
                                         << E.Message << "\n";
                          });
    return false;
  }
  // The architecture the PTX was written for (.target sm_NN) is what
  // cudaFuncGetAttributes reports, as for a .cu file compiled for it.
  (*NVVM)->addModuleFlag(llvm::Module::Max, CudaArchFlag,
                         SmVersion ? SmVersion : Settings.CudaArch);
  if (Settings.KeepTemps) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Settings.KeepPrefix + ".nvvm.ll", EC);
    if (!EC)
      (*NVVM)->print(OS, nullptr);
  }
  if (Settings.RelocatableDeviceCode) {
    // -rdc=true: the module's NVVM bitcode, device-linked later (nvcc
    // -dlink, nvJitLink) with other relocatable device code, as a .cu
    // file's -dc bitcode is.
    std::string Bitcode;
    llvm::raw_string_ostream OS(Bitcode);
    llvm::WriteBitcodeToFile(**NVVM, OS);
    OS.flush();
    CodeObjects.emplace_back(NVVMBundleEntryId, std::move(Bitcode));
    return true;
  }
  return emitCodeObjectsForTargets(std::move(*NVVM), Settings, Path,
                                   CodeObjects);
}

} // namespace rubicon
