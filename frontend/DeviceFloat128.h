//===- DeviceFloat128.h - __float128 in device code ------------*- C++ -*-===//
//
// Part of Rubicon. The device side is parsed for nvptx64, whose clang target
// has no 128-bit floating type: clang rejects every use of `__float128` in
// device code ("requires 128 bit size '__float128' type support"), while the
// x86-64 host side (the aux triple) defines __SIZEOF_FLOAT128__ and CCCL
// offers `__float128` to device code at sm_100 and above, through the
// `__nv_fp128_*` functions of <crt/device_fp128_functions.h>.
//
// When every device target of the compilation is the CPU `host` target, the
// nvptx64 target is told it has the type: the IR carries `fp128`, which the
// x86-64 code generator computes exactly (libgcc's soft-float, glibc's
// *f128 functions in the device library). When any target is an AMD GPU the
// type stays unsupported, so a use of it in device code is clang's error at
// the user's file:line:col, with a note saying which target lacks it, never
// a back-end failure. Docs: docs/device-api.md ("Quad precision").
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_DEVICEFLOAT128_H
#define RUBICON_FRONTEND_DEVICEFLOAT128_H

#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class FrontendAction;
} // namespace clang

namespace rubicon {

/// Whether device code compiled for these targets may compute on
/// `__float128` (only the `host` target can).
bool deviceTargetsHaveFloat128(const std::vector<std::string> &Targets);

/// Wraps Action so that, once the compiler instance has its target, the
/// target accepts `__float128` (call only when deviceTargetsHaveFloat128).
std::unique_ptr<clang::FrontendAction>
acceptDeviceFloat128(std::unique_ptr<clang::FrontendAction> Action);

/// Device side with an AMD GPU target: after clang's error for a use of
/// `__float128`, a note naming the first target without it (Target).
void explainMissingDeviceFloat128(clang::CompilerInstance &CI,
                                  std::string Target);

} // namespace rubicon

#endif // RUBICON_FRONTEND_DEVICEFLOAT128_H
