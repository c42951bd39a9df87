//===- ErrorTable.h - CUDA runtime error names and meanings -----*- C++ -*-===//
//
// Part of Rubicon. Lookups over ErrorCodes.def and HipErrorMap.def.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_ERRORTABLE_H
#define RUBICON_BACKEND_ERRORTABLE_H

#include "driver_types.h"

#include <span>

namespace rubicon::cudart {

struct ErrorInfo {
  cudaError_t Code;
  const char *Name;
  bool Sticky;
  const char *Description;
};

/// Every cudaError_t value, in ErrorCodes.def order.
std::span<const ErrorInfo> allErrors();
/// The row for Code, or nullptr for a value that is not a cudaError_t.
const ErrorInfo *findError(int Code);
/// True for errors that leave the device unusable until cudaDeviceReset.
bool isStickyError(cudaError_t Code);
/// The CUDA error to report for a hipError_t value.
cudaError_t cudaErrorFromHip(int HipError);

/// Name and description for values outside the table (CUDA answers both
/// with the same text).
inline constexpr const char *UnrecognizedErrorName = "unrecognized error code";
inline constexpr const char *UnrecognizedErrorDescription =
    "unrecognized error code";

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_ERRORTABLE_H
