//===- Driver.h - Rubicon's nvcc entry point ------------------------------===//
#ifndef RUBICON_FRONTEND_DRIVER_H
#define RUBICON_FRONTEND_DRIVER_H

#include <string>
#include <vector>

namespace rubicon {

/// The toolkit root (<prefix>) of an nvcc at <prefix>/bin/nvcc.
std::string toolkitDirFromExecutable(const char *Argv0, void *MainAddr);

/// Runs nvcc with Args (without argv[0]); returns the exit status.
int nvccMain(const std::vector<std::string> &Args, const std::string &ToolkitDir);

} // namespace rubicon

#endif // RUBICON_FRONTEND_DRIVER_H
