//===- ConstDeviceVariables.cpp - const __device__ variables the host uses -===//
//
// Part of Rubicon (ConstDeviceVariables.h).
//
//===----------------------------------------------------------------------===//
#include "ConstDeviceVariables.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/MultiplexConsumer.h"

#include <utility>
#include <vector>

namespace rubicon {
namespace {

bool explicitAttr(const clang::Attr *A) { return A && !A->isImplicit(); }

class Collector : public clang::RecursiveASTVisitor<Collector> {
public:
  explicit Collector(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  bool VisitVarDecl(clang::VarDecl *VD) {
    if (!(VD->isFileVarDecl() || VD->isStaticDataMember()) ||
        VD->isTemplated() || VD->hasExternalStorage() || !VD->isUsed() ||
        !VD->getType().isConstQualified() ||
        VD->hasAttr<clang::CUDASharedAttr>())
      return true;
    if (!explicitAttr(VD->getAttr<clang::CUDADeviceAttr>()) &&
        !explicitAttr(VD->getAttr<clang::CUDAConstantAttr>()))
      return true;
    Ctx.CUDADeviceVarODRUsedByHost.insert(VD);
    return true;
  }

private:
  clang::ASTContext &Ctx;
};

/// Runs before the code generator's consumer, so the variables are in the
/// set when it emits what the host uses.
class Consumer : public clang::ASTConsumer {
public:
  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    Collector(Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
  }
};

class Action : public clang::WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, llvm::StringRef File) override {
    std::unique_ptr<clang::ASTConsumer> Inner =
        WrapperFrontendAction::CreateASTConsumer(CI, File);
    if (!Inner)
      return nullptr;
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(std::make_unique<Consumer>());
    Consumers.push_back(std::move(Inner));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }
};

} // namespace

std::unique_ptr<clang::FrontendAction>
emitConstDeviceVariablesUsedByHost(std::unique_ptr<clang::FrontendAction> A) {
  return std::make_unique<Action>(std::move(A));
}

} // namespace rubicon
