//===- NvccOptions.cpp - nvcc's command line parsed -----------------------===//

#include "rubicon/NvccOptions.h"
#include "rubicon/TargetNames.h"

#include <algorithm>
#include <fstream>
#include <cctype>
#include <sstream>

namespace rubicon {

const std::vector<NvccOptionInfo> &nvccOptionTable() {
  static const std::vector<NvccOptionInfo> Table = {
#define NVCC_OPTION(ID, LONG, SHORT, ARG, STATUS, HELP)                        \
  {NvccOptionID::ID, LONG, SHORT, NvccArgKind::ARG, NvccOptionStatus::STATUS, HELP},
#include "rubicon/NvccOptions.def"
#undef NVCC_OPTION
  };
  return Table;
}

namespace {

std::vector<std::string> splitCommas(std::string_view Value) {
  std::vector<std::string> Parts;
  size_t Start = 0;
  while (Start <= Value.size()) {
    size_t Comma = Value.find(',', Start);
    if (Comma == std::string_view::npos)
      Comma = Value.size();
    if (Comma > Start)
      Parts.emplace_back(Value.substr(Start, Comma - Start));
    Start = Comma + 1;
  }
  return Parts;
}

std::string_view extensionOf(std::string_view Path) {
  size_t Slash = Path.find_last_of('/');
  size_t Dot = Path.find_last_of('.');
  if (Dot == std::string_view::npos ||
      (Slash != std::string_view::npos && Dot < Slash))
    return {};
  return Path.substr(Dot + 1);
}

const NvccOptionInfo *findByName(std::string_view Name, bool LongForm) {
  for (const NvccOptionInfo &Info : nvccOptionTable())
    if ((LongForm ? Info.LongName : Info.ShortName) == Name)
      return &Info;
  return nullptr;
}

/// The option whose short name is the longest prefix of Body, among options
/// that take a value glued to their name (-Ipath, -O3, -lm).
const NvccOptionInfo *findJoinedPrefix(std::string_view Body) {
  const NvccOptionInfo *Best = nullptr;
  for (const NvccOptionInfo &Info : nvccOptionTable()) {
    if (Info.Arg != NvccArgKind::Joined || Info.ShortName.empty())
      continue;
    if (Body.size() > Info.ShortName.size() &&
        Body.substr(0, Info.ShortName.size()) == Info.ShortName &&
        (!Best || Info.ShortName.size() > Best->ShortName.size()))
      Best = &Info;
  }
  return Best;
}

/// Reads -gencode's "arch=compute_80,code=[sm_80,compute_80]".
std::optional<std::string> parseGencode(std::string_view Value,
                                        DriverOptions &Opts) {
  std::string Text(Value);
  // Split on commas that are not inside brackets.
  std::vector<std::string> Fields;
  std::string Current;
  int Depth = 0;
  for (char C : Text) {
    if (C == '[')
      ++Depth;
    else if (C == ']')
      --Depth;
    if (C == ',' && Depth == 0) {
      Fields.push_back(Current);
      Current.clear();
      continue;
    }
    Current.push_back(C);
  }
  Fields.push_back(Current);
  bool SawArch = false;
  for (std::string &Field : Fields) {
    size_t Eq = Field.find('=');
    if (Eq == std::string::npos)
      return "Invalid value '" + Text + "' for option '-gencode' (expected arch=...,code=...)";
    std::string Key = Field.substr(0, Eq);
    std::string Val = Field.substr(Eq + 1);
    if (!Val.empty() && Val.front() == '[' && Val.back() == ']')
      Val = Val.substr(1, Val.size() - 2);
    if (Key != "arch" && Key != "code")
      return "Invalid value '" + Text + "' for option '-gencode' (unknown key '" + Key + "')";
    SawArch |= Key == "arch";
    for (const std::string &Arch : splitCommas(Val)) {
      if (target_names::isDeviceTargetName(Arch)) {
        Opts.AmdArchs.push_back(Arch);
        continue;
      }
      std::optional<unsigned> Number = parseCudaArch(Arch);
      if (!Number)
        return "Unsupported gpu architecture '" + Arch + "'";
      Opts.CudaArchs.push_back(*Number);
    }
  }
  if (!SawArch)
    return "Invalid value '" + Text + "' for option '-gencode' (missing arch=)";
  return std::nullopt;
}

std::optional<std::string> applyOption(const NvccOptionInfo &Info,
                                       const std::string &Spelling,
                                       const std::string &Value,
                                       DriverOptions &Opts) {
  switch (Info.ID) {
  case NvccOptionID::Compile:
    Opts.Phase = FinalPhase::Compile;
    break;
  case NvccOptionID::Preprocess:
    Opts.Phase = FinalPhase::Preprocess;
    break;
  case NvccOptionID::Link:
    Opts.Phase = FinalPhase::Link;
    break;
  case NvccOptionID::CudaHostSource:
    Opts.Phase = FinalPhase::Preprocess;
    Opts.HostSourceOutput = true;
    break;
  case NvccOptionID::Run:
    Opts.Phase = FinalPhase::Link;
    Opts.RunAfterLink = true;
    break;
  case NvccOptionID::OutputFile:
    Opts.OutputFile = Value;
    break;
  case NvccOptionID::Language:
    break; // Handled by the caller: it changes how later inputs are read.
  case NvccOptionID::OutputDirectory:
    Opts.OutputDirectory = Value;
    break;
  case NvccOptionID::Lib:
    Opts.MakeStaticLibrary = true;
    Opts.Phase = FinalPhase::Link;
    break;
  case NvccOptionID::OptionsFile:
    return "Option '" + Spelling + "' must be expanded before parsing";
  case NvccOptionID::WarningAsError:
    for (const std::string &Kind : splitCommas(Value))
      if (Kind == "all-warnings")
        Opts.WarningsAsErrors = true;
    break;
  case NvccOptionID::Dryrun:
    Opts.DryRun = true;
    break;
  case NvccOptionID::Verbose:
    Opts.Verbose = true;
    break;
  case NvccOptionID::PrintJobs:
    Opts.PrintJobs = true;
    break;
  case NvccOptionID::Version:
    Opts.ShowVersion = true;
    break;
  case NvccOptionID::Help:
    Opts.ShowHelp = true;
    break;
  case NvccOptionID::KeepTemps:
    Opts.KeepTemps = true;
    break;
  case NvccOptionID::KeepDir:
    Opts.KeepDir = Value;
    break;
  case NvccOptionID::GenerateDependencies:
  case NvccOptionID::GenerateNonsystemDependencies:
    Opts.Dependencies = DriverOptions::DependencyMode::Print;
    Opts.DependenciesSkipSystem = Info.ID == NvccOptionID::GenerateNonsystemDependencies;
    break;
  case NvccOptionID::GenerateDependenciesWithCompile:
  case NvccOptionID::GenerateNonsystemDependenciesWithCompile:
    Opts.Dependencies = DriverOptions::DependencyMode::WithCompile;
    Opts.DependenciesSkipSystem =
        Info.ID == NvccOptionID::GenerateNonsystemDependenciesWithCompile;
    break;
  case NvccOptionID::DependencyOutput:
    Opts.DependencyFile = Value;
    break;
  case NvccOptionID::DependencyTargetName:
    Opts.DependencyTarget = Value;
    break;
  case NvccOptionID::GenerateDependencyTargets:
    Opts.DependencyPhonyTargets = true;
    break;
  case NvccOptionID::ForwardUnknownToHostCompiler:
    Opts.ForwardUnknownToHostCompiler = true;
    break;
  case NvccOptionID::ForwardUnknownToHostLinker:
    Opts.ForwardUnknownToHostLinker = true;
    break;
  case NvccOptionID::IncludePath:
    Opts.IncludeDirs.push_back(Value);
    break;
  case NvccOptionID::SystemInclude:
    Opts.SystemIncludeDirs.push_back(Value);
    break;
  case NvccOptionID::DefineMacro:
    Opts.MacroArgs.push_back("-D" + Value);
    break;
  case NvccOptionID::UndefineMacro:
    Opts.MacroArgs.push_back("-U" + Value);
    break;
  case NvccOptionID::PreInclude:
    Opts.PreIncludes.push_back(Value);
    break;
  case NvccOptionID::Std: {
    static const char *Known[] = {"c++03", "c++11", "c++14", "c++17", "c++20"};
    if (std::find(std::begin(Known), std::end(Known), Value) == std::end(Known))
      return "Value '" + Value + "' is not defined for option 'std'";
    Opts.Std = Value;
    break;
  }
  case NvccOptionID::ExptRelaxedConstexpr:
  case NvccOptionID::ExtendedLambda:
  case NvccOptionID::ExptExtendedLambda:
    break;
  case NvccOptionID::Optimize: {
    if (Value.size() != 1 || Value[0] < '0' || Value[0] > '3')
      return "Value '" + Value + "' is not defined for option 'optimize'";
    Opts.HostOptLevel = unsigned(Value[0] - '0');
    break;
  }
  case NvccOptionID::Debug:
    Opts.HostDebug = true;
    break;
  case NvccOptionID::DeviceDebug:
    Opts.DeviceDebug = true;
    break;
  case NvccOptionID::LineInfo:
    Opts.LineInfo = true;
    break;
  case NvccOptionID::UseFastMath:
    Opts.FastMath = true;
    break;
  case NvccOptionID::GpuArchitecture:
  case NvccOptionID::GpuCode: {
    for (const std::string &Arch : splitCommas(Value)) {
      if (target_names::isDeviceTargetName(Arch)) {
        Opts.AmdArchs.push_back(Arch);
        continue;
      }
      if (Arch == "native" || Arch == "all" || Arch == "all-major")
        continue; // The AMD target decides; __CUDA_ARCH__ keeps its default.
      std::optional<unsigned> Number = parseCudaArch(Arch);
      if (!Number)
        return Info.ID == NvccOptionID::GpuCode
                   ? "Value '" + Arch + "' is not defined for option 'gpu-code'"
                   : "Unsupported gpu architecture '" + Arch + "'";
      Opts.CudaArchs.push_back(*Number);
    }
    break;
  }
  case NvccOptionID::GenerateCode:
    return parseGencode(Value, Opts);
  case NvccOptionID::AmdgpuArch:
    for (const std::string &Arch : splitCommas(Value)) {
      if (!target_names::isDeviceTargetName(Arch))
        return "Unsupported AMD gpu architecture '" + Arch +
               "' (expected a name such as gfx942)";
      Opts.AmdArchs.push_back(Arch);
    }
    break;
  case NvccOptionID::MachineBits:
    if (Value != "64")
      return "Value '" + Value + "' is not defined for option 'machine' (only 64 is supported)";
    break;
  case NvccOptionID::CompilerBindir:
    Opts.HostCompiler = Value;
    break;
  case NvccOptionID::CompilerOptions:
    for (std::string &Part : splitCommas(Value)) {
      // The warp-size analysis' flags in -Xcompiler form are nvcc's own.
      if (Part == "-Wno-warp-size") {
        Opts.WarpSizeWarnings = false;
        continue;
      }
      if (Part.rfind("-Wno-warp-size-", 0) == 0) {
        Opts.DisabledWarpSizeChecks.push_back(Part.substr(5));
        continue;
      }
      Opts.HostCompilerArgs.push_back(std::move(Part));
    }
    break;
  case NvccOptionID::LinkerOptions:
    for (std::string &Part : splitCommas(Value))
      Opts.LinkerArgs.push_back(std::move(Part));
    break;
  case NvccOptionID::LibraryPath:
    Opts.LibraryDirs.push_back(Value);
    break;
  case NvccOptionID::Library:
    Opts.Libraries.push_back(Value);
    break;
  case NvccOptionID::Cudart:
    if (Value != "static" && Value != "shared" && Value != "none")
      return "Value '" + Value + "' is not defined for option 'cudart'";
    Opts.Cudart = Value;
    break;
  case NvccOptionID::Shared:
    Opts.SharedLibrary = true;
    break;
  case NvccOptionID::DisableWarnings:
    Opts.NoWarnings = true;
    break;
  case NvccOptionID::NativeWave64:
    Opts.NativeWave64 = true;
    break;
  case NvccOptionID::NvvmLazy:
    Opts.NvvmLazyModules.push_back(Value);
    break;
  case NvccOptionID::NvvmVerify:
    Opts.NvvmVerifyOnly = true;
    break;
  case NvccOptionID::NoWarpSizeWarnings:
    Opts.WarpSizeWarnings = false;
    break;
  case NvccOptionID::NoWarpSizeCheck:
    Opts.DisabledWarpSizeChecks.push_back("warp-size-" + Value);
    break;
  case NvccOptionID::ResourceUsage:
    Opts.ResourceUsage = true;
    break;
  case NvccOptionID::DefaultStream:
    if (Value != "legacy" && Value != "per-thread" && Value != "null")
      return "Value '" + Value + "' is not defined for option 'default-stream'";
    Opts.PerThreadDefaultStream = Value == "per-thread";
    break;
  case NvccOptionID::PtxasOptions:
    // ptxas -v prints each kernel's resource usage: so does Rubicon.
    for (const std::string &Part : splitCommas(Value))
      if (Part == "-v" || Part == "--verbose")
        Opts.ResourceUsage = true;
    break;
  case NvccOptionID::NvlinkOptions:
  case NvccOptionID::Threads:
  case NvccOptionID::DiagSuppress:
    break;
  case NvccOptionID::Ftz:
    if (Value != "true" && Value != "false")
      return "Value '" + Value + "' is not defined for option 'ftz'";
    Opts.FlushDenormals = Value == "true";
    break;
  case NvccOptionID::Fmad:
    if (Value != "true" && Value != "false")
      return "Value '" + Value + "' is not defined for option 'fmad'";
    Opts.NoFMA = Value == "false";
    break;
  case NvccOptionID::PrecDiv:
  case NvccOptionID::PrecSqrt:
  case NvccOptionID::MaxRRegCount:
  case NvccOptionID::ExtraDeviceVectorization:
  case NvccOptionID::Restrict:
  case NvccOptionID::KeepDeviceFunctions:
  case NvccOptionID::SourceInPtx:
  case NvccOptionID::NoDeviceLink:
  case NvccOptionID::WnoDeprecatedGpuTargets:
  case NvccOptionID::WextLambdaCapturesThis:
  case NvccOptionID::DisplayErrorNumber:
  case NvccOptionID::NoDisplayErrorNumber:
  case NvccOptionID::AllowUnsupportedCompiler:
  case NvccOptionID::Cudadevrt:
  case NvccOptionID::NoProfiler:
  case NvccOptionID::Time:
    break;
  case NvccOptionID::WnoDeprecatedDeclarations:
    Opts.HostCompilerArgs.push_back("-Wno-deprecated-declarations");
    break;
  case NvccOptionID::Wreorder:
    Opts.HostCompilerArgs.push_back("-Wreorder");
    break;
  case NvccOptionID::ArchiveOptions:
    for (std::string &Part : splitCommas(Value))
      Opts.ArchiveArgs.push_back(std::move(Part));
    break;
  case NvccOptionID::Cubin:
  case NvccOptionID::Fatbin: {
    FinalPhase Image =
        Info.ID == NvccOptionID::Cubin ? FinalPhase::Cubin : FinalPhase::Fatbin;
    if (Opts.Phase == FinalPhase::DeviceLink)
      Opts.DeviceLinkImage = Image;
    else
      Opts.Phase = Image;
    break;
  }
  case NvccOptionID::Ptx:
    Opts.Phase = FinalPhase::Ptx;
    break;
  case NvccOptionID::Optix:
    return "Option '" + Spelling + "' is not supported by Rubicon: " + std::string(Info.Help);
  case NvccOptionID::RelocatableDeviceCode:
    if (Value != "true" && Value != "false")
      return "Value '" + Value + "' is not defined for option 'relocatable-device-code'";
    Opts.RelocatableDeviceCode = Value == "true";
    break;
  case NvccOptionID::DeviceC:
    Opts.RelocatableDeviceCode = true;
    Opts.Phase = FinalPhase::Compile;
    break;
  case NvccOptionID::DeviceLink:
    if (Opts.Phase == FinalPhase::Cubin || Opts.Phase == FinalPhase::Fatbin)
      Opts.DeviceLinkImage = Opts.Phase;
    Opts.Phase = FinalPhase::DeviceLink;
    break;
  }
  return std::nullopt;
}

} // namespace

std::optional<std::string> expandOptionsFiles(std::vector<std::string> &Args) {
  std::vector<std::string> Expanded;
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    std::string Files;
    bool IsOptionsFile = false;
    for (std::string_view Name : {"--options-file", "-options-file", "-optf", "--optf"}) {
      if (Arg == Name) {
        if (I + 1 >= Args.size())
          return "Option '" + Arg + "' requires a value";
        Files = Args[++I];
        IsOptionsFile = true;
      } else if (Arg.size() > Name.size() + 1 &&
                 Arg.compare(0, Name.size() + 1, std::string(Name) + "=") == 0) {
        Files = Arg.substr(Name.size() + 1);
        IsOptionsFile = true;
      }
      if (IsOptionsFile)
        break;
    }
    if (!IsOptionsFile) {
      Expanded.push_back(Arg);
      continue;
    }
    for (const std::string &File : splitCommas(Files)) {
      std::ifstream In(File);
      if (!In)
        return "Could not open options file '" + File + "'";
      std::string Text((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
      std::string Current;
      bool InWord = false;
      char Quote = 0;
      for (char C : Text) {
        if (Quote) {
          if (C == Quote)
            Quote = 0;
          else
            Current.push_back(C);
          continue;
        }
        if (C == '"' || C == '\'') {
          Quote = C;
          InWord = true;
          continue;
        }
        if (std::isspace(static_cast<unsigned char>(C))) {
          if (InWord)
            Expanded.push_back(Current);
          Current.clear();
          InWord = false;
          continue;
        }
        Current.push_back(C);
        InWord = true;
      }
      if (InWord)
        Expanded.push_back(Current);
    }
  }
  Args = std::move(Expanded);
  return std::nullopt;
}

bool requestsVerboseOutput(const std::vector<std::string> &Args) {
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg.size() < 2 || Arg[0] != '-')
      continue;
    bool LongForm = Arg[1] == '-';
    std::string Body = Arg.substr(LongForm ? 2 : 1);
    const NvccOptionInfo *Info = findByName(Body, LongForm);
    if (!Info)
      Info = findByName(Body, !LongForm);
    if (!Info)
      continue;
    if (Info->ID == NvccOptionID::Verbose || Info->ID == NvccOptionID::Dryrun)
      return true;
    if (Info->Arg != NvccArgKind::None)
      ++I; // the next argument is this option's value
  }
  return false;
}

std::optional<unsigned> parseCudaArch(std::string_view Name) {
  std::string_view Digits = Name;
  for (std::string_view Prefix : {"sm_", "compute_", "lto_"})
    if (Name.substr(0, Prefix.size()) == Prefix) {
      Digits = Name.substr(Prefix.size());
      break;
    }
  // CMake-style "80-real" / "80-virtual".
  if (size_t Dash = Digits.find('-'); Dash != std::string_view::npos) {
    std::string_view Suffix = Digits.substr(Dash + 1);
    if (Suffix != "real" && Suffix != "virtual")
      return std::nullopt;
    Digits = Digits.substr(0, Dash);
  }
  // A feature-set letter: sm_90a, sm_100f.
  char Feature = 0;
  if (!Digits.empty() && std::isalpha(static_cast<unsigned char>(Digits.back()))) {
    Feature = Digits.back();
    Digits.remove_suffix(1);
  }
  if (Digits.empty() || Digits.size() > 3 || Digits.front() == '0')
    return std::nullopt;
  unsigned Number = 0;
  for (char C : Digits) {
    if (!std::isdigit(static_cast<unsigned char>(C)))
      return std::nullopt;
    Number = Number * 10 + unsigned(C - '0');
  }
  // Only architectures a release of nvcc has known (CudaArchitectures.def).
#define CUDA_ARCH(NUMBER, FEATURE_SUFFIXES)                                    \
  if (Number == NUMBER)                                                        \
    return !Feature || std::string_view(FEATURE_SUFFIXES).find(Feature) !=     \
                           std::string_view::npos                              \
               ? std::optional<unsigned>(Number)                               \
               : std::nullopt;
#include "rubicon/CudaArchitectures.def"
  return std::nullopt;
}

unsigned defaultCudaArch(unsigned CudaMajor) { return CudaMajor >= 13 ? 75 : 52; }

std::optional<InputKind> inputKindForPath(std::string_view Path) {
  std::string_view Ext = extensionOf(Path);
  if (Ext == "cu")
    return InputKind::Cuda;
  if (Ext == "cpp" || Ext == "cc" || Ext == "cxx" || Ext == "C" || Ext == "c++")
    return InputKind::Cxx;
  if (Ext == "c")
    return InputKind::C;
  if (Ext == "ptx")
    return InputKind::Ptx;
  if (Ext == "ll" || Ext == "bc")
    return InputKind::Nvvm;
  if (Ext == "o" || Ext == "obj")
    return InputKind::Object;
  if (Ext == "a" || Ext == "so" || Ext == "lib")
    return InputKind::Library;
  if (Ext == "fatbin" || Ext == "cubin")
    return InputKind::DeviceImage;
  // Versioned shared libraries: libfoo.so.1
  if (Path.find(".so.") != std::string_view::npos)
    return InputKind::Library;
  return std::nullopt;
}

std::optional<std::string> parseNvccCommandLine(const std::vector<std::string> &Args,
                                                DriverOptions &Opts) {
  std::optional<InputKind> ForcedKind;
  // These change how every unknown option is read, wherever they appear.
  for (const std::string &Arg : Args) {
    if (Arg == "-forward-unknown-to-host-compiler" ||
        Arg == "--forward-unknown-to-host-compiler")
      Opts.ForwardUnknownToHostCompiler = true;
    if (Arg == "-forward-unknown-to-host-linker" ||
        Arg == "--forward-unknown-to-host-linker")
      Opts.ForwardUnknownToHostLinker = true;
  }
  for (size_t I = 0; I < Args.size(); ++I) {
    const std::string &Arg = Args[I];
    if (Arg == "--rubicon-print-option-table") {
      Opts.PrintOptionTable = true;
      continue;
    }
    if (Arg.size() < 2 || Arg[0] != '-') {
      std::optional<InputKind> Kind =
          ForcedKind ? ForcedKind : inputKindForPath(Arg);
      // Libraries and objects stay what they are under -x cu.
      if (ForcedKind) {
        std::optional<InputKind> Natural = inputKindForPath(Arg);
        if (Natural && (*Natural == InputKind::Object || *Natural == InputKind::Library))
          Kind = Natural;
      }
      if (!Kind)
        return "Don't know what to do with '" + Arg + "'";
      Opts.Inputs.push_back({Arg, *Kind});
      continue;
    }

    bool LongForm = Arg.size() > 2 && Arg[1] == '-';
    std::string Body = Arg.substr(LongForm ? 2 : 1);
    std::string Name = Body;
    std::optional<std::string> Value;
    const NvccOptionInfo *Info = findByName(Body, LongForm);
    if (!Info)
      Info = findByName(Body, !LongForm); // nvcc accepts either dash count
    if (!Info) {
      if (size_t Eq = Body.find('='); Eq != std::string::npos) {
        Name = Body.substr(0, Eq);
        Info = findByName(Name, LongForm);
        if (!Info)
          Info = findByName(Name, !LongForm);
        if (Info)
          Value = Body.substr(Eq + 1);
      }
    }
    if (!Info && !LongForm) {
      Info = findJoinedPrefix(Body);
      if (Info)
        Value = Body.substr(Info->ShortName.size());
    }
    if (!Info) {
      if (Opts.ForwardUnknownToHostCompiler) {
        Opts.HostCompilerArgs.push_back(Arg);
        continue;
      }
      if (Opts.ForwardUnknownToHostLinker) {
        Opts.LinkerArgs.push_back(Arg);
        continue;
      }
      return "Unknown option '" + Arg + "'";
    }

    if (Info->Arg == NvccArgKind::None) {
      if (Value)
        return "Option '" + Arg + "' does not take a value";
    } else if (!Value) {
      if (I + 1 >= Args.size())
        return "Option '" + Arg + "' requires a value";
      Value = Args[++I];
    }

    if (Info->ID == NvccOptionID::Language) {
      if (*Value == "cu")
        ForcedKind = InputKind::Cuda;
      else if (*Value == "c++" || *Value == "cpp")
        ForcedKind = InputKind::Cxx;
      else if (*Value == "c")
        ForcedKind = InputKind::C;
      else if (*Value == "none")
        ForcedKind.reset();
      else
        return "Value '" + *Value + "' is not defined for option 'x'";
      continue;
    }
    if (std::optional<std::string> Error =
            applyOption(*Info, Arg, Value.value_or(""), Opts))
      return Error;
  }
  return std::nullopt;
}

std::string renderNvccOptionTableMarkdown() {
  std::ostringstream OS;
  OS << "| Option | Short | Value | Status | Meaning with Rubicon |\n";
  OS << "|---|---|---|---|---|\n";
  for (const NvccOptionInfo &Info : nvccOptionTable()) {
    const char *Value = "";
    switch (Info.Arg) {
    case NvccArgKind::None:
      Value = "";
      break;
    case NvccArgKind::One:
    case NvccArgKind::Joined:
      Value = "value";
      break;
    case NvccArgKind::List:
      Value = "list";
      break;
    }
    OS << "| `--" << Info.LongName << "` | "
       << (Info.ShortName.empty() || Info.ShortName == Info.LongName
               ? std::string()
               : "`-" + std::string(Info.ShortName) + "`")
       << " | " << Value << " | "
       << (Info.Status == NvccOptionStatus::Mapped    ? "supported"
           : Info.Status == NvccOptionStatus::Ignored ? "accepted, no effect"
                                                      : "rejected")
       << " | " << Info.Help << " |\n";
  }
  return OS.str();
}

std::string renderNvccHelp() {
  std::ostringstream OS;
  OS << "Usage  : nvcc [options] <inputfile>\n\n"
        "Rubicon's nvcc compiles CUDA for AMD GPUs. Options:\n\n";
  for (const NvccOptionInfo &Info : nvccOptionTable()) {
    OS << "--" << Info.LongName;
    if (!Info.ShortName.empty() && Info.ShortName != Info.LongName)
      OS << " (-" << Info.ShortName << ")";
    OS << "\n        " << Info.Help;
    if (Info.Status == NvccOptionStatus::Ignored)
      OS << " [accepted, no effect]";
    OS << "\n\n";
  }
  return OS.str();
}

} // namespace rubicon
