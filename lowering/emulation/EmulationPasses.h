//===- EmulationPasses.h - AMDGPU IR to x86-64, for emulation ---*- C++ -*-===//
//
// Internal to lowering/: the pass of the emulated AMDGPU targets
// (gfx942-emulated, ...; docs/amdgpu-emulation.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_EMULATION_EMULATIONPASSES_H
#define RUBICON_LOWERING_EMULATION_EMULATIONPASSES_H

#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"

#include <string>

namespace rubicon {

/// The library function that gives intrinsic `llvm.amdgcn.<rest>` its
/// semantics: `__rubicon_amdgcn_<rest>`, dots replaced by underscores.
inline constexpr char EmulatedIntrinsicPrefix[] = "__rubicon_amdgcn_";
/// The wavefront size the emulation library reads (an i32 the pass defines).
inline constexpr char EmulatedWaveSizeSymbol[] = "__rubicon_amdgcn_wave_size";
/// The static LDS bytes of the program (an i32 the pass defines).
inline constexpr char EmulatedStaticLdsSymbol[] = "__rubicon_amdgcn_static_lds_bytes";
/// The emulation library's file name, next to the device libraries.
inline constexpr char EmulationLibraryFileName[] = "amdgcn-emulation.bc";

/// rubicon-emulate-amdgpu: AMDGPU IR (what LLVM's AMDGPU back end receives)
/// to x86-64 IR for the host runtime (HostABI.h), changing no semantics:
///  - each `llvm.amdgcn.*` call becomes a call of the emulation library's
///    function for it (EmulatedIntrinsicPrefix);
///  - LDS (addrspace 3) and scratch (addrspace 5) keep 32-bit pointers: LDS
///    variables are laid out from address 0 as the GPU does, allocas get
///    their address in the lane's stack; every access, and every cast to or
///    from a flat pointer, adds the base of the block's LDS or of the lane's
///    stack;
///  - kernels get the host entry points and parameter tables (HostABI.h);
///  - triple x86_64, the x86-64 data layout with 32-bit addrspace 3 and 5
///    pointers (aggregate layouts are checked to agree), scoped atomics and
///    fences at system scope, AMDGPU attributes dropped.
/// A memory access through an LDS or scratch pointer that it cannot rewrite
/// is an error naming it.
class EmulateAMDGPUPass : public llvm::PassInfoMixin<EmulateAMDGPUPass> {
  std::string Arch;

public:
  /// `Arch`: the GPU (gfx942); empty: -rubicon-arch.
  explicit EmulateAMDGPUPass(std::string Arch = "") : Arch(std::move(Arch)) {}
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

/// After the emulation library is linked: calls whose operand types differ
/// from the library function's only as the x86-64 C ABI passes them
/// (`<4 x half>` as `double`) get bitcasts (LibraryCallTypes.cpp).
llvm::Error adaptEmulationLibraryCalls(llvm::Module &M);

/// The data layout of emulated modules: x86-64's, with 32-bit pointers in
/// address spaces 3 and 5.
std::string emulatedDataLayout();

} // namespace rubicon

#endif // RUBICON_LOWERING_EMULATION_EMULATIONPASSES_H
