//===- StaticDeviceVariables.h - static variables the driver API finds -*- C++ -*-===//
//
// Part of Rubicon. nvcc names a namespace-scope `static __device__` or
// `static __constant__` variable of the global namespace by its identifier
// in the code it makes (`d_OptionData`), and cuModuleGetGlobal finds it by
// that name although it has internal linkage: driver-API programs
// (binomialOptions_nvrtc) write such variables from the host. clang gives it
// the Itanium name of an internal variable, `_ZL12d_OptionData`, and internal
// linkage, so the variable is not in the code object's symbol table (not
// found), and LLVM may fold loads of a `__constant__` one that nothing on the
// device writes to its zero initializer.
//
// In whole-program compilation each such variable gets external linkage, is
// marked externally initialized and kept; cuModuleGetGlobal looks a name it
// does not find up again as `_ZL<length><name>`. A code object is one
// translation unit and is loaded on its own (dlopen RTLD_LOCAL on the host
// target), so two units' statics of one name stay apart. With relocatable
// device code statics keep internal linkage: the device link would merge
// units' variables of one name.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_STATICDEVICEVARIABLES_H
#define RUBICON_FRONTEND_STATICDEVICEVARIABLES_H

namespace llvm {
class Module;
} // namespace llvm

namespace rubicon {

/// Gives every internal global-namespace `static __device__`/`__constant__`
/// variable of M (named `_ZL<length><identifier>`) external linkage, keeps
/// it and marks it externally initialized. Returns how many were changed.
unsigned exposeStaticDeviceVariables(llvm::Module &M);

} // namespace rubicon

#endif // RUBICON_FRONTEND_STATICDEVICEVARIABLES_H
