//===- DeviceSideVariables.h - variables only the device pass sees -*- C++ -*-===//
//
// Part of Rubicon. A variable can be `__device__` in the device pass and a
// plain host variable in the host pass, when its declaration depends on
// `__CUDA_ARCH__`: libcu++ writes namespace-scope variables with
// `_CCCL_GLOBAL_VARIABLE`, which is `__device__` only when compiling for the
// device, and its tests take `cuda::get_device_address` of such variables.
// nvcc registers the variables the device pass defines (its stub file comes
// from the device side's view) against the host variable of the same name,
// so cudaGetSymbolAddress and cudaMemcpy{To,From}Symbol find them. Clang
// registers only what the host pass sees as `__device__`: the runtime gave
// cudaErrorInvalidSymbol.
//
// The device side lists the variables of its module that the code object
// exports; the host side, in a pass at the start of its pipeline, registers
// each host variable of one of those names that clang did not register,
// as clang registers a `__device__` variable. Only in whole-program
// compilation: with -rdc the device link decides the names.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_DEVICESIDEVARIABLES_H
#define RUBICON_FRONTEND_DEVICESIDEVARIABLES_H

#include <string>
#include <vector>

namespace llvm {
class Module;
class PassBuilder;
} // namespace llvm

namespace rubicon {

/// A variable of the device module, by the name it has in the code object.
struct DeviceSideVariable {
  std::string Name;
  bool Constant = false; // __constant__ (NVVM address space 4)
};

/// The __device__ and __constant__ variables NVVM defines with a name the
/// code object exports.
std::vector<DeviceSideVariable> deviceSideVariables(const llvm::Module &NVVM);

/// Adds to the host module's `__cuda_register_globals` one
/// `__cudaRegisterVar` for each defined host variable named in Variables
/// that it does not register yet. Returns how many were added.
unsigned registerDeviceSideVariables(llvm::Module &Host,
                                     const std::vector<DeviceSideVariable> &Variables);

/// Runs registerDeviceSideVariables at the start of PB's pipelines.
void addDeviceSideVariableRegistration(llvm::PassBuilder &PB,
                                       std::vector<DeviceSideVariable> Variables);

} // namespace rubicon

#endif // RUBICON_FRONTEND_DEVICESIDEVARIABLES_H
