//===- Compile.cpp - An NVRTC program compiled by Rubicon's nvcc ----------===//
//
// Part of Rubicon. See Compile.h.
//
//===----------------------------------------------------------------------===//
#include "Compile.h"

#include "rubicon/ToolkitTools.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

using rubicon::toolkit::replaceAll;
using rubicon::toolkit::writeFile;

namespace rubicon::nvrtc {

namespace {

enum Kind { Value, Flag, Ignored, Rejected };

struct OptionInfo {
  const char *Long, *Short;
  Kind K;
  const char *Nvcc, *Note;
};

constexpr OptionInfo OptionTable[] = {
#define NVRTC_OPTION(Long, Short, K, Nvcc, Note) {Long, Short, K, Nvcc, Note},
#include "Options.def"
};

/// An architecture NVRTC 13.0 does not know (a device's compute capability
/// may be none of NVIDIA's: 9.4 for gfx942) becomes the newest supported one
/// below it; it only chooses __CUDA_ARCH__.
std::string supportedArch(const std::string &Arch) {
  size_t Underscore = Arch.find('_');
  if (Underscore == std::string::npos)
    return Arch;
  std::string Prefix = Arch.substr(0, Underscore + 1);
  if (Prefix != "sm_" && Prefix != "compute_")
    return Arch;
  const char *Digits = Arch.c_str() + Underscore + 1;
  char *End;
  long Number = std::strtol(Digits, &End, 10);
  if (End == Digits || *End != '\0' || Number < SupportedArchs[0])
    return Arch;
  int Best = SupportedArchs[0];
  for (int I = 0; I < NumSupportedArchs; ++I)
    if (SupportedArchs[I] <= Number)
      Best = SupportedArchs[I];
  return Prefix + std::to_string(Best);
}

const OptionInfo *findOption(const std::string &Name, bool Long) {
  for (const OptionInfo &O : OptionTable)
    if (Name == (Long ? O.Long : O.Short))
      return &O;
  return nullptr;
}


void removeTree(const std::string &Dir) {
  std::vector<std::string> Argv = {"/bin/rm", "-rf", Dir};
  toolkit::runTool(Argv, "/dev/null");
}

/// The symbol the IR's initializer of \p Variable refers to: the lowered
/// name of the expression it was initialized with.
std::string referencedSymbol(const std::string &IR, const std::string &Variable) {
  std::string Head = "\n@" + Variable + " =";
  size_t At = IR.find(Head);
  if (At == std::string::npos)
    return {};
  size_t End = IR.find('\n', At + 1);
  std::string Line = IR.substr(At + Head.size(), End - At - Head.size());
  size_t Sym = Line.find('@');
  if (Sym == std::string::npos)
    return {};
  if (Line[Sym + 1] == '"') {
    size_t Close = Line.find('"', Sym + 2);
    return Line.substr(Sym + 2, Close - Sym - 2);
  }
  size_t Stop = Sym + 1;
  while (Stop < Line.size() &&
         (isalnum(static_cast<unsigned char>(Line[Stop])) ||
          strchr("_.$", Line[Stop])))
    ++Stop;
  return Line.substr(Sym + 1, Stop - Sym - 1);
}

} // namespace

const int SupportedArchs[] = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};
const int NumSupportedArchs = sizeof(SupportedArchs) / sizeof(SupportedArchs[0]);

nvrtcResult translateOptions(const std::vector<std::string> &Options,
                             std::vector<std::string> &Nvcc, std::string &Log) {
  for (size_t I = 0; I < Options.size(); ++I) {
    const std::string &Option = Options[I];
    bool Long = Option.rfind("--", 0) == 0;
    if (!Long && Option.rfind("-", 0) != 0) {
      Log += "nvrtc: error: invalid option '" + Option + "'\n";
      return NVRTC_ERROR_INVALID_OPTION;
    }
    std::string Body = Option.substr(Long ? 2 : 1), Name = Body, Val;
    bool HasValue = false;
    if (size_t Eq = Body.find('='); Eq != std::string::npos) {
      Name = Body.substr(0, Eq);
      Val = Body.substr(Eq + 1);
      HasValue = true;
    }
    const OptionInfo *O = findOption(Name, Long);
    if (!O && !Long && !Body.empty() && strchr("IDU", Body[0])) {
      O = findOption(Body.substr(0, 1), false); // -Ifoo, -DX=1
      Val = Body.substr(1);
      HasValue = true;
    }
    if (!O) {
      Log += "nvrtc: error: unrecognized option '" + Option + "'\n";
      return NVRTC_ERROR_INVALID_OPTION;
    }
    if (O->K == Value && !HasValue) {
      if (I + 1 == Options.size()) {
        Log += "nvrtc: error: option '" + Option + "' needs a value\n";
        return NVRTC_ERROR_INVALID_OPTION;
      }
      Val = Options[++I];
    }
    if (std::strcmp(O->Long, "gpu-architecture") == 0)
      Val = supportedArch(Val);
    switch (O->K) {
    case Value:
      Nvcc.push_back(O->Nvcc + Val);
      break;
    case Flag:
      Nvcc.push_back(O->Nvcc);
      break;
    case Ignored:
      break;
    case Rejected:
      // -rdc=false asks for what is done anyway.
      if (HasValue && Val == "false")
        break;
      Log += "nvrtc: error: option '" + Option + "' is not supported: " +
             O->Note + "\n";
      return NVRTC_ERROR_INVALID_OPTION;
    }
  }
  return NVRTC_SUCCESS;
}

nvrtcResult compile(const CompileInput &In, CompileOutput &Out) {
  std::vector<std::string> Translated;
  if (nvrtcResult R = translateOptions(In.Options, Translated, Out.Log))
    return R;
  for (const std::string &Option : In.Options)
    if (Option == "-dlto" || Option == "--dlink-time-opt")
      Out.IsLtoIR = true;

  std::string Toolkit =
      toolkit::toolkitDirOf(reinterpret_cast<void *>(&translateOptions));
  std::string Nvcc = Toolkit + "/bin/nvcc";
  if (access(Nvcc.c_str(), X_OK) != 0) {
    Out.Log += "nvrtc: error: Rubicon's nvcc is not at " + Nvcc +
               " (libnvrtc runs the nvcc of its own toolkit)\n";
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }

  const char *TmpEnv = std::getenv("TMPDIR");
  std::string Template =
      std::string(TmpEnv && *TmpEnv ? TmpEnv : "/tmp") + "/rubicon-nvrtc-XXXXXX";
  std::vector<char> Buffer(Template.begin(), Template.end());
  Buffer.push_back('\0');
  if (!mkdtemp(Buffer.data())) {
    Out.Log += "nvrtc: error: cannot create a temporary directory in " +
               Template.substr(0, Template.rfind('/')) + "\n";
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  std::string Dir = Buffer.data();
  struct Cleanup {
    std::string Dir;
    ~Cleanup() { removeTree(Dir); }
  } RemoveDir{Dir};

  // The program under its own name (its directory's headers are the
  // program's), the headers of nvrtcCreateProgram on the include path.
  std::string Base = In.Name.substr(In.Name.rfind('/') + 1);
  if (Base.empty() || Base == "." || Base == "..")
    Base = "default_program";
  std::string SourceDir = Dir + "/src", HeaderDir = Dir + "/include",
              KeepDir = Dir + "/keep";
  mkdir(SourceDir.c_str(), 0700);
  mkdir(HeaderDir.c_str(), 0700);
  mkdir(KeepDir.c_str(), 0700);
  for (const auto &[Name, Text] : In.Headers) {
    std::string Path = HeaderDir + "/" + Name;
    for (size_t Slash = Path.find('/', HeaderDir.size() + 1);
         Slash != std::string::npos; Slash = Path.find('/', Slash + 1))
      mkdir(Path.substr(0, Slash).c_str(), 0700);
    if (!writeFile(Path, Text)) {
      Out.Log += "nvrtc: error: cannot write header '" + Name + "'\n";
      return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
    }
  }
  // Each name expression initializes a device variable; the symbol its
  // initializer names in the device IR is the lowered name.
  std::string Source = In.Source;
  if (!In.NameExpressions.empty()) {
    Source += "\n#line 1 \"<name expressions>\"\n";
    for (size_t I = 0; I < In.NameExpressions.size(); ++I) {
      const std::string &E = In.NameExpressions[I];
      Source += "__device__ __attribute__((used)) void *__rubicon_nvrtc_name_" +
                std::to_string(I) + " = (void *)(" +
                (E.rfind('&', 0) == 0 ? E : "&" + E) + ");\n";
    }
  }
  std::string SourcePath = SourceDir + "/" + Base;
  // -keep names what it keeps after the output: KeepDir/program.nvvm.ll.
  std::string Image = KeepDir + "/program.fatbin", LogPath = Dir + "/log";
  if (!writeFile(SourcePath, Source)) {
    Out.Log += "nvrtc: error: cannot write the program to " + Dir + "\n";
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }

  // The AMD targets nvcc would choose (RUBICON_GPU_ARCH, else gfx942) and
  // the host target, so cuModuleLoadData finds code for either device.
  const char *Arch = std::getenv("RUBICON_GPU_ARCH");
  std::string Targets = Arch && *Arch ? Arch : "gfx942";
  if (Targets.find("host") == std::string::npos)
    Targets += ",host";

  std::vector<std::string> Argv = {Nvcc,        "-fatbin",   "-x",
                                   "cu",        "-o",        Image,
                                   "--amdgpu-arch=" + Targets, "-I" + HeaderDir};
  if (!In.NameExpressions.empty())
    Argv.push_back("-keep");
  Argv.insert(Argv.end(), Translated.begin(), Translated.end());
  // Quoted includes are also looked up where the program's name says it is
  // ("./kernel.cu": the working directory) and in the working directory.
  char Cwd[4096];
  std::string WorkDir = getcwd(Cwd, sizeof Cwd) ? Cwd : ".";
  if (size_t Slash = In.Name.rfind('/'); Slash != std::string::npos) {
    std::string NameDir = In.Name.substr(0, Slash);
    Argv.push_back("-I" + (NameDir.empty()        ? std::string("/")
                           : NameDir.front() == '/' ? NameDir
                                                    : WorkDir + "/" + NameDir));
  }
  Argv.push_back("-I" + WorkDir);
  Argv.push_back(SourcePath);

  int Status = toolkit::runTool(Argv, LogPath);
  std::string Log;
  toolkit::readFile(LogPath, Log);
  // Diagnostics name the program as it was named, not our copy.
  replaceAll(Log, SourcePath, In.Name);
  replaceAll(Log, HeaderDir + "/", "");
  Out.Log += Log;
  if (Status < 0) {
    Out.Log += "nvrtc: error: could not run " + Nvcc + "\n";
    return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
  }
  if (Status != 0 || !toolkit::readFile(Image, Out.Image))
    return NVRTC_ERROR_COMPILATION;

  if (!In.NameExpressions.empty()) {
    // The NVVM IR, before any target's lowering.
    std::string IR;
    if (!toolkit::readFile(KeepDir + "/program.nvvm.ll", IR)) {
      Out.Log += "nvrtc: error: no device IR to find the lowered names in\n";
      return NVRTC_ERROR_BUILTIN_OPERATION_FAILURE;
    }
    for (size_t I = 0; I < In.NameExpressions.size(); ++I)
      Out.LoweredNames.push_back(
          referencedSymbol(IR, "__rubicon_nvrtc_name_" + std::to_string(I)));
  }
  return NVRTC_SUCCESS;
}

} // namespace rubicon::nvrtc
