//===- NvJitLink.cpp - nvJitLink over the toolkit's device link ----------===//
//
// Part of Rubicon. A handle checks its options (-arch=sm_XX is required,
// as nvJitLink documents) and keeps its inputs; nvJitLinkComplete writes
// them to a private temporary folder and runs the toolkit's own nvcc (the
// one beside this library) as `nvcc -dlink -fatbin`, which links their NVVM
// bitcode and makes one code object per target: the linked "cubin" is that
// fat binary, which cuModuleLoadData accepts. Rubicon's LTO IR is the fat
// binary of NVVM bitcode that NVRTC makes with -dlto (or -rdc=true, or
// nvcc -fatbin -rdc=true); objects and archives compiled with -dc are taken
// too. A PTX input is compiled by the toolkit's PTX path
// (docs/ptx-modules.md): alone, `nvcc -fatbin x.ptx` is the linked image;
// with other inputs, `nvcc -fatbin -rdc=true x.ptx` gives its NVVM bitcode,
// device-linked with the rest (its kernels and functions join the linked
// module; PTX `.extern` declarations are not taken by the PTX path). There
// is no linked PTX. docs/cuda-libraries.md, "nvJitLink".
//
//===----------------------------------------------------------------------===//
#include "nvJitLink.h"

#include "rubicon/ToolkitTools.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <new>
#include <string>
#include <vector>

struct nvJitLink {
  struct Input {
    std::string Name, Data, Extension; // how nvcc takes it
  };
  std::vector<Input> Inputs;
  std::vector<std::string> NvccOptions; // from -O<n>, -g, -lineinfo
  std::string ErrorLog;
  std::string InfoLog;
  std::string Linked; // after nvJitLinkComplete: the fat binary
  bool Completed = false;
};

using rubicon::toolkit::writeFile;

namespace {

nvJitLinkResult sizeOf(const std::string &Log, size_t *Size) {
  if (!Size)
    return NVJITLINK_ERROR_INVALID_INPUT;
  *Size = Log.size() + 1;
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult copy(const std::string &Log, char *Out) {
  if (!Out)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::memcpy(Out, Log.c_str(), Log.size() + 1);
  return NVJITLINK_SUCCESS;
}

/// The file extension nvcc's device link takes Data as, from its type and
/// its first bytes; "" if it cannot be linked.
std::string extensionFor(nvJitLinkInputType Type, const std::string &Data) {
  bool Bundle = Data.rfind("__CLANG_OFFLOAD_BUNDLE__", 0) == 0;
  bool Elf = Data.rfind("\x7f" "ELF", 0) == 0;
  bool Archive = Data.rfind("!<arch>\n", 0) == 0;
  switch (Type) {
  case NVJITLINK_INPUT_LTOIR:
  case NVJITLINK_INPUT_CUBIN:
  case NVJITLINK_INPUT_FATBIN:
    return Bundle ? ".fatbin" : "";
  case NVJITLINK_INPUT_OBJECT:
    return Elf ? ".o" : "";
  case NVJITLINK_INPUT_LIBRARY:
    return Archive ? ".a" : "";
  case NVJITLINK_INPUT_ANY:
    return Bundle ? ".fatbin" : Elf ? ".o" : Archive ? ".a" : "";
  default:
    return "";
  }
}

} // namespace

extern "C" {

nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions,
                                const char **options) {
  if (!handle || (numOptions && !options))
    return NVJITLINK_ERROR_INVALID_INPUT;
  bool HasArch = false;
  std::vector<std::string> Nvcc;
  for (uint32_t I = 0; I < numOptions; ++I) {
    if (!options[I])
      return NVJITLINK_ERROR_INVALID_INPUT;
    const char *Option = options[I];
    // -arch only chooses NVIDIA's code (the targets are Rubicon's: the AMD
    // ones nvcc would choose and the host); -lto, -ptxas..., -time, -split...
    // and the like need nothing here.
    if (std::strncmp(Option, "-arch=", 6) == 0)
      HasArch = true;
    else if (Option[0] != '-')
      return NVJITLINK_ERROR_UNRECOGNIZED_OPTION;
    else if ((Option[1] == 'O' && Option[2] >= '0' && Option[2] <= '3' &&
              !Option[3]) ||
             !std::strcmp(Option, "-g") || !std::strcmp(Option, "-lineinfo"))
      Nvcc.push_back(Option);
  }
  if (!HasArch)
    return NVJITLINK_ERROR_MISSING_ARCH;
  *handle = new (std::nothrow) nvJitLink;
  if (!*handle)
    return NVJITLINK_ERROR_INTERNAL;
  (*handle)->NvccOptions = std::move(Nvcc);
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle) {
  if (!handle || !*handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  delete *handle;
  *handle = nullptr;
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle,
                                 nvJitLinkInputType inputType,
                                 const void *data, size_t size,
                                 const char *name) {
  if (!handle || !data || !size || handle->Completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::string Name = name && *name ? name : "input";
  std::string Data(static_cast<const char *>(data), size);
  std::string Extension = inputType == NVJITLINK_INPUT_PTX
                              ? std::string(".ptx")
                              : extensionFor(inputType, Data);
  if (Extension.empty()) {
    handle->ErrorLog += "nvJitLink: " + Name +
                        ": not device code this toolkit links (a fat binary "
                        "of NVVM bitcode, an object or an archive of -dc "
                        "objects)\n";
    return NVJITLINK_ERROR_UNRECOGNIZED_INPUT;
  }
  handle->Inputs.push_back({Name, std::move(Data), Extension});
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle,
                                 nvJitLinkInputType inputType,
                                 const char *fileName) {
  if (!handle || !fileName)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::ifstream File(fileName, std::ios::binary);
  if (!File) {
    handle->ErrorLog += std::string("nvJitLink: cannot read ") + fileName + "\n";
    return NVJITLINK_ERROR_INVALID_INPUT;
  }
  std::string Data((std::istreambuf_iterator<char>(File)),
                   std::istreambuf_iterator<char>());
  return nvJitLinkAddData(handle, inputType, Data.data(), Data.size(),
                          fileName);
}

nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle) {
  if (!handle || handle->Completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  if (handle->Inputs.empty()) {
    handle->ErrorLog += "nvJitLink: nothing to link\n";
    return NVJITLINK_ERROR_INVALID_INPUT;
  }
  size_t PtxInputs = 0;
  for (const nvJitLink::Input &In : handle->Inputs)
    PtxInputs += In.Extension == ".ptx";
  // One PTX input alone is compiled (nvcc -fatbin x.ptx); with other inputs
  // each PTX input is first compiled to relocatable device code (nvcc
  // -fatbin -rdc=true x.ptx: its NVVM bitcode), then device-linked with
  // the rest.
  bool PtxAlone = PtxInputs == 1 && handle->Inputs.size() == 1;
  namespace toolkit = rubicon::toolkit;
  std::string Nvcc =
      toolkit::toolkitDirOf(reinterpret_cast<void *>(&nvJitLinkComplete)) +
      "/bin/nvcc";
  if (access(Nvcc.c_str(), X_OK) != 0) {
    handle->ErrorLog += "nvJitLink: Rubicon's nvcc is not at " + Nvcc +
                        " (libnvJitLink runs the nvcc of its own toolkit)\n";
    return NVJITLINK_ERROR_INTERNAL;
  }
  std::string Dir = toolkit::makeTempDir("rubicon-nvjitlink");
  if (Dir.empty()) {
    handle->ErrorLog += "nvJitLink: cannot create a temporary folder\n";
    return NVJITLINK_ERROR_INTERNAL;
  }
  // The AMD targets nvcc would choose (RUBICON_GPU_ARCH, else gfx942) and
  // the host target, as NVRTC compiles for.
  const char *Arch = std::getenv("RUBICON_GPU_ARCH");
  std::string Targets = Arch && *Arch ? Arch : "gfx942";
  if (Targets.find("host") == std::string::npos)
    Targets += ",host";
  std::string Log = Dir + "/log";
  std::vector<std::string> Files;
  bool Written = true;
  for (size_t I = 0; I < handle->Inputs.size(); ++I) {
    const nvJitLink::Input &In = handle->Inputs[I];
    Files.push_back(Dir + "/input" + std::to_string(I) + In.Extension);
    Written &= writeFile(Files.back(), In.Data);
  }
  // Runs nvcc on Inputs into Output; its messages, with the inputs named as
  // they were named, go to Text.
  auto RunNvcc = [&](std::vector<std::string> Argv, const std::string &Output,
                     std::string &Text) {
    Argv.insert(Argv.begin(), Nvcc);
    Argv.insert(Argv.end(), {"--amdgpu-arch=" + Targets, "-o", Output});
    Argv.insert(Argv.end(), handle->NvccOptions.begin(),
                handle->NvccOptions.end());
    int Status = toolkit::runTool(Argv, Log);
    std::string Said;
    toolkit::readFile(Log, Said);
    for (size_t I = 0; I < Files.size(); ++I)
      for (size_t At = Said.find(Files[I]); At != std::string::npos;
           At = Said.find(Files[I], At))
        Said.replace(At, Files[I].size(), handle->Inputs[I].Name);
    Text += Said;
    return Status == 0;
  };
  std::string Text;
  bool PtxFailed = false, Linked = false;
  if (Written && !PtxAlone) {
    for (size_t I = 0; I < Files.size() && !PtxFailed; ++I) {
      if (handle->Inputs[I].Extension != ".ptx")
        continue;
      std::string Relocatable = Dir + "/input" + std::to_string(I) + ".fatbin";
      PtxFailed = !RunNvcc({"-fatbin", "-rdc=true", Files[I]}, Relocatable, Text);
      Files[I] = Relocatable;
    }
  }
  std::string Output = Dir + "/linked.fatbin";
  if (Written && !PtxFailed) {
    std::vector<std::string> Argv = {"-fatbin"};
    if (!PtxAlone)
      Argv.push_back("-dlink");
    Argv.insert(Argv.end(), Files.begin(), Files.end());
    Linked = RunNvcc(Argv, Output, Text) &&
             toolkit::readFile(Output, handle->Linked);
    PtxFailed = !Linked && PtxAlone;
  }
  std::vector<std::string> Remove = {"/bin/rm", "-rf", Dir};
  toolkit::runTool(Remove, "/dev/null");
  if (!Linked) {
    handle->ErrorLog += Text;
    if (!Written) {
      handle->ErrorLog += "nvJitLink: cannot write the inputs\n";
      return NVJITLINK_ERROR_INTERNAL;
    }
    handle->ErrorLog += PtxFailed ? "nvJitLink: a PTX input does not compile\n"
                                  : "nvJitLink: the device link failed\n";
    return PtxFailed ? NVJITLINK_ERROR_PTX_COMPILE : NVJITLINK_ERROR_INTERNAL;
  }
  handle->InfoLog += Text;
  handle->Completed = true;
  return NVJITLINK_SUCCESS;
}

// The linked image: the fat binary of the device link.
nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle,
                                            size_t *size) {
  if (!handle || !size || !handle->Completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  *size = handle->Linked.size();
  return NVJITLINK_SUCCESS;
}
nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin) {
  if (!handle || !cubin || !handle->Completed)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::memcpy(cubin, handle->Linked.data(), handle->Linked.size());
  return NVJITLINK_SUCCESS;
}
// There is never linked PTX.
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle, size_t *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle, char *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}

nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle,
                                         size_t *size) {
  return handle ? sizeOf(handle->ErrorLog, size)
                : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log) {
  return handle ? copy(handle->ErrorLog, log) : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size) {
  return handle ? sizeOf(handle->InfoLog, size)
                : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log) {
  return handle ? copy(handle->InfoLog, log) : NVJITLINK_ERROR_INVALID_INPUT;
}

nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor) {
  if (!major || !minor)
    return NVJITLINK_ERROR_INVALID_INPUT;
  *major = 13;
  *minor = 0;
  return NVJITLINK_SUCCESS;
}

} // extern "C"
