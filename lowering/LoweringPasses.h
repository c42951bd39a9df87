//===- LoweringPasses.h - Rubicon's NVVM -> AMDGPU passes -------*- C++ -*-===//
//
// Internal to lowering/: the AMDGPU target's pass classes (named in
// Passes.def) and the helpers the passes share. Other components use
// rubicon/Lowering.h.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_LOWERINGPASSES_H
#define RUBICON_LOWERING_LOWERINGPASSES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/AMDGPUAddrSpace.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class IRBuilderBase;
class Instruction;
class StructType;
class Value;
class LLVMContext;
class Module;
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace rubicon {

/// The triple every lowered module gets.
inline constexpr llvm::StringLiteral AMDGPUTriple = "amdgcn-amd-amdhsa";

/// `Requested` if not empty, else the -rubicon-arch option (default gfx942).
std::string resolveLoweringArch(llvm::StringRef Requested);

/// A TargetMachine for amdgcn-amd-amdhsa and `Arch`; initializes the AMDGPU
/// target (only it) on first use. Errors name an unknown arch.
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createAMDGPUTargetMachine(llvm::StringRef Arch, unsigned OptLevel = 3);

/// Wavefront size of `Arch` when compiled with default features (gfx10+: 32).
unsigned defaultWavefrontSize(llvm::StringRef Arch);

/// Reports an error through the context's diagnostic handler. With `At`, the
/// diagnostic carries the instruction's !srcloc (inline-asm style) or its
/// debug location when it has one.
void reportLoweringError(llvm::LLVMContext &Ctx, const llvm::Twine &Message,
                         const llvm::Instruction *At = nullptr);

/// Prints NVVMIntrinsics.def as a Markdown table.
void printNVVMIntrinsicTable(llvm::raw_ostream &OS);

/// The device-library function that implements NVVM intrinsic `Name` (without
/// "llvm.nvvm."): "__rubicon_" + Name with dots as underscores. Shared by the
/// AMDGPU and host lowerings of NVVMIntrinsics.def.
std::string nvvmDeviceLibraryName(llvm::StringRef Name);

/// The NVVMIntrinsics.def row name of declaration F: its name without
/// "llvm.nvvm." (an overloaded intrinsic's base name, without type suffixes),
/// or std::nullopt when F is not an NVVM intrinsic. Shared by both lowerings.
std::optional<llvm::StringRef> nvvmRowName(const llvm::Function &F);

/// {Value, Value != 0} as the struct `Pair` (an NVVM intrinsic returning a
/// value and a predicate, from a device-library function returning the value).
llvm::Value *buildValueAndNonzero(llvm::IRBuilderBase &Builder,
                                  llvm::StructType *Pair, llvm::Value *Value);

#define RUBICON_DECLARE_PASS(Class)                                            \
  class Class : public llvm::PassInfoMixin<Class> {                            \
    std::string Arch;                                                          \
                                                                               \
  public:                                                                      \
    explicit Class(std::string Arch = "") : Arch(std::move(Arch)) {}           \
    llvm::PreservedAnalyses run(llvm::Module &M,                               \
                                llvm::ModuleAnalysisManager &MAM);             \
    static bool isRequired() { return true; }                                  \
  };
// Every target, first: __cluster_dims__ annotations to the kernels'
// "rubicon.cluster_dims" attribute (RecordClusterDims.cpp).
RUBICON_DECLARE_PASS(RecordClusterDimsPass)
// The AMDGPU target's passes (their names: Passes.def; their order:
// AMDGPUDeviceTarget.cpp). LowerTextureHandlesPass serves every target.
RUBICON_DECLARE_PASS(LowerTextureHandlesPass)
// Every target, first: __isConstant/__isGlobal against the module's
// __constant__ variables (LowerConstantSpaceQueries.cpp).
RUBICON_DECLARE_PASS(LowerConstantSpaceQueriesPass)
RUBICON_DECLARE_PASS(RetargetAMDGPUPass)
RUBICON_DECLARE_PASS(AllocaToPrivatePass)
RUBICON_DECLARE_PASS(KernelABIPass)
RUBICON_DECLARE_PASS(LowerNVVMIntrinsicsPass)
RUBICON_DECLARE_PASS(LowerPrintfPass)
RUBICON_DECLARE_PASS(LowerMathIntrinsicsPass)
// AMD targets: an error for each function computing on fp128
// (RejectFloat128.cpp).
RUBICON_DECLARE_PASS(RejectFloat128Pass)
// Every target: wmma operations to matrix instructions or the generic IR
// (LowerMatrixOps.cpp; Arch "host" for the CPU target).
RUBICON_DECLARE_PASS(LowerMatrixOpsPass)
// AMD targets, after -O<n>: PTX mma.sync accumulators stay in the MFMA block
// layout along chains of products (MatrixFragmentLayout.cpp).
RUBICON_DECLARE_PASS(MatrixFragmentLayoutPass)
#undef RUBICON_DECLARE_PASS

/// rubicon-lower-matrix-ops moves each PTX mma.sync accumulator between the
/// PTX ISA's fragment layout and the MFMA block layout by calling internal
/// functions that carry this attribute, "c_to_block" (C, in the PTX layout,
/// to the block layout) or "d_from_block" (D back), and
/// FragmentKindAttribute: "f32", "s32" (four words) or "f16" (two words of
/// half pairs; the block values are f32). rubicon-mma-fragment-layout
/// cancels the pairs of a chain, then inlines the rest.
inline constexpr const char FragmentLayoutAttribute[] =
    "rubicon-fragment-layout";
inline constexpr const char FragmentKindAttribute[] = "rubicon-fragment-kind";

/// The function attribute RecordClusterDimsPass puts on a kernel declared
/// with __cluster_dims__(x, y, z): "x,y,z".
inline constexpr const char ClusterDimsAttribute[] = "rubicon.cluster_dims";
/// The blocks in one of Kernel's clusters (1 without __cluster_dims__).
uint64_t clusterBlocks(const llvm::Function &Kernel);

/// The path each wmma operation took (rubicon-lower-matrix-ops), one line
/// per call, for `nvcc -v`.
std::vector<std::string> matrixPathNotes(const llvm::Module &M);

} // namespace rubicon

#endif // RUBICON_LOWERING_LOWERINGPASSES_H
