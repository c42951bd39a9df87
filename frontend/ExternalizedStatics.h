//===- ExternalizedStatics.h - rdc names of static device variables -*- C++ -*-===//
//
// Part of Rubicon. With relocatable device code (-rdc=true, -dc) clang gives
// a `static __device__`/`__constant__` variable that host code refers to
// (cudaMemcpyToSymbol) an external name, `<name>__static__<hash of the
// translation unit>`, so the device link keeps it apart from other units'
// statics and the host can find it by name. Clang picks that name when it
// sees the host reference, which can come after a kernel that uses the
// variable was emitted: that kernel then refers to `<name>`, an external
// declaration nothing defines (binomialOptions, quasirandomGenerator; the
// host target's link rejects the reference, an AMD code object would not
// load). resolveExternalizedStatics points every such reference at the
// externalized definition of the same module.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_EXTERNALIZEDSTATICS_H
#define RUBICON_FRONTEND_EXTERNALIZEDSTATICS_H

namespace llvm {
class Module;
} // namespace llvm

namespace rubicon {

/// Replaces each declaration `X` of M that has a definition
/// `X__static__<hash>` (a variable) or `X__intern__<hash>` (a function) in M
/// by that definition. Returns how many declarations were replaced.
unsigned resolveExternalizedStatics(llvm::Module &M);

} // namespace rubicon

#endif // RUBICON_FRONTEND_EXTERNALIZEDSTATICS_H
