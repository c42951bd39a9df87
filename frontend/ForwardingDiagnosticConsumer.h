//===- ForwardingDiagnosticConsumer.h - A client in front of clang's --*- C++ -*-===//
//
// Part of Rubicon. The nvcc-dialect steps that hold back or rewrite some of
// clang's diagnostics (ExecCheckDisable, SharedVariables) sit in front of the
// client clang had: everything else is passed on, and the counts behind
// "N errors generated" are the inner client's, since it may itself hold
// diagnostics back and drop them (DisambiguatorRecovery).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_FORWARDINGDIAGNOSTICCONSUMER_H
#define RUBICON_FRONTEND_FORWARDINGDIAGNOSTICCONSUMER_H

#include "clang/Basic/Diagnostic.h"

#include <memory>

namespace rubicon {

class ForwardingDiagnosticConsumer : public clang::DiagnosticConsumer {
public:
  explicit ForwardingDiagnosticConsumer(
      std::unique_ptr<clang::DiagnosticConsumer> Inner)
      : Inner(std::move(Inner)) {}

  void BeginSourceFile(const clang::LangOptions &Opts,
                       const clang::Preprocessor *PP) override {
    Inner->BeginSourceFile(Opts, PP);
  }
  void EndSourceFile() override {
    Inner->EndSourceFile();
    countAsInner();
  }
  void finish() override {
    Inner->finish();
    countAsInner();
  }
  void clear() override {
    Inner->clear();
    countAsInner();
  }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    forward(Level, Info);
  }

protected:
  /// Passes one diagnostic on to the inner client, at Level.
  void forward(clang::DiagnosticsEngine::Level Level,
               const clang::Diagnostic &Info) {
    Inner->HandleDiagnostic(Level, Info);
    countAsInner();
  }

private:
  void countAsInner() {
    NumErrors = Inner->getNumErrors();
    NumWarnings = Inner->getNumWarnings();
  }

  std::unique_ptr<clang::DiagnosticConsumer> Inner;
};

} // namespace rubicon

#endif // RUBICON_FRONTEND_FORWARDINGDIAGNOSTICCONSUMER_H
