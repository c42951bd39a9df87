//===- SharedState.h - One graph state for libcudart and libcuda -*- C++ -*-===//
//
// Part of Rubicon. The graphs layer is compiled into both libraries; its
// process-wide objects (live handles, capture sessions, pools, stream order)
// must exist once, as the backend does (docs/runtime-driver-state.md):
// libcuda owns a table of them and exports it as __rubicon_graph_state_v1;
// libcudart uses libcuda's table when libcuda is in the process or can be
// loaded, else its own. Both libraries come from the same build, so the
// objects in the table have the same types on both sides. What stays per
// library: thread-local state (a thread's capture mode).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_SHAREDSTATE_H
#define RUBICON_GRAPHS_SHAREDSTATE_H

#include <mutex>

namespace rubicon::graphs {

enum class Slot : unsigned {
  LiveObjects,
  GraphMemory,
  GraphMutex,
  UserObjects,
  UserObjectMutex,
  Capture,
  ActiveCaptures,
  Pools,
  StreamOrder,
  /// Texture and surface objects (runtime-shim/arrays/TextureObject.h).
  TextureObjects,
  /// The runtime's graphics-interop calls (runtime-shim/cudart/GraphicsInterop.h).
  GraphicsInterop,
  Count
};

struct SharedTable {
  std::mutex Mutex;
  void *Slots[unsigned(Slot::Count)] = {};
};

/// libcuda's entry point: its table.
using SharedStateFunction = SharedTable *(*)();
inline constexpr const char SharedStateSymbol[] = "__rubicon_graph_state_v1";

/// This library's own table (what libcuda exports).
SharedTable *ownTable();
/// The process's table, found once.
SharedTable &sharedTable();

/// The object of type T in Slot of the process's table, created on first
/// use. Callers keep the reference (a function-local static).
template <class T> T &sharedObject(Slot S) {
  SharedTable &Table = sharedTable();
  std::lock_guard<std::mutex> Lock(Table.Mutex);
  void *&Object = Table.Slots[unsigned(S)];
  if (!Object)
    Object = new T();
  return *static_cast<T *>(Object);
}

} // namespace rubicon::graphs

#endif // RUBICON_GRAPHS_SHAREDSTATE_H
