//===- DeviceRuntimeUnsupported.cpp - The device runtime on AMD GPUs ------===//
//
// Part of Rubicon. AMD GPUs have no launch from device code: a parameter
// buffer is never given and a launch fails with cudaErrorNotSupported, which
// device code's cudaGetLastError reports (docs/device-api.md). Copies and
// fills run at once in the calling thread (no child grid can precede them in
// a stream); cudaMalloc and cudaFree are the device heap's. The last error is
// kept per code object, not per thread.
//
//===----------------------------------------------------------------------===//
#include "DeviceRuntimeTarget.h"

RUBICON_EXPORT void *malloc(rubicon::size_t size);
RUBICON_EXPORT void free(void *pointer);

namespace rubicon::device_runtime {
namespace {
constexpr int ErrorNotSupported = 801;
int LastError = 0;
} // namespace

int *errorSlot() { return &LastError; }

// The device the code object is loaded on: the HIP backend writes it into
// each device's copy (abi/include/rubicon/DeviceOrdinal.h); 0 until then.
extern "C" __attribute__((visibility("protected"))) int
    __rubicon_device_ordinal = 0;
int device() { return __atomic_load_n(&__rubicon_device_ordinal, __ATOMIC_RELAXED); }

void *allocate(size_t Size) { return malloc(Size); }

void release(void *Pointer) { free(Pointer); }

void *parameterBuffer(size_t, size_t, void *, const unsigned *,
                      const unsigned *, unsigned, int &Error) {
  Error = ErrorNotSupported;
  return nullptr;
}

int launch(void *, void *, const unsigned *, const unsigned *, unsigned,
           void *) {
  return ErrorNotSupported;
}

int memoryOperation(void *Dst, size_t DstPitch, const void *Src,
                    size_t SrcPitch, size_t Width, size_t Height, int Value,
                    void *) {
  auto *To = static_cast<unsigned char *>(Dst);
  auto *From = static_cast<const unsigned char *>(Src);
  for (size_t Row = 0; Row < Height; ++Row)
    for (size_t I = 0; I < Width; ++I)
      To[Row * DstPitch + I] =
          Value < 0 ? From[Row * SrcPitch + I] : static_cast<unsigned char>(Value);
  return 0;
}

} // namespace rubicon::device_runtime
