//===- SharedState.cpp - Finding the process's graph state ----------------===//
//
// Part of Rubicon. SharedState.h.
//
//===----------------------------------------------------------------------===//

#include "SharedState.h"

#include "SharedBackend.h"

#include <dlfcn.h>

namespace rubicon::graphs {

SharedTable *ownTable() {
  static auto *Table = new SharedTable();
  return Table;
}

SharedTable &sharedTable() {
  static SharedTable *Table = [] {
    void *Entry = dlsym(RTLD_DEFAULT, SharedStateSymbol);
    // libcudart loads libcuda to share its backend; the graph state goes
    // with it.
    if (!Entry && cudart::findSharedBackend())
      Entry = dlsym(RTLD_DEFAULT, SharedStateSymbol);
    return Entry ? reinterpret_cast<SharedStateFunction>(Entry)()
                 : ownTable();
  }();
  return *Table;
}

} // namespace rubicon::graphs
