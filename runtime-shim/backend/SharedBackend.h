//===- SharedBackend.h - One backend for both CUDA libraries ----*- C++ -*-===//
//
// Part of Rubicon. libcuda owns the process's backend; libcudart uses it when
// libcuda is in the process or can be loaded, so a stream, event, device
// pointer or module made through one API is valid in the other
// (docs/runtime-driver-state.md). Both libraries come from the same build:
// these C entry points pass C++ objects (FatBinaryRecord, Backend) across.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_BACKEND_SHAREDBACKEND_H
#define RUBICON_BACKEND_SHAREDBACKEND_H

#include "Backend.h"

#include <cstddef>

namespace rubicon::cudart {

/// libcuda's `__rubicon_shared_backend_v1(Records, Count, &Backend)`: creates
/// and initializes the process's backend once (selected with the records of
/// every fat binary noted so far, and these), and returns how initialization
/// went; Backend is set when it succeeded.
using SharedBackendFunction = cudaError_t (*)(const FatBinaryRecord *const *,
                                              size_t, Backend **);
inline constexpr const char SharedBackendSymbol[] =
    "__rubicon_shared_backend_v1";

/// libcuda's `__rubicon_note_fat_binary_v1(Record)`: libcudart reports each
/// fat binary it registers, so that a cuInit made before any runtime call
/// selects the backend those code objects need.
using NoteFatBinaryFunction = void (*)(const FatBinaryRecord *);
inline constexpr const char NoteFatBinarySymbol[] =
    "__rubicon_note_fat_binary_v1";

/// The name libcudart loads libcuda by (its runpath, or the program's, finds
/// the toolkit's lib64).
inline constexpr const char DriverLibraryName[] = "libcuda.so.1";

/// libcudart's side: libcuda's entry point if libcuda is in the process
/// (already, or loaded now with RTLD_GLOBAL); null when it cannot be found
/// or is not Rubicon's. Looked up once.
SharedBackendFunction findSharedBackend();
/// libcuda's note function if libcuda is already in the process, else null
/// (never loads it: registration runs before main).
NoteFatBinaryFunction findNoteFatBinary();

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_SHAREDBACKEND_H
