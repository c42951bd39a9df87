//===- InlinePTX.h - lower inline PTX to LLVM IR ----------------*- C++ -*-===//
//
// The rubicon-lower-inline-ptx module pass: every call to an `InlineAsm`
// value in an NVVM module whose text is PTX is replaced by equivalent
// ordinary LLVM IR (plus llvm.nvvm.* intrinsics for special registers), with
// nvcc's operand-binding rules (constraints h r l f d n, `=`, `+`/tied
// inputs, the C++ type decides the register width).
//
// An asm statement that cannot be translated is left in place and reported
// as an InlinePTXError naming the instruction, with the asm's `!srcloc`
// cookie so the driver can point at file:line:col.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_INLINEPTX_H
#define RUBICON_PTXINLINE_INLINEPTX_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class AllocaInst;
class CallBase;
class Module;
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// One inline-PTX statement that could not be translated.
class InlinePTXError : public llvm::ErrorInfo<InlinePTXError> {
public:
  static char ID;

  InlinePTXError(std::vector<uint64_t> SrcLocCookies, std::string FunctionName,
                 unsigned AsmLine, unsigned AsmColumn, std::string Message)
      : SrcLocCookies(std::move(SrcLocCookies)),
        FunctionName(std::move(FunctionName)), AsmLine(AsmLine),
        AsmColumn(AsmColumn), Message(std::move(Message)) {}

  /// The `!srcloc` operands of the call (clang's encoded SourceLocation of
  /// each line of the asm string); empty when the call has none.
  std::vector<uint64_t> SrcLocCookies;
  std::string FunctionName;
  /// 1-based position inside the asm string (after clang's rewriting).
  unsigned AsmLine, AsmColumn;
  /// What is wrong, e.g. "unsupported PTX instruction 'shfl.sync'".
  std::string Message;

  /// "inline PTX (srcloc 132, asm 1:5) in function 'f': <Message>".
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// Translates one inline-asm call into IR in place (the call is erased on
/// success; left untouched on failure). Registers live in entry-block
/// allocas appended to NewAllocas: run PromoteMemToReg on them afterwards.
llvm::Error lowerInlinePTXCall(llvm::CallBase &Call,
                               std::vector<llvm::AllocaInst *> &NewAllocas);

/// Lowers every inline-PTX call of M. All failures are returned, joined;
/// calls that failed stay in the module.
llvm::Error lowerInlinePTX(llvm::Module &M);

/// PTX's `exit` in a device function (llvm.nvvm.exit, as the inline-PTX
/// lowering writes it) ends the calling thread: each such function is
/// inlined into its callers until the exit is in a kernel, where it becomes a
/// return from the kernel. A function with an exit that is called indirectly
/// (or recursively) is an error at the asm statement; one with no caller in
/// the module traps there instead.
llvm::Error resolveThreadExits(llvm::Module &M);

/// The module pass. Reports failures with LLVMContext::diagnose (as
/// DiagnosticInfoInlineAsm errors carrying the srcloc cookie).
class LowerInlinePTXPass : public llvm::PassInfoMixin<LowerInlinePTXPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// Registers `rubicon-lower-inline-ptx` for PassBuilder pipelines.
void registerInlinePTXPasses(llvm::PassBuilder &PB);

} // namespace rubicon

#endif // RUBICON_PTXINLINE_INLINEPTX_H
