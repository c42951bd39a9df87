//===- LoweringDiagnostics.cpp - Reporting and recording lowering errors --===//
//
// reportLoweringError (LoweringPasses.h): a pass's error, at the
// instruction's !srcloc or debug location when it has one.
// DiagnosticRecorder (BackendSupport.h): while a device target emits a code
// object, error diagnostics are recorded for the returned llvm::Error and
// every diagnostic still reaches the driver's handler.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "LoweringPasses.h"

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {

namespace {

/// DiagnosticRecorder's handler: records error text, forwards the rest.
class RecordingDiagnosticHandler : public DiagnosticHandler {
public:
  RecordingDiagnosticHandler(std::unique_ptr<DiagnosticHandler> Previous,
                             std::string &Errors)
      : Previous(std::move(Previous)), Errors(Errors) {}

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    std::string Text;
    raw_string_ostream OS(Text);
    DiagnosticPrinterRawOStream Printer(OS);
    DI.print(Printer);
    if (DI.getSeverity() == DS_Error)
      Errors += (Errors.empty() ? "" : "\n") + Text;
    if (Previous && Previous->handleDiagnostics(DI))
      return true;
    // Nobody else shows diagnostics: errors come back as the llvm::Error,
    // warnings are printed here. (Returning true also keeps LLVMContext's
    // default handler from exiting on errors.)
    if (DI.getSeverity() == DS_Warning)
      errs() << "warning: " << Text << "\n";
    return true;
  }

  // The driver decides which optimization remarks are wanted.
  bool isAnalysisRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isAnalysisRemarkEnabled(PassName);
  }
  bool isMissedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isMissedOptRemarkEnabled(PassName);
  }
  bool isPassedOptRemarkEnabled(StringRef PassName) const override {
    return Previous && Previous->isPassedOptRemarkEnabled(PassName);
  }
  bool isAnyRemarkEnabled() const override {
    return Previous && Previous->isAnyRemarkEnabled();
  }

  std::unique_ptr<DiagnosticHandler> takePrevious() {
    return std::move(Previous);
  }

private:
  std::unique_ptr<DiagnosticHandler> Previous;
  std::string &Errors;
};

} // namespace

DiagnosticRecorder::DiagnosticRecorder(LLVMContext &Ctx) : Ctx(Ctx) {
  Ctx.setDiagnosticHandler(std::make_unique<RecordingDiagnosticHandler>(
      Ctx.getDiagnosticHandler(), Errors));
}

DiagnosticRecorder::~DiagnosticRecorder() {
  std::unique_ptr<DiagnosticHandler> Ours = Ctx.getDiagnosticHandler();
  Ctx.setDiagnosticHandler(
      static_cast<RecordingDiagnosticHandler &>(*Ours).takePrevious());
}

Error DiagnosticRecorder::takeError(const Twine &Context) {
  Error E = makeError(Context + ":\n" + Errors);
  Errors.clear();
  return E;
}

void reportLoweringError(LLVMContext &Ctx, const Twine &Message,
                         const Instruction *At) {
  std::string Text = Message.str();
  Twine TextRef(Text);
  if (At && At->getMetadata("srcloc")) {
    Ctx.diagnose(DiagnosticInfoInlineAsm(*At, TextRef, DS_Error));
    return;
  }
  if (At && At->getDebugLoc() && At->getFunction()) {
    Ctx.diagnose(DiagnosticInfoGenericWithLoc(
        TextRef, *At->getFunction(), DiagnosticLocation(At->getDebugLoc()),
        DS_Error));
    return;
  }
  Ctx.diagnose(DiagnosticInfoGeneric(TextRef, DS_Error));
}

} // namespace rubicon
