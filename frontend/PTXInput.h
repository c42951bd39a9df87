//===- PTXInput.h - .ptx inputs of nvcc -------------------------*- C++ -*-===//
//
// `nvcc -cubin x.ptx` / `nvcc -fatbin x.ptx`: a PTX module (ptx-module/)
// compiled by the device back end of a .cu file (ClangJobs.h).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_FRONTEND_PTXINPUT_H
#define RUBICON_FRONTEND_PTXINPUT_H

#include "ClangJobs.h"

#include <string>
#include <utility>
#include <vector>

namespace rubicon {

/// Translates the PTX module at Path and makes a code object per target
/// (emitCodeObjectsForTargets). Errors go to stderr as
/// `<Path>:<line>:<column>: error: ...`; returns false on error.
bool compilePTXDeviceSide(const std::string &Path,
                          const DeviceBackendSettings &Settings,
                          std::vector<std::pair<std::string, std::string>> &CodeObjects);

} // namespace rubicon

#endif // RUBICON_FRONTEND_PTXINPUT_H
