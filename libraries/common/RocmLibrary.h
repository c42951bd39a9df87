//===- RocmLibrary.h - A ROCm library loaded at first use -------*- C++ -*-===//
//
// Part of Rubicon. The AMD backend of each CUDA library forwards to ROCm's
// library (rocBLAS, rocRAND, rocFFT, ...), found with dlopen when first
// needed, so Rubicon builds without ROCm and runs on whatever ROCm the
// machine has. Its functions come from a .def table resolved with dlsym.
// A missing library or function is reported once on stderr, naming what is
// missing; the caller then returns its own library's error status.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LIBRARIES_ROCMLIBRARY_H
#define RUBICON_LIBRARIES_ROCMLIBRARY_H

#include <initializer_list>
#include <mutex>
#include <string>

namespace rubicon::libraries {

class RocmLibrary {
public:
  /// \p CudaName names the CUDA library for messages ("cuBLAS"),
  /// \p RocmName the ROCm one ("rocBLAS"); \p OverrideVariable
  /// (RUBICON_ROCBLAS_LIBRARY) names a path tried instead of \p Candidates.
  RocmLibrary(const char *CudaName, const char *RocmName,
              const char *OverrideVariable,
              std::initializer_list<const char *> Candidates);

  /// Loads the library once; false (and one message on stderr) if it cannot.
  bool load();
  /// The address of \p Symbol, or null (the message names it) — after load().
  void *resolve(const char *Symbol);
  /// Why the last load or resolve failed.
  const std::string &error() const { return Error; }

private:
  void report(std::string Message);

  const char *CudaName, *RocmName, *OverrideVariable;
  std::initializer_list<const char *> Candidates;
  std::once_flag Once;
  void *Handle = nullptr;
  std::string Error;
  bool Reported = false;
};

} // namespace rubicon::libraries

#endif // RUBICON_LIBRARIES_ROCMLIBRARY_H
