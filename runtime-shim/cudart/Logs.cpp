//===- Logs.cpp - The runtime's error log (cudaLogs*) ---------------------===//
//
// Part of Rubicon. Every error a runtime call returns is also a line of the
// log ("<error name>: <description>"), kept in memory (the last 1024 lines),
// passed to the registered callbacks, and dumped on request. An iterator is
// the number of lines logged before it.
//
//===----------------------------------------------------------------------===//

#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "ErrorTable.h"

#include <cstdio>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

using namespace rubicon::cudart;

namespace {

constexpr size_t KeptLines = 1024;

struct Callback {
  cudaLogsCallback_t Function;
  void *UserData;
};

struct Log {
  std::mutex Mutex;
  std::deque<std::string> Lines;
  unsigned First = 0; // number of the oldest line kept
  std::vector<Callback *> Callbacks;
};

Log &log() {
  static Log *TheLog = new Log();
  return *TheLog;
}

/// The lines from Iterator on (all when it is null), one per line.
std::string linesFrom(const cudaLogIterator *Iterator, unsigned &End) {
  Log &L = log();
  std::string Text;
  unsigned From = Iterator ? *Iterator : 0;
  End = L.First + static_cast<unsigned>(L.Lines.size());
  for (unsigned N = From < L.First ? L.First : From; N < End; ++N)
    Text += L.Lines[N - L.First] + "\n";
  return Text;
}

} // namespace

namespace rubicon::cudart {
void logApiError(cudaError_t Status) {
  const ErrorInfo *Info = findError(Status);
  std::string Line = std::string(Info ? Info->Name : "cudaErrorUnknown") +
                     ": " + (Info ? Info->Description : "unknown error");
  std::vector<Callback> Callbacks;
  {
    Log &L = log();
    std::lock_guard<std::mutex> Lock(L.Mutex);
    L.Lines.push_back(Line);
    if (L.Lines.size() > KeptLines) {
      L.Lines.pop_front();
      ++L.First;
    }
    for (Callback *C : L.Callbacks)
      Callbacks.push_back(*C);
  }
  for (const Callback &C : Callbacks)
    C.Function(C.UserData, cudaLogLevelError, Line.data(), Line.size());
}
} // namespace rubicon::cudart

extern "C" {

cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t Function,
                                     void *UserData,
                                     cudaLogsCallbackHandle *Handle) {
  if (!Function)
    return cudaErrorInvalidValue;
  auto *C = new Callback{Function, UserData};
  Log &L = log();
  std::lock_guard<std::mutex> Lock(L.Mutex);
  L.Callbacks.push_back(C);
  if (Handle)
    *Handle = reinterpret_cast<cudaLogsCallbackHandle>(C);
  return cudaSuccess;
}

cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle Handle) {
  Log &L = log();
  std::lock_guard<std::mutex> Lock(L.Mutex);
  for (auto It = L.Callbacks.begin(); It != L.Callbacks.end(); ++It)
    if (reinterpret_cast<cudaLogsCallbackHandle>(*It) == Handle) {
      delete *It;
      L.Callbacks.erase(It);
      return cudaSuccess;
    }
  return cudaErrorInvalidValue;
}

cudaError_t cudaLogsCurrent(cudaLogIterator *Iterator, unsigned int Flags) {
  if (!Iterator || Flags)
    return cudaErrorInvalidValue;
  Log &L = log();
  std::lock_guard<std::mutex> Lock(L.Mutex);
  *Iterator = L.First + static_cast<unsigned>(L.Lines.size());
  return cudaSuccess;
}

cudaError_t cudaLogsDumpToFile(cudaLogIterator *Iterator, const char *Path,
                               unsigned int Flags) {
  if (!Path || Flags)
    return cudaErrorInvalidValue;
  Log &L = log();
  std::lock_guard<std::mutex> Lock(L.Mutex);
  unsigned End = 0;
  std::string Text = linesFrom(Iterator, End);
  FILE *File = std::fopen(Path, "a");
  if (!File)
    return cudaErrorInvalidValue;
  bool Written = std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  Written &= std::fclose(File) == 0;
  if (!Written)
    return cudaErrorUnknown;
  if (Iterator)
    *Iterator = End;
  return cudaSuccess;
}

cudaError_t cudaLogsDumpToMemory(cudaLogIterator *Iterator, char *Buffer,
                                 size_t *Size, unsigned int Flags) {
  if (!Buffer || !Size || !*Size || Flags)
    return cudaErrorInvalidValue;
  Log &L = log();
  std::lock_guard<std::mutex> Lock(L.Mutex);
  unsigned End = 0;
  std::string Text = linesFrom(Iterator, End);
  // Whole lines that fit, NUL-terminated; Size becomes the bytes written.
  size_t Fits = Text.size() < *Size ? Text.size() : *Size - 1;
  if (Fits < Text.size()) {
    size_t LastNewline = Text.rfind('\n', Fits ? Fits - 1 : 0);
    Fits = LastNewline == std::string::npos ? 0 : LastNewline + 1;
    End = Iterator ? *Iterator : L.First;
    for (char C : Text.substr(0, Fits))
      End += C == '\n';
  }
  std::memcpy(Buffer, Text.data(), Fits);
  Buffer[Fits] = '\0';
  *Size = Fits;
  if (Iterator)
    *Iterator = End;
  return cudaSuccess;
}

} // extern "C"
