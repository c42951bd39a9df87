//===- PtxJit.cpp - PTX modules compiled at load time ---------------------===//

#include "PtxJit.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace rubicon::driver {
namespace {

/// The toolkit this library belongs to: the folder above lib64/.
std::string toolkitDir() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&compilePTX), &Info) || !Info.dli_fname)
    return "";
  std::string Library = Info.dli_fname;
  size_t Slash = Library.rfind('/');
  std::string Dir = Slash == std::string::npos ? "." : Library.substr(0, Slash);
  return Dir + "/..";
}

bool readFile(const std::string &Path, std::string &Out) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::stringstream S;
  S << In.rdbuf();
  Out = S.str();
  return true;
}

/// Runs Argv with stdout and stderr into LogPath: its exit status, or -1.
int run(const std::vector<std::string> &Argv, const std::string &LogPath) {
  std::vector<char *> Args;
  for (const std::string &A : Argv)
    Args.push_back(const_cast<char *>(A.c_str()));
  Args.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 1, LogPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_adddup2(&Actions, 1, 2);
  pid_t Pid;
  int Spawned = posix_spawn(&Pid, Args[0], &Actions, nullptr, Args.data(),
                            environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0)
    return -1;
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

} // namespace

std::string ptxTargetFor(const char *BackendName) {
  if (BackendName && std::strcmp(BackendName, "host") == 0)
    return "host";
  const char *Arch = std::getenv("RUBICON_GPU_ARCH");
  std::string Targets = Arch && *Arch ? Arch : "gfx942";
  return Targets.substr(0, Targets.find(','));
}

CUresult compilePTX(const char *Text, size_t Size, const std::string &Target,
                    std::string &Image, std::string &Log) {
  std::string Nvcc = toolkitDir() + "/bin/nvcc";
  if (access(Nvcc.c_str(), X_OK) != 0) {
    Log = "PTX JIT: Rubicon's nvcc is not at " + Nvcc +
          " (the driver compiles PTX with the nvcc of its own toolkit)";
    return CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
  }
  const char *TmpEnv = std::getenv("TMPDIR");
  std::string Template =
      std::string(TmpEnv && *TmpEnv ? TmpEnv : "/tmp") + "/rubicon-ptx-XXXXXX";
  std::vector<char> Buffer(Template.begin(), Template.end());
  Buffer.push_back('\0');
  if (!mkdtemp(Buffer.data())) {
    Log = "PTX JIT: cannot create a temporary directory like " + Template;
    return CUDA_ERROR_OPERATING_SYSTEM;
  }
  std::string Dir = Buffer.data();
  std::string Source = Dir + "/module.ptx", Output = Dir + "/module.fatbin",
              LogPath = Dir + "/log";
  size_t Length = strnlen(Text, Size);
  {
    std::ofstream Out(Source, std::ios::binary);
    Out.write(Text, static_cast<std::streamsize>(Length));
  }
  int Status = run({Nvcc, "-fatbin", "--amdgpu-arch=" + Target, "-o", Output,
                    Source},
                   LogPath);
  readFile(LogPath, Log);
  // Messages name the module, not the temporary copy.
  for (size_t At = Log.find(Source); At != std::string::npos;
       At = Log.find(Source, At))
    Log.replace(At, Source.size(), "<ptx>");
  while (!Log.empty() && (Log.back() == '\n' || Log.back() == ' '))
    Log.pop_back();
  bool Read = Status == 0 && readFile(Output, Image);
  for (const std::string &F : {Source, Output, LogPath})
    unlink(F.c_str());
  rmdir(Dir.c_str());
  if (Status < 0) {
    Log += "PTX JIT: could not run " + Nvcc;
    return CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
  }
  return Read ? CUDA_SUCCESS : CUDA_ERROR_INVALID_PTX;
}

} // namespace rubicon::driver
