//===- Logs.cpp - The runtime's error log (cudaLogs*) ---------------------===//
//
// Part of Rubicon. Every error a runtime call returns is also a line of the
// log ("<error name>: <description>"), kept in memory (the last 1024 lines),
// passed to the registered callbacks, and dumped on request; the log itself
// is the backend's ApiLog, as the driver's (cuLogs*) is.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "ApiLog.h"
#include "ErrorTable.h"

#include <string>

using namespace rubicon::cudart;

namespace {
ApiLog &log() {
  static ApiLog *TheLog = new ApiLog();
  return *TheLog;
}
} // namespace

namespace rubicon::cudart {
void logApiError(cudaError_t Status) {
  const ErrorInfo *Info = findError(Status);
  log().append(std::string(Info ? Info->Name : "cudaErrorUnknown") + ": " +
               (Info ? Info->Description : "unknown error"));
}
} // namespace rubicon::cudart

extern "C" {

cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t Function,
                                     void *UserData,
                                     cudaLogsCallbackHandle *Handle) {
  if (!Function)
    return cudaErrorInvalidValue;
  void *Entry = log().registerCallback(
      reinterpret_cast<ApiLog::Callback>(Function), UserData);
  if (Handle)
    *Handle = static_cast<cudaLogsCallbackHandle>(Entry);
  return cudaSuccess;
}

cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle Handle) {
  return log().unregisterCallback(Handle) ? cudaSuccess
                                          : cudaErrorInvalidValue;
}

cudaError_t cudaLogsCurrent(cudaLogIterator *Iterator, unsigned int Flags) {
  if (!Iterator || Flags)
    return cudaErrorInvalidValue;
  *Iterator = log().current();
  return cudaSuccess;
}

cudaError_t cudaLogsDumpToFile(cudaLogIterator *Iterator, const char *Path,
                               unsigned int Flags) {
  if (!Path || Flags)
    return cudaErrorInvalidValue;
  return log().dumpToFile(Iterator, Path) ? cudaSuccess
                                          : cudaErrorInvalidValue;
}

cudaError_t cudaLogsDumpToMemory(cudaLogIterator *Iterator, char *Buffer,
                                 size_t *Size, unsigned int Flags) {
  if (!Buffer || !Size || !*Size || Flags)
    return cudaErrorInvalidValue;
  return log().dumpToMemory(Iterator, Buffer, *Size) ? cudaSuccess
                                                     : cudaErrorInvalidValue;
}

} // extern "C"
