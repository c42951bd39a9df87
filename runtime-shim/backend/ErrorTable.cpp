//===- ErrorTable.cpp - CUDA runtime error names and meanings -------------===//
//
// Part of Rubicon.
//
//===----------------------------------------------------------------------===//

#include "ErrorTable.h"

#include <algorithm>
#include <array>

namespace rubicon::cudart {

namespace {
constexpr ErrorInfo ErrorRows[] = {
#define CUDART_ERROR(Name, Sticky, Description)                                \
  {Name, #Name, Sticky, Description},
#include "ErrorCodes.def"
};

struct HipErrorRow {
  int Hip;
  cudaError_t Cuda;
};
constexpr HipErrorRow HipErrorRows[] = {
#define HIP_ERROR(HipValue, CudaError) {HipValue, CudaError},
#include "hip/HipErrorMap.def"
};
} // namespace

std::span<const ErrorInfo> allErrors() { return ErrorRows; }

const ErrorInfo *findError(int Code) {
  const auto *It = std::find_if(
      std::begin(ErrorRows), std::end(ErrorRows),
      [&](const ErrorInfo &Row) { return static_cast<int>(Row.Code) == Code; });
  return It == std::end(ErrorRows) ? nullptr : It;
}

bool isStickyError(cudaError_t Code) {
  const ErrorInfo *Info = findError(Code);
  return Info && Info->Sticky;
}

cudaError_t cudaErrorFromHip(int HipError) {
  for (const HipErrorRow &Row : HipErrorRows)
    if (Row.Hip == HipError)
      return Row.Cuda;
  return cudaErrorUnknown;
}

} // namespace rubicon::cudart
