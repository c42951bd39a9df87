//===- HostDeviceRuntime.cpp - The device runtime on the host target ------===//
//
// Part of Rubicon. DeviceRuntimeTarget.h's hooks on the host backend
// (HostABI.h's RuntimeServices): launches, copies and fills from device code
// become work of the running grid, which the backend runs once the grid's
// blocks are done and before the grid counts as complete
// (runtime-shim/backend/host/DeviceLaunches.h). The last error is the
// ThreadContext's; cudaMalloc and cudaFree are the device heap's
// (HostHeap.cpp).
//
//===----------------------------------------------------------------------===//
#include "DeviceRuntimeTarget.h"

extern "C" void *__rubicon_host_malloc(unsigned long Size);
extern "C" void __rubicon_host_free(void *Pointer);

namespace rubicon::device_runtime {

int *errorSlot() {
  return &machine::hostimpl::currentThread()->DeviceRuntimeError;
}

int device() {
  host::ThreadContext *Thread = machine::hostimpl::currentThread();
  return Thread->Runtime->device(Thread);
}

void *allocate(size_t Size) { return __rubicon_host_malloc(Size); }

void release(void *Pointer) { __rubicon_host_free(Pointer); }

void *parameterBuffer(size_t Alignment, size_t Size, void *Function,
                      const unsigned *Grid, const unsigned *Block,
                      unsigned SharedMem, int &Error) {
  host::ThreadContext *Thread = machine::hostimpl::currentThread();
  void *Buffer = Thread->Runtime->parameterBuffer(Thread, Alignment, Size,
                                                  Function, Grid, Block,
                                                  SharedMem);
  Error = Buffer ? 0 : 2 /*cudaErrorMemoryAllocation*/;
  return Buffer;
}

int launch(void *Function, void *Buffer, const unsigned *Grid,
           const unsigned *Block, unsigned SharedMem, void *Stream) {
  host::ThreadContext *Thread = machine::hostimpl::currentThread();
  return Thread->Runtime->launchDevice(Thread, Function, Buffer, Grid, Block,
                                       SharedMem, Stream);
}

int memoryOperation(void *Dst, size_t DstPitch, const void *Src,
                    size_t SrcPitch, size_t Width, size_t Height, int Value,
                    void *Stream) {
  host::ThreadContext *Thread = machine::hostimpl::currentThread();
  return Thread->Runtime->memoryOperation(Thread, Dst, DstPitch, Src, SrcPitch,
                                          Width, Height, Value, Stream);
}

} // namespace rubicon::device_runtime
