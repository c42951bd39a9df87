//===- DeviceRuntimeTarget.h - What each target gives the device runtime -===//
//
// Part of Rubicon. DeviceRuntime.cpp (the CUDA runtime calls device code may
// make) is written once on these hooks; each target defines them in one file:
// host/HostDeviceRuntime.cpp (the host backend queues child grids, copies
// and fills of the running grid) and DeviceRuntimeUnsupported.cpp (AMD GPUs:
// no launch from device code).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_DEVICERUNTIMETARGET_H
#define RUBICON_DEVICE_DEVICERUNTIMETARGET_H

#include "Primitives.h"

namespace rubicon::device_runtime {

/// CUDART_VERSION: 1000 * major + 10 * minor (the build passes it).
inline constexpr int RuntimeVersion = RUBICON_CUDART_VERSION;

/// Where the calling thread's last device-runtime error is kept.
int *errorSlot();
/// The device the running grid runs on (cudaGetDevice).
int device();
/// cudaMalloc/cudaFree in device code: the device heap.
void *allocate(size_t Size);
void release(void *Pointer);
/// A parameter buffer for one launch (cudaGetParameterBuffer[V2]); null and
/// `Error` set when none can be had.
void *parameterBuffer(size_t Alignment, size_t Size, void *Function,
                      const unsigned *Grid, const unsigned *Block,
                      unsigned SharedMem, int &Error);
/// Launches `Function` with the arguments in `Buffer` (consumed); null
/// `Function`: the configuration the buffer was made with. A cudaError_t.
int launch(void *Function, void *Buffer, const unsigned *Grid,
           const unsigned *Block, unsigned SharedMem, void *Stream);
/// Height rows of Width bytes: copied from Src (Value < 0) or filled with the
/// byte Value, in stream order with the grid's launches. A cudaError_t.
int memoryOperation(void *Dst, size_t DstPitch, const void *Src,
                    size_t SrcPitch, size_t Width, size_t Height, int Value,
                    void *Stream);

} // namespace rubicon::device_runtime

#endif // RUBICON_DEVICE_DEVICERUNTIMETARGET_H
