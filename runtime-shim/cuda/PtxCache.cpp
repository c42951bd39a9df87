//===- PtxCache.cpp - PTX compiled once, kept for later loads -------------===//

#include "PtxCache.h"

#include "rubicon/ToolkitTools.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace rubicon::driver {
namespace {

/// FNV-1a, 64 bits.
uint64_t hashBytes(uint64_t Hash, std::string_view Bytes) {
  for (unsigned char C : Bytes) {
    Hash ^= C;
    Hash *= 0x100000001b3ull;
  }
  return Hash;
}

/// mkdir -p.
bool makeFolders(const std::string &Path) {
  for (size_t Slash = Path.find('/', 1);; Slash = Path.find('/', Slash + 1)) {
    std::string Prefix = Path.substr(0, Slash);
    if (mkdir(Prefix.c_str(), 0700) != 0 && errno != EEXIST)
      return false;
    if (Slash == std::string::npos)
      return true;
  }
}

} // namespace

std::string ptxCachePath(std::string_view Ptx, const std::string &Target,
                         const std::string &Compiler) {
  const char *Disable = std::getenv("CUDA_CACHE_DISABLE");
  if (Disable && std::string_view(Disable) == "1")
    return "";
  std::string Base;
  if (const char *Path = std::getenv("CUDA_CACHE_PATH"); Path && *Path)
    Base = Path;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    Base = std::string(Home) + "/.nv/ComputeCache";
  else
    return "";
  struct stat Info;
  if (stat(Compiler.c_str(), &Info) != 0)
    return "";
  uint64_t Hash = 0xcbf29ce484222325ull;
  Hash = hashBytes(Hash, Ptx);
  Hash = hashBytes(Hash, std::string_view(Target.c_str(), Target.size() + 1));
  std::string Stamp = std::to_string(Info.st_size) + ":" +
                      std::to_string(Info.st_mtim.tv_sec) + "." +
                      std::to_string(Info.st_mtim.tv_nsec);
  Hash = hashBytes(Hash, Stamp);
  char Name[64];
  std::snprintf(Name, sizeof Name, "%016llx-%zu.fatbin",
                static_cast<unsigned long long>(Hash), Ptx.size());
  return Base + "/rubicon-ptx/" + Name;
}

bool readCachedImage(const std::string &Path, std::string &Image) {
  return toolkit::readFile(Path, Image) && !Image.empty();
}

void storeCachedImage(const std::string &Path, const std::string &Image) {
  std::string Folder = Path.substr(0, Path.rfind('/'));
  if (!makeFolders(Folder))
    return;
  std::string Temporary = Path + "." + std::to_string(getpid()) + ".tmp";
  {
    std::ofstream Out(Temporary, std::ios::binary);
    Out.write(Image.data(), static_cast<std::streamsize>(Image.size()));
    if (!Out) {
      Out.close();
      unlink(Temporary.c_str());
      return;
    }
  }
  if (std::rename(Temporary.c_str(), Path.c_str()) != 0)
    unlink(Temporary.c_str());
}

} // namespace rubicon::driver
