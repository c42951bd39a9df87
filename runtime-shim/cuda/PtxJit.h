//===- PtxJit.h - PTX modules compiled at load time -------------*- C++ -*-===//
//
// cuModuleLoad(Data(Ex)), cuLibraryLoad* and cuLinkAddData(CU_JIT_INPUT_PTX)
// given PTX text: the toolkit's own nvcc compiles it (`nvcc -fatbin x.ptx`,
// frontend/PTXInput.h) for the device in use, as NVIDIA's driver JITs PTX
// with its own ptxas. docs/ptx-modules.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_PTXJIT_H
#define RUBICON_CUDA_PTXJIT_H

#include "cuda.h"

#include <cstddef>
#include <string>

namespace rubicon::driver {

/// Compiles the PTX module Text for Target ("host", "gfx942", ...) into a
/// fat binary (Image). Log receives the compiler's messages. Errors:
/// CUDA_ERROR_INVALID_PTX (the compiler rejected it: Log says why),
/// CUDA_ERROR_JIT_COMPILER_NOT_FOUND (no nvcc beside the library).
CUresult compilePTX(const char *Text, size_t Size, const std::string &Target,
                    std::string &Image, std::string &Log);

/// The target PTX is compiled for: the host target on the host backend,
/// else RUBICON_GPU_ARCH's first target or gfx942.
std::string ptxTargetFor(const char *BackendName);

} // namespace rubicon::driver

#endif // RUBICON_CUDA_PTXJIT_H
