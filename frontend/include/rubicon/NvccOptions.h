//===- NvccOptions.h - nvcc's command line parsed -------------------------===//
//
// Parses an nvcc command line (table: frontend/NvccOptions.def) into
// DriverOptions. Std-only so that it is cheap to build and to unit-test.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_NVCCOPTIONS_H
#define RUBICON_FRONTEND_NVCCOPTIONS_H

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rubicon {

enum class NvccOptionID {
#define NVCC_OPTION(ID, LONG, SHORT, ARG, STATUS, HELP) ID,
#include "rubicon/NvccOptions.def"
#undef NVCC_OPTION
};

enum class NvccArgKind { None, One, Joined, List };
enum class NvccOptionStatus { Mapped, Ignored, Rejected };

struct NvccOptionInfo {
  NvccOptionID ID;
  std::string_view LongName;
  std::string_view ShortName;
  NvccArgKind Arg;
  NvccOptionStatus Status;
  std::string_view Help;
};

/// Every row of NvccOptions.def.
const std::vector<NvccOptionInfo> &nvccOptionTable();

/// DeviceImage: a .fatbin or .cubin file, input of the device link only
/// (nvcc -dlink; NVRTC's relocatable output, nvJitLink's inputs).
enum class InputKind { Cuda, Cxx, C, Ptx, Nvvm, Object, Library, DeviceImage };

struct InputFile {
  std::string Path;
  InputKind Kind;
};

/// Where nvcc stops. Fatbin and Cubin write the device code of each .cu input
/// alone: the fat binary (an offload bundle of code objects), or the one code
/// object of the only target.
enum class FinalPhase { Preprocess, Fatbin, Cubin, Ptx, Compile, DeviceLink, Link };

struct DriverOptions {
  FinalPhase Phase = FinalPhase::Link;
  /// With -dlink: Fatbin or Cubin (-dlink -fatbin, in either order) writes
  /// the linked fat binary or code object itself instead of a host object.
  FinalPhase DeviceLinkImage = FinalPhase::Compile;
  bool RunAfterLink = false;
  std::string OutputFile;
  std::vector<InputFile> Inputs;

  // Preprocessor: -D/-U in command-line order as "-DX=1" / "-UX".
  std::vector<std::string> MacroArgs;
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> SystemIncludeDirs;
  std::vector<std::string> PreIncludes;
  std::string Std; // "c++17"; empty: the frontend's default (C++17, as nvcc 12)

  std::optional<unsigned> HostOptLevel; // -O; unset: nvcc passes none
  bool HostDebug = false;
  bool DeviceDebug = false;
  bool LineInfo = false;
  bool FastMath = false;
  bool NoWarnings = false;
  bool ResourceUsage = false;
  bool FlushDenormals = false; // -ftz=true (also --use_fast_math)
  bool NoFMA = false;          // -fmad=false
  bool PerThreadDefaultStream = false;
  // Warps on wave64 (docs/warps.md).
  bool NativeWave64 = false;          // --rubicon-native-wave64
  // NVVM IR inputs (libNVVM).
  std::vector<std::string> NvvmLazyModules; // --rubicon-nvvm-lazy
  bool NvvmVerifyOnly = false;              // --rubicon-nvvm-verify
  bool WarpSizeWarnings = true;       // -Wno-warp-size turns them off
  std::vector<std::string> DisabledWarpSizeChecks; // -Wno-warp-size-<check>

  /// CUDA architectures requested (80 for sm_80/compute_80), in order.
  std::vector<unsigned> CudaArchs;
  /// AMD targets requested on the command line (gfx942, ...), in order.
  std::vector<std::string> AmdArchs;

  std::string HostCompiler; // -ccbin; empty: the default host compiler
  std::vector<std::string> HostCompilerArgs;
  std::vector<std::string> LinkerArgs;
  std::vector<std::string> ArchiveArgs; // -Xarchive
  std::vector<std::string> LibraryDirs;
  std::vector<std::string> Libraries;
  std::string Cudart = "static";
  bool SharedLibrary = false;

  bool Verbose = false;
  bool DryRun = false;
  bool PrintJobs = false; // -###
  bool ShowVersion = false;
  bool ShowHelp = false;
  bool KeepTemps = false;
  std::string KeepDir;
  bool PrintOptionTable = false; // --rubicon-print-option-table (docs)

  // Dependency generation: -M/-MM print rules instead of compiling;
  // -MD/-MMD write them while compiling.
  enum class DependencyMode { None, Print, WithCompile };
  DependencyMode Dependencies = DependencyMode::None;
  bool DependenciesSkipSystem = false;
  std::string DependencyFile;   // -MF
  std::string DependencyTarget; // -MT
  bool DependencyPhonyTargets = false; // -MP

  bool RelocatableDeviceCode = false; // -rdc=true, -dc
  bool HostSourceOutput = false;      // -cuda: <file>.cpp.ii
  std::string OutputDirectory; // -odir
  bool MakeStaticLibrary = false; // -lib
  bool WarningsAsErrors = false;  // -Werror all-warnings
  bool ForwardUnknownToHostCompiler = false;
  bool ForwardUnknownToHostLinker = false;
};

/// Parses Args (without argv[0]). On error returns the message in nvcc's
/// wording ("Unknown option '-foo'"), to be printed after "nvcc fatal   : ".
std::optional<std::string> parseNvccCommandLine(const std::vector<std::string> &Args,
                                                DriverOptions &Opts);

/// Replaces every --options-file/-optf F by the options written in F
/// (whitespace-separated, '' and "" quoting). Error text on a missing file.
std::optional<std::string> expandOptionsFiles(std::vector<std::string> &Args);

/// True if Args ask for nvcc's "#$ " output (-v, --dryrun), judged without
/// a full parse: the preamble is printed even for a command line in error.
/// Values of options (-Xptxas -v) are not mistaken for options.
bool requestsVerboseOutput(const std::vector<std::string> &Args);

/// The CUDA architecture number of "sm_80", "compute_86", "sm_90a", "80"
/// (80, 86, 90, 80); nullopt if it is not an architecture a release of nvcc
/// has known (CudaArchitectures.def), with a feature letter it allows.
std::optional<unsigned> parseCudaArch(std::string_view Name);

/// The architecture nvcc of CUDA release `CudaMajor` compiles for when no
/// -arch/-gencode names one (NVIDIA's nvcc documentation, --gpu-architecture
/// default): sm_52 through CUDA 12, sm_75 from CUDA 13. __CUDA_ARCH__ follows
/// it, so code guarded by `__CUDA_ARCH__ >= 600` takes the same branch.
unsigned defaultCudaArch(unsigned CudaMajor);

/// The input kind nvcc infers from a file name; nullopt if unknown.
std::optional<InputKind> inputKindForPath(std::string_view Path);

/// The option table as a Markdown table (docs/nvcc-options.md).
std::string renderNvccOptionTableMarkdown();

/// nvcc --help text.
std::string renderNvccHelp();

} // namespace rubicon

#endif // RUBICON_FRONTEND_NVCCOPTIONS_H
