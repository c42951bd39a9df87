//===- PTXModuleMain.cpp - a PTX module as NVVM IR ------------------------===//
//
// rubicon-ptx-module [input.ptx|-] [-o output.ll] [--keep-inline-ptx]
//   Prints the NVVM IR of a PTX module, its kernel bodies lowered by
//   ptx-inline (or, with --keep-inline-ptx, still inline asm). Errors are
//   printed as `<input>:<line>:<column>: error: <message>`; exit status 1.
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTXModule.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace rubicon::ptxmodule;

static cl::opt<std::string> InputFile(cl::Positional, cl::init("-"),
                                      cl::desc("<input .ptx>"));
static cl::opt<std::string> OutputFile("o", cl::init("-"),
                                       cl::desc("output file"));
static cl::opt<bool> KeepInlinePTX(
    "keep-inline-ptx", cl::desc("print the kernels before ptx-inline runs"));

int main(int Argc, char **Argv) {
  cl::ParseCommandLineOptions(Argc, Argv, "a PTX module as NVVM IR\n");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(InputFile);
  if (!Buffer) {
    errs() << InputFile << ": error: " << Buffer.getError().message() << "\n";
    return 1;
  }
  StringRef Text = (*Buffer)->getBuffer();
  LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  int Status = 0;
  auto Report = [&](Error E) {
    handleAllErrors(std::move(E), [&](const PTXModuleError &PE) {
      errs() << InputFile << ":" << PE.Loc.Line << ":" << PE.Loc.Column
             << ": error: " << PE.Message << "\n";
    });
    Status = 1;
  };
  if (KeepInlinePTX) {
    Expected<rubicon::ptxmodule::Module> PTX = parsePTXModule(Text);
    if (!PTX) {
      Report(PTX.takeError());
      return Status;
    }
    M = buildNVVMModule(*PTX, InputFile, Ctx);
  } else {
    Expected<std::unique_ptr<llvm::Module>> Translated =
        translatePTXModule(Text, InputFile, Ctx);
    if (!Translated) {
      Report(Translated.takeError());
      return Status;
    }
    M = std::move(*Translated);
  }
  if (verifyModule(*M, &errs())) {
    errs() << "error: the translated module is invalid\n";
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
