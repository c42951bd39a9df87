//===- Driver.cpp - Rubicon's nvcc: plan and run the compilation ----------===//
//
// nvcc's behaviour, step by step: parse the command line (NvccOptions.cpp),
// plan a list of jobs (device side, fat binary, host side, host compiler,
// link), print them for -v/--dryrun/-### in nvcc's "#$ " format, and run them.
//
//===----------------------------------------------------------------------===//

#include "ClangJobs.h"
#include "NVVMInput.h"
#include "PTXInput.h"
#include "Driver.h"

#include "rubicon/Config.h"
#include "rubicon/DeviceTarget.h"
#include "rubicon/FatBinary.h"
#include "rubicon/HostABI.h"
#include "rubicon/HostCpuLevels.h"
#include "rubicon/NvccOptions.h"
#include "rubicon/PtxText.h"
#include "rubicon/TargetNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdlib>
#include <functional>

namespace rubicon {
namespace {

constexpr const char *FatalPrefix = "nvcc fatal   : ";

int fatal(const llvm::Twine &Message) {
  llvm::errs() << FatalPrefix << Message << "\n";
  return 1;
}

/// One step of the compilation. Jobs with a Program run as a subprocess;
/// the others run in process (clang, the device back end, the bundler).
struct Job {
  std::vector<std::string> Argv; // what -v/--dryrun/-### print
  std::function<bool()> RunInProcess;
  bool isSubprocess() const { return !RunInProcess; }
};

std::string quoteForShell(const std::string &Arg) {
  if (!Arg.empty() && Arg.find_first_of(" \t\"'\\$`;&|<>()*?[]{}") == std::string::npos)
    return Arg;
  std::string Quoted = "\"";
  for (char C : Arg) {
    if (C == '"' || C == '\\' || C == '$' || C == '`')
      Quoted.push_back('\\');
    Quoted.push_back(C);
  }
  return Quoted + "\"";
}

std::string joinForDisplay(const std::vector<std::string> &Argv, bool QuoteAll) {
  std::string Line;
  for (const std::string &Arg : Argv) {
    if (!Line.empty())
      Line += ' ';
    Line += QuoteAll ? "\"" + Arg + "\"" : quoteForShell(Arg);
  }
  return Line;
}

class NvccDriver {
public:
  NvccDriver(DriverOptions Opts, std::string ToolkitDir)
      : Opts(std::move(Opts)), ToolkitDir(std::move(ToolkitDir)) {}

  int run();

private:
  bool resolveTargets();
  std::string makeTempPath(llvm::StringRef Stem, llvm::StringRef Extension);
  std::string objectPathFor(const InputFile &Input);
  /// -fatbin / -cubin / -ptx: only the device code of each .cu input is
  /// written.
  bool isDeviceOnlyPhase() const {
    return Opts.Phase == FinalPhase::Fatbin ||
           Opts.Phase == FinalPhase::Cubin || Opts.Phase == FinalPhase::Ptx;
  }
  std::vector<std::string> commonClangArgs(bool DeviceSide) const;
  bool planCudaCompile(const InputFile &Input, const std::string &Object);
  void planPtxCompile(const InputFile &Input, const std::string &Output);
  void planNvvmCompile(const std::vector<std::string> &Modules,
                       const std::string &Output);
  void planHostCompile(const InputFile &Input, const std::string &Object);
  bool planCudaPreprocess(const InputFile &Input);
  DeviceBackendSettings backendSettings(const std::string &KeepPrefix) const;
  std::vector<std::string> compilationUnitArgs(const InputFile &Input,
                                               const std::string &Object) const;
  void planDeviceLink(const std::vector<std::string> &Inputs, const std::string &Object);
  bool planPrintDependencies(const InputFile &Input);
  std::vector<std::string> dependencyArgs(const std::string &Object) const;
  void planLink(const std::vector<std::string> &LinkInputs);
  bool usesHostOpenMP() const;
  static bool isGnuOpenMPRuntime(llvm::StringRef Path);
  bool execute(const Job &J) const;
  void removeTemps();
  std::string hostCompiler(bool ForC) const;
  std::string hostCompilerIncludeDir() const;

  DriverOptions Opts;
  std::string ToolkitDir;
  std::vector<std::string> AmdArchs;
  std::string HostCpu; // the host target's x86-64 level (RUBICON_HOST_CPU)
  unsigned CudaArch = defaultCudaArch(RUBICON_CUDA_VERSION_MAJOR);
  std::vector<Job> Jobs;
  std::vector<std::string> Temps;
};

std::string NvccDriver::makeTempPath(llvm::StringRef Stem, llvm::StringRef Extension) {
  llvm::SmallString<256> Path;
  if (Opts.KeepTemps) {
    llvm::SmallString<256> Dir(Opts.KeepDir.empty() ? "." : Opts.KeepDir);
    llvm::sys::path::append(Dir, Stem + "." + Extension);
    return std::string(Dir);
  }
  std::string Prefix = ("rubicon-" + Stem).str();
  if (llvm::sys::fs::createTemporaryFile(Prefix, Extension, Path)) {
    Path = ("/tmp/" + Prefix + "." + Extension).str();
  }
  Temps.push_back(std::string(Path));
  return std::string(Path);
}

std::string NvccDriver::objectPathFor(const InputFile &Input) {
  llvm::StringRef Stem = llvm::sys::path::stem(Input.Path);
  llvm::StringRef Extension = Opts.Phase == FinalPhase::Fatbin  ? ".fatbin"
                              : Opts.Phase == FinalPhase::Cubin ? ".cubin"
                              : Opts.Phase == FinalPhase::Ptx   ? ".ptx"
                                                                : ".o";
  if (Opts.Phase == FinalPhase::Compile || isDeviceOnlyPhase()) {
    if (!Opts.OutputFile.empty())
      return Opts.OutputFile;
    llvm::SmallString<256> Path(Opts.OutputDirectory);
    llvm::sys::path::append(Path, Stem + Extension);
    return std::string(Path);
  }
  return makeTempPath(Stem, "o");
}

bool NvccDriver::resolveTargets() {
  if (!Opts.CudaArchs.empty())
    CudaArch = *std::max_element(Opts.CudaArchs.begin(), Opts.CudaArchs.end());

  AmdArchs = Opts.AmdArchs;
  if (AmdArchs.empty()) {
    if (const char *Env = std::getenv("RUBICON_GPU_ARCH"); Env && *Env) {
      llvm::SmallVector<llvm::StringRef, 4> Parts;
      llvm::StringRef(Env).split(Parts, ',', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef Part : Parts) {
        std::string Arch = Part.trim().str();
        if (!target_names::isDeviceTargetName(Arch)) {
          fatal("Unsupported AMD gpu architecture '" + Arch +
                "' in RUBICON_GPU_ARCH (expected names such as gfx942)");
          return false;
        }
        AmdArchs.push_back(Arch);
      }
    }
  }
  if (AmdArchs.empty())
    AmdArchs.push_back(RUBICON_DEFAULT_GPU_ARCH);
  // Each target once, in the order first named.
  std::vector<std::string> Unique;
  for (const std::string &Arch : AmdArchs)
    if (std::find(Unique.begin(), Unique.end(), Arch) == Unique.end())
      Unique.push_back(Arch);
  AmdArchs = std::move(Unique);
  // -ptx: PTX loads on whatever device the program finds, so Rubicon's -ptx
  // text carries the host target's code object too (docs/ptx-files.md).
  if (Opts.Phase == FinalPhase::Ptx &&
      std::find(AmdArchs.begin(), AmdArchs.end(), rubicon::host::TargetName) ==
          AmdArchs.end())
    AmdArchs.push_back(rubicon::host::TargetName);

  // The x86-64 level of host code objects: RUBICON_HOST_CPU, else this
  // machine's own, at most x86-64-v3 (docs/host-target.md, "CPU level").
  {
    unsigned Level = std::min(rubicon::host::detectCpuLevel(),
                              rubicon::host::DefaultMaxCpuLevel);
    if (const char *Env = std::getenv("RUBICON_HOST_CPU"); Env && *Env) {
      llvm::StringRef Name = llvm::StringRef(Env).trim();
      if (Name == "native") {
        Level = rubicon::host::detectCpuLevel();
      } else if (const rubicon::host::CpuLevel *Named =
                     rubicon::host::cpuLevelNamed(Name)) {
        Level = Named->Number;
      } else {
        fatal("Unsupported host CPU level '" + Name.str() +
              "' in RUBICON_HOST_CPU (expected x86-64, x86-64-v2, x86-64-v3, "
              "x86-64-v4 or native)");
        return false;
      }
    }
    HostCpu = std::string(rubicon::host::cpuLevel(Level)->Name);
  }

  // -keep-dir names an existing folder, as with nvcc (which does not create
  // it either); writing the kept files there would fail later.
  if (Opts.KeepTemps && !Opts.KeepDir.empty() &&
      !llvm::sys::fs::is_directory(Opts.KeepDir)) {
    fatal("Could not open keep directory '" + Opts.KeepDir +
          "': no such directory");
    return false;
  }

  // Native wave64 needs 64-lane wavefronts: gfx10, gfx11 and gfx12 run 32.
  if (Opts.NativeWave64)
    for (const std::string &Arch : AmdArchs)
      if (llvm::StringRef(Arch).starts_with("gfx1")) {
        fatal("--rubicon-native-wave64 needs wave64 targets (gfx90a, gfx942, "
              "gfx950); '" + Arch + "' runs 32-lane wavefronts");
        return false;
      }

  for (const std::string &Arch : AmdArchs) {
    std::string LibName = Arch + ".bc";
    if (auto Target = createDeviceTarget(Arch))
      LibName = (*Target)->deviceLibraryFileName();
    else
      llvm::consumeError(Target.takeError());
    std::string Lib = ToolkitDir + "/lib64/rubicon/" + LibName;
    if (llvm::sys::fs::exists(Lib))
      continue;
    std::string Available;
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator It(ToolkitDir + "/lib64/rubicon", EC), End;
         !EC && It != End; It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      if (Name.consume_back(".bc"))
        Available += (Available.empty() ? "" : ", ") + Name.str();
    }
    fatal("Unsupported AMD gpu architecture '" + Arch +
          "': this Rubicon has no device library for it (available: " +
          (Available.empty() ? std::string("none") : Available) + ")");
    return false;
  }
  return true;
}

std::vector<std::string> NvccDriver::commonClangArgs(bool DeviceSide) const {
  std::vector<std::string> Args = {
      "-x", "cuda", "--no-offload-new-driver", "-nocudainc", "-nocudalib",
      "--cuda-path=" + ToolkitDir,
      // Clang's NVPTX CPU only decides which NVPTX builtins the headers may
      // use; __CUDA_ARCH__ is set below from -arch.
      "--cuda-gpu-arch=sm_90", "-Wno-unknown-cuda-version",
      // The CUDA release Rubicon implements decides clang's launch ABI
      // (cudaLaunchKernel, __cudaPushCallConfiguration): the newest release
      // clang knows with the same ABI (CMakeLists.txt).
      "-Xclang",
      std::string("-target-sdk-version=") + RUBICON_CLANG_CUDA_SDK_VERSION,
      "-D__CUDACC__", "-D__NVCC__", "-D__RUBICON__=1",
      "-D__CUDACC_VER_MAJOR__=" + std::to_string(RUBICON_CUDA_VERSION_MAJOR),
      "-D__CUDACC_VER_MINOR__=" + std::to_string(RUBICON_CUDA_VERSION_MINOR),
      "-D__CUDACC_VER_BUILD__=" + std::to_string(RUBICON_CUDA_VERSION_PATCH),
      "-D__CUDA_API_VER_MAJOR__=" + std::to_string(RUBICON_CUDA_VERSION_MAJOR),
      "-D__CUDA_API_VER_MINOR__=" + std::to_string(RUBICON_CUDA_VERSION_MINOR),
      "-U__CUDA_ARCH_LIST__",
      "-D__CUDA_ARCH_LIST__=" + std::to_string(CudaArch * 10),
      // nvcc's front end accepts "text"MACRO (a literal glued to a macro
      // name, written before C++11 reserved that spelling) and g++ only
      // warns; clang makes it an error unless told otherwise.
      "-Wno-error=reserved-user-defined-literal",
      // Narrowing in braces (P p{aDouble}) is a warning with nvcc, as with
      // g++; clang's c++11-narrowing diagnostics are errors by default.
      "-Wno-error=c++11-narrowing",
      // nvcc's type traits for its extended lambdas, whose closure types
      // are opaque to host code (libcu++'s cuda::launch and invoke_result
      // ask them). A clang lambda is an ordinary class on both sides:
      // none is such a closure type.
      "-D__nv_is_extended_device_lambda_closure_type(...)=false",
      "-D__nv_is_extended_host_device_lambda_closure_type(...)=false",
      "-D__nv_is_extended_device_lambda_with_preserved_return_type(...)=false"};
  Args.push_back(DeviceSide ? "--cuda-device-only" : "--cuda-host-only");
  if (DeviceSide) {
    Args.push_back("-U__CUDA_ARCH__");
    Args.push_back("-D__CUDA_ARCH__=" + std::to_string(CudaArch * 10));
    // No noundef on device functions' parameters: CUDA code passes values
    // only some lanes set to warp shuffles (`if (lane == 0) v = ...; v =
    // __shfl_sync(mask, v, 0);`), which nvcc compiles as meant. With
    // noundef the other lanes' path is undefined behaviour, and LLVM
    // deletes the `lane == 0` test.
    Args.insert(Args.end(), {"-Xclang", "-no-enable-noundef-analysis"});
  }
  if (Opts.PerThreadDefaultStream)
    Args.push_back("-fgpu-default-stream=per-thread");
  if (Opts.FastMath && DeviceSide)
    Args.insert(Args.end(), {"-ffast-math", "-fcuda-flush-denormals-to-zero"});
  if (Opts.FlushDenormals && DeviceSide)
    Args.push_back("-fcuda-flush-denormals-to-zero");
  if (Opts.NoFMA && DeviceSide)
    Args.push_back("-ffp-contract=off");
  if (Opts.NoWarnings)
    Args.push_back("-w");
  if (Opts.WarningsAsErrors)
    Args.push_back("-Werror");
  if (Opts.NativeWave64)
    Args.push_back("-D__RUBICON_WARP_SIZE__=64");
  if (!Opts.Std.empty())
    Args.push_back("-std=" + Opts.Std);
  for (const std::string &Dir : Opts.IncludeDirs)
    Args.push_back("-I" + Dir);
  for (const std::string &Dir : Opts.SystemIncludeDirs)
    Args.insert(Args.end(), {"-isystem", Dir});
  Args.insert(Args.end(), {"-isystem", ToolkitDir + "/include"});
  Args.insert(Args.end(), Opts.MacroArgs.begin(), Opts.MacroArgs.end());
  // Headers only the host compiler has (omp.h, quadmath.h) stay reachable,
  // searched after everything else, as they are with nvcc and gcc.
  if (std::string Dir = hostCompilerIncludeDir(); !Dir.empty())
    Args.insert(Args.end(), {"-idirafter", Dir});
  // nvcc includes cuda_runtime.h before every .cu file.
  Args.insert(Args.end(), {"-include", "cuda_runtime.h"});
  for (const std::string &Header : Opts.PreIncludes)
    Args.insert(Args.end(), {"-include", Header});
  return Args;
}

DeviceBackendSettings NvccDriver::backendSettings(const std::string &KeepPrefix) const {
  DeviceBackendSettings Settings;
  Settings.AmdArchs = AmdArchs;
  Settings.DeviceLibDir = ToolkitDir + "/lib64/rubicon";
  Settings.ToolkitIncludeDir = ToolkitDir + "/include";
  Settings.LldPath = std::string(RUBICON_LLVM_TOOLS_DIR) + "/ld.lld";
  Settings.OptLevel = Opts.DeviceDebug ? 0 : 3;
  Settings.HostCpu = HostCpu;
  Settings.KeepTemps = Opts.KeepTemps;
  Settings.KeepPrefix = KeepPrefix;
  Settings.ResourceUsage = Opts.ResourceUsage;
  Settings.Verbose = Opts.Verbose;
  Settings.WarpSizeWarnings = Opts.WarpSizeWarnings && !Opts.NoWarnings;
  Settings.DisabledWarpSizeChecks = Opts.DisabledWarpSizeChecks;
  Settings.KeepDeviceDebugInfo = Opts.DeviceDebug || Opts.LineInfo;

  Settings.RelocatableDeviceCode = Opts.RelocatableDeviceCode;
  Settings.CudaArch = CudaArch;
  return Settings;
}

/// Writes the device code of one input: the fat binary of CodeObjects, or
/// with -cubin the code object of the only target alone.
/// Writes the device code: a fat binary, the only code object (-cubin), or,
/// with PtxSource (the input's name), the fat binary as Rubicon's -ptx text
/// (rubicon/PtxText.h).
static bool writeDeviceCode(const std::string &Path,
                            std::vector<std::pair<std::string, std::string>> CodeObjects,
                            bool SingleCodeObject,
                            const std::string &PtxSource = std::string()) {
  std::vector<std::pair<std::string, std::string>> Entries;
  Entries.emplace_back(fatbin::hostEntryId(), std::string());
  for (auto &[Id, Bytes] : CodeObjects)
    Entries.emplace_back(std::move(Id), std::move(Bytes));
  std::string Bundle;
  if (!SingleCodeObject)
    Bundle = fatbin::writeBundle(Entries);
  else // -cubin: the code object of the only target, alone
    for (auto &[Id, Bytes] : Entries)
      if (!Bytes.empty() && Id != NVVMBundleEntryId)
        Bundle = std::move(Bytes);
  if (!PtxSource.empty())
    Bundle = ptxtext::write(Bundle, PtxSource);
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << FatalPrefix << "Could not write '" << Path
                 << "': " << EC.message() << "\n";
    return false;
  }
  OS << Bundle;
  return true;
}

bool NvccDriver::planCudaCompile(const InputFile &Input, const std::string &Object) {
  std::string Stem = llvm::sys::path::stem(Input.Path).str();
  // -fatbin / -cubin: the device code is the output (Object names it).
  bool DeviceOnly = isDeviceOnlyPhase();
  bool SingleCodeObject = Opts.Phase == FinalPhase::Cubin;
  // -ptx: the fat binary as text (rubicon/PtxText.h).
  bool PtxText = Opts.Phase == FinalPhase::Ptx;
  std::string SourceName = llvm::sys::path::filename(Input.Path).str();
  std::string FatBinary = DeviceOnly ? Object : makeTempPath(Stem, "fatbin");

  // Device side: clang for nvptx64 (NVVM IR, unoptimized), then per AMD
  // target: lowering, device library, LLVM -O3, AMDGPU codegen, ld.lld.
  std::vector<std::string> DeviceArgs = commonClangArgs(/*DeviceSide=*/true);
  DeviceArgs.insert(DeviceArgs.end(), {"-O3", "-Xclang", "-disable-llvm-passes",
                                       "-emit-llvm", "-c", Input.Path, "-o",
                                       FatBinary + ".nvvm.bc"});
  // Line tables give the warp-size analysis its source locations; the back
  // end drops them again unless -G or -lineinfo asked for them.
  DeviceArgs.push_back(Opts.DeviceDebug ? "-g" : "-gline-tables-only");
  // Clang keeps a frame pointer for NVPTX at every -O; on AMDGPU it costs an
  // SGPR (s33) and its setup in every kernel. Only -G keeps it, as HIP does.
  if (!Opts.DeviceDebug)
    DeviceArgs.push_back("-fomit-frame-pointer");
  std::vector<std::string> UnitArgs = compilationUnitArgs(Input, Object);
  DeviceArgs.insert(DeviceArgs.end(), UnitArgs.begin(), UnitArgs.end());
  std::vector<std::string> DeviceCC1;
  if (!clangCC1ArgsFor(DeviceArgs, DeviceCC1))
    return false;

  llvm::SmallString<256> KeepPrefix(FatBinary);
  llvm::sys::path::replace_extension(KeepPrefix, "");
  DeviceBackendSettings Settings = backendSettings(std::string(KeepPrefix));
  Job Device;
  Device.Argv.push_back(std::string(RUBICON_LLVM_TOOLS_DIR) + "/clang");
  Device.Argv.insert(Device.Argv.end(), DeviceCC1.begin(), DeviceCC1.end());
  Job Backend;
  // "-arch compute_NN" names the CUDA architecture the device side was
  // parsed for, as nvcc's cicc line does (CMake reads it).
  Backend.Argv = {"rubicon-device-backend", "-arch", "compute_" + std::to_string(CudaArch),
                  "--amdgpu-arch=" + llvm::join(AmdArchs, ","),
                  "-O" + std::to_string(Settings.OptLevel),
                  "--device-lib-dir=" + Settings.DeviceLibDir, "-o", FatBinary};
  // The device frontend and back end share one in-memory module: they run as
  // one step; -v shows them as two lines.
  // The device side's variables, which the host side registers
  // (DeviceSideVariables.h): the two jobs run one after the other.
  auto Variables = std::make_shared<std::vector<DeviceSideVariable>>();
  Device.RunInProcess = [DeviceCC1, Settings, FatBinary, SingleCodeObject,
                         PtxText, SourceName, Variables]() {
    std::vector<std::pair<std::string, std::string>> CodeObjects;
    if (!compileDeviceSide(DeviceCC1, Settings, CodeObjects, Variables.get()))
      return false;
    return writeDeviceCode(FatBinary, std::move(CodeObjects), SingleCodeObject,
                           PtxText ? SourceName : std::string());
  };
  Backend.RunInProcess = [] { return true; };
  Jobs.push_back(std::move(Device));
  Jobs.push_back(std::move(Backend));
  if (DeviceOnly)
    return true;

  // Host side: clang for x86-64, embedding the fat binary and registering it.
  std::vector<std::string> HostArgs = commonClangArgs(/*DeviceSide=*/false);
  HostArgs.insert(HostArgs.end(), {"-Xclang", "-fcuda-include-gpubinary",
                                   "-Xclang", FatBinary, "-c", Input.Path, "-o",
                                   Object});
  if (Opts.HostOptLevel)
    HostArgs.push_back("-O" + std::to_string(*Opts.HostOptLevel));
  if (Opts.HostDebug)
    HostArgs.push_back("-g");
  // Signed overflow wraps in host code, as CUDA programs built by nvcc with
  // g++ find it does in practice: clang widens `i * i` in a loop to 64 bits
  // where g++ does not (simpleOccupancy compares a wrapped product with it).
  // -Xcompiler -fno-wrapv, which comes later, takes it back.
  HostArgs.push_back("-fwrapv");
  std::vector<std::string> DepArgs = dependencyArgs(Object);
  HostArgs.insert(HostArgs.end(), DepArgs.begin(), DepArgs.end());
  HostArgs.insert(HostArgs.end(), UnitArgs.begin(), UnitArgs.end());
  HostArgs.insert(HostArgs.end(), Opts.HostCompilerArgs.begin(),
                  Opts.HostCompilerArgs.end());
  std::vector<std::string> HostCC1;
  if (!clangCC1ArgsFor(HostArgs, HostCC1))
    return false;
  Job Host;
  Host.Argv.push_back(std::string(RUBICON_LLVM_TOOLS_DIR) + "/clang");
  Host.Argv.insert(Host.Argv.end(), HostCC1.begin(), HostCC1.end());
  Host.RunInProcess = [HostCC1, Variables]() {
    return runClangCC1(HostCC1, Variables.get());
  };
  Jobs.push_back(std::move(Host));
  return true;
}

/// A .ptx input (-cubin / -fatbin only, as with nvcc): the module's kernels
/// translated by ptx-module, then the device back end of a .cu file.
void NvccDriver::planPtxCompile(const InputFile &Input, const std::string &Output) {
  DeviceBackendSettings Settings = backendSettings(Output);
  bool SingleCodeObject = Opts.Phase == FinalPhase::Cubin;
  Job Device;
  Device.Argv = {"rubicon-ptx-module", Input.Path, "|", "rubicon-device-backend",
                 "--amdgpu-arch=" + llvm::join(AmdArchs, ","),
                 "-O" + std::to_string(Settings.OptLevel), "-o", Output};
  Device.RunInProcess = [Path = Input.Path, Settings, Output, SingleCodeObject]() {
    std::vector<std::pair<std::string, std::string>> CodeObjects;
    if (!compilePTXDeviceSide(Path, Settings, CodeObjects))
      return false;
    return writeDeviceCode(Output, std::move(CodeObjects), SingleCodeObject);
  };
  Jobs.push_back(std::move(Device));
}

/// The .ll/.bc inputs (-ptx / -fatbin / -cubin only): one NVVM IR program,
/// linked with the --rubicon-nvvm-lazy modules for what it uses, then the
/// device back end of a .cu file (NVVMInput.h). -ptx writes the fat binary
/// as Rubicon's PTX text, what libNVVM returns.
void NvccDriver::planNvvmCompile(const std::vector<std::string> &Modules,
                                 const std::string &Output) {
  DeviceBackendSettings Settings = backendSettings(Output);
  NVVMProgram Program;
  Program.Modules = Modules;
  Program.LazyModules = Opts.NvvmLazyModules;
  Program.VerifyOnly = Opts.NvvmVerifyOnly;
  Program.FlushDenormals = Opts.FlushDenormals;
  bool SingleCodeObject = Opts.Phase == FinalPhase::Cubin;
  bool PtxText = Opts.Phase == FinalPhase::Ptx;
  Job Device;
  Device.Argv = {"rubicon-nvvm-program"};
  Device.Argv.insert(Device.Argv.end(), Modules.begin(), Modules.end());
  for (const std::string &Lazy : Program.LazyModules)
    Device.Argv.push_back("--lazy=" + Lazy);
  Device.Argv.insert(Device.Argv.end(),
                     {"|", "rubicon-device-backend",
                      "--amdgpu-arch=" + llvm::join(AmdArchs, ","),
                      "-O" + std::to_string(Settings.OptLevel), "-o", Output});
  Device.RunInProcess = [Program, Settings, Output, SingleCodeObject,
                         PtxText]() {
    std::vector<std::pair<std::string, std::string>> CodeObjects;
    if (!compileNVVMProgram(Program, Settings, CodeObjects))
      return false;
    if (Program.VerifyOnly)
      return true;
    return writeDeviceCode(Output, std::move(CodeObjects), SingleCodeObject,
                           PtxText ? Program.Modules.front() : std::string());
  };
  Jobs.push_back(std::move(Device));
}

/// Arguments both sides of one .cu file share: the compilation-unit id (which
/// names the module id of -rdc registration and static device variables, so
/// host and device must agree) and -fgpu-rdc for separate compilation.
std::vector<std::string> NvccDriver::compilationUnitArgs(const InputFile &Input,
                                                         const std::string &Object) const {
  llvm::SmallString<256> Absolute(Input.Path);
  llvm::sys::fs::make_absolute(Absolute);
  std::vector<std::string> Args = {
      "-cuid=" + llvm::utohexstr(llvm::xxh3_64bits(std::string(Absolute) + "|" + Object))};
  if (Opts.RelocatableDeviceCode)
    Args.push_back("-fgpu-rdc");
  return Args;
}

/// The device link (nvcc -dlink): one host object registering the code
/// objects made from the NVVM bitcode of every -dc object in Inputs.
void NvccDriver::planDeviceLink(const std::vector<std::string> &Inputs,
                                const std::string &Object) {
  std::string TempPrefix = makeTempPath(llvm::sys::path::stem(Object), "dlink");
  Temps.push_back(TempPrefix + ".linked.fatbin");
  Temps.push_back(TempPrefix + ".dlink.c");
  DeviceBackendSettings Settings = backendSettings(TempPrefix);
  Settings.RelocatableDeviceCode = false;
  Job Link;
  Link.Argv = {"rubicon-device-link", "--amdgpu-arch=" + llvm::join(AmdArchs, ","),
               "-O" + std::to_string(Settings.OptLevel), "-o", Object};
  Link.Argv.insert(Link.Argv.end(), Inputs.begin(), Inputs.end());
  // -dlink -fatbin/-cubin: the linked image itself; otherwise (and for the
  // device link of a host link) a host object registering it.
  DeviceLinkOutput What = DeviceLinkOutput::HostObject;
  if (Opts.Phase == FinalPhase::DeviceLink && Opts.DeviceLinkImage == FinalPhase::Fatbin)
    What = DeviceLinkOutput::FatBinary;
  if (Opts.Phase == FinalPhase::DeviceLink && Opts.DeviceLinkImage == FinalPhase::Cubin)
    What = DeviceLinkOutput::CodeObject;
  Link.RunInProcess = [Inputs, Settings, What, Object, TempPrefix]() {
    return deviceLink(Inputs, Settings, What, Object, TempPrefix);
  };
  Jobs.push_back(std::move(Link));
}

bool NvccDriver::planCudaPreprocess(const InputFile &Input) {
  std::vector<std::string> Args = commonClangArgs(/*DeviceSide=*/false);
  Args.insert(Args.end(), {"-E", Input.Path});
  if (!Opts.OutputFile.empty())
    Args.insert(Args.end(), {"-o", Opts.OutputFile});
  else if (Opts.HostSourceOutput) // -cuda: x.cu -> x.cu.cpp.ii in the current directory
    Args.insert(Args.end(), {"-o", (llvm::sys::path::filename(Input.Path) + ".cpp.ii").str()});
  std::vector<std::string> CC1;
  if (!clangCC1ArgsFor(Args, CC1))
    return false;
  Job Preprocess;
  Preprocess.Argv.push_back(std::string(RUBICON_LLVM_TOOLS_DIR) + "/clang");
  Preprocess.Argv.insert(Preprocess.Argv.end(), CC1.begin(), CC1.end());
  Preprocess.RunInProcess = [CC1]() { return runClangCC1(CC1); };
  Jobs.push_back(std::move(Preprocess));
  return true;
}

/// -MD/-MMD and friends for a compile that writes Object: the rule names the
/// object (or -MT's target) and goes to -MF's file, else Object with ".d".
std::vector<std::string> NvccDriver::dependencyArgs(const std::string &Object) const {
  std::vector<std::string> Args;
  if (Opts.Dependencies != DriverOptions::DependencyMode::WithCompile)
    return Args;
  Args.push_back(Opts.DependenciesSkipSystem ? "-MMD" : "-MD");
  std::string File = Opts.DependencyFile;
  if (File.empty()) {
    llvm::SmallString<256> Path(Object);
    llvm::sys::path::replace_extension(Path, "d");
    File = std::string(Path);
  }
  Args.insert(Args.end(), {"-MF", File, "-MT",
                           Opts.DependencyTarget.empty() ? Object : Opts.DependencyTarget});
  if (Opts.DependencyPhonyTargets)
    Args.push_back("-MP");
  return Args;
}

/// -M/-MM: print (or write to -MF) the make rule of one input, compile nothing.
bool NvccDriver::planPrintDependencies(const InputFile &Input) {
  std::string Object = (llvm::sys::path::stem(Input.Path) + ".o").str();
  std::vector<std::string> Rule = {Opts.DependenciesSkipSystem ? "-MM" : "-M", "-MT",
                                   Opts.DependencyTarget.empty() ? Object
                                                                 : Opts.DependencyTarget};
  if (Opts.DependencyPhonyTargets)
    Rule.push_back("-MP");
  std::string Out = !Opts.DependencyFile.empty() ? Opts.DependencyFile : Opts.OutputFile;
  if (Input.Kind != InputKind::Cuda) {
    Job HostDeps;
    HostDeps.Argv = {hostCompiler(Input.Kind == InputKind::C)};
    for (const std::string &Dir : Opts.IncludeDirs)
      HostDeps.Argv.push_back("-I" + Dir);
    HostDeps.Argv.insert(HostDeps.Argv.end(), {"-isystem", ToolkitDir + "/include"});
    HostDeps.Argv.insert(HostDeps.Argv.end(), Opts.MacroArgs.begin(), Opts.MacroArgs.end());
    HostDeps.Argv.insert(HostDeps.Argv.end(), Rule.begin(), Rule.end());
    HostDeps.Argv.push_back(Input.Path);
    if (!Out.empty())
      HostDeps.Argv.insert(HostDeps.Argv.end(), {"-MF", Out});
    Jobs.push_back(std::move(HostDeps));
    return true;
  }
  std::vector<std::string> Args = commonClangArgs(/*DeviceSide=*/false);
  Args.insert(Args.end(), Rule.begin(), Rule.end());
  Args.push_back(Input.Path);
  if (!Out.empty())
    Args.insert(Args.end(), {"-MF", Out});
  std::vector<std::string> CC1;
  if (!clangCC1ArgsFor(Args, CC1))
    return false;
  Job Deps;
  Deps.Argv.push_back(std::string(RUBICON_LLVM_TOOLS_DIR) + "/clang");
  Deps.Argv.insert(Deps.Argv.end(), CC1.begin(), CC1.end());
  Deps.RunInProcess = [CC1]() { return runClangCC1(CC1); };
  Jobs.push_back(std::move(Deps));
  return true;
}

/// The host compiler's own header directory (gcc -print-file-name=include),
/// or "" if it does not say.
std::string NvccDriver::hostCompilerIncludeDir() const {
  static std::string Cached = [this]() -> std::string {
    llvm::ErrorOr<std::string> Compiler = llvm::sys::findProgramByName(hostCompiler(true));
    if (!Compiler)
      return "";
    llvm::SmallString<128> Output;
    if (llvm::sys::fs::createTemporaryFile("rubicon-gcc-include", "txt", Output))
      return "";
    std::optional<llvm::StringRef> Redirects[] = {std::nullopt, llvm::StringRef(Output),
                                                  llvm::StringRef("")};
    std::vector<llvm::StringRef> Argv = {*Compiler, "-print-file-name=include"};
    int Status = llvm::sys::ExecuteAndWait(*Compiler, Argv, std::nullopt, Redirects);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Text =
        llvm::MemoryBuffer::getFile(Output);
    llvm::sys::fs::remove(Output);
    if (Status != 0 || !Text)
      return "";
    std::string Dir = llvm::StringRef((*Text)->getBuffer()).trim().str();
    return llvm::sys::path::is_absolute(Dir) && llvm::sys::fs::is_directory(Dir) ? Dir : "";
  }();
  return Cached;
}

std::string NvccDriver::hostCompiler(bool ForC) const {
  if (!Opts.HostCompiler.empty()) {
    // -ccbin names a compiler or the directory holding one.
    if (llvm::sys::fs::is_directory(Opts.HostCompiler))
      return Opts.HostCompiler + (ForC ? "/gcc" : "/g++");
    return Opts.HostCompiler;
  }
  return ForC ? "gcc" : "g++";
}

void NvccDriver::planHostCompile(const InputFile &Input, const std::string &Object) {
  Job Compile;
  Compile.Argv = {hostCompiler(Input.Kind == InputKind::C)};
  for (const std::string &Dir : Opts.IncludeDirs)
    Compile.Argv.push_back("-I" + Dir);
  for (const std::string &Dir : Opts.SystemIncludeDirs)
    Compile.Argv.insert(Compile.Argv.end(), {"-isystem", Dir});
  Compile.Argv.insert(Compile.Argv.end(), {"-isystem", ToolkitDir + "/include"});
  Compile.Argv.insert(Compile.Argv.end(), Opts.MacroArgs.begin(), Opts.MacroArgs.end());
  for (const std::string &Header : Opts.PreIncludes)
    Compile.Argv.insert(Compile.Argv.end(), {"-include", Header});
  if (!Opts.Std.empty() && Input.Kind == InputKind::Cxx)
    Compile.Argv.push_back("-std=" + Opts.Std);
  if (Opts.HostOptLevel)
    Compile.Argv.push_back("-O" + std::to_string(*Opts.HostOptLevel));
  if (Opts.HostDebug)
    Compile.Argv.push_back("-g");
  if (Opts.NoWarnings)
    Compile.Argv.push_back("-w");
  if (Opts.WarningsAsErrors)
    Compile.Argv.push_back("-Werror");
  std::vector<std::string> DepArgs = dependencyArgs(Object);
  Compile.Argv.insert(Compile.Argv.end(), DepArgs.begin(), DepArgs.end());
  Compile.Argv.insert(Compile.Argv.end(), Opts.HostCompilerArgs.begin(),
                      Opts.HostCompilerArgs.end());
  Compile.Argv.insert(Compile.Argv.end(),
                      {"-c", "-x", Input.Kind == InputKind::C ? "c" : "c++",
                       Input.Path, "-o", Object});
  Jobs.push_back(std::move(Compile));
}

/// True if the host code uses OpenMP: -Xcompiler -fopenmp, or GNU's OpenMP
/// runtime named on the link line (-lgomp, libgomp.so, as CMake's
/// OpenMP::OpenMP_CXX passes it).
bool NvccDriver::usesHostOpenMP() const {
  for (const std::string &Arg : Opts.HostCompilerArgs)
    if (Arg == "-fopenmp" || llvm::StringRef(Arg).starts_with("-fopenmp="))
      return true;
  for (const std::string &Lib : Opts.Libraries)
    if (Lib == "gomp")
      return true;
  for (const InputFile &Input : Opts.Inputs)
    if (isGnuOpenMPRuntime(Input.Path))
      return true;
  return false;
}

bool NvccDriver::isGnuOpenMPRuntime(llvm::StringRef Path) {
  llvm::StringRef Name = llvm::sys::path::filename(Path);
  return Name == "libgomp.a" || Name.starts_with("libgomp.so");
}

void NvccDriver::planLink(const std::vector<std::string> &LinkInputs) {
  if (Opts.MakeStaticLibrary) {
    // -lib: the objects (fat binaries inside) go into an archive, like nvcc.
    Job Archive;
    Archive.Argv = {"ar", "rcs"};
    Archive.Argv.insert(Archive.Argv.end(), Opts.ArchiveArgs.begin(), Opts.ArchiveArgs.end());
    Archive.Argv.push_back(Opts.OutputFile.empty() ? "a.a" : Opts.OutputFile);
    Archive.Argv.insert(Archive.Argv.end(), LinkInputs.begin(), LinkInputs.end());
    Jobs.push_back(std::move(Archive));
    return;
  }
  Job Link;
  Link.Argv = {hostCompiler(/*ForC=*/false)};
  if (Opts.SharedLibrary)
    Link.Argv.push_back("-shared");
  // Host OpenMP runs on LLVM's runtime (libomp), which implements both
  // clang's __kmpc_* entry points and GNU's GOMP_* ones: objects from g++
  // and from Rubicon share one runtime (docs/nvcc-dialect.md). g++'s
  // -fopenmp would link libgomp instead, so it stays off the link line.
  bool OpenMP = usesHostOpenMP();
  for (const std::string &Arg : Opts.HostCompilerArgs)
    if (!OpenMP || (Arg != "-fopenmp" && !llvm::StringRef(Arg).starts_with("-fopenmp=")))
      Link.Argv.push_back(Arg);
  Link.Argv.insert(Link.Argv.end(),
                   {"-o", Opts.OutputFile.empty() ? "a.out" : Opts.OutputFile});
  for (const std::string &Input : LinkInputs)
    if (!OpenMP || !isGnuOpenMPRuntime(Input))
      Link.Argv.push_back(Input);
  for (const std::string &Dir : Opts.LibraryDirs)
    Link.Argv.push_back("-L" + Dir);
  Link.Argv.push_back("-L" + ToolkitDir + "/bin/../lib64");
  for (const std::string &Lib : Opts.Libraries)
    if (!OpenMP || Lib != "gomp")
      Link.Argv.push_back("-l" + Lib);
  for (const std::string &Arg : Opts.LinkerArgs)
    Link.Argv.push_back("-Wl," + Arg);
  if (OpenMP)
    Link.Argv.insert(Link.Argv.end(),
                     {std::string(RUBICON_LLVM_LIBRARY_DIR) + "/libomp.so",
                      "-Wl,-rpath," RUBICON_LLVM_LIBRARY_DIR, "-pthread"});
  if (Opts.Cudart == "static")
    Link.Argv.insert(Link.Argv.end(), {"-lcudart_static", "-ldl", "-lrt", "-lpthread"});
  else if (Opts.Cudart == "shared")
    Link.Argv.push_back("-lcudart");
  // The toolkit's lib64 on the runpath of everything nvcc links: libcuda.so.1
  // (-lcuda, and the static runtime loading it to share its backend),
  // libcudart.so; NVIDIA's driver install puts libcuda.so.1 on the loader's
  // path instead (docs/runtime-driver-state.md).
  Link.Argv.push_back("-Wl,-rpath," + ToolkitDir + "/lib64");
  Jobs.push_back(std::move(Link));
}

bool NvccDriver::execute(const Job &J) const {
  if (J.RunInProcess)
    return J.RunInProcess();
  std::string Program = J.Argv.front();
  if (!llvm::sys::path::is_absolute(Program)) {
    llvm::ErrorOr<std::string> Found = llvm::sys::findProgramByName(Program);
    if (!Found) {
      llvm::errs() << FatalPrefix << "Could not find the program '"
                   << Program << "' (the host compiler can be set with -ccbin)\n";
      return false;
    }
    Program = *Found;
  }
  std::vector<llvm::StringRef> Argv(J.Argv.begin(), J.Argv.end());
  std::string ErrorMessage;
  int Status = llvm::sys::ExecuteAndWait(Program, Argv, std::nullopt, {}, 0, 0,
                                         &ErrorMessage);
  if (Status != 0) {
    if (!ErrorMessage.empty())
      llvm::errs() << FatalPrefix << ErrorMessage << "\n";
    return false;
  }
  return true;
}

void NvccDriver::removeTemps() {
  for (const std::string &Path : Temps)
    llvm::sys::fs::remove(Path);
}

int NvccDriver::run() {
  if (!resolveTargets())
    return 1;
  if (Opts.Phase != FinalPhase::Link && Opts.Phase != FinalPhase::DeviceLink &&
      !Opts.OutputFile.empty()) {
    // The NVVM IR inputs are one program, compiled to one output.
    size_t Compiled = std::count_if(Opts.Inputs.begin(), Opts.Inputs.end(),
                                    [](const InputFile &In) {
                                      return In.Kind != InputKind::Object &&
                                             In.Kind != InputKind::Library &&
                                             In.Kind != InputKind::DeviceImage &&
                                             In.Kind != InputKind::Nvvm;
                                    });
    if (std::any_of(Opts.Inputs.begin(), Opts.Inputs.end(),
                    [](const InputFile &In) { return In.Kind == InputKind::Nvvm; }))
      ++Compiled;
    if (Compiled > 1)
      return fatal("A single input file is required for a non-link phase "
                   "when an outputfile is specified");
  }

  if (Opts.Dependencies == DriverOptions::DependencyMode::Print) {
    for (const InputFile &Input : Opts.Inputs)
      if (Input.Kind != InputKind::Object && Input.Kind != InputKind::Library &&
          !planPrintDependencies(Input))
        return 1;
    Opts.Phase = FinalPhase::Preprocess; // nothing is compiled or linked
  }

  if (Opts.Phase == FinalPhase::Cubin && AmdArchs.size() != 1)
    return fatal("Option '-cubin' writes one code object: name exactly one "
                 "target (--amdgpu-arch=gfx942, or RUBICON_GPU_ARCH); use "
                 "-fatbin for several (" + llvm::join(AmdArchs, ",") + ")");
  std::vector<std::string> LinkInputs;
  std::vector<std::string> NvvmModules;
  std::string NvvmOutput;
  for (const InputFile &Input : Opts.Inputs) {
    if (Opts.Dependencies == DriverOptions::DependencyMode::Print)
      break;
    if (isDeviceOnlyPhase() && Input.Kind != InputKind::Cuda &&
        Input.Kind != InputKind::Nvvm &&
        (Input.Kind != InputKind::Ptx || Opts.Phase == FinalPhase::Ptx))
      return fatal("Options '-fatbin', '-cubin' and '-ptx' compile CUDA "
                   "inputs only, not '" + Input.Path + "'");
    if (!isDeviceOnlyPhase() && Input.Kind == InputKind::Nvvm)
      return fatal("NVVM IR input files (.ll, .bc) are only allowed with "
                   "'--ptx (-ptx)', '--cubin (-cubin)' or '--fatbin (-fatbin)' "
                   "('" + Input.Path + "')");
    if (!isDeviceOnlyPhase() && Input.Kind == InputKind::Ptx)
      return fatal(".ptx input files are only allowed with '--cubin (-cubin)' "
                   "or '--fatbin (-fatbin)' ('" + Input.Path + "')");
    switch (Input.Kind) {
    case InputKind::Cuda:
      if (Opts.Phase == FinalPhase::Preprocess) {
        if (!planCudaPreprocess(Input))
          return 1;
        break;
      } else {
        std::string Object = objectPathFor(Input);
        if (!planCudaCompile(Input, Object))
          return 1;
        LinkInputs.push_back(Object);
      }
      break;
    case InputKind::Ptx:
      planPtxCompile(Input, objectPathFor(Input));
      break;
    case InputKind::Nvvm:
      // All of them at the first: one program.
      if (NvvmModules.empty())
        NvvmOutput = objectPathFor(Input);
      NvvmModules.push_back(Input.Path);
      break;
    case InputKind::Cxx:
    case InputKind::C: {
      std::string Object = objectPathFor(Input);
      planHostCompile(Input, Object);
      LinkInputs.push_back(Object);
      break;
    }
    case InputKind::Object:
    case InputKind::Library:
      LinkInputs.push_back(Input.Path);
      break;
    case InputKind::DeviceImage:
      if (Opts.Phase != FinalPhase::DeviceLink)
        return fatal("'" + Input.Path + "': .fatbin and .cubin input files "
                     "are only allowed with '--device-link (-dlink)'");
      LinkInputs.push_back(Input.Path);
      break;
    }
  }
  if (!NvvmModules.empty())
    planNvvmCompile(NvvmModules, NvvmOutput);
  else if (!Opts.NvvmLazyModules.empty() || Opts.NvvmVerifyOnly)
    return fatal("Options '--rubicon-nvvm-lazy' and '--rubicon-nvvm-verify' "
                 "need NVVM IR input files (.ll, .bc)");
  if (Opts.Phase == FinalPhase::DeviceLink) {
    const char *Default = Opts.DeviceLinkImage == FinalPhase::Fatbin ? "a_dlink.fatbin"
                          : Opts.DeviceLinkImage == FinalPhase::Cubin ? "a_dlink.cubin"
                                                                      : "a_dlink.o";
    planDeviceLink(LinkInputs, Opts.OutputFile.empty() ? Default : Opts.OutputFile);
  }
  if (Opts.Phase == FinalPhase::Link) {
    // Objects compiled with -dc need a device link before the host link,
    // whether or not this command line says -rdc=true.
    bool NeedsDeviceLink = Opts.RelocatableDeviceCode && !Opts.MakeStaticLibrary;
    for (const InputFile &Input : Opts.Inputs)
      if (!NeedsDeviceLink && !Opts.MakeStaticLibrary &&
          (Input.Kind == InputKind::Object || Input.Kind == InputKind::Library) &&
          !Opts.DryRun && !Opts.PrintJobs)
        NeedsDeviceLink = hasRelocatableDeviceCode(Input.Path);
    if (NeedsDeviceLink) {
      std::string DeviceLinkObject = makeTempPath("device-link", "o");
      planDeviceLink(LinkInputs, DeviceLinkObject);
      LinkInputs.push_back(DeviceLinkObject);
    }
    if (!Opts.MakeStaticLibrary && usesHostOpenMP() && !Opts.DryRun &&
        !Opts.PrintJobs &&
        !llvm::sys::fs::exists(RUBICON_LLVM_LIBRARY_DIR "/libomp.so"))
      return fatal("Host OpenMP needs LLVM's OpenMP runtime, which is not "
                   "installed: " RUBICON_LLVM_LIBRARY_DIR "/libomp.so (Debian: "
                   "libomp-" + std::to_string(LLVM_VERSION_MAJOR) + "-dev)");
    planLink(LinkInputs);
  }

  bool Print = Opts.Verbose || Opts.DryRun;
  if (Print)
    llvm::errs() << "#$ RUBICON_GPU_ARCH=" << llvm::join(AmdArchs, ",") << "\n";
  if (Print && std::find(AmdArchs.begin(), AmdArchs.end(),
                         rubicon::host::TargetName) != AmdArchs.end())
    llvm::errs() << "#$ RUBICON_HOST_CPU=" << HostCpu << "\n";
  for (const Job &J : Jobs) {
    if (Opts.PrintJobs)
      llvm::errs() << " " << joinForDisplay(J.Argv, /*QuoteAll=*/true) << "\n";
    if (Print)
      llvm::errs() << "#$ " << joinForDisplay(J.Argv, /*QuoteAll=*/false) << "\n";
    if (Opts.DryRun || Opts.PrintJobs)
      continue;
    if (!execute(J)) {
      removeTemps();
      return 1;
    }
  }
  removeTemps();

  if (Opts.RunAfterLink && !Opts.DryRun && !Opts.PrintJobs) {
    std::string Exe = Opts.OutputFile.empty() ? "a.out" : Opts.OutputFile;
    llvm::SmallString<256> Path(Exe);
    llvm::sys::fs::make_absolute(Path);
    std::vector<llvm::StringRef> Argv = {Path};
    return llvm::sys::ExecuteAndWait(Path, Argv);
  }
  return 0;
}

/// The "#$ NAME=value" lines nvcc -v/--dryrun print first. CMake reads TOP
/// (the toolkit root), NVVMIR_LIBRARY_DIR (which must end in nvvm/libdevice),
/// INCLUDES and LIBRARIES from them.
void printVerbosePreamble(const std::string &ToolkitDir) {
  llvm::raw_ostream &OS = llvm::errs();
  std::string Bin = ToolkitDir + "/bin";
  OS << "#$ _NVVM_BRANCH_=nvvm\n";
  OS << "#$ _SPACE_= \n";
  OS << "#$ _CUDART_=cudart\n";
  OS << "#$ _HERE_=" << Bin << "\n";
  OS << "#$ _THERE_=" << Bin << "\n";
  OS << "#$ _TARGET_SIZE_=\n";
  OS << "#$ _TARGET_DIR_=\n";
  OS << "#$ TOP=" << Bin << "/..\n";
  OS << "#$ NVVMIR_LIBRARY_DIR=" << Bin << "/../nvvm/libdevice\n";
  OS << "#$ INCLUDES=\"-I" << Bin << "/../include\"  \n";
  // The link line repeats this text verbatim: CMake finds it by that.
  OS << "#$ LIBRARIES=  -L" << Bin << "/../lib64\n";
  OS << "#$ CUDAFE_FLAGS=\n";
  OS << "#$ PTXAS_FLAGS=\n";
}

std::string versionText() {
  std::string Major = std::to_string(RUBICON_CUDA_VERSION_MAJOR);
  std::string Minor = std::to_string(RUBICON_CUDA_VERSION_MINOR);
  std::string Patch = std::to_string(RUBICON_CUDA_VERSION_PATCH);
  return "nvcc: NVIDIA (R) Cuda compiler driver\n"
         "Rubicon " RUBICON_VERSION
         ": compiles CUDA for AMD GPUs; an nvcc-compatible driver, not NVIDIA software\n"
         "Built on " __DATE__ "\n"
         "Cuda compilation tools, release " + Major + "." + Minor + ", V" + Major +
         "." + Minor + "." + Patch + "\n"
         "Build rubicon_" + Major + "." + Minor + ".r" + Major + "." + Minor +
         "/compiler.0_0\n";
}

} // namespace

std::string toolkitDirFromExecutable(const char *Argv0, void *MainAddr) {
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, MainAddr);
  llvm::SmallString<256> Dir(Exe);
  llvm::sys::path::remove_filename(Dir); // bin
  llvm::sys::path::remove_filename(Dir); // toolkit
  return std::string(Dir);
}

int nvccMain(const std::vector<std::string> &Args, const std::string &ToolkitDir) {
  std::vector<std::string> AllArgs;
  auto AppendEnvironmentFlags = [&AllArgs](const char *Var) {
    if (const char *Value = std::getenv(Var)) {
      llvm::SmallVector<llvm::StringRef, 8> Parts;
      llvm::StringRef(Value).split(Parts, ' ', -1, /*KeepEmpty=*/false);
      for (llvm::StringRef Part : Parts)
        AllArgs.push_back(Part.str());
    }
  };
  AppendEnvironmentFlags("NVCC_PREPEND_FLAGS");
  AllArgs.insert(AllArgs.end(), Args.begin(), Args.end());
  AppendEnvironmentFlags("NVCC_APPEND_FLAGS");

  // Like nvcc, -v/--dryrun print the environment lines first, even when the
  // rest of the command line turns out to be wrong (CMake relies on this).
  if (std::optional<std::string> Error = expandOptionsFiles(AllArgs))
    return fatal(*Error);
  if (requestsVerboseOutput(AllArgs))
    printVerbosePreamble(ToolkitDir);

  DriverOptions Opts;
  if (std::optional<std::string> Error = parseNvccCommandLine(AllArgs, Opts))
    return fatal(*Error);
  if (Opts.PrintOptionTable) {
    llvm::outs() << renderNvccOptionTableMarkdown();
    return 0;
  }
  if (Opts.ShowVersion) {
    llvm::outs() << versionText();
    return 0;
  }
  if (Opts.ShowHelp) {
    llvm::outs() << renderNvccHelp();
    return 0;
  }
  if (Opts.Inputs.empty())
    return fatal("No input files specified; use option --help for more information");
  NvccDriver Driver(std::move(Opts), ToolkitDir);
  return Driver.run();
}

} // namespace rubicon
