//===- SharedVariables.cpp - nvcc's function-scope __shared__ objects -----===//
//
// Part of Rubicon (SharedVariables.h).
//
//===----------------------------------------------------------------------===//
#include "SharedVariables.h"
#include "ForwardingDiagnosticConsumer.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTMutationListener.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <utility>
#include <vector>

using namespace llvm;

namespace rubicon {
namespace {

/// The variable's initialization is the one clang adds when none is
/// written: a call of the default constructor (of each element of an
/// array), without parentheses or braces.
bool defaultInitialized(const clang::VarDecl *VD) {
  const clang::Expr *Init = VD->getInit();
  if (!Init || VD->getInitStyle() != clang::VarDecl::CallInit)
    return false;
  if (const auto *Cleanups = dyn_cast<clang::ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  const auto *Construct = dyn_cast<clang::CXXConstructExpr>(Init);
  return Construct && !isa<clang::CXXTemporaryObjectExpr>(Construct) &&
         Construct->getNumArgs() == 0 && !Construct->isListInitialization() &&
         Construct->getParenOrBraceRange().isInvalid();
}

bool functionScopeShared(const clang::VarDecl *VD) {
  return VD->hasAttr<clang::CUDASharedAttr>() && VD->isLocalVarDecl();
}

/// The class whose construction or destruction clang would check.
clang::CXXRecordDecl *checkedClass(const clang::VarDecl *VD) {
  clang::QualType T = VD->getASTContext().getBaseElementType(VD->getType());
  clang::CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return nullptr;
  if (RD->hasTrivialDefaultConstructor() && RD->hasTrivialDestructor())
    return nullptr;
  return RD;
}

/// nvcc's warning is for a constructor or destructor the user wrote (a
/// defaulted constructor that only runs default member initializers is
/// silent).
bool nvccWarns(const clang::VarDecl *VD) {
  clang::CXXRecordDecl *RD = checkedClass(VD);
  if (!RD)
    return false;
  if (const clang::CXXDestructorDecl *Dtor = RD->getDestructor())
    if (Dtor->isUserProvided())
      return true;
  const clang::Expr *Init = VD->getInit();
  if (const auto *Cleanups = dyn_cast_or_null<clang::ExprWithCleanups>(Init))
    Init = Cleanups->getSubExpr();
  if (const auto *Construct = dyn_cast_or_null<clang::CXXConstructExpr>(Init))
    return Construct->getConstructor()->isUserProvided();
  return false;
}

struct State;

/// Sees the instantiations of variables (ASTMutationListener).
class InstantiationListener : public clang::ASTMutationListener {
public:
  explicit InstantiationListener(State &S) : S(S) {}
  void VariableDefinitionInstantiated(const clang::VarDecl *D) override;
  void FunctionDefinitionInstantiated(const clang::FunctionDecl *D) override;

private:
  State &S;
};

struct State {
  clang::CompilerInstance &CI;
  explicit State(clang::CompilerInstance &CI) : CI(CI), Listener(*this) {}

  InstantiationListener Listener;
  /// `#pragma diag_suppress static_var_with_dynamic_init` was read.
  bool Suppressed = false;
  unsigned WarningID = 0, ErrorID = 0;

  /// Parse: variables clang invalidated, valid again at the next token.
  std::vector<clang::VarDecl *> Invalidated;
  /// Clang's errors held back (it reported them as remarks), with the range
  /// it underlined: reported again as errors where Sema can.
  struct Held {
    clang::SourceLocation Loc;
    clang::SourceRange Range;
  };
  std::vector<Held> Errors;
  /// Instantiation: variables given automatic storage while clang attaches
  /// their initialization.
  std::vector<clang::VarDecl *> Automatic;

  clang::Sema *sema() { return CI.hasSema() ? &CI.getSema() : nullptr; }

  /// The function-scope variable declared at Loc in the context Sema is in.
  clang::VarDecl *declaredAt(clang::SourceLocation Loc) {
    clang::Sema *S = sema();
    if (!S || !S->CurContext)
      return nullptr;
    for (clang::Decl *D : S->CurContext->decls())
      if (auto *VD = dyn_cast<clang::VarDecl>(D))
        if (VD->getLocation() == Loc)
          return VD;
    return nullptr;
  }

  void warn(clang::VarDecl *VD) {
    clang::Sema *S = sema();
    // Once, from the device side, as nvcc.
    if (!S || Suppressed || !CI.getLangOpts().CUDAIsDevice || !nvccWarns(VD))
      return;
    clang::SourceManager &SM = CI.getSourceManager();
    if (SM.isInSystemHeader(SM.getExpansionLoc(VD->getLocation())))
      return;
    S->Diag(VD->getLocation(), WarningID);
  }

  /// What waits for a point where Sema can take it: called before each
  /// token and when an instantiated function is complete.
  void flush() {
    if (Invalidated.empty() && Errors.empty() && Automatic.empty())
      return;
    for (clang::VarDecl *VD : Invalidated) {
      VD->setInvalidDecl(false);
      warn(VD);
    }
    Invalidated.clear();
    for (clang::VarDecl *VD : Automatic) {
      VD->setStorageClass(clang::SC_Static);
      // What clang's check would have said, nvcc's way.
      if (clang::Sema *S = sema()) {
        const clang::Expr *Init = VD->getInit();
        if (const auto *Cleanups = dyn_cast_or_null<clang::ExprWithCleanups>(Init))
          Init = Cleanups->getSubExpr();
        clang::CXXRecordDecl *RD = checkedClass(VD);
        const auto *Construct = dyn_cast_or_null<clang::CXXConstructExpr>(Init);
        bool Empty =
            !RD || ((!Construct || S->CUDA().isEmptyConstructor(
                                       VD->getLocation(),
                                       Construct->getConstructor())) &&
                    S->CUDA().isEmptyDestructor(VD->getLocation(),
                                                RD->getDestructor()));
        if (!Empty)
          warn(VD);
      }
    }
    Automatic.clear();
    if (clang::Sema *S = sema())
      for (const Held &E : Errors)
        S->Diag(E.Loc, ErrorID) << E.Range;
    Errors.clear();
  }

};

void InstantiationListener::VariableDefinitionInstantiated(
    const clang::VarDecl *D) {
  auto *VD = const_cast<clang::VarDecl *>(D);
  // Still without its initialization: a local variable's is not checked.
  if (!functionScopeShared(VD) || VD->getStorageClass() != clang::SC_Static ||
      !checkedClass(VD))
    return;
  VD->setStorageClass(clang::SC_None);
  S.Automatic.push_back(VD);
}

void InstantiationListener::FunctionDefinitionInstantiated(
    const clang::FunctionDecl *) {
  S.flush();
}

/// `#pragma [nv_]diag_suppress static_var_with_dynamic_init` (or 20054).
class SuppressHandler : public clang::PragmaHandler {
public:
  SuppressHandler(StringRef Name, std::shared_ptr<State> S)
      : PragmaHandler(Name), S(std::move(S)) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer,
                    clang::Token &First) override {
    clang::Token Tok = First;
    while (Tok.isNot(clang::tok::eod)) {
      std::string Spelling = PP.getSpelling(Tok);
      if (Spelling == "static_var_with_dynamic_init" || Spelling == "20054")
        S->Suppressed = true;
      PP.Lex(Tok);
    }
  }

private:
  std::shared_ptr<State> S;
};

/// Holds clang's error on a default-initialized function-scope `__shared__`
/// variable back; reports it again for the others.
class Consumer : public ForwardingDiagnosticConsumer {
public:
  Consumer(std::shared_ptr<State> S,
           std::unique_ptr<clang::DiagnosticConsumer> Inner)
      : ForwardingDiagnosticConsumer(std::move(Inner)), S(std::move(S)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Info.getID() == clang::diag::err_shared_var_init) {
      clang::VarDecl *VD = S->declaredAt(Info.getLocation());
      if (VD && functionScopeShared(VD) && defaultInitialized(VD)) {
        S->Invalidated.push_back(VD);
      } else {
        clang::SourceRange Range;
        if (Info.getNumRanges())
          Range = Info.getRange(0).getAsRange();
        S->Errors.push_back({Info.getLocation(), Range});
      }
      return;
    }
    forward(Level, Info);
  }

private:
  std::shared_ptr<State> S;
};

/// The state of each compiler instance set up by acceptSharedVariablesAsNvcc,
/// for the consumer the plugin adds to its action.
DenseMap<const clang::CompilerInstance *, std::weak_ptr<State>> &states() {
  static DenseMap<const clang::CompilerInstance *, std::weak_ptr<State>> Map;
  return Map;
}

/// Runs ahead of the action's own consumer: gives Sema the listener and
/// flushes before the code generator sees a declaration.
class SharedConsumer : public clang::SemaConsumer {
public:
  explicit SharedConsumer(std::shared_ptr<State> S) : S(std::move(S)) {}
  clang::ASTMutationListener *GetASTMutationListener() override {
    return &S->Listener;
  }
  bool HandleTopLevelDecl(clang::DeclGroupRef) override {
    S->flush();
    return true;
  }
  void HandleTranslationUnit(clang::ASTContext &) override { S->flush(); }

private:
  std::shared_ptr<State> S;
};

/// Added to every action of the compiler instances that asked for it (a
/// plugin linked into nvcc, so that the host side's standard actions get it
/// too).
class SharedPlugin : public clang::PluginASTAction {
protected:
  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef) override {
    auto It = states().find(&CI);
    std::shared_ptr<State> S =
        It == states().end() ? nullptr : It->second.lock();
    if (!S)
      return std::make_unique<clang::ASTConsumer>();
    clang::Preprocessor &PP = CI.getPreprocessor();
    PP.setTokenWatcher([S](const clang::Token &) { S->flush(); });
    for (StringRef Name : {"diag_suppress", "nv_diag_suppress"})
      PP.AddPragmaHandler(new SuppressHandler(Name, S));
    return std::make_unique<SharedConsumer>(S);
  }
  bool ParseArgs(const clang::CompilerInstance &,
                 const std::vector<std::string> &) override {
    return true;
  }
  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static clang::FrontendPluginRegistry::Add<SharedPlugin>
    RegisterSharedPlugin("rubicon-shared-variables",
                         "function-scope __shared__ objects as nvcc");

void acceptSharedVariablesAsNvcc(clang::CompilerInstance &CI) {
  clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
  std::unique_ptr<clang::DiagnosticConsumer> Inner = Diags.takeClient();
  if (!Inner)
    return; // the engine does not own its client: clang's errors stand
  auto S = std::make_shared<State>(CI);
  S->WarningID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Warning,
      "dynamic initialization is not supported for a function-scope static "
      "__shared__ variable within a __device__/__global__ function; its "
      "constructor and destructor are not run (as with nvcc)");
  S->ErrorID = Diags.getCustomDiagID(
      clang::DiagnosticsEngine::Error,
      "initialization is not supported for __shared__ variables");
  // A remark: not counted as an error when clang reports it, so the
  // compilation goes on when the variable is accepted; the others are
  // reported again as errors (flush).
  Diags.setSeverity(clang::diag::err_shared_var_init,
                    clang::diag::Severity::Remark, clang::SourceLocation());
  Diags.setClient(new Consumer(S, std::move(Inner)), /*ShouldOwnClient=*/true);
  states()[&CI] = S;
}

} // namespace rubicon
