//===- SharedBackend.cpp - Finding libcuda's backend ----------------------===//
//
// Part of Rubicon. See SharedBackend.h.
//
//===----------------------------------------------------------------------===//
#include "SharedBackend.h"
#include "Log.h"

#include <dlfcn.h>

namespace rubicon::cudart {

SharedBackendFunction findSharedBackend() {
  static SharedBackendFunction Found = [] {
    if (void *F = dlsym(RTLD_DEFAULT, SharedBackendSymbol))
      return reinterpret_cast<SharedBackendFunction>(F);
    void *Library = dlopen(DriverLibraryName, RTLD_NOW | RTLD_GLOBAL);
    if (!Library) {
      const char *Error = dlerror();
      logMessage("%s not loaded (%s): the runtime keeps its own backend",
                 DriverLibraryName, Error ? Error : "?");
      return SharedBackendFunction();
    }
    if (void *F = dlsym(Library, SharedBackendSymbol))
      return reinterpret_cast<SharedBackendFunction>(F);
    logMessage("%s is not Rubicon's: the runtime keeps its own backend",
               DriverLibraryName);
    dlclose(Library);
    return SharedBackendFunction();
  }();
  return Found;
}

NoteFatBinaryFunction findNoteFatBinary() {
  return reinterpret_cast<NoteFatBinaryFunction>(
      dlsym(RTLD_DEFAULT, NoteFatBinarySymbol));
}

} // namespace rubicon::cudart
