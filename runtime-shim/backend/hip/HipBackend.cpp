//===- HipBackend.cpp - The backend on AMD's HIP runtime ------------------===//
//
// Part of Rubicon. Loads libamdhip64 at first use with dlopen and resolves
// every function it calls with dlsym, so Rubicon builds and links without
// ROCm and runs on whichever ROCm release the machine has. HIP's types are
// declared here (ABI-compatible), never taken from HIP's headers.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "BackendSelection.h"
#include "ErrorTable.h"
#include "Log.h"
#include "ModuleImage.h"
#include "TextureLimits.h"

#include <rubicon/DeviceOrdinal.h>
#include <rubicon/FatBinary.h>

#include <string_view>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <vector>

namespace rubicon::cudart {
namespace {

// HIP's types, declared with the same layout as HIP's headers.
using HipError = int;
using HipStream = void *;
using HipEvent = void *;
using HipModule = void *;
using HipFunction = void *;
struct HipDim3 {
  uint32_t X, Y, Z;
};
struct HipFuncAttributes {
  int binaryVersion;
  int cacheModeCA;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxDynamicSharedSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int preferredShmemCarveout;
  int ptxVersion;
  size_t sharedSizeBytes;
};
/// hipPointerAttribute_t (same layout in HIP 5 and 6; the memory type
/// numbering changed in HIP 6).
struct HipPointerAttributes {
  int MemoryType;
  int Device;
  void *DevicePointer;
  void *HostPointer;
  int IsManaged;
  unsigned AllocationFlags;
};
using HipStreamCallback = void (*)(HipStream, HipError, void *);
/// hipIpcMemHandle_t and hipIpcEventHandle_t: 64 opaque bytes, by value.
struct HipIpcHandle {
  char Reserved[64];
};
/// Virtual memory management: hipMemGenericAllocationHandle_t,
/// hipMemLocation, hipMemAllocationProp, hipMemAccessDesc.
using HipMemHandle = void *;
struct HipMemLocation {
  int Type; // hipMemLocationTypeDevice = 1
  int Id;
};
struct HipMemAllocationProp {
  int Type;              // hipMemAllocationTypePinned = 1
  int RequestedHandleType; // hipMemHandleTypePosixFileDescriptor = 1
  HipMemLocation Location;
  void *Win32HandleMetaData;
  unsigned char CompressionType;
  unsigned char GpuDirectRDMACapable;
  unsigned short Usage;
};
struct HipMemAccessDesc {
  HipMemLocation Location;
  int Flags; // hipMemAccessFlagsProtNone/Read/ReadWrite = 0/1/3
};
/// The properties of device memory exportable as a file descriptor.
HipMemAllocationProp hipDeviceMemory(int Device) {
  HipMemAllocationProp Prop{};
  Prop.Type = 1;
  Prop.RequestedHandleType = 1;
  Prop.Location = {1, Device};
  return Prop;
}
/// External memory and semaphores: HIP's descriptors have the layout and
/// enumerator values of CUDA's runtime API (hipExternalMemoryHandleDesc,
/// hipExternalSemaphoreSignalParams, ...), so CUDA's are passed as they are.
using HipExternalMemoryHandleDesc = cudaExternalMemoryHandleDesc;
using HipExternalMemoryBufferDesc = cudaExternalMemoryBufferDesc;
using HipExternalSemaphoreHandleDesc = cudaExternalSemaphoreHandleDesc;
using HipExternalSemaphoreSignalParams = cudaExternalSemaphoreSignalParams;
using HipExternalSemaphoreWaitParams = cudaExternalSemaphoreWaitParams;
/// The wrapper __hipRegisterFatBinary expects ("HIPF", version 1).
struct HipFatBinaryWrapper {
  unsigned Magic;
  unsigned Version;
  const void *Bundle;
  void *Unused;
};
constexpr HipError HipSuccess = 0;
constexpr HipError HipErrorNoDevice = 100;
constexpr HipError HipErrorInvalidDevice = 101;
const HipStream HipStreamPerThread = reinterpret_cast<HipStream>(2);

/// Library names tried in order when RUBICON_HIP_LIBRARY is not set.
constexpr const char *HipLibraryNames[] = {
    "libamdhip64.so.7", "libamdhip64.so.6", "libamdhip64.so.5",
    "libamdhip64.so"};

/// A code object bundle copied to memory aligned as HIP's loader wants it.
struct AlignedBundle {
  void *Copy = nullptr;
  HipFatBinaryWrapper Wrapper{};
  void **Module = nullptr;
  /// The host shadow of the code objects' device ordinal (DeviceOrdinal.h).
  int Ordinal = 0;
};

/// Whether an image names the device ordinal variable (DeviceOrdinal.h):
/// its device code calls cudaGetDevice.
bool namesDeviceOrdinal(const void *Image, size_t Size) {
  std::string_view Bytes(static_cast<const char *>(Image), Size);
  return Bytes.find(amdgpu::DeviceOrdinalSymbol) != std::string_view::npos;
}

/// A CUDA stream callback waiting for HIP to call it.
struct PendingCallback {
  cudaStreamCallback_t Callback;
  void *UserData;
  cudaStream_t Stream;
};

void runStreamCallback(HipStream, HipError Status, void *Data) {
  auto *Pending = static_cast<PendingCallback *>(Data);
  Pending->Callback(Pending->Stream,
                    Status == HipSuccess ? cudaSuccess
                                         : cudaErrorFromHip(Status),
                    Pending->UserData);
  delete Pending;
}

/// HIP 5's hipMemoryType (Host 0, Device 1, Array 2, Unified 3) or HIP 6's
/// (Unregistered 0, Host 1, Device 2, Managed 3, Array 10, Unified 11) as
/// CUDA's memory type.
cudaMemoryType toCudaMemoryType(int HipType, bool IsManaged, bool Hip6) {
  if (IsManaged)
    return cudaMemoryTypeManaged;
  if (Hip6) {
    switch (HipType) {
    case 1:
      return cudaMemoryTypeHost;
    case 2:
    case 10:
      return cudaMemoryTypeDevice;
    case 3:
    case 11:
      return cudaMemoryTypeManaged;
    default:
      return cudaMemoryTypeUnregistered;
    }
  }
  switch (HipType) {
  case 0:
    return cudaMemoryTypeHost;
  case 1:
  case 2:
    return cudaMemoryTypeDevice;
  case 3:
    return cudaMemoryTypeManaged;
  default:
    return cudaMemoryTypeUnregistered;
  }
}

HipDim3 toHip(LaunchDims Dims) { return {Dims.X, Dims.Y, Dims.Z}; }

/// CUDA's special stream handles in HIP's terms: the legacy default stream
/// is HIP's null stream; the per-thread stream has the same value.
HipStream toHipStream(cudaStream_t Stream) {
  if (Stream == cudaStreamLegacy)
    return nullptr;
  if (Stream == cudaStreamPerThread)
    return HipStreamPerThread;
  return Stream;
}

class HipBackend final : public Backend {
public:
  ~HipBackend() override {
    // The HIP runtime tears itself down at process exit; the code object
    // copies must outlive it, so they are deliberately not freed here.
  }

  const char *name() const override { return "hip"; }

  cudaError_t initialize() override {
    if (!openLibrary())
      return cudaErrorInsufficientDriver;
    if (!resolveFunctions())
      return cudaErrorInsufficientDriver;
    HipError Status = Fn.hipInit(0);
    if (Status == HipErrorNoDevice || Status == HipErrorInvalidDevice) {
      logMessage("hipInit returned %d: no AMD GPU", Status);
      return cudaErrorNoDevice;
    }
    if (Status != HipSuccess) {
      logMessage("hipInit returned %d", Status);
      return cudaErrorFromHip(Status);
    }
    int Count = 0;
    Status = Fn.hipGetDeviceCount(&Count);
    if (Status != HipSuccess || Count <= 0) {
      logMessage("hipGetDeviceCount returned %d with %d devices: no AMD GPU",
                 Status, Count);
      return cudaErrorNoDevice;
    }
    int Version = 0;
    if (Fn.hipRuntimeGetVersion(&Version) == HipSuccess)
      HipVersion = Version;
    logMessage("HIP runtime %d with %d device(s)", HipVersion, Count);
    return cudaSuccess;
  }

  int runtimeVersion() const override { return HipVersion; }

  cudaError_t getDeviceCount(int &Count) override {
    return check(Fn.hipGetDeviceCount(&Count));
  }
  cudaError_t setDevice(int Device) override {
    return check(Fn.hipSetDevice(Device));
  }
  cudaError_t getDevice(int &Device) override {
    return check(Fn.hipGetDevice(&Device));
  }

  cudaError_t getDeviceProperties(cudaDeviceProp &P, int Device) override {
    P = cudaDeviceProp{};
    if (cudaError_t Status =
            check(Fn.hipDeviceGetName(P.name, sizeof(P.name), Device)))
      return Status;
    if (cudaError_t Status =
            check(Fn.hipDeviceTotalMem(&P.totalGlobalMem, Device)))
      return Status;
    int Value = 0;
#define HIP_DEVICE_PROPERTY(Field, HipAttribute, Number)                       \
  if (Fn.hipDeviceGetAttribute(&Value, Number, Device) == HipSuccess)          \
    Field = Value;
#include "HipDeviceProperties.def"
    // Rubicon compiles CUDA's 32-wide warps (two per wave64 wavefront), so
    // the warp size CUDA code sees is 32 whatever the wavefront width.
    P.warpSize = 32;
    P.deviceOverlap = P.asyncEngineCount > 0;
    P.maxBlocksPerMultiProcessor =
        P.maxThreadsPerMultiProcessor / (P.warpSize > 0 ? P.warpSize : 32);
    P.hostRegisterSupported = 1;
    // Textures are Rubicon's software, not HIP's texture units.
    setTextureLimits(P);
    return cudaSuccess;
  }

  cudaError_t deviceSynchronize() override {
    return check(Fn.hipDeviceSynchronize());
  }
  cudaError_t deviceReset() override { return check(Fn.hipDeviceReset()); }
  cudaError_t setCacheConfig(cudaFuncCache Config) override {
    return check(Fn.hipDeviceSetCacheConfig(Config));
  }
  cudaError_t setDeviceFlags(unsigned Flags) override {
    return check(Fn.hipSetDeviceFlags(Flags));
  }
  cudaError_t getDeviceFlags(unsigned &Flags) override {
    return check(Fn.hipGetDeviceFlags(&Flags));
  }
  cudaError_t getStreamPriorityRange(int &Least, int &Greatest) override {
    return check(Fn.hipDeviceGetStreamPriorityRange(&Least, &Greatest));
  }

  cudaError_t malloc(void **Ptr, size_t Size) override {
    return check(Fn.hipMalloc(Ptr, Size));
  }
  cudaError_t free(void *Ptr) override { return check(Fn.hipFree(Ptr)); }
  cudaError_t mallocManaged(void **Ptr, size_t Size, unsigned Flags) override {
    return check(Fn.hipMallocManaged(Ptr, Size, Flags));
  }
  cudaError_t hostAlloc(void **Ptr, size_t Size, unsigned Flags) override {
    // cudaHostAlloc* flags have the values of hipHostMalloc*.
    return check(Fn.hipHostMalloc(Ptr, Size, Flags));
  }
  cudaError_t freeHost(void *Ptr) override {
    return check(Fn.hipHostFree(Ptr));
  }
  cudaError_t hostGetDevicePointer(void **DevicePtr, void *HostPtr,
                                   unsigned Flags) override {
    return check(Fn.hipHostGetDevicePointer(DevicePtr, HostPtr, Flags));
  }
  cudaError_t memGetInfo(size_t &Free, size_t &Total) override {
    return check(Fn.hipMemGetInfo(&Free, &Total));
  }
  // cudaMemcpyKind has the values of hipMemcpyKind.
  cudaError_t memcpy(void *Dst, const void *Src, size_t Count,
                     cudaMemcpyKind Kind) override {
    return check(Fn.hipMemcpy(Dst, Src, Count, Kind));
  }
  cudaError_t memcpyAsync(void *Dst, const void *Src, size_t Count,
                          cudaMemcpyKind Kind, cudaStream_t Stream) override {
    return check(Fn.hipMemcpyAsync(Dst, Src, Count, Kind, toHipStream(Stream)));
  }
  cudaError_t memset(void *Ptr, int Value, size_t Count) override {
    return check(Fn.hipMemset(Ptr, Value, Count));
  }
  cudaError_t memsetAsync(void *Ptr, int Value, size_t Count,
                          cudaStream_t Stream) override {
    return check(Fn.hipMemsetAsync(Ptr, Value, Count, toHipStream(Stream)));
  }

  cudaError_t mallocPitch(void **Ptr, size_t &Pitch, size_t Width,
                          size_t Height) override {
    return check(Fn.hipMallocPitch(Ptr, &Pitch, Width, Height));
  }
  cudaError_t memcpy2D(void *Dst, size_t DstPitch, const void *Src,
                       size_t SrcPitch, size_t Width, size_t Height,
                       cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async) override {
    return check(Async
                     ? Fn.hipMemcpy2DAsync(Dst, DstPitch, Src, SrcPitch, Width,
                                           Height, Kind, toHipStream(Stream))
                     : Fn.hipMemcpy2D(Dst, DstPitch, Src, SrcPitch, Width,
                                      Height, Kind));
  }
  cudaError_t memset2D(void *Ptr, size_t Pitch, int Value, size_t Width,
                       size_t Height, cudaStream_t Stream,
                       bool Async) override {
    return check(Async ? Fn.hipMemset2DAsync(Ptr, Pitch, Value, Width, Height,
                                             toHipStream(Stream))
                       : Fn.hipMemset2D(Ptr, Pitch, Value, Width, Height));
  }
  cudaError_t mallocAsync(void **Ptr, size_t Size,
                          cudaStream_t Stream) override {
    if (!Fn.hipMallocAsync)
      return cudaErrorNotSupported;
    return check(Fn.hipMallocAsync(Ptr, Size, toHipStream(Stream)));
  }
  cudaError_t freeAsync(void *Ptr, cudaStream_t Stream) override {
    if (!Fn.hipFreeAsync)
      return cudaErrorNotSupported;
    return check(Fn.hipFreeAsync(Ptr, toHipStream(Stream)));
  }
  cudaError_t hostRegister(void *Ptr, size_t Size, unsigned Flags) override {
    // cudaHostRegister* flags have the values of hipHostRegister*.
    return check(Fn.hipHostRegister(Ptr, Size, Flags));
  }
  cudaError_t hostUnregister(void *Ptr) override {
    return check(Fn.hipHostUnregister(Ptr));
  }
  cudaError_t pointerGetAttributes(cudaPointerAttributes &Attributes,
                                   const void *Ptr) override {
    HipPointerAttributes Hip{};
    HipError Status = Fn.hipPointerGetAttributes(&Hip, Ptr);
    Attributes = cudaPointerAttributes{};
    if (Status != HipSuccess) {
      // HIP 5 refuses memory it does not know; CUDA calls it unregistered.
      Attributes.type = cudaMemoryTypeUnregistered;
      Attributes.device = cudaInvalidDeviceId;
      return cudaSuccess;
    }
    Attributes.type = toCudaMemoryType(Hip.MemoryType, Hip.IsManaged != 0,
                                       HipVersion >= 60000000);
    Attributes.device = Hip.Device;
    Attributes.devicePointer = Hip.DevicePointer;
    Attributes.hostPointer = Hip.HostPointer;
    return cudaSuccess;
  }
  cudaError_t memPrefetchAsync(const void *Ptr, size_t Count, int Device,
                               cudaStream_t Stream) override {
    return check(
        Fn.hipMemPrefetchAsync(Ptr, Count, Device, toHipStream(Stream)));
  }
  cudaError_t deviceCanAccessPeer(int &CanAccess, int Device,
                                  int PeerDevice) override {
    return check(Fn.hipDeviceCanAccessPeer(&CanAccess, Device, PeerDevice));
  }
  cudaError_t deviceEnablePeerAccess(int PeerDevice, unsigned Flags) override {
    return check(Fn.hipDeviceEnablePeerAccess(PeerDevice, Flags));
  }
  cudaError_t deviceDisablePeerAccess(int PeerDevice) override {
    return check(Fn.hipDeviceDisablePeerAccess(PeerDevice));
  }
  cudaError_t memcpyPeer(void *Dst, int DstDevice, const void *Src,
                         int SrcDevice, size_t Count, cudaStream_t Stream,
                         bool Async) override {
    return check(Async
                     ? Fn.hipMemcpyPeerAsync(Dst, DstDevice, Src, SrcDevice,
                                             Count, toHipStream(Stream))
                     : Fn.hipMemcpyPeer(Dst, DstDevice, Src, SrcDevice, Count));
  }
  cudaError_t deviceGetPCIBusId(char *BusId, int Length, int Device) override {
    return check(Fn.hipDeviceGetPCIBusId(BusId, Length, Device));
  }
  cudaError_t deviceGetByPCIBusId(int &Device, const char *BusId) override {
    return check(Fn.hipDeviceGetByPCIBusId(&Device, BusId));
  }

  cudaError_t streamCreate(cudaStream_t &Stream, unsigned Flags,
                           int Priority) override {
    HipStream Created = nullptr;
    cudaError_t Status =
        check(Fn.hipStreamCreateWithPriority(&Created, Flags, Priority));
    Stream = static_cast<cudaStream_t>(Created);
    return Status;
  }
  cudaError_t streamDestroy(cudaStream_t Stream) override {
    return check(Fn.hipStreamDestroy(toHipStream(Stream)));
  }
  cudaError_t streamSynchronize(cudaStream_t Stream) override {
    return check(Fn.hipStreamSynchronize(toHipStream(Stream)));
  }
  cudaError_t streamQuery(cudaStream_t Stream) override {
    return check(Fn.hipStreamQuery(toHipStream(Stream)));
  }
  cudaError_t streamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                              unsigned Flags) override {
    return check(Fn.hipStreamWaitEvent(toHipStream(Stream), Event, Flags));
  }
  cudaError_t streamGetFlags(cudaStream_t Stream, unsigned &Flags) override {
    return check(Fn.hipStreamGetFlags(toHipStream(Stream), &Flags));
  }
  cudaError_t streamGetPriority(cudaStream_t Stream, int &Priority) override {
    return check(Fn.hipStreamGetPriority(toHipStream(Stream), &Priority));
  }
  cudaError_t streamAddCallback(cudaStream_t Stream,
                                cudaStreamCallback_t Callback,
                                void *UserData) override {
    auto *Pending = new PendingCallback{Callback, UserData, Stream};
    HipError Status = Fn.hipStreamAddCallback(toHipStream(Stream),
                                              runStreamCallback, Pending, 0);
    if (Status != HipSuccess)
      delete Pending;
    return check(Status);
  }
  cudaError_t eventCreate(cudaEvent_t &Event, unsigned Flags) override {
    HipEvent Created = nullptr;
    cudaError_t Status = check(Fn.hipEventCreateWithFlags(&Created, Flags));
    Event = static_cast<cudaEvent_t>(Created);
    return Status;
  }
  cudaError_t eventRecord(cudaEvent_t Event, cudaStream_t Stream) override {
    return check(Fn.hipEventRecord(Event, toHipStream(Stream)));
  }
  cudaError_t eventSynchronize(cudaEvent_t Event) override {
    return check(Fn.hipEventSynchronize(Event));
  }
  cudaError_t eventQuery(cudaEvent_t Event) override {
    return check(Fn.hipEventQuery(Event));
  }
  cudaError_t eventElapsedTime(float &Ms, cudaEvent_t Start,
                               cudaEvent_t End) override {
    return check(Fn.hipEventElapsedTime(&Ms, Start, End));
  }
  cudaError_t eventDestroy(cudaEvent_t Event) override {
    return check(Fn.hipEventDestroy(Event));
  }

  cudaError_t registerFatBinary(const FatBinaryRecord &FatBinary) override {
    if (!FatBinary.Bundle || FatBinary.BundleSize == 0)
      return cudaErrorInvalidKernelImage;
    // HIP's loader reads code objects in place; give it a page-aligned copy
    // that lives as long as the process.
    auto *Bundle = new AlignedBundle;
    size_t Rounded = (FatBinary.BundleSize + 4095) / 4096 * 4096;
    Bundle->Copy = std::aligned_alloc(4096, Rounded);
    if (!Bundle->Copy) {
      delete Bundle;
      return cudaErrorMemoryAllocation;
    }
    std::memcpy(Bundle->Copy, FatBinary.Bundle, FatBinary.BundleSize);
    Bundle->Wrapper = {fatbin::HipFatBinaryWrapperMagic, 1, Bundle->Copy,
                       nullptr};
    Bundle->Module = Fn.__hipRegisterFatBinary(&Bundle->Wrapper);
    if (!Bundle->Module) {
      logMessage("__hipRegisterFatBinary refused a bundle of %zu bytes",
                 FatBinary.BundleSize);
      return cudaErrorInvalidKernelImage;
    }
    for (const KernelRecord &Kernel : FatBinary.Kernels) {
      char *Name = const_cast<char *>(Kernel.DeviceName.c_str());
      Fn.__hipRegisterFunction(Bundle->Module, Kernel.HostStub, Name, Name,
                               static_cast<unsigned>(-1), nullptr, nullptr,
                               nullptr, nullptr, nullptr);
    }
    for (const VariableRecord &Variable : FatBinary.Variables) {
      char *Name = const_cast<char *>(Variable.DeviceName.c_str());
      Fn.__hipRegisterVar(Bundle->Module, const_cast<void *>(Variable.HostVar),
                          Name, Name, Variable.External ? 1 : 0, Variable.Size,
                          Variable.Constant ? 1 : 0, 0);
    }
    bool Ordinal = namesDeviceOrdinal(Bundle->Copy, FatBinary.BundleSize);
    if (Ordinal) {
      char *Name = const_cast<char *>(amdgpu::DeviceOrdinalSymbol);
      Fn.__hipRegisterVar(Bundle->Module, &Bundle->Ordinal, Name, Name, 0,
                          sizeof(int), 0, 0);
    }
    if (Fn.__hipRegisterFatBinaryEnd)
      Fn.__hipRegisterFatBinaryEnd(Bundle->Module);
    if (Ordinal)
      writeDeviceOrdinals(&Bundle->Ordinal);
    logMessage("registered a fat binary: %zu kernel(s), %zu variable(s)",
               FatBinary.Kernels.size(), FatBinary.Variables.size());
    return cudaSuccess;
  }

  cudaError_t launchKernel(const void *HostStub, LaunchDims Grid,
                           LaunchDims Block, void **Args, size_t SharedMem,
                           cudaStream_t Stream) override {
    return check(Fn.hipLaunchKernel(HostStub, toHip(Grid), toHip(Block), Args,
                                    SharedMem, toHipStream(Stream)));
  }
  cudaError_t launchCooperativeKernel(const void *HostStub, LaunchDims Grid,
                                      LaunchDims Block, void **Args,
                                      size_t SharedMem,
                                      cudaStream_t Stream) override {
    // HIP checks that the grid is resident (hipErrorCooperativeLaunchTooLarge)
    // and runs cooperative launches one at a time.
    if (!Fn.hipLaunchCooperativeKernel)
      return cudaErrorNotSupported;
    return check(Fn.hipLaunchCooperativeKernel(
        HostStub, toHip(Grid), toHip(Block), Args,
        static_cast<unsigned>(SharedMem), toHipStream(Stream)));
  }
  cudaError_t symbolAddress(void **DevicePtr, const void *HostVar) override {
    return check(Fn.hipGetSymbolAddress(DevicePtr, HostVar));
  }
  cudaError_t funcGetAttributes(cudaFuncAttributes &Attributes,
                                const void *HostStub) override {
    HipFuncAttributes Hip{};
    if (cudaError_t Status = check(Fn.hipFuncGetAttributes(&Hip, HostStub)))
      return Status;
    Attributes = cudaFuncAttributes{};
    Attributes.sharedSizeBytes = Hip.sharedSizeBytes;
    Attributes.constSizeBytes = Hip.constSizeBytes;
    Attributes.localSizeBytes = Hip.localSizeBytes;
    Attributes.maxThreadsPerBlock = Hip.maxThreadsPerBlock;
    Attributes.numRegs = Hip.numRegs;
    Attributes.ptxVersion = Hip.ptxVersion;
    Attributes.binaryVersion = Hip.binaryVersion;
    Attributes.cacheModeCA = Hip.cacheModeCA;
    Attributes.maxDynamicSharedSizeBytes = Hip.maxDynamicSharedSizeBytes;
    Attributes.preferredShmemCarveout = Hip.preferredShmemCarveout;
    return cudaSuccess;
  }
  cudaError_t funcSetCacheConfig(const void *HostStub,
                                 cudaFuncCache Config) override {
    return check(Fn.hipFuncSetCacheConfig(HostStub, Config));
  }
  cudaError_t funcSetAttribute(const void *HostStub,
                               cudaFuncAttribute Attribute,
                               int Value) override {
    // HIP supports the two attributes CUDA numbers 8 and 9, with CUDA's
    // numbers.
    if (Attribute != cudaFuncAttributeMaxDynamicSharedMemorySize &&
        Attribute != cudaFuncAttributePreferredSharedMemoryCarveout)
      return cudaErrorNotSupported;
    return check(Fn.hipFuncSetAttribute(HostStub, Attribute, Value));
  }
  cudaError_t
  occupancyMaxActiveBlocksPerMultiprocessor(int &NumBlocks,
                                            const void *HostStub, int BlockSize,
                                            size_t DynamicSharedMem) override {
    return check(Fn.hipOccupancyMaxActiveBlocksPerMultiprocessor(
        &NumBlocks, HostStub, BlockSize, DynamicSharedMem));
  }

  // Driver API (docs/driver-api.md): HIP's module API.
  cudaError_t moduleLoad(void *&Module, const void *Data,
                         size_t Size) override {
    Module = nullptr;
    // All of HIP's module API, or none of it.
    if (!Fn.hipModuleLoadData || !Fn.hipModuleUnload ||
        !Fn.hipModuleGetFunction || !Fn.hipModuleGetGlobal ||
        !Fn.hipModuleLaunchKernel || !Fn.hipFuncGetAttribute)
      return cudaErrorNotSupported;
    ModuleImage Image = classifyModuleImage(Data, Size);
    if (Image.Kind == ModuleImageKind::HostCodeObject)
      return cudaErrorNoKernelImageForDevice;
    if (Image.Kind == ModuleImageKind::FatBinary) {
      std::vector<fatbin::Entry> Entries;
      bool HasAmd = false;
      if (fatbin::readBundle(Image.Data, Image.Size, Entries, nullptr, nullptr))
        for (const fatbin::Entry &E : Entries)
          HasAmd |= !fatbin::archOfId(E.Id).empty();
      if (!HasAmd)
        return cudaErrorNoKernelImageForDevice;
    } else if (Image.Kind != ModuleImageKind::AmdCodeObject) {
      return cudaErrorInvalidKernelImage;
    }
    // HIP picks the device's code object out of a bundle itself. Give it a
    // page-aligned copy, kept until the module is unloaded.
    auto *Loaded = new LoadedModule;
    size_t Rounded = (Image.Size + 4095) / 4096 * 4096;
    Loaded->Copy = std::aligned_alloc(4096, Rounded);
    if (!Loaded->Copy) {
      delete Loaded;
      return cudaErrorMemoryAllocation;
    }
    std::memcpy(Loaded->Copy, Image.Data, Image.Size);
    if (cudaError_t Status =
            check(Fn.hipModuleLoadData(&Loaded->Module, Loaded->Copy))) {
      std::free(Loaded->Copy);
      delete Loaded;
      return Status;
    }
    // A module is loaded on the current device: its ordinal, for device
    // code's cudaGetDevice (DeviceOrdinal.h).
    if (namesDeviceOrdinal(Image.Data, Image.Size)) {
      void *Address = nullptr;
      size_t Bytes = 0;
      int Device = 0;
      if (Fn.hipGetDevice(&Device) == 0 &&
          Fn.hipModuleGetGlobal(&Address, &Bytes, Loaded->Module,
                                amdgpu::DeviceOrdinalSymbol) == 0 &&
          Bytes >= sizeof(int))
        Fn.hipMemcpy(Address, &Device, sizeof(int), cudaMemcpyHostToDevice);
    }
    Module = Loaded;
    return cudaSuccess;
  }
  cudaError_t moduleUnload(void *Module) override {
    auto *Loaded = static_cast<LoadedModule *>(Module);
    cudaError_t Status = check(Fn.hipModuleUnload(Loaded->Module));
    std::free(Loaded->Copy);
    delete Loaded;
    return Status;
  }
  cudaError_t moduleGetFunction(void *&Function, void *Module,
                                const char *Name) override {
    Function = nullptr;
    return check(Fn.hipModuleGetFunction(
        &Function, static_cast<LoadedModule *>(Module)->Module, Name));
  }
  cudaError_t kernelFunctionOfStub(void *&Function,
                                   const void *HostStub) override {
    Function = nullptr;
    if (!Fn.hipGetFuncBySymbol)
      return cudaErrorNotSupported;
    return check(Fn.hipGetFuncBySymbol(&Function, HostStub));
  }
  cudaError_t setDeviceHeapSize(size_t Bytes) override {
    if (!Fn.hipDeviceSetLimit)
      return cudaErrorNotSupported;
    return check(Fn.hipDeviceSetLimit(/*hipLimitMallocHeapSize*/ 2, Bytes));
  }
  cudaError_t moduleGetGlobal(void *&Address, size_t &Size, void *Module,
                              const char *Name) override {
    return check(Fn.hipModuleGetGlobal(
        &Address, &Size, static_cast<LoadedModule *>(Module)->Module, Name));
  }
  cudaError_t moduleFuncGetAttributes(cudaFuncAttributes &A,
                                      void *Function) override {
    A = cudaFuncAttributes{};
    // hipFunction_attribute has CUfunction_attribute's numbers.
    int Values[10] = {};
    for (int Attribute = 0; Attribute < 10; ++Attribute)
      if (cudaError_t Status = check(
              Fn.hipFuncGetAttribute(&Values[Attribute], Attribute, Function));
          Status && Attribute < 7)
        return Status;
    A.maxThreadsPerBlock = Values[0];
    A.sharedSizeBytes = size_t(Values[1]);
    A.constSizeBytes = size_t(Values[2]);
    A.localSizeBytes = size_t(Values[3]);
    A.numRegs = Values[4];
    A.ptxVersion = Values[5];
    A.binaryVersion = Values[6];
    A.cacheModeCA = Values[7];
    A.maxDynamicSharedSizeBytes = Values[8];
    A.preferredShmemCarveout = Values[9];
    return cudaSuccess;
  }
  cudaError_t moduleOccupancyMaxActiveBlocksPerMultiprocessor(
      int &NumBlocks, void *Function, int BlockSize,
      size_t DynamicSharedMem) override {
    if (!Fn.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor)
      return cudaErrorNotSupported;
    return check(Fn.hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(
        &NumBlocks, Function, BlockSize, DynamicSharedMem));
  }
  cudaError_t moduleLaunchKernel(void *Function, LaunchDims Grid,
                                 LaunchDims Block, void **Args,
                                 const void *ArgBuffer, size_t ArgBufferSize,
                                 size_t SharedMem,
                                 cudaStream_t Stream) override {
    // HIP's `extra` markers: buffer pointer 1, buffer size 2, end 3.
    size_t BufferSize = ArgBufferSize;
    void *Extra[] = {reinterpret_cast<void *>(1), const_cast<void *>(ArgBuffer),
                     reinterpret_cast<void *>(2), &BufferSize,
                     reinterpret_cast<void *>(3)};
    return check(Fn.hipModuleLaunchKernel(
        Function, Grid.X, Grid.Y, Grid.Z, Block.X, Block.Y, Block.Z,
        static_cast<unsigned>(SharedMem), toHipStream(Stream),
        ArgBuffer ? nullptr : Args, ArgBuffer ? Extra : nullptr));
  }
  cudaError_t memsetElements(void *Ptr, unsigned Value, unsigned ElementSize,
                             size_t Count, cudaStream_t Stream,
                             bool Async) override {
    HipStream S = toHipStream(Stream);
    switch (ElementSize) {
    case 2:
      if (Async ? !Fn.hipMemsetD16Async : !Fn.hipMemsetD16)
        break;
      return check(Async ? Fn.hipMemsetD16Async(Ptr, uint16_t(Value), Count, S)
                         : Fn.hipMemsetD16(Ptr, uint16_t(Value), Count));
    case 4:
      if (Async ? !Fn.hipMemsetD32Async : !Fn.hipMemsetD32)
        break;
      return check(Async ? Fn.hipMemsetD32Async(Ptr, int(Value), Count, S)
                         : Fn.hipMemsetD32(Ptr, int(Value), Count));
    default:
      break;
    }
    return Backend::memsetElements(Ptr, Value, ElementSize, Count, Stream,
                                   Async);
  }
  cudaError_t memGetAddressRange(void *&Base, size_t &Size,
                                 const void *Ptr) override {
    if (!Fn.hipMemGetAddressRange)
      return cudaErrorNotSupported;
    return check(
        Fn.hipMemGetAddressRange(&Base, &Size, const_cast<void *>(Ptr)));
  }

  // Virtual memory management: HIP's, which follows CUDA's.
  cudaError_t vmmGranularity(size_t &Granularity, int Device,
                             bool Recommended) override {
    if (!Fn.hipMemGetAllocationGranularity)
      return cudaErrorNotSupported;
    HipMemAllocationProp Prop = hipDeviceMemory(Device);
    return check(Fn.hipMemGetAllocationGranularity(&Granularity, &Prop,
                                                   Recommended ? 1 : 0));
  }
  cudaError_t vmmCreate(void *&Handle, size_t Size, int Device) override {
    if (!Fn.hipMemCreate)
      return cudaErrorNotSupported;
    HipMemAllocationProp Prop = hipDeviceMemory(Device);
    return check(Fn.hipMemCreate(&Handle, Size, &Prop, 0));
  }
  cudaError_t vmmRelease(void *Handle) override {
    if (!Fn.hipMemRelease)
      return cudaErrorNotSupported;
    return check(Fn.hipMemRelease(Handle));
  }
  cudaError_t vmmReserve(void *&Address, size_t Size, size_t Alignment,
                         void *Hint) override {
    if (!Fn.hipMemAddressReserve)
      return cudaErrorNotSupported;
    return check(Fn.hipMemAddressReserve(&Address, Size, Alignment, Hint, 0));
  }
  cudaError_t vmmFree(void *Address, size_t Size) override {
    if (!Fn.hipMemAddressFree)
      return cudaErrorNotSupported;
    return check(Fn.hipMemAddressFree(Address, Size));
  }
  cudaError_t vmmMap(void *Address, size_t Size, size_t Offset,
                     void *Handle) override {
    if (!Fn.hipMemMap)
      return cudaErrorNotSupported;
    return check(Fn.hipMemMap(Address, Size, Offset, Handle, 0));
  }
  cudaError_t vmmUnmap(void *Address, size_t Size) override {
    if (!Fn.hipMemUnmap)
      return cudaErrorNotSupported;
    return check(Fn.hipMemUnmap(Address, Size));
  }
  cudaError_t vmmSetAccess(void *Address, size_t Size, int Device,
                           unsigned Flags) override {
    if (!Fn.hipMemSetAccess)
      return cudaErrorNotSupported;
    HipMemAccessDesc Desc{{1, Device}, int(Flags)};
    return check(Fn.hipMemSetAccess(Address, Size, &Desc, 1));
  }
  cudaError_t vmmExport(int &Fd, void *Handle) override {
    if (!Fn.hipMemExportToShareableHandle)
      return cudaErrorNotSupported;
    return check(Fn.hipMemExportToShareableHandle(&Fd, Handle, 1, 0));
  }
  // Interprocess communication: HIP's handles are CUDA's size.
  cudaError_t ipcGetMemHandle(void *Handle, void *DevPtr) override {
    if (!Fn.hipIpcGetMemHandle)
      return cudaErrorNotSupported;
    return check(
        Fn.hipIpcGetMemHandle(static_cast<HipIpcHandle *>(Handle), DevPtr));
  }
  cudaError_t ipcOpenMemHandle(void *&DevPtr, const void *Handle,
                               unsigned Flags) override {
    if (!Fn.hipIpcOpenMemHandle)
      return cudaErrorNotSupported;
    HipIpcHandle Copy;
    std::memcpy(&Copy, Handle, sizeof Copy);
    return check(Fn.hipIpcOpenMemHandle(&DevPtr, Copy, Flags));
  }
  cudaError_t ipcCloseMemHandle(void *DevPtr) override {
    if (!Fn.hipIpcCloseMemHandle)
      return cudaErrorNotSupported;
    return check(Fn.hipIpcCloseMemHandle(DevPtr));
  }
  cudaError_t ipcGetEventHandle(void *Handle, cudaEvent_t Event) override {
    if (!Fn.hipIpcGetEventHandle)
      return cudaErrorNotSupported;
    return check(
        Fn.hipIpcGetEventHandle(static_cast<HipIpcHandle *>(Handle), Event));
  }
  cudaError_t ipcOpenEventHandle(cudaEvent_t &Event,
                                 const void *Handle) override {
    if (!Fn.hipIpcOpenEventHandle)
      return cudaErrorNotSupported;
    HipIpcHandle Copy;
    std::memcpy(&Copy, Handle, sizeof Copy);
    HipEvent Opened = nullptr;
    cudaError_t Status = check(Fn.hipIpcOpenEventHandle(&Opened, Copy));
    Event = static_cast<cudaEvent_t>(Opened);
    return Status;
  }

  // External memory and semaphores, stream memory operations
  // (docs/external-resources.md): HIP's own, one semaphore per call.
  cudaError_t importExternalMemory(
      void *&Handle, const cudaExternalMemoryHandleDesc &Desc) override {
    if (!Fn.hipImportExternalMemory)
      return cudaErrorNotSupported;
    return check(Fn.hipImportExternalMemory(&Handle, &Desc));
  }
  cudaError_t
  externalMemoryMappedBuffer(void *&Ptr, void *Handle,
                             const cudaExternalMemoryBufferDesc &Desc) override {
    if (!Fn.hipExternalMemoryGetMappedBuffer)
      return cudaErrorNotSupported;
    return check(Fn.hipExternalMemoryGetMappedBuffer(&Ptr, Handle, &Desc));
  }
  cudaError_t destroyExternalMemory(void *Handle) override {
    if (!Fn.hipDestroyExternalMemory)
      return cudaErrorNotSupported;
    return check(Fn.hipDestroyExternalMemory(Handle));
  }
  cudaError_t importExternalSemaphore(
      void *&Handle, const cudaExternalSemaphoreHandleDesc &Desc) override {
    if (!Fn.hipImportExternalSemaphore)
      return cudaErrorNotSupported;
    return check(Fn.hipImportExternalSemaphore(&Handle, &Desc));
  }
  cudaError_t
  signalExternalSemaphore(void *Handle,
                          const cudaExternalSemaphoreSignalParams &Params,
                          cudaStream_t Stream) override {
    if (!Fn.hipSignalExternalSemaphoresAsync)
      return cudaErrorNotSupported;
    return check(Fn.hipSignalExternalSemaphoresAsync(&Handle, &Params, 1,
                                                     toHipStream(Stream)));
  }
  cudaError_t waitExternalSemaphore(void *Handle,
                                    const cudaExternalSemaphoreWaitParams &Params,
                                    cudaStream_t Stream) override {
    if (!Fn.hipWaitExternalSemaphoresAsync)
      return cudaErrorNotSupported;
    return check(Fn.hipWaitExternalSemaphoresAsync(&Handle, &Params, 1,
                                                   toHipStream(Stream)));
  }
  cudaError_t destroyExternalSemaphore(void *Handle) override {
    if (!Fn.hipDestroyExternalSemaphore)
      return cudaErrorNotSupported;
    return check(Fn.hipDestroyExternalSemaphore(Handle));
  }
  // HIP's wait conditions have CUDA's values (hipStreamWaitValueGte, Eq,
  // And, Nor); the mask is all bits, as CUDA compares.
  cudaError_t streamWaitValue(cudaStream_t Stream, void *Address,
                              unsigned long long Value, bool Wide,
                              unsigned Flags) override {
    if (Wide ? !Fn.hipStreamWaitValue64 : !Fn.hipStreamWaitValue32)
      return cudaErrorNotSupported;
    unsigned Condition = Flags & 0xf;
    return check(Wide ? Fn.hipStreamWaitValue64(toHipStream(Stream), Address,
                                                Value, Condition, ~0ull)
                      : Fn.hipStreamWaitValue32(toHipStream(Stream), Address,
                                                uint32_t(Value), Condition,
                                                0xffffffffu));
  }
  cudaError_t streamWriteValue(cudaStream_t Stream, void *Address,
                               unsigned long long Value, bool Wide,
                               unsigned Flags) override {
    if (Wide ? !Fn.hipStreamWriteValue64 : !Fn.hipStreamWriteValue32)
      return cudaErrorNotSupported;
    return check(Wide ? Fn.hipStreamWriteValue64(toHipStream(Stream), Address,
                                                 Value, Flags)
                      : Fn.hipStreamWriteValue32(toHipStream(Stream), Address,
                                                 uint32_t(Value), Flags));
  }

  cudaError_t vmmImport(void *&Handle, int Fd) override {
    if (!Fn.hipMemImportFromShareableHandle)
      return cudaErrorNotSupported;
    return check(Fn.hipMemImportFromShareableHandle(
        &Handle, reinterpret_cast<void *>(static_cast<intptr_t>(Fd)), 1));
  }

private:
  /// Writes each device's ordinal into its copy of the code objects whose
  /// device ordinal variable (DeviceOrdinal.h) has the host shadow Shadow:
  /// HIP loads them on every device for it.
  void writeDeviceOrdinals(int *Shadow) {
    int Current = 0, Count = 0;
    if (Fn.hipGetDevice(&Current) || Fn.hipGetDeviceCount(&Count))
      return;
    for (int Device = 0; Device < Count; ++Device) {
      void *Address = nullptr;
      if (Fn.hipSetDevice(Device) == 0 &&
          Fn.hipGetSymbolAddress(&Address, Shadow) == 0 && Address)
        Fn.hipMemcpy(Address, &Device, sizeof(int), cudaMemcpyHostToDevice);
    }
    Fn.hipSetDevice(Current);
  }
  /// A module loaded by hipModuleLoadData, and the image copy it reads.
  struct LoadedModule {
    HipModule Module = nullptr;
    void *Copy = nullptr;
  };

  static cudaError_t check(HipError Status) {
    return Status == HipSuccess ? cudaSuccess : cudaErrorFromHip(Status);
  }

  bool openLibrary() {
    if (const char *Override = std::getenv("RUBICON_HIP_LIBRARY");
        Override && *Override) {
      Library = dlopen(Override, RTLD_NOW | RTLD_LOCAL);
      if (!Library)
        logMessage("RUBICON_HIP_LIBRARY=%s cannot be loaded: %s", Override,
                   dlerror());
      else
        logMessage("loaded %s", Override);
      return Library != nullptr;
    }
    for (const char *Name : HipLibraryNames) {
      Library = dlopen(Name, RTLD_NOW | RTLD_LOCAL);
      if (Library) {
        logMessage("loaded %s", Name);
        return true;
      }
      logMessage("%s: %s", Name, dlerror());
    }
    logMessage("no HIP runtime found; set RUBICON_HIP_LIBRARY to the path "
               "of libamdhip64.so");
    return false;
  }

  bool resolveFunctions() {
    bool Complete = true;
#define HIP_FUNCTION(Return, Name, Parameters, Need)                           \
  Fn.Name = reinterpret_cast<decltype(Fn.Name)>(dlsym(Library, #Name));        \
  if (!Fn.Name && NeedIs##Need) {                                              \
    logMessage("the HIP runtime lacks %s", #Name);                             \
    Complete = false;                                                          \
  }
    [[maybe_unused]] constexpr bool NeedIsRequired = true;
    [[maybe_unused]] constexpr bool NeedIsOptional = false;
#include "HipFunctions.def"
    return Complete;
  }

  struct Functions {
#define HIP_FUNCTION(Return, Name, Parameters, Need)                           \
  Return(*Name) Parameters = nullptr;
#include "HipFunctions.def"
  };

  void *Library = nullptr;
  Functions Fn;
  int HipVersion = 0;
};

} // namespace

Backend::~Backend() = default;

cudaError_t Backend::launchCooperativeKernel(const void *, LaunchDims,
                                             LaunchDims, void **, size_t,
                                             cudaStream_t) {
  return cudaErrorNotSupported;
}

std::unique_ptr<Backend> createHipBackend() {
  return std::make_unique<HipBackend>();
}

} // namespace rubicon::cudart
