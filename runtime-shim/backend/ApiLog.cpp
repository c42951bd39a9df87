//===- ApiLog.cpp - The error log of a CUDA library -----------------------===//
//
// Part of Rubicon. ApiLog.h.
//
//===----------------------------------------------------------------------===//

#include "ApiLog.h"

#include <cstdio>
#include <cstring>

using namespace rubicon::cudart;

namespace {
/// The line a dump starts with when lines it should hold are gone or left
/// out (CUDA: "an indication will appear in the destination output").
constexpr const char TruncatedLine[] = "[earlier log lines were dropped]\n";
} // namespace

void ApiLog::append(const std::string &Line) {
  std::vector<Entry> Calls;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Lines.push_back(Line);
    if (Lines.size() > KeptLines) {
      Lines.pop_front();
      ++First;
    }
    for (Entry *E : Callbacks)
      Calls.push_back(*E);
  }
  // Outside the lock: a callback may dump the log.
  for (const Entry &E : Calls) {
    std::string Copy = Line;
    E.Function(E.UserData, /*error*/ 0, Copy.data(), Copy.size());
  }
}

void *ApiLog::registerCallback(Callback Function, void *UserData) {
  auto *E = new Entry{Function, UserData};
  std::lock_guard<std::mutex> Lock(Mutex);
  Callbacks.push_back(E);
  return E;
}

bool ApiLog::unregisterCallback(void *Handle) {
  std::lock_guard<std::mutex> Lock(Mutex);
  for (auto It = Callbacks.begin(); It != Callbacks.end(); ++It)
    if (*It == Handle) {
      delete *It;
      Callbacks.erase(It);
      return true;
    }
  return false;
}

unsigned ApiLog::current() {
  std::lock_guard<std::mutex> Lock(Mutex);
  return First + static_cast<unsigned>(Lines.size());
}

std::vector<std::string> ApiLog::linesFrom(const unsigned *Iterator,
                                           unsigned &End, bool &Truncated) {
  unsigned From = Iterator ? *Iterator : First;
  End = First + static_cast<unsigned>(Lines.size());
  Truncated = From < First;
  std::vector<std::string> Out;
  for (unsigned N = From < First ? First : From; N < End; ++N)
    Out.push_back(Lines[N - First] + "\n");
  return Out;
}

bool ApiLog::dumpToFile(unsigned *Iterator, const char *Path) {
  std::lock_guard<std::mutex> Lock(Mutex);
  unsigned End = 0;
  bool Truncated = false;
  std::vector<std::string> Out = linesFrom(Iterator, End, Truncated);
  std::string Text = Truncated ? TruncatedLine : "";
  for (const std::string &L : Out)
    Text += L;
  FILE *File = std::fopen(Path, "a");
  if (!File)
    return false;
  bool Written = std::fwrite(Text.data(), 1, Text.size(), File) == Text.size();
  Written &= std::fclose(File) == 0;
  if (Written && Iterator)
    *Iterator = End;
  return Written;
}

bool ApiLog::dumpToMemory(unsigned *Iterator, char *Buffer, size_t &Size) {
  std::lock_guard<std::mutex> Lock(Mutex);
  unsigned End = 0;
  bool Truncated = false;
  std::vector<std::string> Out = linesFrom(Iterator, End, Truncated);
  if (Out.empty()) {
    Buffer[0] = '\0';
    Size = 0;
    if (Iterator)
      *Iterator = End;
    return true;
  }
  // The newest lines that fit, oldest first, behind the marker when older
  // lines are left out (the marker gives way when only one line fits).
  size_t Room = Size - 1, Used = 0, Kept = 0;
  while (Kept < Out.size() && Used + Out[Out.size() - 1 - Kept].size() <= Room)
    Used += Out[Out.size() - 1 - Kept++].size();
  if (!Kept) {
    Size = 0;
    return false;
  }
  constexpr size_t MarkerSize = sizeof(TruncatedLine) - 1;
  bool Dropped = Truncated || Kept < Out.size();
  while (Dropped && Kept > 1 && Used + MarkerSize > Room)
    Used -= Out[Out.size() - Kept--].size();
  std::string Text;
  if (Dropped && Used + MarkerSize <= Room)
    Text = TruncatedLine;
  for (size_t I = Out.size() - Kept; I < Out.size(); ++I)
    Text += Out[I];
  std::memcpy(Buffer, Text.data(), Text.size());
  Buffer[Text.size()] = '\0';
  Size = Text.size();
  if (Iterator)
    *Iterator = End;
  return true;
}
