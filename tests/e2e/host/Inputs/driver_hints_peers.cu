// Unified-memory hints of the driver API sharing one record with the
// runtime's, peer copies, contexts, device queries, pointer attributes and
// batches of copies, on the host backend.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main() {
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);

  // Advice given through one API is what the other reports.
  CUdeviceptr Managed;
  cuMemAllocManaged(&Managed, 3 * 4096, CU_MEM_ATTACH_GLOBAL);
  CUmemLocation OnDevice = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  printf("advise: %s\n", nameOf(cuMemAdvise(Managed, 4096,
                                            CU_MEM_ADVISE_SET_READ_MOSTLY,
                                            OnDevice)));
  int ReadMostly = -1;
  cudaMemRangeGetAttribute(&ReadMostly, sizeof ReadMostly,
                           cudaMemRangeAttributeReadMostly, (void *)Managed,
                           4096);
  printf("runtime sees read-mostly: %d\n", ReadMostly);
  cudaMemLocation Host = {cudaMemLocationTypeHost, 0};
  cudaMemAdvise((void *)(Managed + 4096), 4096,
                cudaMemAdviseSetPreferredLocation, Host);
  int Preferred = 0, PreferredType = 0;
  cuMemRangeGetAttribute(&Preferred, sizeof Preferred,
                         CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION,
                         Managed + 4096, 4096);
  cuMemRangeGetAttribute(&PreferredType, sizeof PreferredType,
                         CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION_TYPE,
                         Managed + 4096, 4096);
  printf("driver sees the preferred location: %d, type %d\n", Preferred,
         PreferredType);
  printf("advise plain memory: %s\n",
         nameOf(cuMemAdvise(Managed + 3 * 4096 + 8, 8,
                            CU_MEM_ADVISE_SET_READ_MOSTLY, OnDevice)));

  // Prefetches in a batch: the last prefetch location of each range.
  CUstream Stream;
  cuStreamCreate(&Stream, 0);
  CUdeviceptr Ranges[2] = {Managed, Managed + 2 * 4096};
  size_t Sizes[2] = {4096, 4096};
  CUmemLocation Locations[2] = {{CU_MEM_LOCATION_TYPE_DEVICE, 0},
                                {CU_MEM_LOCATION_TYPE_HOST, 0}};
  size_t Starts[2] = {0, 1};
  printf("prefetch batch: %s\n",
         nameOf(cuMemPrefetchBatchAsync(Ranges, Sizes, 2, Locations, Starts, 2,
                                        0, Stream)));
  int Last[2] = {7, 7};
  cudaMemRangeGetAttribute(&Last[0], sizeof(int),
                           cudaMemRangeAttributeLastPrefetchLocation,
                           (void *)Ranges[0], 4096);
  cudaMemRangeGetAttribute(&Last[1], sizeof(int),
                           cudaMemRangeAttributeLastPrefetchLocation,
                           (void *)Ranges[1], 4096);
  printf("last prefetch: %d %d\n", Last[0], Last[1]);
  printf("discard batch: %s\n",
         nameOf(cuMemDiscardBatchAsync(Ranges, Sizes, 2, 0, Stream)));
  Starts[0] = 1;
  printf("batch starting past 0: %s\n",
         nameOf(cuMemPrefetchBatchAsync(Ranges, Sizes, 2, Locations, Starts, 2,
                                        0, Stream)));
  printf("attach part of an allocation: %s\n",
         nameOf(cuStreamAttachMemAsync(Stream, Managed + 4096, 4096,
                                       CU_MEM_ATTACH_SINGLE)));
  printf("attach: %s\n", nameOf(cuStreamAttachMemAsync(
                             Stream, Managed, 0, CU_MEM_ATTACH_SINGLE)));

  // Host allocation flags, whichever API allocated.
  void *Pinned;
  cudaHostAlloc(&Pinned, 64, cudaHostAllocMapped | cudaHostAllocPortable);
  unsigned Flags = 0;
  printf("host flags: %s %u\n", nameOf(cuMemHostGetFlags(&Flags, Pinned)),
         Flags);

  // Peers: one device here.
  printf("enable peer access: %s\n", nameOf(cuCtxEnablePeerAccess(Context, 0)));
  CUdeviceptr A, B;
  cuMemAlloc(&A, 4096);
  cuMemAlloc(&B, 4096);
  int Values[1024];
  for (int I = 0; I < 1024; ++I)
    Values[I] = I;
  cuMemcpyHtoD(A, Values, sizeof Values);
  printf("peer copy: %s\n", nameOf(cuMemcpyPeer(B, Context, A, Context, 4096)));
  int Back[1024];
  cuMemcpyDtoH(Back, B, sizeof Back);
  printf("peer copy data: %s\n",
         memcmp(Back, Values, sizeof Back) ? "wrong" : "same");
  // A 3D peer copy of a 4x3x2 box of bytes between pitched volumes.
  unsigned char Volume[2][4][16], Out[2][4][16];
  for (int Z = 0; Z < 2; ++Z)
    for (int Y = 0; Y < 4; ++Y)
      for (int X = 0; X < 16; ++X)
        Volume[Z][Y][X] = (unsigned char)(Z * 64 + Y * 16 + X);
  memset(Out, 0, sizeof Out);
  cuMemcpyHtoD(A, Volume, sizeof Volume);
  cuMemcpyHtoD(B, Out, sizeof Out);
  CUDA_MEMCPY3D_PEER Copy;
  memset(&Copy, 0, sizeof Copy);
  Copy.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.srcDevice = A;
  Copy.srcContext = Context;
  Copy.srcPitch = 16;
  Copy.srcHeight = 4;
  Copy.srcXInBytes = 2;
  Copy.srcY = 1;
  Copy.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  Copy.dstDevice = B;
  Copy.dstContext = Context;
  Copy.dstPitch = 16;
  Copy.dstHeight = 4;
  Copy.dstXInBytes = 8;
  Copy.WidthInBytes = 4;
  Copy.Height = 3;
  Copy.Depth = 2;
  printf("3D peer copy: %s\n", nameOf(cuMemcpy3DPeer(&Copy)));
  cuMemcpyDtoH(Out, B, sizeof Out);
  bool Right = true;
  for (int Z = 0; Z < 2; ++Z)
    for (int Y = 0; Y < 4; ++Y)
      for (int X = 0; X < 16; ++X) {
        bool Inside = Y < 3 && X >= 8 && X < 12;
        unsigned char Want = Inside ? Volume[Z][Y + 1][X - 6] : 0;
        Right &= Out[Z][Y][X] == Want;
      }
  printf("3D peer copy data: %s\n", Right ? "the box, nothing else" : "wrong");
  CUatomicOperation Operations[2] = {CU_ATOMIC_OPERATION_INTEGER_ADD,
                                     CU_ATOMIC_OPERATION_FLOAT_ADD};
  unsigned Capabilities[2] = {0, 0};
  printf("host atomics: %s %#x %#x\n",
         nameOf(cuDeviceGetHostAtomicCapabilities(Capabilities, Operations, 2,
                                                  Device)),
         Capabilities[0], Capabilities[1]);
  printf("peer atomics with itself: %s\n",
         nameOf(cuDeviceGetP2PAtomicCapabilities(Capabilities, Operations, 2,
                                                 Device, Device)));
  cudaAtomicOperation RuntimeOperations[1] = {cudaAtomicOperationCAS};
  printf("runtime host atomics: %s %#x\n",
         cudaGetErrorName(cudaDeviceGetHostAtomicCapabilities(
             Capabilities, RuntimeOperations, 1, 0)),
         Capabilities[0]);

  // Contexts and devices.
  CUdevice Of = -1;
  printf("context device: %s %d\n", nameOf(cuCtxGetDevice_v2(&Of, Context)),
         Of);
  printf("bad context: %s\n",
         nameOf(cuCtxGetDevice_v2(&Of, (CUcontext)&Of)));
  printf("synchronize context: %s\n", nameOf(cuCtxSynchronize_v2(Context)));
  CUexecAffinityParam Affinity;
  int SmCount = 0;
  cuDeviceGetAttribute(&SmCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                       Device);
  printf("affinity: %s, every SM: %s\n",
         nameOf(cuCtxGetExecAffinity(&Affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT)),
         (int)Affinity.param.smCount.val == SmCount ? "yes" : "no");
  CUdevprop Properties;
  int MaxThreads = 0;
  cuDeviceGetAttribute(&MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                       Device);
  printf("properties: %s, threads per block as the attribute: %s, SIMD width "
         "%d\n",
         nameOf(cuDeviceGetProperties(&Properties, Device)),
         Properties.maxThreadsPerBlock == MaxThreads ? "yes" : "no",
         Properties.SIMDWidth);
  char Luid[8];
  unsigned Mask;
  printf("LUID: %s\n", nameOf(cuDeviceGetLuid(Luid, &Mask, Device)));
  CUasyncCallbackHandle Handle;
  printf("register notification: %s\n",
         nameOf(cuDeviceRegisterAsyncNotification(
             Device, [](CUasyncNotificationInfo *, void *,
                        CUasyncCallbackHandle) {},
             0, &Handle)));
  CUresult First = cuDeviceUnregisterAsyncNotification(Device, Handle);
  CUresult Second = cuDeviceUnregisterAsyncNotification(Device, Handle);
  printf("unregister: %s, twice: %s\n", nameOf(First), nameOf(Second));

  // Pointer attributes in lists.
  CUpointer_attribute Attributes[3] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                       CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                       CU_POINTER_ATTRIBUTE_IS_MANAGED};
  unsigned Type = 99;
  int Ordinal = 99;
  bool IsManaged = true;
  void *Data[3] = {&Type, &Ordinal, &IsManaged};
  printf("device memory attributes: %s type %u ordinal %d managed %d\n",
         nameOf(cuPointerGetAttributes(3, Attributes, Data, A)), Type, Ordinal,
         IsManaged);
  int Local = 0;
  printf("unknown memory attributes: %s type %u ordinal %d managed %d\n",
         nameOf(cuPointerGetAttributes(3, Attributes, Data, (CUdeviceptr)&Local)),
         Type, Ordinal, IsManaged);
  int One = 1;
  printf("set sync memops: %s\n",
         nameOf(cuPointerSetAttribute(&One, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS, A)));

  // Batches of copies, through both APIs.
  int Sources[2][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}};
  CUdeviceptr Dsts[2] = {A, A + 64};
  CUdeviceptr Srcs[2] = {(CUdeviceptr)Sources[0], (CUdeviceptr)Sources[1]};
  size_t CopySizes[2] = {16, 16};
  CUmemcpyAttributes CopyAttributes;
  memset(&CopyAttributes, 0, sizeof CopyAttributes);
  CopyAttributes.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
  size_t AttributeStarts[1] = {0};
  printf("copy batch: %s\n",
         nameOf(cuMemcpyBatchAsync(Dsts, Srcs, CopySizes, 2, &CopyAttributes,
                                   AttributeStarts, 1, Stream)));
  memset(Sources, 0, sizeof Sources); // read during the call: may change now
  cuStreamSynchronize(Stream);
  int Copied[2][4];
  cuMemcpyDtoH(Copied[0], A, 16);
  cuMemcpyDtoH(Copied[1], A + 64, 16);
  printf("copied: %d %d\n", Copied[0][3], Copied[1][0]);
  cudaMemcpyAttributes RuntimeAttributes;
  memset(&RuntimeAttributes, 0, sizeof RuntimeAttributes);
  RuntimeAttributes.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  const void *RDsts[1] = {Copied[1]};
  const void *RSrcs[1] = {(void *)A};
  size_t RSizes[1] = {16};
  printf("runtime copy batch: %s\n",
         cudaGetErrorName(cudaMemcpyBatchAsync(RDsts, RSrcs, RSizes, 1,
                                               &RuntimeAttributes,
                                               AttributeStarts, 1, 0)));
  cudaDeviceSynchronize();
  printf("runtime copied: %d\n", Copied[1][0]);
  RuntimeAttributes.srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
  printf("invalid access order: %s\n",
         cudaGetErrorName(cudaMemcpyBatchAsync(RDsts, RSrcs, RSizes, 1,
                                               &RuntimeAttributes,
                                               AttributeStarts, 1, 0)));
  return 0;
}
