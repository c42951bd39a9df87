//===- PTXModule.cpp - translate a PTX module to NVVM IR ------------------===//
//
// parsePTXModule, buildNVVMModule, then ptx-inline's lowering of each kernel
// body; an error from ptx-inline (a position in a body) is reported at the
// module's own line and column.
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTXModule.h"

#include "rubicon/InlinePTX.h"

#include "llvm/IR/Module.h"

using namespace llvm;

namespace rubicon::ptxmodule {

Expected<std::unique_ptr<llvm::Module>>
translatePTXModule(StringRef Text, StringRef Name, LLVMContext &Context,
                   unsigned *SmVersion) {
  Expected<Module> PTX = parsePTXModule(Text);
  if (!PTX)
    return PTX.takeError();
  if (SmVersion)
    *SmVersion = PTX->SmVersion;
  std::unique_ptr<llvm::Module> M = buildNVVMModule(*PTX, Name, Context);
  Error Errors = Error::success();
  handleAllErrors(
      lowerInlinePTX(*M),
      [&](const InlinePTXError &E) {
        Location L;
        for (const Function &F : PTX->Functions)
          if (F.Name == E.FunctionName)
            L = F.locate(E.AsmLine, E.AsmColumn);
        Errors = joinErrors(std::move(Errors),
                            make_error<PTXModuleError>(L, E.Message));
      },
      [&](const ErrorInfoBase &E) {
        Errors = joinErrors(std::move(Errors),
                            make_error<PTXModuleError>(Location{}, E.message()));
      });
  if (Errors)
    return std::move(Errors);
  return M;
}

} // namespace rubicon::ptxmodule
