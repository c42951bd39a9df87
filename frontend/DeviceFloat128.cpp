//===- DeviceFloat128.cpp - __float128 in device code ---------------------===//
//
// Part of Rubicon. See DeviceFloat128.h.
//
//===----------------------------------------------------------------------===//

#include "DeviceFloat128.h"
#include "ForwardingDiagnosticConsumer.h"

#include "rubicon/HostABI.h"

#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"

#include <algorithm>

namespace rubicon {
namespace {

/// TargetInfo keeps whether the target has `__float128` in a protected
/// member its targets set in their constructors; a member pointer taken in a
/// derived class reaches it on any TargetInfo.
struct Float128Flag : clang::TargetInfo {
  static constexpr bool clang::TargetInfo::*Member =
      &Float128Flag::HasFloat128;
};

class AcceptingAction : public clang::WrapperFrontendAction {
public:
  using WrapperFrontendAction::WrapperFrontendAction;

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    // CompilerInstance::ExecuteAction has made the target; Sema asks it
    // whether the type is supported at each use in device code.
    CI.getTarget().*Float128Flag::Member = true;
    return WrapperFrontendAction::BeginInvocation(CI);
  }
};

bool isFloat128SupportError(const clang::Diagnostic &Info) {
  if (Info.getID() != clang::diag::err_target_unsupported_type ||
      Info.getNumArgs() <= 3 ||
      Info.getArgKind(3) != clang::DiagnosticsEngine::ak_qualtype)
    return false;
  clang::QualType Type = clang::QualType::getFromOpaquePtr(
      reinterpret_cast<void *>(Info.getRawArg(3)));
  return !Type.isNull() && Type->isFloat128Type();
}

/// Forwards every diagnostic; after clang's error for `__float128`, adds a
/// note at the same place naming the target that lacks the type.
class ExplainingConsumer : public ForwardingDiagnosticConsumer {
public:
  ExplainingConsumer(std::unique_ptr<clang::DiagnosticConsumer> Inner,
                     unsigned NoteID, std::string Note)
      : ForwardingDiagnosticConsumer(std::move(Inner)), NoteID(NoteID),
        Note(std::move(Note)) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    forward(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error || !isFloat128SupportError(Info))
      return;
    clang::DiagnosticStorage Storage;
    clang::Diagnostic Explanation(Info.getDiags(), Info.getLocation(), NoteID,
                                  Storage, Note);
    forward(clang::DiagnosticsEngine::Note, Explanation);
  }

private:
  unsigned NoteID;
  std::string Note;
};

} // namespace

bool deviceTargetsHaveFloat128(const std::vector<std::string> &Targets) {
  return !Targets.empty() &&
         std::all_of(Targets.begin(), Targets.end(), [](const std::string &T) {
           return T == host::TargetName;
         });
}

std::unique_ptr<clang::FrontendAction>
acceptDeviceFloat128(std::unique_ptr<clang::FrontendAction> Action) {
  return std::make_unique<AcceptingAction>(std::move(Action));
}

void explainMissingDeviceFloat128(clang::CompilerInstance &CI,
                                  std::string Target) {
  clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
  std::unique_ptr<clang::DiagnosticConsumer> Inner = Diags.takeClient();
  if (!Inner)
    return; // the engine does not own its client: clang's error stands alone
  unsigned NoteID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Note,
                                          "%0");
  std::string Note = "__float128 in device code is computed only for the "
                     "'host' target; '" +
                     Target + "' has no 128-bit floating point";
  Diags.setClient(new ExplainingConsumer(std::move(Inner), NoteID,
                                         std::move(Note)),
                  /*ShouldOwnClient=*/true);
}

} // namespace rubicon
