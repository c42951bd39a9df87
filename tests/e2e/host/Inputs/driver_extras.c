/* Driver API families beyond the first subset, on the host backend: stream
   priorities, flags, ids and attributes; context configuration and state;
   device UUIDs; cooperative launches, launches with attributes, function
   names and occupancy of a module kernel. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  cuInit(0);
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Context;
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);

  int Least = 0, Greatest = 0;
  cuCtxGetStreamPriorityRange(&Least, &Greatest);
  CUstream Stream;
  int Priority = 0;
  unsigned Flags = 9;
  printf("priority stream: %d ",
         (int)cuStreamCreateWithPriority(&Stream, CU_STREAM_NON_BLOCKING,
                                         Greatest - 5));
  cuStreamGetPriority(Stream, &Priority);
  cuStreamGetFlags(Stream, &Flags);
  printf("%d %u\n", Priority == Greatest, Flags);
  unsigned long long Id = 0, LegacyId = 9;
  cuStreamGetId(Stream, &Id);
  cuStreamGetId(CU_STREAM_LEGACY, &LegacyId);
  CUcontext StreamContext = 0;
  cuStreamGetCtx(Stream, &StreamContext);
  printf("id: %d %llu ctx %d\n", Id > 1, LegacyId, StreamContext == Context);
  CUstreamAttrValue Value;
  memset(&Value, 0, sizeof(Value));
  Value.accessPolicyWindow.num_bytes = 512;
  Value.accessPolicyWindow.hitRatio = 0.25f;
  CUstream Other;
  cuStreamCreate(&Other, 0);
  printf("attributes: %d %d ",
         (int)cuStreamSetAttribute(Stream,
                                   CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW,
                                   &Value),
         (int)cuStreamCopyAttributes(Other, Stream));
  memset(&Value, 0, sizeof(Value));
  cuStreamGetAttribute(Other, CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &Value);
  printf("%zu %g\n", Value.accessPolicyWindow.num_bytes,
         Value.accessPolicyWindow.hitRatio);

  unsigned Version = 0;
  cuCtxGetApiVersion(Context, &Version);
  CUfunc_cache Cache = CU_FUNC_CACHE_PREFER_NONE;
  cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED);
  cuCtxGetCacheConfig(&Cache);
  size_t Stack = 0;
  cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4096);
  cuCtxGetLimit(&Stack, CU_LIMIT_STACK_SIZE);
  printf("context: %u %d %zu %d\n", Version, (int)Cache, Stack,
         (int)cuCtxSetLimit(CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH, 4));
  unsigned PrimaryFlags = 7;
  int Active = 0;
  cuDevicePrimaryCtxSetFlags(Device, CU_CTX_SCHED_YIELD);
  cuDevicePrimaryCtxGetState(Device, &PrimaryFlags, &Active);
  printf("primary: %u %d\n", PrimaryFlags, Active);
  CUuuid Uuid;
  printf("uuid: %d %.16s\n", (int)cuDeviceGetUuid(&Uuid, Device), Uuid.bytes);

  CUmodule Module;
  CUfunction Scale;
  cuModuleLoad(&Module, argv[1]);
  cuModuleGetFunction(&Scale, Module, "scale");
  const char *Name = 0;
  printf("name: %d %s\n", (int)cuFuncGetName(&Name, Scale), Name);
  int MinGrid = 0, Block = 0, Blocks = 0;
  printf("occupancy: %d ",
         (int)cuOccupancyMaxPotentialBlockSize(&MinGrid, &Block, Scale, 0, 0,
                                               0));
  cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&Blocks, Scale, 64, 0,
                                                       0);
  printf("%d %d %d\n", Block > 0 && Block % 32 == 0, MinGrid > 0, Blocks > 0);

  CUdeviceptr Data;
  cuMemAlloc(&Data, 64 * sizeof(float));
  float Host[64];
  for (int I = 0; I < 64; ++I)
    Host[I] = (float)I;
  cuMemcpyHtoD(Data, Host, sizeof(Host));
  float Factor = 3;
  int N = 64;
  void *Params[] = {&Data, &Factor, &N};
  printf("cooperative: %d\n",
         (int)cuLaunchCooperativeKernel(Scale, 2, 1, 1, 32, 1, 1, 0, Stream,
                                        Params));
  CUlaunchAttribute Attribute;
  memset(&Attribute, 0, sizeof(Attribute));
  Attribute.id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
  CUlaunchConfig Config;
  memset(&Config, 0, sizeof(Config));
  Config.gridDimX = 2;
  Config.gridDimY = Config.gridDimZ = 1;
  Config.blockDimX = 32;
  Config.blockDimY = Config.blockDimZ = 1;
  Config.hStream = Stream;
  Config.attrs = &Attribute;
  Config.numAttrs = 1;
  printf("launch ex: %d ", (int)cuLaunchKernelEx(&Config, Scale, Params, 0));
  Attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  Attribute.value.clusterDim.x = 2;
  Attribute.value.clusterDim.y = Attribute.value.clusterDim.z = 1;
  printf("%d\n", (int)cuLaunchKernelEx(&Config, Scale, Params, 0));
  CUevent Event;
  cuEventCreate(&Event, 0);
  printf("record: %d %d\n",
         (int)cuEventRecordWithFlags(Event, Stream, CU_EVENT_RECORD_EXTERNAL),
         (int)cuEventRecordWithFlags(Event, Stream, 4));
  cuEventSynchronize(Event);
  cuMemcpyDtoH(Host, Data, sizeof(Host));
  printf("values: %g %g\n", Host[1], Host[63]);
  printf("context event: %d %d\n", (int)cuCtxRecordEvent(Context, Event),
         (int)cuCtxWaitEvent(Context, Event));
  return 0;
}
