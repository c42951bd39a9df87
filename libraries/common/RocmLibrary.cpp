//===- RocmLibrary.cpp - A ROCm library loaded at first use ---------------===//
//
// Part of Rubicon. See RocmLibrary.h.
//
//===----------------------------------------------------------------------===//
#include "RocmLibrary.h"

#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>

namespace rubicon::libraries {

RocmLibrary::RocmLibrary(const char *CudaName, const char *RocmName,
                         const char *OverrideVariable,
                         std::initializer_list<const char *> Candidates)
    : CudaName(CudaName), RocmName(RocmName),
      OverrideVariable(OverrideVariable), Candidates(Candidates) {}

void RocmLibrary::report(std::string Message) {
  Error = std::move(Message);
  if (Reported)
    return;
  Reported = true;
  std::fprintf(stderr, "rubicon: %s: %s\n", CudaName, Error.c_str());
}

bool RocmLibrary::load() {
  std::call_once(Once, [this] {
    if (const char *Path = std::getenv(OverrideVariable); Path && *Path) {
      Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
      if (!Handle) {
        const char *Why = dlerror();
        report(std::string(OverrideVariable) + "=" + Path + " cannot be loaded (" +
               (Why ? Why : "unknown error") + ")");
      }
      return;
    }
    std::string Tried;
    for (const char *Name : Candidates) {
      if ((Handle = dlopen(Name, RTLD_NOW | RTLD_LOCAL)))
        return;
      Tried += Tried.empty() ? Name : std::string(", ") + Name;
    }
    report(std::string("the AMD backend needs ") + RocmName +
           ", which is not installed (tried " + Tried + "); install ROCm's " +
           RocmName + " or set " + OverrideVariable + " to its path");
  });
  return Handle != nullptr;
}

void *RocmLibrary::resolve(const char *Symbol) {
  if (!Handle)
    return nullptr;
  void *Address = dlsym(Handle, Symbol);
  if (!Address)
    report(std::string(RocmName) + " has no function " + Symbol +
           " (too old a ROCm?)");
  return Address;
}

} // namespace rubicon::libraries
