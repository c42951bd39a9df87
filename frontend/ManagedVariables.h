//===- ManagedVariables.h - host accesses of __managed__ variables -*- C++ -*-===//
//
// Part of Rubicon. A `__managed__` variable is one object that host and
// device code share. Clang's CUDA mode has no managed attribute: Rubicon's
// `__managed__` is `__device__` marked `annotate("rubicon.managed")`
// (host_defines.h), so host code read and wrote clang's host shadow of the
// variable, a separate object: a kernel's writes were never seen by the host
// (`__managed__ int x; kernel sets x; host prints 0`).
//
// As nvcc does, host code reaches the variable through a pointer the runtime
// fills. On the host side every use of such a variable in a function becomes
// `__cudaManagedVarAddress(&slot, &shadow)`, and its `__cudaRegisterVar`
// becomes `__cudaRegisterManagedVar(handle, &slot, ...)`. The runtime sets
// the slot when the code object is loaded (the host target: the variable
// itself; AMD GPUs: the shadow, as before, until managed globals are
// allocated there) and answers with the shadow while no device is usable.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_MANAGEDVARIABLES_H
#define RUBICON_FRONTEND_MANAGEDVARIABLES_H

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// Redirects the host module's uses of its managed variables as described
/// above. Returns how many variables were redirected.
unsigned redirectManagedVariables(llvm::Module &Host);

/// Runs redirectManagedVariables at the start of PB's pipelines.
void addManagedVariableRedirection(llvm::PassBuilder &PB);

} // namespace rubicon

#endif // RUBICON_FRONTEND_MANAGEDVARIABLES_H
