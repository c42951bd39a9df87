//===- Log.h - Diagnostics of the runtime, off unless RUBICON_LOG=1 -------===//
//
// Part of Rubicon. The runtime never prints by itself: CUDA programs own their
// stderr. With RUBICON_LOG=1 in the environment it explains what it does
// (which HIP library it loaded, why initialization failed, ...).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_LOG_H
#define RUBICON_BACKEND_LOG_H

namespace rubicon::cudart {

/// True when RUBICON_LOG=1 (read once).
bool loggingEnabled();
/// printf-style line to stderr, prefixed "rubicon: ", when logging is enabled.
void logMessage(const char *Format, ...) __attribute__((format(printf, 1, 2)));

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_LOG_H
