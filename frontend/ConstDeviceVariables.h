//===- ConstDeviceVariables.h - const __device__ variables the host uses -*- C++ -*-===//
//
// Part of Rubicon. A namespace-scope `__device__ const int x = 42;` has
// internal linkage (it is const) and clang 22 gives it an implicit
// `__constant__` as well, which makes its Sema take it for a variable of both
// sides: a host reference to it (`cudaGetSymbolAddress(&p, x)`,
// `cudaMemcpyFromSymbol`) is not recorded as a host use of a device variable,
// so the device side neither emits it nor gives it an external name unless
// device code happens to use it, while the host side registers it by name.
// The runtime then finds no such symbol in the code object
// (cudaErrorInvalidSymbol; libcu++'s `cuda::get_device_address`). nvcc emits
// every such variable. Later clang records these uses itself.
//
// On the device side (whole-program compilation), every const variable
// written with an explicit `__device__` or `__constant__` that is used
// anywhere in the translation unit is added to the variables clang emits
// for the host, before code generation ends.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_CONSTDEVICEVARIABLES_H
#define RUBICON_FRONTEND_CONSTDEVICEVARIABLES_H

#include <memory>

namespace clang {
class FrontendAction;
} // namespace clang

namespace rubicon {

/// Wraps a device-side code-generation Action as described above.
std::unique_ptr<clang::FrontendAction>
emitConstDeviceVariablesUsedByHost(std::unique_ptr<clang::FrontendAction> Action);

} // namespace rubicon

#endif // RUBICON_FRONTEND_CONSTDEVICEVARIABLES_H
