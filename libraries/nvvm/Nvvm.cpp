//===- Nvvm.cpp - libNVVM over the toolkit's nvcc -------------------------===//
//
// Part of Rubicon. A program keeps its modules (NVVM IR, text or bitcode)
// and its log. Verifying and compiling write the modules to a private
// temporary folder and run the toolkit's own nvcc (<toolkit>/bin/nvcc,
// beside this library's nvvm/lib64/) on them, as NVRTC does
// (docs/cuda-libraries.md, "libNVVM"):
//
//   nvcc -ptx [options] m0.ll m1.bc --rubicon-nvvm-lazy=l0.bc -o out.ptx
//
// which links the modules (the lazy ones for what the others use), verifies
// them, and compiles them for Rubicon's targets; with --rubicon-nvvm-verify
// it stops after the verifier. The compiled result is the text nvcc -ptx
// writes: Rubicon's "PTX", a NUL-free text carrying the fat binary, which
// cuModuleLoadData(Ex) and cuLinkAddData(CU_JIT_INPUT_PTX) take.
//
//===----------------------------------------------------------------------===//
#include "nvvm.h"

#include "rubicon/ToolkitTools.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <new>
#include <string>
#include <vector>

using rubicon::toolkit::replaceAll;
using rubicon::toolkit::writeFile;

namespace {

struct Module {
  std::string Name, Data;
  bool Lazy;
};

} // namespace

struct _nvvmProgram {
  std::vector<Module> Modules;
  std::string Log;
  std::string Result; // after a successful nvvmCompileProgram
  bool Compiled = false;
};

namespace {

enum Kind { Arch, Digit, Bool, Flag, Ignored, Rejected };

struct OptionInfo {
  const char *Name;
  Kind K;
  const char *Nvcc, *Note;
};

constexpr OptionInfo OptionTable[] = {
#define NVVM_OPTION(Name, K, Nvcc, Note) {Name, K, Nvcc, Note},
#include "Options.def"
};

/// The architectures libNVVM 13.0 compiles for (compute_75 ... compute_121).
constexpr int SupportedArchs[] = {75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};

/// compute_XX (an "a" or "f" suffix allowed) as the newest supported
/// architecture not above it; 0 if it is not one.
int archNumber(const std::string &Value) {
  if (Value.rfind("compute_", 0) != 0)
    return 0;
  const char *Digits = Value.c_str() + 8;
  char *End;
  long Number = std::strtol(Digits, &End, 10);
  if (End == Digits || (*End && std::strcmp(End, "a") && std::strcmp(End, "f")) ||
      Number < SupportedArchs[0])
    return 0;
  int Best = SupportedArchs[0];
  for (int A : SupportedArchs)
    if (A <= Number)
      Best = A;
  return Best;
}

/// Checks the options and translates them for nvcc; on a bad one, the log
/// says why.
nvvmResult translateOptions(int Count, const char **Options,
                            std::vector<std::string> &Nvcc, std::string &Log) {
  if (Count < 0 || (Count > 0 && !Options))
    return NVVM_ERROR_INVALID_INPUT;
  for (int I = 0; I < Count; ++I) {
    if (!Options[I])
      return NVVM_ERROR_INVALID_INPUT;
    std::string Option = Options[I];
    if (Option.size() < 2 || Option[0] != '-') {
      Log += "libnvvm: error: invalid option '" + Option + "'\n";
      return NVVM_ERROR_INVALID_OPTION;
    }
    std::string Name = Option.substr(1), Value;
    bool HasValue = false;
    if (size_t Eq = Name.find('='); Eq != std::string::npos) {
      Value = Name.substr(Eq + 1);
      Name.resize(Eq);
      HasValue = true;
    }
    const OptionInfo *O = nullptr;
    for (const OptionInfo &Info : OptionTable)
      if (Name == Info.Name)
        O = &Info;
    if (!O) {
      Log += "libnvvm: error: unknown option '" + Option + "'\n";
      return NVVM_ERROR_INVALID_OPTION;
    }
    bool Bad = false;
    switch (O->K) {
    case Arch:
      if (int Number = HasValue ? archNumber(Value) : 0)
        Nvcc.push_back(O->Nvcc + ("compute_" + std::to_string(Number)));
      else
        Bad = true;
      break;
    case Digit:
      Bad = !HasValue || Value.size() != 1 || Value[0] < '0' || Value[0] > '3';
      break;
    case Bool:
      Bad = !HasValue || (Value != "0" && Value != "1");
      if (!Bad)
        Nvcc.push_back(O->Nvcc + std::string(Value == "1" ? "true" : "false"));
      break;
    case Flag:
      Bad = HasValue;
      if (!Bad)
        Nvcc.push_back(O->Nvcc);
      break;
    case Ignored:
      break;
    case Rejected:
      Log += "libnvvm: error: option '" + Option + "' is not supported: " +
             O->Note + "\n";
      return NVVM_ERROR_INVALID_OPTION;
    }
    if (Bad) {
      Log += "libnvvm: error: invalid value in option '" + Option + "'\n";
      return NVVM_ERROR_INVALID_OPTION;
    }
  }
  return NVVM_SUCCESS;
}

bool isBitcode(const std::string &Data) {
  return Data.rfind("BC\xC0\xDE", 0) == 0 ||
         Data.rfind(std::string("\xDE\xC0\x17\x0B", 4), 0) == 0;
}

/// Runs the toolkit's nvcc on the program; Image gets what -ptx wrote
/// (unless VerifyOnly). Failures of the tool itself are
/// NVVM_ERROR_COMPILATION with the reason in the log; Failed is the result
/// for a program nvcc refused.
nvvmResult runNvcc(nvvmProgram Program, int Count, const char **Options,
                   bool VerifyOnly, nvvmResult Failed, std::string *Image) {
  if (!Program)
    return NVVM_ERROR_INVALID_PROGRAM;
  Program->Log.clear();
  std::vector<std::string> Translated;
  if (nvvmResult R = translateOptions(Count, Options, Translated, Program->Log))
    return R;
  bool HasModule = false;
  for (const Module &M : Program->Modules)
    HasModule |= !M.Lazy;
  if (!HasModule)
    return NVVM_ERROR_NO_MODULE_IN_PROGRAM;

  std::string Nvcc =
      rubicon::toolkit::toolkitDirOf(reinterpret_cast<void *>(&runNvcc)) +
      "/../bin/nvcc";
  if (access(Nvcc.c_str(), X_OK) != 0) {
    Program->Log += "libnvvm: error: Rubicon's nvcc is not at " + Nvcc +
                    " (libnvvm runs the nvcc of its own toolkit)\n";
    return NVVM_ERROR_COMPILATION;
  }
  std::string Dir = rubicon::toolkit::makeTempDir("rubicon-nvvm");
  if (Dir.empty()) {
    Program->Log += "libnvvm: error: cannot create a temporary folder\n";
    return NVVM_ERROR_COMPILATION;
  }
  struct Cleanup {
    std::string Dir;
    ~Cleanup() { rubicon::toolkit::runTool({"/bin/rm", "-rf", Dir}, "/dev/null"); }
  } RemoveDir{Dir};

  // The AMD targets nvcc would choose (RUBICON_GPU_ARCH, else gfx942); -ptx
  // adds the host target.
  const char *Targets = std::getenv("RUBICON_GPU_ARCH");
  std::string Output = Dir + "/program.ptx", LogPath = Dir + "/log";
  std::vector<std::string> Argv = {
      Nvcc, "-ptx", "-o", Output,
      std::string("--amdgpu-arch=") + (Targets && *Targets ? Targets : "gfx942")};
  if (VerifyOnly)
    Argv.push_back("--rubicon-nvvm-verify");
  Argv.insert(Argv.end(), Translated.begin(), Translated.end());
  std::vector<std::pair<std::string, std::string>> Names; // copy, name
  for (size_t I = 0; I < Program->Modules.size(); ++I) {
    const Module &M = Program->Modules[I];
    std::string Data = M.Data;
    bool Bitcode = isBitcode(Data);
    if (!Bitcode) // text read with a final NUL (size = strlen + 1)
      while (!Data.empty() && Data.back() == '\0')
        Data.pop_back();
    std::string Path = Dir + "/m" + std::to_string(I) + (Bitcode ? ".bc" : ".ll");
    if (!writeFile(Path, Data)) {
      Program->Log += "libnvvm: error: cannot write module '" + M.Name + "'\n";
      return NVVM_ERROR_COMPILATION;
    }
    Names.emplace_back(Path, M.Name);
    Argv.push_back(M.Lazy ? "--rubicon-nvvm-lazy=" + Path : Path);
  }

  int Status = rubicon::toolkit::runTool(Argv, LogPath);
  std::string Log;
  rubicon::toolkit::readFile(LogPath, Log);
  // Diagnostics name the modules as they were added, not our copies.
  for (const auto &[Path, Name] : Names)
    replaceAll(Log, Path, Name);
  Program->Log += Log;
  if (Status < 0) {
    Program->Log += "libnvvm: error: could not run " + Nvcc + "\n";
    return NVVM_ERROR_COMPILATION;
  }
  if (Status != 0)
    return Failed;
  if (VerifyOnly)
    return NVVM_SUCCESS;
  if (!rubicon::toolkit::readFile(Output, *Image)) {
    Program->Log += "libnvvm: error: nvcc wrote no output\n";
    return NVVM_ERROR_COMPILATION;
  }
  // The text's leading comment names the first module as it was added.
  size_t Payload = Image->find("\n.rubicon_fatbin");
  if (Payload != std::string::npos && !Names.empty()) {
    std::string Head = Image->substr(0, Payload);
    replaceAll(Head, Names.front().first, Names.front().second);
    *Image = Head + Image->substr(Payload);
  }
  return NVVM_SUCCESS;
}

nvvmResult addModule(nvvmProgram Program, const char *Buffer, size_t Size,
                     const char *Name, bool Lazy) {
  if (!Program)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!Buffer || !Size)
    return NVVM_ERROR_INVALID_INPUT;
  Program->Modules.push_back(
      {Name && *Name ? Name : "<unnamed>", std::string(Buffer, Size), Lazy});
  return NVVM_SUCCESS;
}

} // namespace

extern "C" {

const char *nvvmGetErrorString(nvvmResult result) {
  switch (result) {
  case NVVM_SUCCESS:
    return "NVVM_SUCCESS";
  case NVVM_ERROR_OUT_OF_MEMORY:
    return "NVVM_ERROR_OUT_OF_MEMORY";
  case NVVM_ERROR_PROGRAM_CREATION_FAILURE:
    return "NVVM_ERROR_PROGRAM_CREATION_FAILURE";
  case NVVM_ERROR_IR_VERSION_MISMATCH:
    return "NVVM_ERROR_IR_VERSION_MISMATCH";
  case NVVM_ERROR_INVALID_INPUT:
    return "NVVM_ERROR_INVALID_INPUT";
  case NVVM_ERROR_INVALID_PROGRAM:
    return "NVVM_ERROR_INVALID_PROGRAM";
  case NVVM_ERROR_INVALID_IR:
    return "NVVM_ERROR_INVALID_IR";
  case NVVM_ERROR_INVALID_OPTION:
    return "NVVM_ERROR_INVALID_OPTION";
  case NVVM_ERROR_NO_MODULE_IN_PROGRAM:
    return "NVVM_ERROR_NO_MODULE_IN_PROGRAM";
  case NVVM_ERROR_COMPILATION:
    return "NVVM_ERROR_COMPILATION";
  }
  return "Unknown NVVM result";
}

nvvmResult nvvmVersion(int *major, int *minor) {
  if (!major || !minor)
    return NVVM_ERROR_INVALID_INPUT;
  *major = 2;
  *minor = 0;
  return NVVM_SUCCESS;
}

nvvmResult nvvmIRVersion(int *majorIR, int *minorIR, int *majorDbg,
                         int *minorDbg) {
  if (!majorIR || !minorIR || !majorDbg || !minorDbg)
    return NVVM_ERROR_INVALID_INPUT;
  *majorIR = 2;
  *minorIR = 0;
  *majorDbg = 3;
  *minorDbg = 2;
  return NVVM_SUCCESS;
}

nvvmResult nvvmCreateProgram(nvvmProgram *prog) {
  if (!prog)
    return NVVM_ERROR_INVALID_INPUT;
  *prog = new (std::nothrow) _nvvmProgram;
  return *prog ? NVVM_SUCCESS : NVVM_ERROR_OUT_OF_MEMORY;
}

nvvmResult nvvmDestroyProgram(nvvmProgram *prog) {
  if (!prog || !*prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  delete *prog;
  *prog = nullptr;
  return NVVM_SUCCESS;
}

nvvmResult nvvmAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                  size_t size, const char *name) {
  return addModule(prog, buffer, size, name, /*Lazy=*/false);
}

nvvmResult nvvmLazyAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                      size_t size, const char *name) {
  return addModule(prog, buffer, size, name, /*Lazy=*/true);
}

nvvmResult nvvmCompileProgram(nvvmProgram prog, int numOptions,
                              const char **options) {
  if (!prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  std::string Image;
  nvvmResult R = runNvcc(prog, numOptions, options, /*VerifyOnly=*/false,
                         NVVM_ERROR_COMPILATION, &Image);
  prog->Compiled = R == NVVM_SUCCESS;
  prog->Result = R == NVVM_SUCCESS ? std::move(Image) : std::string();
  return R;
}

nvvmResult nvvmVerifyProgram(nvvmProgram prog, int numOptions,
                             const char **options) {
  return runNvcc(prog, numOptions, options, /*VerifyOnly=*/true,
                 NVVM_ERROR_INVALID_IR, nullptr);
}

nvvmResult nvvmGetCompiledResultSize(nvvmProgram prog, size_t *bufferSizeRet) {
  if (!prog || !prog->Compiled)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!bufferSizeRet)
    return NVVM_ERROR_INVALID_INPUT;
  *bufferSizeRet = prog->Result.size() + 1;
  return NVVM_SUCCESS;
}

nvvmResult nvvmGetCompiledResult(nvvmProgram prog, char *buffer) {
  if (!prog || !prog->Compiled)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!buffer)
    return NVVM_ERROR_INVALID_INPUT;
  std::memcpy(buffer, prog->Result.c_str(), prog->Result.size() + 1);
  return NVVM_SUCCESS;
}

nvvmResult nvvmGetProgramLogSize(nvvmProgram prog, size_t *bufferSizeRet) {
  if (!prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!bufferSizeRet)
    return NVVM_ERROR_INVALID_INPUT;
  *bufferSizeRet = prog->Log.size() + 1;
  return NVVM_SUCCESS;
}

nvvmResult nvvmGetProgramLog(nvvmProgram prog, char *buffer) {
  if (!prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!buffer)
    return NVVM_ERROR_INVALID_INPUT;
  std::memcpy(buffer, prog->Log.c_str(), prog->Log.size() + 1);
  return NVVM_SUCCESS;
}

} // extern "C"
