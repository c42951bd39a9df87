//===- ExecCheckDisable.cpp - nvcc's #pragma nv_exec_check_disable --------===//
//
// Part of Rubicon (ExecCheckDisable.h).
//
//===----------------------------------------------------------------------===//
#include "ExecCheckDisable.h"
#include "ForwardingDiagnosticConsumer.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaCUDA.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <utility>
#include <vector>

using namespace llvm;

namespace rubicon {

struct ExecCheckDisable::State {
  clang::SourceManager *SM = nullptr;
  clang::CompilerInstance *CI = nullptr;
  /// Where each pragma was written (a file location).
  std::vector<clang::SourceLocation> Pragmas;
  /// The body (offsets of `{` and `}` in its file) of the function after
  /// each pragma, once computed; nullopt: a declaration without a body.
  DenseMap<unsigned, std::optional<std::pair<unsigned, unsigned>>> Bodies;
  bool Failed = false;

  bool exempt(clang::SourceLocation Loc);
  /// The lambda call operator the device side emits whose body holds Loc,
  /// the innermost one.
  const clang::FunctionDecl *emittedLambdaAt(clang::SourceLocation Loc);
};

namespace {

/// The body of the first function defined at or after Offset in Text: the
/// first `{` outside parentheses and the `}` that closes it, comments and
/// literals skipped. Nothing when a `;` ends a declaration first.
std::optional<std::pair<unsigned, unsigned>> bodyAfter(StringRef Text,
                                                       unsigned Offset) {
  int Parens = 0, Braces = 0;
  unsigned Open = 0;
  for (size_t I = Offset; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '/') {
      I = Text.find('\n', I);
      if (I == StringRef::npos)
        return std::nullopt;
      continue;
    }
    if (C == '/' && I + 1 < Text.size() && Text[I + 1] == '*') {
      I = Text.find("*/", I + 2);
      if (I == StringRef::npos)
        return std::nullopt;
      ++I;
      continue;
    }
    if (C == '"' || C == '\'') {
      for (++I; I < Text.size() && Text[I] != C; ++I)
        if (Text[I] == '\\')
          ++I;
      continue;
    }
    if (Braces == 0 && Parens == 0 && C == ';')
      return std::nullopt;
    if (C == '(')
      ++Parens;
    else if (C == ')')
      --Parens;
    else if (C == '{' && Parens == 0 && Braces++ == 0)
      Open = I;
    else if (C == '}' && Parens == 0 && Braces > 0 && --Braces == 0)
      return std::make_pair(Open, unsigned(I));
  }
  return std::nullopt;
}

/// Records `#pragma <Name>` (also from _Pragma in a macro) where it is
/// written.
class RecordingHandler : public clang::PragmaHandler {
public:
  RecordingHandler(StringRef Name, std::shared_ptr<ExecCheckDisable::State> S)
      : PragmaHandler(Name), S(std::move(S)) {}

  void HandlePragma(clang::Preprocessor &PP, clang::PragmaIntroducer Introducer,
                    clang::Token &) override {
    S->Pragmas.push_back(PP.getSourceManager().getExpansionLoc(Introducer.Loc));
    PP.DiscardUntilEndOfDirective();
  }

private:
  std::shared_ptr<ExecCheckDisable::State> S;
};

/// Drops the wrong-side references ExecCheckDisable exempts and reports the
/// others as warnings, as nvcc does.
class ExemptingConsumer : public ForwardingDiagnosticConsumer {
public:
  ExemptingConsumer(std::shared_ptr<ExecCheckDisable::State> S,
                    std::unique_ptr<clang::DiagnosticConsumer> Inner)
      : ForwardingDiagnosticConsumer(std::move(Inner)), S(std::move(S)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == clang::DiagnosticsEngine::Note && Dropping)
      return;
    Dropping = false;
    if (Info.getID() == clang::diag::err_capture_bad_target) {
      handleBadCapture(Level, Info);
      return;
    }
    if (Info.getID() == clang::diag::err_ref_bad_target) {
      const clang::DiagnosticsEngine &Diags = *Info.getDiags();
      bool InSystemHeader =
          Info.hasSourceManager() && Info.getLocation().isValid() &&
          Info.getSourceManager().isInSystemHeader(
              Info.getSourceManager().getExpansionLoc(Info.getLocation()));
      if ((Info.hasSourceManager() && S->exempt(Info.getLocation())) ||
          Diags.getIgnoreAllWarnings() ||
          (InSystemHeader && Diags.getSuppressSystemWarnings())) {
        Dropping = true;
        return;
      }
      Level = Diags.getWarningsAsErrors() ? clang::DiagnosticsEngine::Error
                                          : clang::DiagnosticsEngine::Warning;
      S->Failed |= Level == clang::DiagnosticsEngine::Error;
    }
    forward(Level, Info);
  }

private:
  /// A lambda that captures a host function's variable by reference is
  /// emitted for the device: an error (the device would read the host's
  /// stack) when device code calls it, nothing when the caller is a host
  /// function, which the device side only reaches through a wrong-side
  /// reference (above) and nvcc never compiles for the device.
  void handleBadCapture(clang::DiagnosticsEngine::Level,
                        const clang::Diagnostic &Info) {
    const clang::FunctionDecl *Lambda = S->emittedLambdaAt(Info.getLocation());
    const auto &Known = S->CI->getSema().CUDA().DeviceKnownEmittedFns;
    auto Caller = Lambda ? Known.find(Lambda) : Known.end();
    if (Caller != Known.end()) {
      const clang::FunctionDecl *FD = Caller->second.FD;
      if (!FD->hasAttr<clang::CUDADeviceAttr>() &&
          !FD->hasAttr<clang::CUDAGlobalAttr>()) {
        Dropping = true;
        return;
      }
    }
    S->Failed = true;
    forward(clang::DiagnosticsEngine::Error, Info);
    // Clang gives the call stack only to diagnostics that count as
    // warnings or errors; this one was held back as a remark.
    clang::DiagnosticStorage None;
    for (unsigned Depth = 0; Caller != Known.end() && Depth < 32; ++Depth) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      OS << "called by '";
      Caller->second.FD->getNameForDiagnostic(
          OS, S->CI->getASTContext().getPrintingPolicy(), false);
      OS << "'";
      forward(clang::DiagnosticsEngine::Note,
              clang::Diagnostic(Info.getDiags(), Caller->second.Loc,
                                clang::diag::note_called_by, None, Name));
      Caller = Known.find(Caller->second.FD);
    }
  }

  std::shared_ptr<ExecCheckDisable::State> S;
  bool Dropping = false;
};

/// Adds the pragma handlers once the preprocessor exists.
class RecordingAction : public clang::WrapperFrontendAction {
public:
  RecordingAction(std::unique_ptr<clang::FrontendAction> Action,
                  std::shared_ptr<ExecCheckDisable::State> S)
      : WrapperFrontendAction(std::move(Action)), S(std::move(S)) {}

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    clang::Preprocessor &PP = CI.getPreprocessor();
    S->SM = &CI.getSourceManager();
    for (StringRef Name : {"nv_exec_check_disable", "hd_warning_disable"})
      PP.AddPragmaHandler(new RecordingHandler(Name, S));
    return WrapperFrontendAction::BeginSourceFileAction(CI);
  }

private:
  std::shared_ptr<ExecCheckDisable::State> S;
};

} // namespace

bool ExecCheckDisable::State::exempt(clang::SourceLocation Loc) {
  if (!SM || Loc.isInvalid())
    return false;
  clang::FileIDAndOffset At = SM->getDecomposedLoc(SM->getExpansionLoc(Loc));
  for (clang::SourceLocation P : Pragmas) {
    clang::FileIDAndOffset Pragma = SM->getDecomposedLoc(P);
    if (Pragma.first != At.first || Pragma.second > At.second)
      continue;
    auto [It, New] = Bodies.try_emplace(P.getRawEncoding());
    if (New) {
      bool Invalid = false;
      StringRef Text = SM->getBufferData(Pragma.first, &Invalid);
      if (!Invalid)
        It->second = bodyAfter(Text, Pragma.second);
    }
    if (It->second && It->second->first <= At.second &&
        At.second <= It->second->second)
      return true;
  }
  return false;
}

const clang::FunctionDecl *
ExecCheckDisable::State::emittedLambdaAt(clang::SourceLocation Loc) {
  if (!CI || !CI->hasSema() || !SM || Loc.isInvalid())
    return nullptr;
  clang::SourceLocation At = SM->getFileLoc(Loc);
  const clang::FunctionDecl *Best = nullptr;
  clang::SourceLocation BestBegin;
  for (const auto &[Key, Caller] : CI->getSema().CUDA().DeviceKnownEmittedFns) {
    const auto *Method = dyn_cast<clang::CXXMethodDecl>(static_cast<const clang::FunctionDecl *>(Key));
    if (!Method || !Method->getParent()->isLambda() || !Method->hasBody())
      continue;
    // From the introducer (explicit captures) to the end of the body.
    clang::SourceLocation Begin = SM->getFileLoc(Method->getParent()->getBeginLoc());
    clang::SourceLocation End = SM->getFileLoc(Method->getEndLoc());
    if (!SM->isPointWithin(At, Begin, End))
      continue;
    // The innermost lambda begins last.
    if (!Best || SM->isBeforeInTranslationUnit(BestBegin, Begin)) {
      Best = Method;
      BestBegin = Begin;
    }
  }
  return Best;
}

ExecCheckDisable::ExecCheckDisable() : S(std::make_shared<State>()) {}
ExecCheckDisable::~ExecCheckDisable() = default;

void ExecCheckDisable::watch(clang::CompilerInstance &CI) {
  clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
  std::unique_ptr<clang::DiagnosticConsumer> Inner = Diags.takeClient();
  if (!Inner)
    return; // the engine does not own its client: clang's errors stand
  // A remark: counted as no error, and shown even under -w and in system
  // headers, so the consumer always sees it.
  Diags.setSeverity(clang::diag::err_ref_bad_target,
                    clang::diag::Severity::Remark, clang::SourceLocation());
  Diags.setSeverity(clang::diag::err_capture_bad_target,
                    clang::diag::Severity::Remark, clang::SourceLocation());
  S->CI = &CI;
  Diags.setClient(new ExemptingConsumer(S, std::move(Inner)),
                  /*ShouldOwnClient=*/true);
}

std::unique_ptr<clang::FrontendAction>
ExecCheckDisable::wrap(std::unique_ptr<clang::FrontendAction> Action) {
  return std::make_unique<RecordingAction>(std::move(Action), S);
}

bool ExecCheckDisable::failed() const { return S->Failed; }

} // namespace rubicon
