//===- InlinePTXMain.cpp - run rubicon-lower-inline-ptx on a .ll ----------===//
//
// rubicon-inline-ptx [input.ll|-] [-o output.ll]
//   Prints the module with every inline-PTX call lowered. Calls that cannot
//   be translated are reported on stderr (one line each, with the srcloc
//   cookie) and the tool exits 1.
//
//===----------------------------------------------------------------------===//

#include "rubicon/InlinePTX.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

static cl::opt<std::string> InputFile(cl::Positional, cl::init("-"),
                                      cl::desc("<input .ll>"));
static cl::opt<std::string> OutputFile("o", cl::init("-"),
                                       cl::desc("output file"));

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "lower inline PTX to LLVM IR\n");
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(InputFile, Diag, Ctx);
  if (!M) {
    Diag.print(Argv[0], errs());
    return 1;
  }
  int Status = 0;
  handleAllErrors(rubicon::lowerInlinePTX(*M), [&](const ErrorInfoBase &E) {
    errs() << "error: " << E.message() << "\n";
    Status = 1;
  });
  if (verifyModule(*M, &errs())) {
    errs() << "error: the lowered module is invalid\n";
    return 2;
  }
  std::error_code EC;
  ToolOutputFile Out(OutputFile, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "error: " << EC.message() << "\n";
    return 1;
  }
  M->print(Out.os(), nullptr);
  Out.keep();
  return Status;
}
