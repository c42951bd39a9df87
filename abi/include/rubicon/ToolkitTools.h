//===- ToolkitTools.h - a toolkit library running its own tools -*- C++ -*-===//
//
// libnvrtc (a program's CUDA source), libnvvm and libnvJitLink (NVVM IR,
// link inputs) and libcuda (PTX handed to the driver)
// compile by running the nvcc of their own toolkit: the one in bin/ beside
// the lib64/ folder the library was loaded from, with its messages in a log
// file, reading back what it wrote. Header only; the C++ standard library and POSIX.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_ABI_TOOLKITTOOLS_H
#define RUBICON_ABI_TOOLKITTOOLS_H

#include <cerrno>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>

extern char **environ;

namespace rubicon::toolkit {

/// The toolkit folder of the shared library holding Address: the folder
/// above the one the library is in ("" if unknown).
inline std::string toolkitDirOf(const void *Address) {
  Dl_info Info;
  if (!dladdr(Address, &Info) || !Info.dli_fname)
    return "";
  std::string Library = Info.dli_fname;
  size_t Slash = Library.rfind('/');
  return (Slash == std::string::npos ? std::string(".")
                                     : Library.substr(0, Slash)) +
         "/..";
}

/// Runs Argv (Argv[0] a path) with stdout and stderr into LogPath: its exit
/// status, or -1 when it could not run or did not exit.
inline int runTool(const std::vector<std::string> &Argv,
                   const std::string &LogPath) {
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
  int Spawned =
      posix_spawn(&Pid, Args[0], &Actions, nullptr, Args.data(), environ);
  posix_spawn_file_actions_destroy(&Actions);
  if (Spawned != 0)
    return -1;
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

/// Reads a whole file (a tool's output or log); false if it cannot.
inline bool readFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream S;
  S << In.rdbuf();
  Text = S.str();
  return true;
}

/// Writes Text to a file (a tool's input); false if it cannot.
inline bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary);
  Out << Text;
  return bool(Out);
}

/// Replaces every occurrence of From in Text (a temporary file's path in a
/// tool's log by the name the user gave).
inline void replaceAll(std::string &Text, const std::string &From,
                       const std::string &To) {
  if (From.empty())
    return;
  for (size_t At = Text.find(From); At != std::string::npos;
       At = Text.find(From, At + To.size()))
    Text.replace(At, From.size(), To);
}

/// A new private folder "<TMPDIR or /tmp>/<Prefix>-XXXXXX"; "" on failure.
inline std::string makeTempDir(const std::string &Prefix) {
  const char *Tmp = std::getenv("TMPDIR");
  std::string Template =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/" + Prefix + "-XXXXXX";
  std::vector<char> Buffer(Template.begin(), Template.end());
  Buffer.push_back('\0');
  return mkdtemp(Buffer.data()) ? std::string(Buffer.data()) : "";
}

} // namespace rubicon::toolkit

#endif // RUBICON_ABI_TOOLKITTOOLS_H
