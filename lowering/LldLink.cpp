//===- LldLink.cpp - Linking a code object with ld.lld --------------------===//
//
// linkWithLld and temporaryPath (BackendSupport.h): the object file goes to a
// temporary file, ld.lld links it into a shared object, and its output is
// part of the error when it fails.
//
//===----------------------------------------------------------------------===//
#include "BackendSupport.h"
#include "rubicon/Config.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {

Expected<std::string> temporaryPath(StringRef Dir, StringRef Stem,
                                    StringRef Suffix) {
  SmallString<256> Path;
  std::error_code EC;
  if (Dir.empty()) {
    EC = sys::fs::getPotentiallyUniqueTempFileName(Stem, Suffix, Path);
  } else {
    SmallString<256> Model(Dir);
    sys::path::append(Model, Stem + "-%%%%%%%%." + Suffix);
    EC = sys::fs::getPotentiallyUniqueFileName(Model, Path);
  }
  if (EC)
    return makeError("cannot create a temporary file name: " + EC.message());
  return std::string(Path);
}

Expected<std::string> linkWithLld(StringRef Object, const LldLink &Link) {
  std::string Lld = Link.LldPath.empty()
                        ? std::string(RUBICON_LLVM_TOOLS_DIR) + "/ld.lld"
                        : Link.LldPath.str();
  auto ObjectPath = temporaryPath(Link.TempDir, Link.TempStem, "o");
  if (!ObjectPath)
    return ObjectPath.takeError();
  auto OutputPath =
      temporaryPath(Link.TempDir, Link.TempStem, Link.OutputSuffix);
  if (!OutputPath)
    return OutputPath.takeError();
  auto LogPath = temporaryPath(Link.TempDir, Link.TempStem, "lld.log");
  if (!LogPath)
    return LogPath.takeError();
  scope_exit RemoveTemporaries([&] {
    sys::fs::remove(*LogPath);
    if (Link.KeepTemps)
      return;
    sys::fs::remove(*ObjectPath);
    sys::fs::remove(*OutputPath);
  });

  {
    std::error_code EC;
    raw_fd_ostream OS(*ObjectPath, EC, sys::fs::OF_None);
    if (EC)
      return makeError("cannot write '" + *ObjectPath + "': " + EC.message());
    OS << Object;
  }
  SmallVector<StringRef> Args{Lld, "-m", Link.Emulation};
  if (Link.Undefined == UndefinedSymbols::Error)
    Args.push_back("--no-undefined");
  Args.push_back("-shared");
  Args.append(Link.ExtraFlags.begin(), Link.ExtraFlags.end());
  Args.append({"-o", *OutputPath, *ObjectPath});
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(*LogPath),
                                          StringRef(*LogPath)};
  std::string ExecError;
  int Status =
      sys::ExecuteAndWait(Lld, Args, std::nullopt, Redirects, 0, 0, &ExecError);
  if (Status != 0) {
    std::string Log;
    if (auto Buffer = MemoryBuffer::getFile(*LogPath))
      Log = (*Buffer)->getBuffer().str();
    return makeError("linking the " + Link.LinkedName + " with '" + Lld +
                     "' failed" + (ExecError.empty() ? "" : ": " + ExecError) +
                     (Log.empty() ? "" : ":\n" + Log));
  }
  auto SharedObject = MemoryBuffer::getFile(*OutputPath);
  if (!SharedObject)
    return makeError("cannot read the linked " + Link.ResultName + " '" +
                     *OutputPath + "': " + SharedObject.getError().message());
  return (*SharedObject)->getBuffer().str();
}

} // namespace rubicon
