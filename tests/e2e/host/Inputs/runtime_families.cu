// Runtime API families on the host backend: occupancy, launch with
// attributes, stream attributes and ids, 3D memory, unified-memory advice,
// host allocation flags, the error log, profiler control.
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>

__global__ void scale(float *Data, float Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] *= Factor;
}

int main() {
  // Occupancy.
  int MinGrid = 0, Block = 0;
  printf("potential: %d %d %d\n",
         (int)cudaOccupancyMaxPotentialBlockSize(&MinGrid, &Block, scale),
         Block > 0 && Block <= 1024 && Block % 32 == 0, MinGrid > 0);
  int Blocks = 0;
  printf("with flags: %d %d\n",
         (int)cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
             &Blocks, scale, 128, 0, cudaOccupancyDisableCachingOverride),
         Blocks > 0);
  printf("bad flags: %d\n",
         (int)cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
             &Blocks, scale, 128, 0, 4));
  size_t Smem = 0;
  printf("dynamic smem: %d %d\n",
         (int)cudaOccupancyAvailableDynamicSMemPerBlock(&Smem, scale, 2, 128),
         Smem > 0);
  const char *Name = nullptr;
  printf("name: %d %s\n", (int)cudaFuncGetName(&Name, scale),
         Name && strstr(Name, "scale") ? "has scale" : "?");
  cudaGetLastError();

  // Launch with attributes.
  float *Data = nullptr;
  cudaMallocManaged(&Data, 64 * sizeof(float));
  for (int I = 0; I < 64; ++I)
    Data[I] = I;
  cudaLaunchAttribute Attributes[2];
  Attributes[0].id = cudaLaunchAttributePriority;
  Attributes[0].val.priority = 0;
  Attributes[1].id = cudaLaunchAttributeClusterDimension;
  Attributes[1].val.clusterDim.x = 1;
  Attributes[1].val.clusterDim.y = 1;
  Attributes[1].val.clusterDim.z = 1;
  cudaLaunchConfig_t Config = {};
  Config.gridDim = dim3(2);
  Config.blockDim = dim3(32);
  Config.attrs = Attributes;
  Config.numAttrs = 2;
  printf("launch ex: %d\n", (int)cudaLaunchKernelEx(&Config, scale, Data, 2, 64));
  cudaDeviceSynchronize();
  printf("scaled: %g %g\n", Data[1], Data[63]);
  Attributes[1].val.clusterDim.x = 2;
  printf("cluster of 2: %d\n",
         (int)cudaLaunchKernelEx(&Config, scale, Data, 2, 64));
  cudaGetLastError();

  // Streams and events.
  cudaStream_t A, B;
  cudaStreamCreate(&A);
  cudaStreamCreate(&B);
  unsigned long long IdA = 0, IdB = 0, IdLegacy = 7;
  cudaStreamGetId(A, &IdA);
  cudaStreamGetId(B, &IdB);
  cudaStreamGetId(0, &IdLegacy);
  printf("ids: %d %llu\n", IdA != IdB && IdA > 1 && IdB > 1, IdLegacy);
  int Device = -1;
  printf("device: %d %d\n", (int)cudaStreamGetDevice(A, &Device), Device);
  cudaStreamAttrValue Window = {};
  Window.accessPolicyWindow.base_ptr = Data;
  Window.accessPolicyWindow.num_bytes = 256;
  Window.accessPolicyWindow.hitRatio = 0.5f;
  Window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  Window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  printf("set window: %d\n",
         (int)cudaStreamSetAttribute(A, cudaStreamAttributeAccessPolicyWindow,
                                     &Window));
  printf("copy: %d\n", (int)cudaStreamCopyAttributes(B, A));
  cudaStreamAttrValue Out = {};
  cudaStreamGetAttribute(B, cudaStreamAttributeAccessPolicyWindow, &Out);
  printf("window of B: %zu %g %d\n", Out.accessPolicyWindow.num_bytes,
         Out.accessPolicyWindow.hitRatio, (int)Out.accessPolicyWindow.hitProp);
  // Persisting L2: a hint the device takes; the limit is clamped to what
  // the device says it can persist.
  cudaDeviceProp L2Props;
  cudaGetDeviceProperties(&L2Props, 0);
  size_t Persisting = 0;
  cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, size_t(1) << 40);
  cudaDeviceGetLimit(&Persisting, cudaLimitPersistingL2CacheSize);
  printf("persisting L2: max %d of %d, window max %d, limit clamped %d\n",
         L2Props.persistingL2CacheMaxSize, L2Props.l2CacheSize,
         L2Props.accessPolicyMaxWindowSize,
         Persisting == size_t(L2Props.persistingL2CacheMaxSize));
  printf("reset persisting lines: %d\n", (int)cudaCtxResetPersistingL2Cache());
  Window.accessPolicyWindow.hitRatio = 2.0f;
  printf("bad ratio: %d\n",
         (int)cudaStreamSetAttribute(A, cudaStreamAttributeAccessPolicyWindow,
                                     &Window));
  cudaEvent_t Event;
  cudaEventCreate(&Event);
  printf("record with flags: %d %d\n",
         (int)cudaEventRecordWithFlags(Event, A, cudaEventRecordExternal),
         (int)cudaEventRecordWithFlags(Event, A, 8));
  cudaGetLastError();

  // 3D memory: 100 bytes x 5 rows x 3 slices.
  cudaExtent Extent = make_cudaExtent(100, 5, 3);
  cudaPitchedPtr Device3D;
  printf("malloc3d: %d %d\n", (int)cudaMalloc3D(&Device3D, Extent),
         Device3D.pitch >= 100 && Device3D.xsize == 100 && Device3D.ysize == 5);
  printf("memset3d: %d\n", (int)cudaMemset3D(Device3D, 0, Extent));
  static unsigned char Host[3][5][100], Back[3][5][100];
  for (int Z = 0; Z < 3; ++Z)
    for (int Y = 0; Y < 5; ++Y)
      for (int X = 0; X < 100; ++X)
        Host[Z][Y][X] = (unsigned char)(Z * 50 + Y * 10 + X);
  // Copy a 40 x 3 x 2 box from host (2, 1, 1) to device (10, 2, 0).
  cudaMemcpy3DParms Up = {};
  Up.srcPtr = make_cudaPitchedPtr(Host, 100, 100, 5);
  Up.srcPos = make_cudaPos(2, 1, 1);
  Up.dstPtr = Device3D;
  Up.dstPos = make_cudaPos(10, 2, 0);
  Up.extent = make_cudaExtent(40, 3, 2);
  Up.kind = cudaMemcpyHostToDevice;
  printf("memcpy3d up: %d\n", (int)cudaMemcpy3D(&Up));
  cudaMemcpy3DParms Down = {};
  Down.srcPtr = Device3D;
  Down.dstPtr = make_cudaPitchedPtr(Back, 100, 100, 5);
  Down.extent = Extent;
  Down.kind = cudaMemcpyDeviceToHost;
  printf("memcpy3d down: %d\n", (int)cudaMemcpy3DAsync(&Down, A));
  cudaStreamSynchronize(A);
  bool Right = true;
  for (int Z = 0; Z < 3; ++Z)
    for (int Y = 0; Y < 5; ++Y)
      for (int X = 0; X < 100; ++X) {
        bool Inside = Z < 2 && Y >= 2 && Y < 5 && X >= 10 && X < 50;
        unsigned char Want =
            Inside ? Host[Z + 1][Y - 2 + 1][X - 10 + 2] : (unsigned char)0;
        Right &= Back[Z][Y][X] == Want;
      }
  printf("box: %s\n", Right ? "right" : "wrong");
  Up.extent = make_cudaExtent(Device3D.pitch + 1, 1, 1);
  printf("too wide: %d\n", (int)cudaMemcpy3D(&Up));
  cudaGetLastError();

  // Unified-memory advice.
  int ReadMostly = -1, Preferred = -5, LastPrefetch = -5;
  cudaMemLocation Device0 = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation HostLocation = {cudaMemLocationTypeHost, 0};
  printf("advise: %d %d\n",
         (int)cudaMemAdvise(Data, 64 * sizeof(float),
                            cudaMemAdviseSetReadMostly, Device0),
         (int)cudaMemAdvise(Data, 64 * sizeof(float),
                            cudaMemAdviseSetPreferredLocation, Device0));
  cudaMemPrefetchAsync(Data, 64 * sizeof(float), HostLocation, 0, 0);
  cudaMemRangeGetAttribute(&ReadMostly, sizeof(int),
                           cudaMemRangeAttributeReadMostly, Data,
                           64 * sizeof(float));
  cudaMemRangeGetAttribute(&Preferred, sizeof(int),
                           cudaMemRangeAttributePreferredLocation, Data,
                           64 * sizeof(float));
  cudaMemRangeGetAttribute(&LastPrefetch, sizeof(int),
                           cudaMemRangeAttributeLastPrefetchLocation, Data,
                           64 * sizeof(float));
  printf("range: %d %d %d\n", ReadMostly, Preferred, LastPrefetch);
  cudaMemAdvise(Data, 64 * sizeof(float), cudaMemAdviseUnsetReadMostly, Device0);
  cudaMemRangeGetAttribute(&ReadMostly, sizeof(int),
                           cudaMemRangeAttributeReadMostly, Data,
                           64 * sizeof(float));
  printf("unset: %d\n", ReadMostly);
  cudaMemLocation Nowhere = {cudaMemLocationTypeInvalid, 0};
  printf("bad location: %d %d\n",
         (int)cudaMemAdvise(Data, 64, cudaMemAdviseSetReadMostly, Nowhere),
         (int)cudaMemPrefetchAsync(Data, 64, Nowhere, 0, 0));
  cudaGetLastError();
  printf("not managed: %d\n",
         (int)cudaMemAdvise(Device3D.ptr, 64, cudaMemAdviseSetReadMostly, Device0));
  printf("attach: %d\n", (int)cudaStreamAttachMemAsync(A, Data));
  cudaGetLastError();

  // Host allocation flags.
  void *Mapped = nullptr;
  cudaHostAlloc(&Mapped, 64, cudaHostAllocMapped);
  unsigned Flags = 99;
  printf("host flags: %d %u\n", (int)cudaHostGetFlags(&Flags, Mapped), Flags);
  printf("unknown host: %d\n", (int)cudaHostGetFlags(&Flags, &Flags));
  cudaGetLastError();

  // The error log.
  cudaLogIterator Iterator;
  cudaLogsCurrent(&Iterator, 0);
  cudaMemset3D(make_cudaPitchedPtr(nullptr, 0, 0, 0), 0, Extent);
  char Log[256];
  size_t Size = sizeof(Log);
  printf("log: %d ", (int)cudaLogsDumpToMemory(&Iterator, Log, &Size, 0));
  printf("%s", Log);
  Size = sizeof(Log);
  cudaLogsDumpToMemory(&Iterator, Log, &Size, 0);
  printf("after: %zu\n", Size);
  cudaGetLastError();

  printf("profiler: %d %d\n", (int)cudaProfilerStart(),
         (int)cudaProfilerStop());
  return 0;
}
