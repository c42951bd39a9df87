//===- StaticDeviceVariables.cpp - static variables the driver API finds --===//
//
// Part of Rubicon. See StaticDeviceVariables.h.
//
//===----------------------------------------------------------------------===//

#include "StaticDeviceVariables.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

namespace rubicon {

namespace {

// NVVM's address spaces of __device__ and __constant__ variables.
constexpr unsigned GlobalAddressSpace = 1, ConstantAddressSpace = 4;

/// Whether Name is `_ZL<n><identifier>` with an identifier of n characters:
/// an internal variable of the global namespace.
bool isGlobalNamespaceStatic(llvm::StringRef Name) {
  if (!Name.consume_front("_ZL"))
    return false;
  size_t Digits = Name.find_if_not([](char C) { return C >= '0' && C <= '9'; });
  unsigned Length;
  if (Digits == 0 || Name.take_front(Digits).getAsInteger(10, Length))
    return false;
  llvm::StringRef Identifier = Name.drop_front(Digits);
  return Identifier.size() == Length &&
         Identifier.find_if_not([](char C) {
           return C == '_' || llvm::isAlnum(C);
         }) == llvm::StringRef::npos;
}

} // namespace

unsigned exposeStaticDeviceVariables(llvm::Module &M) {
  llvm::SmallVector<llvm::GlobalValue *, 8> Exposed;
  for (llvm::GlobalVariable &GV : M.globals()) {
    unsigned AS = GV.getAddressSpace();
    if (!GV.hasInternalLinkage() || GV.isDeclaration() ||
        (AS != GlobalAddressSpace && AS != ConstantAddressSpace) ||
        !isGlobalNamespaceStatic(GV.getName()))
      continue;
    GV.setLinkage(llvm::GlobalValue::ExternalLinkage);
    GV.setVisibility(llvm::GlobalValue::DefaultVisibility);
    GV.setDSOLocal(true);
    GV.setExternallyInitialized(true);
    Exposed.push_back(&GV);
  }
  if (!Exposed.empty())
    llvm::appendToCompilerUsed(M, Exposed);
  return Exposed.size();
}

} // namespace rubicon
