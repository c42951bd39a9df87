//===- NVVMInput.h - NVVM IR inputs of nvcc (libNVVM) -----------*- C++ -*-===//
//
// `nvcc -ptx|-fatbin|-cubin a.ll b.bc [--rubicon-nvvm-lazy=lib.bc]`: the
// NVVM IR modules of one libNVVM program (NVIDIA's NVVM IR: LLVM IR for
// nvptx64-nvidia-cuda, text or bitcode, typed pointers included) read,
// linked, verified and compiled by the device back end of a .cu file
// (ClangJobs.h). libnvvm runs this (docs/cuda-libraries.md, "libNVVM").
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_FRONTEND_NVVMINPUT_H
#define RUBICON_FRONTEND_NVVMINPUT_H

#include "ClangJobs.h"

#include <string>
#include <utility>
#include <vector>

namespace rubicon {

struct NVVMProgram {
  std::vector<std::string> Modules;     // linked whole, in order
  std::vector<std::string> LazyModules; // linked only for what is used
  bool VerifyOnly = false;              // stop after the verifier
  bool FlushDenormals = false;          // -ftz=true: __nvvm_reflect's __CUDA_FTZ
};

/// Reads, links and verifies the program's modules, then (unless
/// VerifyOnly) makes a code object per target (emitCodeObjectsForTargets).
/// Errors go to stderr as `<file>:<line>:<column>: error: ...` (or
/// `<file>: error: ...` where there is no line); returns false on error.
bool compileNVVMProgram(const NVVMProgram &Program,
                        const DeviceBackendSettings &Settings,
                        std::vector<std::pair<std::string, std::string>> &CodeObjects);

} // namespace rubicon

#endif // RUBICON_FRONTEND_NVVMINPUT_H
