//===- ExecCheckDisable.h - nvcc's #pragma nv_exec_check_disable -*- C++ -*-===//
//
// Part of Rubicon. nvcc lets a __host__ __device__ function that follows
// `#pragma nv_exec_check_disable` (or `#pragma hd_warning_disable`; Thrust's
// `__thrust_exec_check_disable__`) refer to __host__ functions from its
// device side, a call that only matters if it is ever executed there. Clang
// reports every such reference once the function is emitted for the device
// (`reference to __host__ function ... in __host__ __device__ function`),
// even in a branch that can never run (`if (__THRUST_HAS_CUDART__)` in
// Thrust's reduce), as an error. nvcc only warns (the warning the pragmas
// silence). On the device side Rubicon does the same: inside the body of a
// function that follows one of these pragmas the diagnostic is dropped,
// elsewhere it is a warning (under -w, -Werror and in system headers as
// warnings are). Thrust spells the pragma only for nvcc, so its references
// are silenced as a system header's. A reference that survives to the code
// object is an error there ("undefined device function").
// Clang also visits the __host__ functions such a reference reaches and
// reports a lambda in them that captures by reference ("capture host
// variable ... in device or host device lambda function"; CUB's dispatch
// functions). nvcc never compiles those for the device: the capture is an
// error only when device code calls the lambda.
// Docs: docs/nvcc-dialect.md.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_EXECCHECKDISABLE_H
#define RUBICON_FRONTEND_EXECCHECKDISABLE_H

#include <memory>

namespace clang {
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace rubicon {

class ExecCheckDisable {
public:
  ExecCheckDisable();
  ~ExecCheckDisable();

  /// Device side: holds clang's wrong-side reference diagnostic back and
  /// watches CI's diagnostics. Call once CI has its diagnostics.
  void watch(clang::CompilerInstance &CI);
  /// Wraps Action so that the pragmas are recorded as the file is read.
  std::unique_ptr<clang::FrontendAction>
  wrap(std::unique_ptr<clang::FrontendAction> Action);
  /// Whether a wrong-side reference was reported as an error (-Werror),
  /// which the diagnostics engine did not count.
  bool failed() const;

  struct State;

private:
  std::shared_ptr<State> S;
};

} // namespace rubicon

#endif // RUBICON_FRONTEND_EXECCHECKDISABLE_H
