//===- Log.cpp - Diagnostics of the runtime, off unless RUBICON_LOG=1 -----===//
//
// Part of Rubicon.
//
//===----------------------------------------------------------------------===//

#include "Log.h"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace rubicon::cudart {

bool loggingEnabled() {
  static const bool Enabled = [] {
    const char *Value = std::getenv("RUBICON_LOG");
    return Value && std::strcmp(Value, "1") == 0;
  }();
  return Enabled;
}

void logMessage(const char *Format, ...) {
  if (!loggingEnabled())
    return;
  std::va_list Args;
  va_start(Args, Format);
  std::fputs("rubicon: ", stderr);
  std::vfprintf(stderr, Format, Args);
  std::fputc('\n', stderr);
  va_end(Args);
}

} // namespace rubicon::cudart
