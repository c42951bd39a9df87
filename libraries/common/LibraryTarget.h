//===- LibraryTarget.h - Which backend a CUDA library runs on ---*- C++ -*-===//
//
// Part of Rubicon. The libraries (cuBLAS, cuRAND, cuFFT, ...) have two
// backends, chosen as the runtime chooses its own: the host target (the
// CPU, where device pointers are host memory) or ROCm (AMD GPUs, where the
// library forwards to ROCm's own library). The choice is made once per
// process, from the runtime's public API only.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LIBRARIES_LIBRARYTARGET_H
#define RUBICON_LIBRARIES_LIBRARYTARGET_H

namespace rubicon::libraries {

enum class LibraryTarget { Host, Rocm };

/// The backend every library of this process uses:
///   RUBICON_BACKEND=host or =hip forces it, as it forces the runtime's;
///   otherwise the runtime's device 0 decides: the host device (its UUID is
///   "rubicon-host-cpu", see docs/host-target.md) means Host, anything else
///   (an AMD GPU, or no device at all) means Rocm.
LibraryTarget currentTarget();

/// "host" or "rocm", for messages.
const char *targetName(LibraryTarget Target);

} // namespace rubicon::libraries

#endif // RUBICON_LIBRARIES_LIBRARYTARGET_H
