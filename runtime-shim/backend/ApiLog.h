//===- ApiLog.h - The error log of a CUDA library (cudaLogs*, cuLogs*) -*- C++ -*-===//
//
// Part of Rubicon. What CUDA 12.9's log calls read: each library keeps the
// errors its calls return as lines ("<error name>: <description>"), the last
// KeptLines of them, passes each new line to the registered callbacks, and
// copies lines out from an iterator (the number of lines logged before it).
// libcudart and libcuda each own one (cudart/Logs.cpp, cuda/Logs.cpp);
// docs/driver-process-controls.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_APILOG_H
#define RUBICON_BACKEND_APILOG_H

#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace rubicon::cudart {

class ApiLog {
public:
  /// cudaLogsCallback_t and CUlogsCallback: (user data, level, line, length).
  using Callback = void (*)(void *, int, char *, size_t);
  static constexpr size_t KeptLines = 1024;

  /// Appends a line at level 0 (error) and calls the callbacks with it.
  void append(const std::string &Line);
  /// A handle for unregister(), never null.
  void *registerCallback(Callback Function, void *UserData);
  /// False when Handle is not registered.
  bool unregisterCallback(void *Handle);
  /// The iterator of the next line to be logged.
  unsigned current();
  /// Appends the lines from *Iterator (all kept lines when Iterator is null)
  /// to the file at Path, and advances *Iterator past them. False when the
  /// file cannot be written.
  bool dumpToFile(unsigned *Iterator, const char *Path);
  /// CUDA's cuLogsDumpToMemory: the newest whole lines from *Iterator that
  /// fit in Size bytes with the terminating NUL, behind a line saying that
  /// older ones were left out when some were; Size becomes the bytes written
  /// (without the NUL). False when not even one line fits (Size 0).
  bool dumpToMemory(unsigned *Iterator, char *Buffer, size_t &Size);

private:
  struct Entry {
    Callback Function;
    void *UserData;
  };
  /// The kept lines from Iterator on, and the iterator after them.
  std::vector<std::string> linesFrom(const unsigned *Iterator, unsigned &End,
                                     bool &Truncated);

  std::mutex Mutex;
  std::deque<std::string> Lines;
  unsigned First = 0; // the iterator of the oldest kept line
  std::vector<Entry *> Callbacks;
};

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_APILOG_H
