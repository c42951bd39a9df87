//===- Logs.cpp - The driver's error log (cuLogs*) ------------------------===//
//
// Part of Rubicon. Every error the driver's backend calls return (through
// toDriverResult or acquireBackend) is also a line of the driver's log
// ("<CUDA_ERROR_...>: <description>"), kept in memory (the last 1024 lines),
// passed to the registered callbacks, and dumped on request: the backend's
// ApiLog, as the runtime's cudaLogs* use. Errors of argument checks made
// before the backend is reached are not logged
// (docs/driver-process-controls.md).
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include "ApiLog.h"

#include <string>

using namespace rubicon;
using namespace rubicon::driver;

namespace {
cudart::ApiLog &log() {
  static auto *TheLog = new cudart::ApiLog();
  return *TheLog;
}
} // namespace

namespace rubicon::driver {
CUresult logDriverError(CUresult Status) {
  if (Status == CUDA_SUCCESS)
    return Status;
  const char *Name = nullptr, *Description = nullptr;
  cuGetErrorName(Status, &Name);
  cuGetErrorString(Status, &Description);
  log().append(std::string(Name ? Name : "CUDA_ERROR_UNKNOWN") + ": " +
               (Description ? Description : "unknown error"));
  return Status;
}
} // namespace rubicon::driver

extern "C" {

CUresult cuLogsRegisterCallback(CUlogsCallback Function, void *UserData,
                                CUlogsCallbackHandle *Handle) {
  if (!Function)
    return CUDA_ERROR_INVALID_VALUE;
  void *Entry = log().registerCallback(
      reinterpret_cast<cudart::ApiLog::Callback>(Function), UserData);
  if (Handle)
    *Handle = static_cast<CUlogsCallbackHandle>(Entry);
  return CUDA_SUCCESS;
}

CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle Handle) {
  return log().unregisterCallback(Handle) ? CUDA_SUCCESS
                                          : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuLogsCurrent(CUlogIterator *Iterator, unsigned int Flags) {
  if (!Iterator || Flags)
    return CUDA_ERROR_INVALID_VALUE;
  *Iterator = log().current();
  return CUDA_SUCCESS;
}

CUresult cuLogsDumpToFile(CUlogIterator *Iterator, const char *Path,
                          unsigned int Flags) {
  if (!Path || Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return log().dumpToFile(Iterator, Path) ? CUDA_SUCCESS
                                          : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuLogsDumpToMemory(CUlogIterator *Iterator, char *Buffer,
                            size_t *Size, unsigned int Flags) {
  if (!Buffer || !Size || !*Size || Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return log().dumpToMemory(Iterator, Buffer, *Size)
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_VALUE;
}

} // extern "C"
