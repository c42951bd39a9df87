//===- ExternalizedStatics.cpp - rdc names of static device variables -----===//
//
// Part of Rubicon. See ExternalizedStatics.h.
//
//===----------------------------------------------------------------------===//

#include "ExternalizedStatics.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Module.h"

#include <vector>

namespace rubicon {

unsigned resolveExternalizedStatics(llvm::Module &M) {
  // clang's postfixes for externalized variables and functions (CUDA spells
  // them without '.', which PTX names do not allow).
  static constexpr llvm::StringLiteral Postfixes[] = {"__static__",
                                                      "__intern__"};
  llvm::StringMap<llvm::GlobalValue *> Externalized;
  for (llvm::GlobalValue &GV : M.global_values()) {
    if (GV.isDeclaration())
      continue;
    llvm::StringRef Name = GV.getName();
    for (llvm::StringRef Postfix : Postfixes)
      if (size_t At = Name.rfind(Postfix); At != llvm::StringRef::npos && At > 0)
        Externalized.try_emplace(Name.take_front(At), &GV);
  }
  if (Externalized.empty())
    return 0;
  std::vector<std::pair<llvm::GlobalValue *, llvm::GlobalValue *>> Replacements;
  for (llvm::GlobalValue &GV : M.global_values()) {
    if (!GV.isDeclaration())
      continue;
    auto It = Externalized.find(GV.getName());
    if (It == Externalized.end())
      continue;
    llvm::GlobalValue *Definition = It->second;
    if (Definition->getValueType() != GV.getValueType() ||
        Definition->getType() != GV.getType())
      continue;
    Replacements.emplace_back(&GV, Definition);
  }
  for (auto [Declaration, Definition] : Replacements) {
    Declaration->replaceAllUsesWith(Definition);
    Declaration->eraseFromParent();
  }
  return Replacements.size();
}

} // namespace rubicon
