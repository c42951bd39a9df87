//===- DeviceRuntime.cpp - The CUDA runtime calls device code may make ----===//
//
// Part of Rubicon. The device side of the __cudart_builtin__ functions of
// cuda_runtime_api.h and the launch entry points of
// cuda_device_runtime_api.h (CUDA Programming Guide, "CUDA Dynamic
// Parallelism", "Device Runtime API"), written once for every target on the
// target's hooks (DeviceRuntimeTarget.h): the host target queues child grids
// and copies in the running grid (host/HostDeviceRuntime.cpp); AMD GPUs
// have no device-side launch (DeviceRuntimeUnsupported.cpp).
//
// Streams and events made in device code order nothing beyond what the
// target's schedule already guarantees (each child grid, copy and fill runs
// after its parent grid, in launch order), so they are handles only: each
// call returns a fresh non-null value, never one of the special streams.
//
//===----------------------------------------------------------------------===//
#include "DeviceRuntimeTarget.h"

using namespace rubicon;

namespace {
constexpr int Success = 0;
constexpr int ErrorInvalidValue = 1;
constexpr int ErrorInvalidResourceHandle = 400;
/// cudaStreamNonBlocking, cudaEventDisableTiming: the only flags the device
/// runtime accepts (device-side streams never synchronize with stream 0;
/// device-side events have no timing).
constexpr unsigned StreamNonBlocking = 1;
constexpr unsigned EventDisableTiming = 2;

int record(int Error) {
  if (Error != Success)
    *device_runtime::errorSlot() = Error;
  return Error;
}

/// Handles for device-side streams and events: distinct, never null and
/// never one of the special stream values (0x1 to 0x4).
void *newHandle() {
  static unsigned long long Next = 0;
  return reinterpret_cast<void *>(
      (__atomic_add_fetch(&Next, 1, __ATOMIC_RELAXED) << 4) | 0x1000);
}

constexpr bool sameName(const char *A, const char *B) {
  for (; *A && *A == *B; ++A, ++B)
    ;
  return *A == *B;
}
struct ErrorRow {
  const char *Name;
  const char *Description;
};
constexpr ErrorRow HostErrors[] = {
#define CUDART_ERROR(Name, Sticky, Description) {#Name, Description},
#include "../backend/ErrorCodes.def"
#undef CUDART_ERROR
};
consteval const char *describe(const char *Name) {
  for (const ErrorRow &Row : HostErrors)
    if (sameName(Row.Name, Name))
      return Row.Description;
  return nullptr;
}
} // namespace

RUBICON_EXPORT int cudaGetLastError() {
  int *Slot = device_runtime::errorSlot();
  int Error = *Slot;
  *Slot = Success;
  return Error;
}

RUBICON_EXPORT int cudaPeekAtLastError() {
  return *device_runtime::errorSlot();
}

RUBICON_EXPORT const char *cudaGetErrorName(int Error) {
  switch (Error) {
#define DEVICE_RUNTIME_ERROR(Value, Name)                                      \
  case Value:                                                                  \
    return #Name;
#include "DeviceRuntimeErrors.def"
  }
  return "cudaErrorUnknown";
}

RUBICON_EXPORT const char *cudaGetErrorString(int Error) {
  switch (Error) {
#define DEVICE_RUNTIME_ERROR(Value, Name)                                      \
  case Value:                                                                  \
    return describe(#Name);
#include "DeviceRuntimeErrors.def"
  }
  return "unrecognized error code";
}

RUBICON_EXPORT int cudaGetDevice(int *Device) {
  if (!Device)
    return record(ErrorInvalidValue);
  *Device = device_runtime::device();
  return Success;
}

RUBICON_EXPORT int cudaGetDeviceCount(int *Count) {
  if (!Count)
    return record(ErrorInvalidValue);
  *Count = 1;
  return Success;
}

RUBICON_EXPORT int cudaRuntimeGetVersion(int *Version) {
  if (!Version)
    return record(ErrorInvalidValue);
  *Version = device_runtime::RuntimeVersion;
  return Success;
}

RUBICON_EXPORT int cudaMalloc(void **Pointer, size_t Size) {
  if (!Pointer)
    return record(ErrorInvalidValue);
  *Pointer = device_runtime::allocate(Size);
  return *Pointer || !Size ? Success : record(2 /*MemoryAllocation*/);
}

RUBICON_EXPORT int cudaFree(void *Pointer) {
  device_runtime::release(Pointer);
  return Success;
}

RUBICON_EXPORT int cudaStreamCreateWithFlags(void **Stream, unsigned Flags) {
  if (!Stream || Flags != StreamNonBlocking)
    return record(ErrorInvalidValue);
  *Stream = newHandle();
  return Success;
}

RUBICON_EXPORT int cudaStreamDestroy(void *Stream) {
  return Stream ? Success : record(ErrorInvalidResourceHandle);
}

RUBICON_EXPORT int cudaEventCreateWithFlags(void **Event, unsigned Flags) {
  if (!Event || Flags != EventDisableTiming)
    return record(ErrorInvalidValue);
  *Event = newHandle();
  return Success;
}

RUBICON_EXPORT int cudaEventRecord(void *Event, void *) {
  return Event ? Success : record(ErrorInvalidResourceHandle);
}

RUBICON_EXPORT int cudaEventDestroy(void *Event) {
  return Event ? Success : record(ErrorInvalidResourceHandle);
}

RUBICON_EXPORT int cudaStreamWaitEvent(void *, void *Event, unsigned Flags) {
  return Event && Flags == 0 ? Success : record(ErrorInvalidValue);
}

RUBICON_EXPORT int cudaMemcpyAsync(void *Dst, const void *Src, size_t Count,
                                   int, void *Stream) {
  return record(
      device_runtime::memoryOperation(Dst, Count, Src, Count, Count, 1, -1,
                                      Stream));
}

RUBICON_EXPORT int cudaMemcpy2DAsync(void *Dst, size_t DstPitch,
                                     const void *Src, size_t SrcPitch,
                                     size_t Width, size_t Height, int,
                                     void *Stream) {
  if (Width > DstPitch || Width > SrcPitch)
    return record(12 /*cudaErrorInvalidPitchValue*/);
  return record(device_runtime::memoryOperation(Dst, DstPitch, Src, SrcPitch,
                                                Width, Height, -1, Stream));
}

RUBICON_EXPORT int cudaMemsetAsync(void *Dst, int Value, size_t Count,
                                   void *Stream) {
  return record(device_runtime::memoryOperation(
      Dst, Count, nullptr, 0, Count, 1, Value & 0xff, Stream));
}

RUBICON_EXPORT int cudaMemset2DAsync(void *Dst, size_t Pitch, int Value,
                                     size_t Width, size_t Height,
                                     void *Stream) {
  if (Width > Pitch)
    return record(12 /*cudaErrorInvalidPitchValue*/);
  return record(device_runtime::memoryOperation(
      Dst, Pitch, nullptr, 0, Width, Height, Value & 0xff, Stream));
}

// The per-thread default stream's names (nvcc --default-stream per-thread):
// device code's stream 0 is its block's own either way.
RUBICON_EXPORT int cudaMemcpyAsync_ptsz(void *Dst, const void *Src,
                                        size_t Count, int Kind, void *Stream) {
  return cudaMemcpyAsync(Dst, Src, Count, Kind, Stream);
}
RUBICON_EXPORT int cudaMemsetAsync_ptsz(void *Dst, int Value, size_t Count,
                                        void *Stream) {
  return cudaMemsetAsync(Dst, Value, Count, Stream);
}
RUBICON_EXPORT int cudaMemcpy2DAsync_ptsz(void *Dst, size_t DstPitch,
                                          const void *Src, size_t SrcPitch,
                                          size_t Width, size_t Height,
                                          int Kind, void *Stream) {
  return cudaMemcpy2DAsync(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind,
                           Stream);
}
RUBICON_EXPORT int cudaMemset2DAsync_ptsz(void *Dst, size_t Pitch, int Value,
                                          size_t Width, size_t Height,
                                          void *Stream) {
  return cudaMemset2DAsync(Dst, Pitch, Value, Width, Height, Stream);
}
RUBICON_EXPORT int cudaEventRecord_ptsz(void *Event, void *Stream) {
  return cudaEventRecord(Event, Stream);
}
RUBICON_EXPORT int cudaStreamWaitEvent_ptsz(void *Stream, void *Event,
                                            unsigned Flags) {
  return cudaStreamWaitEvent(Stream, Event, Flags);
}

RUBICON_EXPORT void *__rubicon_device_parameter_buffer(
    size_t Alignment, size_t Size, void *Function, unsigned GX, unsigned GY,
    unsigned GZ, unsigned BX, unsigned BY, unsigned BZ, unsigned SharedMem) {
  const unsigned Grid[3] = {GX, GY, GZ}, Block[3] = {BX, BY, BZ};
  int Error = Success;
  void *Buffer = device_runtime::parameterBuffer(
      Alignment, Size, Function, Grid, Block, SharedMem, Error);
  record(Error);
  return Buffer;
}

RUBICON_EXPORT int __rubicon_device_launch(void *Function, void *Buffer,
                                           unsigned GX, unsigned GY,
                                           unsigned GZ, unsigned BX,
                                           unsigned BY, unsigned BZ,
                                           unsigned SharedMem, void *Stream) {
  const unsigned Grid[3] = {GX, GY, GZ}, Block[3] = {BX, BY, BZ};
  return record(device_runtime::launch(Function, Buffer, Grid, Block,
                                       SharedMem, Stream));
}
