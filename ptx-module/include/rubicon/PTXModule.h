//===- PTXModule.h - whole PTX modules to NVVM IR ---------------*- C++ -*-===//
//
// A PTX module (what `nvcc -ptx` writes, what cuModuleLoadData and
// cuLinkAddData(CU_JIT_INPUT_PTX) take) turned into an NVVM IR module that
// the rest of the compiler lowers like the device side of a .cu file.
//
// Two stages, each its own file:
//   parsePTXModule (PTXModuleParser.cpp): the module's directives — .version,
//     .target, .address_size, variables of the .global/.const/.shared state
//     spaces, .entry kernels with their parameters — and each kernel body
//     as text, its own variables and debug directives taken out and its
//     calls of .func device functions expanded (PTXCallInliner.cpp);
//   buildNVVMModule (PTXModuleIR.cpp): one LLVM function per kernel whose
//     body is one inline-asm call of that text, the parameters and variables
//     bound to it as `$N` operands; ptx-inline then lowers the body.
// translatePTXModule (PTXModule.cpp) runs both and the inline-PTX lowering,
// and reports errors at the module's own line:column.
//
// Depends on: ptx-inline (RubiconInlinePTX) and LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXMODULE_PTXMODULE_H
#define RUBICON_PTXMODULE_PTXMODULE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
class Module;
} // namespace llvm

namespace rubicon::ptxmodule {

/// A position in the module text (1-based).
struct Location {
  unsigned Line = 1;
  unsigned Column = 1;
};

enum class StateSpace { Global, Const, Shared, Local, Param };

/// A variable of the module or of one function (`.shared .align 4 .b8
/// tile[256];`). Its contents are bytes; `Init` holds them when initialized.
struct Variable {
  std::string Name;
  StateSpace Space = StateSpace::Global;
  unsigned Align = 1;
  uint64_t Size = 0;     ///< Bytes; 0 with Unsized (`.extern .shared x[]`).
  bool Unsized = false;
  bool Visible = false;  ///< `.visible`
  bool External = false; ///< `.extern`: defined elsewhere
  std::vector<uint8_t> Init;
  Location Loc;
};

/// A kernel parameter: a scalar of Size bytes, or an aligned byte array
/// (`.param .align 8 .b8 p[16]`, a structure passed by value).
struct Parameter {
  std::string Name;
  unsigned Size = 0;
  unsigned Align = 1;
  bool IsFloat = false; ///< .f32/.f64 scalars
  bool IsArray = false;
};

/// A `$N` operand of a kernel body: a variable's or parameter's generic
/// address (where the body used it inside `[...]`) or its address in its own
/// state space (elsewhere: `mov.u32 %r1, tile;`).
struct BodyOperand {
  std::string Symbol;
  bool Address = false;
};

/// Where rewriting the body moved the columns of one line.
struct ColumnShift {
  unsigned Line = 0;   ///< module line
  unsigned Column = 0; ///< body column after the rewritten text
  int Shift = 0;       ///< new length - old length
};

struct Function {
  std::string Name;
  bool IsKernel = false; ///< .entry (.func bodies are expanded at calls)
  bool Visible = false;
  std::vector<Parameter> Params;
  std::vector<Variable> Variables; ///< its .shared/.local/... declarations
  /// The body between the braces, variables and debug directives removed;
  /// same lines as in the module.
  std::string Body;
  Location BodyLoc; ///< where Body starts in the module
  Location Loc;
  std::vector<BodyOperand> Operands; ///< `$0`, `$1`, ... of Body
  std::vector<ColumnShift> ColumnShifts;

  /// The module position of a position in Body (1-based, as ptx-inline
  /// reports it).
  Location locate(unsigned BodyLine, unsigned BodyColumn) const;
};

struct Module {
  unsigned SmVersion = 0; ///< .target sm_NN -> NN
  unsigned AddressSize = 64;
  std::vector<Variable> Variables;
  std::vector<Function> Functions;
};

/// A PTX syntax or translation error at a module position.
class PTXModuleError : public llvm::ErrorInfo<PTXModuleError> {
public:
  static char ID;
  PTXModuleError(Location Loc, std::string Message)
      : Loc(Loc), Message(std::move(Message)) {}
  Location Loc;
  std::string Message;
  /// "<line>:<column>: <message>"
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// True when Text looks like a PTX module (a `.version` directive before any
/// other statement, after comments).
bool looksLikePTX(llvm::StringRef Text);

llvm::Expected<Module> parsePTXModule(llvm::StringRef Text);

/// NVVM IR (nvptx64) for the module: kernel bodies are still inline PTX.
std::unique_ptr<llvm::Module> buildNVVMModule(const Module &PTX,
                                              llvm::StringRef Name,
                                              llvm::LLVMContext &Context);

/// parsePTXModule, buildNVVMModule and the inline-PTX lowering. Errors are
/// PTXModuleErrors (joined) at positions of Text. SmVersion, when given,
/// receives the N of `.target sm_N` (0 if the module names none).
llvm::Expected<std::unique_ptr<llvm::Module>>
translatePTXModule(llvm::StringRef Text, llvm::StringRef Name,
                   llvm::LLVMContext &Context, unsigned *SmVersion = nullptr);

} // namespace rubicon::ptxmodule

#endif // RUBICON_PTXMODULE_PTXMODULE_H
