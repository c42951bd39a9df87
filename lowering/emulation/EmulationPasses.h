//===- EmulationPasses.h - AMDGPU IR to x86-64, for emulation ---*- C++ -*-===//
//
// Internal to lowering/: the pass of the emulated AMDGPU targets
// (gfx942-emulated, ...; docs/amdgpu-emulation.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_EMULATION_EMULATIONPASSES_H
#define RUBICON_LOWERING_EMULATION_EMULATIONPASSES_H

#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace rubicon {

/// The library function that gives intrinsic `llvm.amdgcn.<rest>` its
/// semantics: `__rubicon_amdgcn_<rest>`, dots replaced by underscores.
inline constexpr char EmulatedIntrinsicPrefix[] = "__rubicon_amdgcn_";
/// What the trap in __assertfail becomes: ends the kernel with
/// cudaErrorAssert.
inline constexpr char EmulatedAssertFailedFunction[] =
    "__rubicon_emulation_assert_failed";
/// The wavefront size the emulation library reads (an i32 the pass defines).
inline constexpr char EmulatedWaveSizeSymbol[] = "__rubicon_amdgcn_wave_size";
/// The static LDS bytes of the program (an i32 the pass defines).
inline constexpr char EmulatedStaticLdsSymbol[] = "__rubicon_amdgcn_static_lds_bytes";
/// The emulation library's file name, next to the device libraries.
inline constexpr char EmulationLibraryFileName[] = "amdgcn-emulation.bc";

/// The emulation library's EXEC-mask tracking (ExecMask.cpp there):
///   void __rubicon_emulation_lane_begin()       first, in each kernel entry
///   void __rubicon_emulation_diverge(i32 Point, i32 Successor, i32 Bits)
///   void __rubicon_emulation_reconverge(i32 Point)
inline constexpr char EmulatedLaneBeginFunction[] = "__rubicon_emulation_lane_begin";
inline constexpr char EmulatedDivergeFunction[] = "__rubicon_emulation_diverge";
inline constexpr char EmulatedReconvergeFunction[] = "__rubicon_emulation_reconverge";

/// Whether `llvm.amdgcn.*` intrinsic `Name` is a wave-wide operation
/// (WaveIntrinsics.def).
bool isWaveIntrinsic(llvm::StringRef Name);

/// Prints WaveIntrinsics.def as a Markdown table (rubicon-opt
/// --print-wave-intrinsic-table; docs/amdgpu-emulation-wave-intrinsics.table.md).
void printWaveIntrinsicTable(llvm::raw_ostream &OS);

/// The EXEC register `Call` reads when it is `llvm.read_register` of "exec",
/// "exec_lo" or "exec_hi" (ockl reads EXEC so); empty otherwise. Its value
/// depends on the wavefront's active lanes like a wave-wide operation's.
llvm::StringRef execRegisterRead(const llvm::CallBase &Call);

/// rubicon-emulate-exec-mask: lets each lane of the emulated wavefront track
/// the EXEC mask it would run under. In AMDGPU IR (before
/// rubicon-emulate-amdgpu), every conditional branch or switch from which a
/// wave-wide operation (WaveIntrinsics.def, or a call of a function that can
/// run one) can be reached before the branch's immediate post-dominator gets
/// a call of EmulatedDivergeFunction (the reconvergence point's number, the
/// taken successor's index, the bits of that index) before it, and that
/// post-dominator a call of EmulatedReconvergeFunction at its start (a
/// branch that can leave the function: before each return). Numbers are
/// per reconvergence block, so the exits of a loop share one. Each volatile
/// load or store first gets an `llvm.amdgcn.wave.barrier` (the wavefront
/// runs each memory instruction for all its active lanes together, which
/// warp-synchronous code through volatile memory relies on).
class EmulateExecMaskPass : public llvm::PassInfoMixin<EmulateExecMaskPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

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
///    each entry calls EmulatedLaneBeginFunction first;
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
