//===- PTXModuleInternal.h - between the stages of ptx-module ---*- C++ -*-===//

#ifndef RUBICON_PTXMODULE_INTERNAL_H
#define RUBICON_PTXMODULE_INTERNAL_H

#include "rubicon/PTXModule.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace rubicon::ptxmodule {

/// A character of a PTX identifier after the first (letters, digits, `_`, `$`).
inline bool isIdentBody(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_' || C == '$';
}

inline llvm::Error errorAt(Location Loc, const llvm::Twine &Message) {
  return llvm::make_error<PTXModuleError>(Loc, Message.str());
}

/// A device function (.func) as the inliner expands it.
struct Callee {
  std::vector<std::string> Returns, Params; ///< .param names, in order
  std::vector<std::string> Labels;          ///< labels of Body
  std::vector<std::string> CallVariables;   ///< Body's own .param variables
  std::string Body;                         ///< cleanBody of its body
  bool Defined = false;                     ///< false: a prototype only
  Location Loc;
  Location BodyLoc; ///< where Body starts in the module
};

/// Body with comments and debug directives (.loc, .file, .pragma) replaced
/// by spaces: same length, same lines.
std::string cleanBody(llvm::StringRef Body);

/// The labels (`name:`) of a cleaned body.
std::vector<std::string> labelsOf(llvm::StringRef Body);

/// The variables of the `.param` declarations in a cleaned body.
std::vector<std::string> callVariablesOf(llvm::StringRef Body);

/// Expands every call of a cleaned kernel body (PTXCallInliner.cpp); Start
/// is where Body starts in the module.
llvm::Error inlineCalls(std::string &Body, Location Start,
                        const llvm::StringMap<Callee> &Callees);

} // namespace rubicon::ptxmodule

#endif // RUBICON_PTXMODULE_INTERNAL_H
