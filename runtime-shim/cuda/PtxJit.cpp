//===- PtxJit.cpp - PTX modules compiled at load time ---------------------===//

#include "PtxJit.h"

#include "PtxCache.h"
#include "Log.h"
#include "ModuleImage.h"

#include "rubicon/ToolkitTools.h"

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace rubicon::driver {
using cudart::classifyModuleImage;
using cudart::logMessage;
using cudart::ModuleImageKind;
std::string ptxTargetFor(const char *BackendName) {
  if (BackendName && std::strcmp(BackendName, "host") == 0)
    return "host";
  const char *Arch = std::getenv("RUBICON_GPU_ARCH");
  std::string Targets = Arch && *Arch ? Arch : "gfx942";
  return Targets.substr(0, Targets.find(','));
}

CUresult compilePTX(const char *Text, size_t Size, const std::string &Target,
                    std::string &Image, std::string &Log) {
  std::string Nvcc =
      toolkit::toolkitDirOf(reinterpret_cast<void *>(&compilePTX)) +
      "/bin/nvcc";
  if (access(Nvcc.c_str(), X_OK) != 0) {
    Log = "PTX JIT: Rubicon's nvcc is not at " + Nvcc +
          " (the driver compiles PTX with the nvcc of its own toolkit)";
    return CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
  }
  size_t Length = strnlen(Text, Size);
  std::string Cached =
      ptxCachePath(std::string_view(Text, Length), Target, Nvcc);
  if (!Cached.empty() && readCachedImage(Cached, Image) &&
      classifyModuleImage(Image.data(), Image.size()).Kind ==
          ModuleImageKind::FatBinary) {
    logMessage("PTX JIT: from the cache, %s", Cached.c_str());
    return CUDA_SUCCESS;
  }
  std::string Dir = toolkit::makeTempDir("rubicon-ptx");
  if (Dir.empty()) {
    Log = "PTX JIT: cannot create a temporary folder (TMPDIR or /tmp)";
    return CUDA_ERROR_OPERATING_SYSTEM;
  }
  std::string Source = Dir + "/module.ptx", Output = Dir + "/module.fatbin",
              LogPath = Dir + "/log";
  {
    std::ofstream Out(Source, std::ios::binary);
    Out.write(Text, static_cast<std::streamsize>(Length));
  }
  int Status = toolkit::runTool(
      {Nvcc, "-fatbin", "--amdgpu-arch=" + Target, "-o", Output, Source},
      LogPath);
  toolkit::readFile(LogPath, Log);
  // Messages name the module, not the temporary copy.
  for (size_t At = Log.find(Source); At != std::string::npos;
       At = Log.find(Source, At))
    Log.replace(At, Source.size(), "<ptx>");
  while (!Log.empty() && (Log.back() == '\n' || Log.back() == ' '))
    Log.pop_back();
  bool Read = Status == 0 && toolkit::readFile(Output, Image);
  for (const std::string &F : {Source, Output, LogPath})
    unlink(F.c_str());
  rmdir(Dir.c_str());
  if (Status < 0) {
    Log += "PTX JIT: could not run " + Nvcc;
    return CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
  }
  if (!Read)
    return CUDA_ERROR_INVALID_PTX;
  if (!Cached.empty())
    storeCachedImage(Cached, Image);
  logMessage("PTX JIT: compiled for %s", Target.c_str());
  return CUDA_SUCCESS;
}

} // namespace rubicon::driver
