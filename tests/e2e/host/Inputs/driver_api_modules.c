// The driver API's memory, streams, events, modules and launches.
//   driver_api_modules FATBIN CODE_OBJECT AMD_ONLY_FATBIN
// FATBIN: the fat binary of driver_api_kernels.cu for the host target;
// CODE_OBJECT: its host code object alone; AMD_ONLY_FATBIN: a fat binary
// without a host code object. Results are checked here against values
// computed on the CPU; every line printed is checked by the .test file.
#include <cuda.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

#define CHECK(Call)                                                            \
  do {                                                                         \
    CUresult Status_ = (Call);                                                 \
    if (Status_ != CUDA_SUCCESS) {                                             \
      printf("FAILED %s: %s (line %d)\n", #Call, nameOf(Status_), __LINE__);   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static void *readFile(const char *Path, size_t *Size) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    return NULL;
  fseek(F, 0, SEEK_END);
  *Size = (size_t)ftell(F);
  fseek(F, 0, SEEK_SET);
  void *Data = malloc(*Size);
  if (fread(Data, 1, *Size, F) != *Size) {
    fclose(F);
    free(Data);
    return NULL;
  }
  fclose(F);
  return Data;
}

enum { N = 1000 };

/// Records which callback ran in which order.
typedef struct {
  int *Log;
  int *Next;
  CUresult Status;
} CallbackState;

static void recordCallback(CUstream Stream, CUresult Status, void *Data) {
  (void)Stream;
  CallbackState *State = (CallbackState *)Data;
  State->Status = Status;
  State->Log[(*State->Next)++] = 1;
}

static void recordHostFunction(void *Data) {
  CallbackState *State = (CallbackState *)Data;
  State->Log[(*State->Next)++] = 2;
}

static int NotAHandle0[4];

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  CUdeviceptr Early = 0;
  printf("alloc before init: %s\n", nameOf(cuMemAlloc(&Early, 16)));
  CHECK(cuInit(0));
  CUdevice Device;
  CUcontext Context;
  CHECK(cuDeviceGet(&Device, 0));
  CHECK(cuCtxCreate(&Context, NULL, 0, Device));

  // Modules from a file.
  CUmodule Module;
  printf("load missing file: %s\n",
         nameOf(cuModuleLoad(&Module, "no-such-file.fatbin")));
  CHECK(cuModuleLoad(&Module, argv[1]));
  CUfunction Scale, Axpy, Bump, Poly, Reverse, Missing;
  CHECK(cuModuleGetFunction(&Scale, Module, "scale"));
  CHECK(cuModuleGetFunction(&Axpy, Module, "axpy_mixed"));
  CHECK(cuModuleGetFunction(&Bump, Module, "bump"));
  CHECK(cuModuleGetFunction(&Poly, Module, "poly"));
  CHECK(cuModuleGetFunction(&Reverse, Module, "reverse256"));
  printf("missing function: %s\n",
         nameOf(cuModuleGetFunction(&Missing, Module, "no_such_kernel")));
  CUfunction Again;
  CHECK(cuModuleGetFunction(&Again, Module, "scale"));
  printf("same handle twice: %s\n", Again == Scale ? "yes" : "no");

  // Memory and a launch with kernelParams.
  float Host[N], Back[N];
  for (int I = 0; I < N; ++I)
    Host[I] = (float)I;
  CUdeviceptr X;
  CHECK(cuMemAlloc(&X, sizeof(Host)));
  CHECK(cuMemcpyHtoD(X, Host, sizeof(Host)));
  float A = 2.5f;
  int Count = N;
  void *Params[] = {&X, &A, &Count};
  CHECK(cuLaunchKernel(Scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, Params,
                       NULL));
  CHECK(cuCtxSynchronize());
  CHECK(cuMemcpyDtoH(Back, X, sizeof(Back)));
  int Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Back[I] != Host[I] * A;
  printf("scale (kernelParams): %d wrong, x[999] = %g\n", Bad, Back[999]);

  // A launch with the `extra` argument buffer (natural alignment).
  double HX[N], HY[N], Out[N];
  for (int I = 0; I < N; ++I) {
    HX[I] = I * 0.5;
    HY[I] = 1000 - I;
  }
  CUdeviceptr DX, DY;
  CHECK(cuMemAlloc(&DX, sizeof(HX)));
  CHECK(cuMemAlloc(&DY, sizeof(HY)));
  CHECK(cuMemcpyHtoD(DX, HX, sizeof(HX)));
  CHECK(cuMemcpyHtoD(DY, HY, sizeof(HY)));
  struct {
    char Tag;
    double A;
    CUdeviceptr X, Y;
    int N;
  } Args = {7, 3.0, DX, DY, N};
  size_t ArgsSize = sizeof(Args);
  void *Extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &Args,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &ArgsSize, CU_LAUNCH_PARAM_END};
  CHECK(cuLaunchKernel(Axpy, (N + 255) / 256, 1, 1, 256, 1, 1, 0, NULL, NULL,
                       Extra));
  CHECK(cuMemcpyDtoH(Out, DY, sizeof(Out)));
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Out[I] != 3.0 * HX[I] + HY[I] + 7;
  printf("axpy (extra buffer): %d wrong, y[10] = %g\n", Bad, Out[10]);
  printf(
      "params and extra: %s\n",
      nameOf(cuLaunchKernel(Axpy, 1, 1, 1, 1, 1, 1, 0, NULL, Params, Extra)));
  void *BadExtra[] = {(void *)0x7, NULL, CU_LAUNCH_PARAM_END};
  printf(
      "bad extra marker: %s\n",
      nameOf(cuLaunchKernel(Axpy, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, BadExtra)));
  printf("empty grid: %s\n", nameOf(cuLaunchKernel(Scale, 0, 1, 1, 1, 1, 1, 0,
                                                   NULL, Params, NULL)));
  printf("block too large: %s\n",
         nameOf(cuLaunchKernel(Scale, 1, 1, 1, 2048, 1, 1, 0, NULL, Params,
                               NULL)));

  // Globals: a __device__ variable and a __constant__ array.
  CUdeviceptr CounterPtr, CoeffsPtr;
  size_t CounterSize = 0, CoeffsSize = 0;
  CHECK(cuModuleGetGlobal(&CounterPtr, &CounterSize, Module, "counter"));
  CHECK(cuModuleGetGlobal(&CoeffsPtr, &CoeffsSize, Module, "coeffs"));
  printf("global sizes: counter %zu, coeffs %zu\n", CounterSize, CoeffsSize);
  printf("missing global: %s\n",
         nameOf(cuModuleGetGlobal(&CounterPtr, NULL, Module, "nope")));
  CHECK(cuMemsetD32(CounterPtr, 0, 1));
  int By = 3;
  void *BumpParams[] = {&By};
  CHECK(cuLaunchKernel(Bump, 4, 1, 1, 64, 1, 1, 0, NULL, BumpParams, NULL));
  int Counter = 0;
  CHECK(cuMemcpyDtoH(&Counter, CounterPtr, sizeof(Counter)));
  printf("counter: %d (expected %d)\n", Counter, 4 * 64 * By);
  float Coeffs[4] = {1, 2, 0.5f, 0.25f};
  CHECK(cuMemcpyHtoD(CoeffsPtr, Coeffs, sizeof(Coeffs)));
  void *PolyParams[] = {&X, &Count};
  CHECK(cuLaunchKernel(Poly, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL,
                       PolyParams, NULL));
  CHECK(cuMemcpyDtoH(Back, X, sizeof(Back)));
  Bad = 0;
  for (int I = 0; I < N; ++I) {
    // Device code fuses multiply-adds (nvcc's -fmad=true): a few ulps.
    float V = (float)I;
    float Want = Coeffs[0] + V * (Coeffs[1] + V * (Coeffs[2] + V * Coeffs[3]));
    Bad += fabsf(Back[I] - Want) > 1e-6f * fabsf(Want);
  }
  printf("poly (constant memory): %d wrong\n", Bad);

  // Static shared memory, and kernel attributes.
  int Ints[256], IntsBack[256];
  for (int I = 0; I < 256; ++I)
    Ints[I] = I * I;
  CUdeviceptr DInts;
  CHECK(cuMemAlloc(&DInts, sizeof(Ints)));
  CHECK(cuMemcpyHtoD(DInts, Ints, sizeof(Ints)));
  void *ReverseParams[] = {&DInts};
  CHECK(cuLaunchKernel(Reverse, 1, 1, 1, 256, 1, 1, 0, NULL, ReverseParams,
                       NULL));
  CHECK(cuMemcpyDtoH(IntsBack, DInts, sizeof(IntsBack)));
  Bad = 0;
  for (int I = 0; I < 256; ++I)
    Bad += IntsBack[I] != Ints[255 - I];
  printf("reverse (shared memory): %d wrong\n", Bad);
  int MaxThreads = 0, Shared = 0, MaxDynamic = -1, Regs = -1;
  CHECK(cuFuncGetAttribute(&MaxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
                           Reverse));
  CHECK(cuFuncGetAttribute(&Shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                           Reverse));
  CHECK(cuFuncGetAttribute(
      &MaxDynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, Reverse));
  CHECK(cuFuncGetAttribute(&Regs, CU_FUNC_ATTRIBUTE_NUM_REGS, Reverse));
  int MaxSharedPerBlock = 0;
  CHECK(cuDeviceGetAttribute(&MaxSharedPerBlock,
                             CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
                             Device));
  printf("attributes: max threads %d, shared >= 1024: %s, static + dynamic "
         "= per block: %s, registers > 0: %s\n",
         MaxThreads, Shared >= 1024 ? "yes" : "no",
         Shared + MaxDynamic == MaxSharedPerBlock ? "yes" : "no",
         Regs > 0 ? "yes" : "no");
  printf("bad attribute: %s\n",
         nameOf(cuFuncGetAttribute(&Regs, (CUfunction_attribute)77, Reverse)));

  // Fills, copies, a stream and events.
  CUdeviceptr Buf, Buf2;
  CHECK(cuMemAlloc(&Buf, 64));
  CHECK(cuMemAlloc(&Buf2, 64));
  unsigned char Bytes[64];
  CHECK(cuMemsetD8(Buf, 0xab, 64));
  CHECK(cuMemsetD16(Buf + 16, 0x1234, 4));
  CHECK(cuMemsetD32(Buf + 32, 0xdeadbeef, 2));
  CHECK(cuMemcpyDtoD(Buf2, Buf, 64));
  CHECK(cuMemcpyDtoH(Bytes, Buf2, 64));
  unsigned char Expected[64];
  memset(Expected, 0xab, 64);
  for (int I = 0; I < 4; ++I) {
    uint16_t V = 0x1234;
    memcpy(Expected + 16 + 2 * I, &V, 2);
  }
  for (int I = 0; I < 2; ++I) {
    uint32_t V = 0xdeadbeef;
    memcpy(Expected + 32 + 4 * I, &V, 4);
  }
  printf("memset D8/D16/D32 + DtoD: %s\n",
         memcmp(Bytes, Expected, 64) == 0 ? "match" : "MISMATCH");
  printf("misaligned D32: %s\n", nameOf(cuMemsetD32(Buf + 2, 0, 1)));

  CUstream Stream;
  CUevent Start, Stop, NoTiming;
  CHECK(cuStreamCreate(&Stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuEventCreate(&Start, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&Stop, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&NoTiming, CU_EVENT_DISABLE_TIMING));
  CHECK(cuEventRecord(Start, Stream));
  CHECK(cuMemsetD8Async(Buf, 1, 64, Stream));
  CHECK(cuMemsetD16Async(Buf, 0x0202, 8, Stream));
  CHECK(cuMemsetD32Async(Buf + 16, 0x03030303, 4, Stream));
  CHECK(cuMemcpyHtoDAsync(Buf2, Expected, 64, Stream));
  CHECK(cuMemcpyAsync(Buf2, Buf, 32, Stream));
  CHECK(cuMemcpyDtoHAsync(Bytes, Buf2, 64, Stream));
  CHECK(cuLaunchKernel(Scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, Stream,
                       Params, NULL));
  CHECK(cuEventRecord(Stop, Stream));
  CHECK(cuEventRecord(NoTiming, Stream));
  CHECK(cuStreamSynchronize(Stream));
  printf("stream query after sync: %s\n", nameOf(cuStreamQuery(Stream)));
  CHECK(cuEventSynchronize(Stop));
  printf("event query: %s\n", nameOf(cuEventQuery(Stop)));
  int AsyncOk = 1;
  for (int I = 0; I < 64; ++I) {
    unsigned char Want = I < 16 ? 2 : I < 32 ? 3 : Expected[I];
    AsyncOk &= Bytes[I] == Want;
  }
  printf("async fills and copies: %s\n", AsyncOk ? "match" : "MISMATCH");
  float Ms = -1;
  CHECK(cuEventElapsedTime(&Ms, Start, Stop));
  printf("elapsed >= 0: %s\n", Ms >= 0 ? "yes" : "no");
  printf("elapsed without timing: %s\n",
         nameOf(cuEventElapsedTime(&Ms, Start, NoTiming)));
  CHECK(cuEventDestroy(NoTiming));
  CHECK(cuEventDestroy(Start));
  CHECK(cuEventDestroy(Stop));
  CHECK(cuStreamDestroy(Stream));

  // Address ranges and pointer attributes.
  CUdeviceptr Base = 0;
  size_t RangeSize = 0;
  CHECK(cuMemGetAddressRange(&Base, &RangeSize, X + 100));
  printf("address range: base %s, size %zu\n", Base == X ? "ok" : "WRONG",
         RangeSize);
  unsigned MemoryType = 0;
  CUdeviceptr DevicePointer = 0;
  CHECK(
      cuPointerGetAttribute(&MemoryType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, X));
  CHECK(cuPointerGetAttribute(&DevicePointer,
                              CU_POINTER_ATTRIBUTE_DEVICE_POINTER, X + 4));
  printf("device memory: type %u (device %d), device pointer %s\n", MemoryType,
         CU_MEMORYTYPE_DEVICE, DevicePointer == X + 4 ? "ok" : "WRONG");
  void *Pinned = NULL, *Mapped = NULL;
  CHECK(cuMemAllocHost(&Pinned, 4096));
  CHECK(cuMemHostAlloc(&Mapped, 4096, CU_MEMHOSTALLOC_DEVICEMAP));
  CHECK(cuPointerGetAttribute(&MemoryType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                              (CUdeviceptr)(uintptr_t)Pinned));
  printf("pinned host memory: type %u (host %d)\n", MemoryType,
         CU_MEMORYTYPE_HOST);
  int OnStack = 0;
  printf("unknown pointer: %s\n",
         nameOf(cuPointerGetAttribute(&MemoryType,
                                      CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                      (CUdeviceptr)(uintptr_t)&OnStack)));
  printf("host alloc bad flags: %s\n",
         nameOf(cuMemHostAlloc(&Mapped, 16, 0x100)));
  CHECK(cuMemFreeHost(Pinned));
  CHECK(cuMemFreeHost(Mapped));
  printf("free unknown pointer: %s\n",
         nameOf(cuMemFree((CUdeviceptr)(uintptr_t)&OnStack)));

  // Managed, pitched and registered memory; 2D copies.
  CUdeviceptr Managed;
  CHECK(cuMemAllocManaged(&Managed, N * sizeof(float), CU_MEM_ATTACH_GLOBAL));
  float *ManagedHost = (float *)(uintptr_t)Managed;
  for (int I = 0; I < N; ++I)
    ManagedHost[I] = (float)I;
  void *ManagedParams[] = {&Managed, &A, &Count};
  CHECK(cuLaunchKernel(Scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL,
                       ManagedParams, NULL));
  CHECK(cuCtxSynchronize());
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += ManagedHost[I] != (float)I * A;
  printf("managed memory: %d wrong\n", Bad);
  CHECK(cuMemFree(Managed));

  enum { W = 13, H = 5 };
  unsigned char Grid[H][W], GridBack[H][W + 3];
  for (int Y = 0; Y < H; ++Y)
    for (int X0 = 0; X0 < W; ++X0)
      Grid[Y][X0] = (unsigned char)(Y * 16 + X0);
  CUdeviceptr Pitched;
  size_t Pitch = 0;
  CHECK(cuMemAllocPitch(&Pitched, &Pitch, W, H, 4));
  printf("pitch >= width: %s\n", Pitch >= W ? "yes" : "no");
  CUDA_MEMCPY2D Up = {0};
  Up.srcMemoryType = CU_MEMORYTYPE_HOST;
  Up.srcHost = Grid;
  Up.srcPitch = W;
  Up.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  Up.dstDevice = Pitched;
  Up.dstPitch = Pitch;
  Up.WidthInBytes = W;
  Up.Height = H;
  CHECK(cuMemcpy2D(&Up));
  // Back into a wider host array, shifted right by 2 and without row 0.
  memset(GridBack, 0, sizeof(GridBack));
  CUDA_MEMCPY2D Down = {0};
  Down.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  Down.srcDevice = Pitched;
  Down.srcPitch = Pitch;
  Down.srcY = 1;
  Down.dstMemoryType = CU_MEMORYTYPE_HOST;
  Down.dstHost = GridBack;
  Down.dstPitch = W + 3;
  Down.dstXInBytes = 2;
  Down.dstY = 1;
  Down.WidthInBytes = W;
  Down.Height = H - 1;
  CHECK(cuMemcpy2DAsync(&Down, NULL));
  CHECK(cuCtxSynchronize());
  Bad = 0;
  for (int Y = 0; Y < H; ++Y)
    for (int X0 = 0; X0 < W + 3; ++X0) {
      int Want = Y >= 1 && X0 >= 2 && X0 < W + 2 ? Grid[Y][X0 - 2] : 0;
      Bad += GridBack[Y][X0] != Want;
    }
  printf("2D copies: %d wrong\n", Bad);
  CUDA_MEMCPY2D ToArray = Up;
  ToArray.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  printf("2D copy to a null array: %s\n", nameOf(cuMemcpy2D(&ToArray)));
  CHECK(cuMemFree(Pitched));

  float *Registered = (float *)malloc(N * sizeof(float));
  for (int I = 0; I < N; ++I)
    Registered[I] = 1.0f;
  CHECK(cuMemHostRegister(Registered, N * sizeof(float),
                          CU_MEMHOSTREGISTER_DEVICEMAP));
  CUdeviceptr RegisteredDevice;
  CHECK(cuMemHostGetDevicePointer(&RegisteredDevice, Registered, 0));
  void *RegisteredParams[] = {&RegisteredDevice, &A, &Count};
  CHECK(cuLaunchKernel(Scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL,
                       RegisteredParams, NULL));
  CHECK(cuCtxSynchronize());
  Bad = 0;
  for (int I = 0; I < N; ++I)
    Bad += Registered[I] != A;
  printf("registered host memory: %d wrong\n", Bad);
  CHECK(cuMemHostUnregister(Registered));
  printf("unregister twice: %s\n", nameOf(cuMemHostUnregister(Registered)));
  free(Registered);

  // Callbacks run in stream order, after the work before them.
  CUstream Ordered;
  CHECK(cuStreamCreate(&Ordered, CU_STREAM_DEFAULT));
  int Log2[4] = {0}, Next = 0;
  CallbackState State = {Log2, &Next};
  CHECK(cuMemsetD32Async(Buf, 5, 1, Ordered));
  CHECK(cuStreamAddCallback(Ordered, recordCallback, &State, 0));
  CHECK(cuLaunchHostFunc(Ordered, recordHostFunction, &State));
  CHECK(cuStreamSynchronize(Ordered));
  printf("callbacks: %d calls, order %d %d, status %s\n", Next, Log2[0],
         Log2[1], State.Status == CUDA_SUCCESS ? "CUDA_SUCCESS" : "error");
  printf("callback flags: %s\n",
         nameOf(cuStreamAddCallback(Ordered, recordCallback, &State, 1)));
  CHECK(cuStreamDestroy(Ordered));

  // Contexts, PCI ids, more kernel attributes, occupancy.
  CUcontext Popped = NULL, Primary = NULL;
  CHECK(cuDevicePrimaryCtxRetain(&Primary, Device));
  CHECK(cuCtxPushCurrent(Primary));
  CHECK(cuCtxPopCurrent(&Popped));
  // The context cuCtxCreate made is not the primary one, and is current
  // again after the pop.
  CUcontext CurrentAgain = NULL;
  CHECK(cuCtxGetCurrent(&CurrentAgain));
  printf("push/pop: %s\n",
         Popped == Primary && Primary != Context && CurrentAgain == Context
             ? "primary context"
             : "WRONG");
  printf("push a made-up context: %s\n",
         nameOf(cuCtxPushCurrent((CUcontext)NotAHandle0)));
  char BusId[32];
  CUdevice ByBus = -1;
  CHECK(cuDeviceGetPCIBusId(BusId, sizeof(BusId), Device));
  CHECK(cuDeviceGetByPCIBusId(&ByBus, BusId));
  printf("PCI bus id round trip: %s\n", ByBus == Device ? "yes" : "no");
  CHECK(cuFuncSetCacheConfig(Reverse, CU_FUNC_CACHE_PREFER_SHARED));
  CHECK(cuFuncSetAttribute(
      Reverse, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, MaxDynamic));
  printf("dynamic shared beyond the device: %s\n",
         nameOf(cuFuncSetAttribute(
             Reverse, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
             MaxDynamic + 1)));
  int Blocks = 0;
  CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, Reverse, 256, 0));
  printf("occupancy of 256-thread blocks >= 1: %s\n",
         Blocks >= 1 ? "yes" : "no");

  // The code object alone (cuModuleLoadData), a C++ kernel by mangled name.
  size_t CodeSize = 0, FatSize = 0;
  void *Code = readFile(argv[2], &CodeSize);
  void *Fat = readFile(argv[1], &FatSize);
  CUmodule CodeModule, FatModule;
  CHECK(cuModuleLoadData(&CodeModule, Code));
  CUfunction Fill;
  CHECK(cuModuleGetFunction(&Fill, CodeModule, "_Z4fillPiii"));
  int Base7 = 7;
  void *FillParams[] = {&DInts, &Base7, &Count};
  Count = 256;
  CHECK(cuLaunchKernel(Fill, 2, 1, 1, 128, 1, 1, 0, NULL, FillParams, NULL));
  CHECK(cuMemcpyDtoH(IntsBack, DInts, sizeof(IntsBack)));
  Bad = 0;
  for (int I = 0; I < 256; ++I)
    Bad += IntsBack[I] != 7 + I;
  printf("code object module, fill: %d wrong\n", Bad);
  // Modules have their own globals.
  CUdeviceptr OtherCounter;
  CHECK(cuModuleGetGlobal(&OtherCounter, NULL, CodeModule, "counter"));
  printf("two modules, two counters: %s\n",
         OtherCounter != CounterPtr ? "yes" : "no");
  CHECK(cuModuleUnload(CodeModule));
  printf("launch after unload: %s\n",
         nameOf(cuLaunchKernel(Fill, 1, 1, 1, 1, 1, 1, 0, NULL, FillParams,
                               NULL)));
  printf("unload twice: %s\n", nameOf(cuModuleUnload(CodeModule)));

  // Loading and unloading many times holds no resource per module: more
  // cycles than the process may have open files.
  struct rlimit Files;
  getrlimit(RLIMIT_NOFILE, &Files);
  Files.rlim_cur = 256;
  setrlimit(RLIMIT_NOFILE, &Files);
  int Cycles = 0;
  for (; Cycles < 1500; ++Cycles) {
    CUfunction Each;
    if (cuModuleLoadData(&CodeModule, Code) != CUDA_SUCCESS ||
        cuModuleGetFunction(&Each, CodeModule, "_Z4fillPiii") != CUDA_SUCCESS ||
        cuModuleUnload(CodeModule) != CUDA_SUCCESS)
      break;
  }
  printf("load/unload cycles: %d\n", Cycles);

  // The fat binary from memory (cuModuleLoadFatBinary and cuModuleLoadData).
  CHECK(cuModuleLoadFatBinary(&FatModule, Fat));
  CUfunction FatScale;
  CHECK(cuModuleGetFunction(&FatScale, FatModule, "scale"));
  CHECK(cuModuleUnload(FatModule));
  CHECK(cuModuleLoadData(&FatModule, Fat));
  CHECK(cuModuleUnload(FatModule));
  printf("fat binary from memory: ok\n");

  // Images Rubicon cannot load: PTX the JIT rejects (PTX that compiles
  // loads: tests/lit/ptx-module/ptx-jit.test), garbage, ...
  const char *Ptx = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k() { bogus; }\n";
  printf("PTX: %s\n", nameOf(cuModuleLoadData(&FatModule, Ptx)));
  char Log[256] = "";
  CUjit_option Options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Log, (void *)(uintptr_t)sizeof(Log)};
  printf("PTX (Ex): %s\n",
         nameOf(cuModuleLoadDataEx(&FatModule, Ptx, 2, Options, Values)));
  printf("log: %s\n", Log);
  const char *Meaning = "";
  cuGetErrorString(CUDA_ERROR_INVALID_PTX, &Meaning);
  printf("PTX error string: %s\n", Meaning);
  unsigned char Garbage[64] = {0x01, 0x02, 0xfe, 0xff};
  printf("garbage: %s\n", nameOf(cuModuleLoadData(&FatModule, Garbage)));
  printf("AMD only: %s\n", nameOf(cuModuleLoad(&FatModule, argv[3])));
  printf("null image: %s\n", nameOf(cuModuleLoadData(&FatModule, NULL)));

  // Handles that are not handles.
  int NotAHandle[4];
  printf("made-up module: %s\n",
         nameOf(cuModuleGetFunction(&Missing, (CUmodule)NotAHandle, "scale")));
  printf("made-up function: %s\n",
         nameOf(cuLaunchKernel((CUfunction)NotAHandle, 1, 1, 1, 1, 1, 1, 0,
                               NULL, Params, NULL)));
  printf("null function attribute: %s\n",
         nameOf(cuFuncGetAttribute(&Regs, CU_FUNC_ATTRIBUTE_NUM_REGS, NULL)));
  printf("made-up stream: %s\n",
         nameOf(cuStreamSynchronize((CUstream)NotAHandle)));
  printf("made-up event: %s\n", nameOf(cuEventRecord((CUevent)NotAHandle, 0)));

  CHECK(cuMemFree(X));
  CHECK(cuMemFree(DX));
  CHECK(cuMemFree(DY));
  CHECK(cuMemFree(DInts));
  CHECK(cuMemFree(Buf));
  CHECK(cuMemFree(Buf2));
  CHECK(cuModuleUnload(Module));
  CHECK(cuCtxDestroy(Context));
  free(Code);
  free(Fat);
  printf("done\n");
  return 0;
}
