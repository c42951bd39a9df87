// Every driver API call of memory, streams, events and modules before
// cuInit and after a cuInit that failed (no AMD GPU, or no HIP runtime):
// each returns an error code, nothing crashes, nothing is printed by the
// library. One line per call: "<call>: <error name>".
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

static void hostFunction(void *Data) { (void)Data; }

#define SHOW(Call) printf("%s: %s\n", #Call, nameOf(Call))

static void everyCall(void) {
  CUdeviceptr Ptr = 0x1000, Base;
  size_t Size;
  void *Host = 0;
  unsigned Type;
  CUstream Stream = 0;
  CUevent Event = 0;
  CUmodule Module = 0;
  CUfunction Function = 0;
  CUcontext Context;
  int Value;
  float Ms;
  char Buffer[16];
  static const char Image[] = "__CLANG_OFFLOAD_BUNDLE__";
  void *Params[] = {&Ptr};
  SHOW(cuCtxCreate(&Context, NULL, 0, 0));
  SHOW(cuDevicePrimaryCtxRetain(&Context, 0));
  SHOW(cuMemAlloc(&Ptr, 64));
  SHOW(cuMemFree(Ptr));
  SHOW(cuMemAllocHost(&Host, 64));
  SHOW(cuMemHostAlloc(&Host, 64, 0));
  SHOW(cuMemFreeHost(Buffer));
  SHOW(cuMemGetAddressRange(&Base, &Size, Ptr));
  SHOW(cuMemcpy(Ptr, Ptr, 4));
  SHOW(cuMemcpyHtoD(Ptr, Buffer, 4));
  SHOW(cuMemcpyDtoH(Buffer, Ptr, 4));
  SHOW(cuMemcpyDtoD(Ptr, Ptr, 4));
  SHOW(cuMemcpyHtoDAsync(Ptr, Buffer, 4, Stream));
  SHOW(cuMemsetD8(Ptr, 1, 4));
  SHOW(cuMemsetD16(Ptr, 1, 4));
  SHOW(cuMemsetD32Async(Ptr, 1, 4, Stream));
  SHOW(cuPointerGetAttribute(&Type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, Ptr));
  SHOW(cuStreamCreate(&Stream, 0));
  SHOW(cuStreamSynchronize(Stream));
  SHOW(cuStreamQuery(Stream));
  SHOW(cuEventCreate(&Event, 0));
  SHOW(cuEventRecord(Event, Stream));
  SHOW(cuEventElapsedTime(&Ms, Event, Event));
  SHOW(cuModuleLoad(&Module, "kernels.fatbin"));
  SHOW(cuModuleLoadData(&Module, Image));
  SHOW(cuModuleLoadFatBinary(&Module, Image));
  SHOW(cuModuleGetFunction(&Function, Module, "scale"));
  SHOW(cuModuleGetGlobal(&Ptr, &Size, Module, "counter"));
  SHOW(cuFuncGetAttribute(&Value, CU_FUNC_ATTRIBUTE_NUM_REGS, Function));
  SHOW(cuLaunchKernel(Function, 1, 1, 1, 1, 1, 1, 0, Stream, Params, 0));
  SHOW(cuModuleUnload(Module));
  CUDA_MEMCPY2D Copy = {0};
  SHOW(cuMemAllocManaged(&Ptr, 64, CU_MEM_ATTACH_GLOBAL));
  SHOW(cuMemcpy2D(&Copy));
  SHOW(cuLaunchHostFunc(Stream, hostFunction, 0));
  SHOW(cuOccupancyMaxActiveBlocksPerMultiprocessor(&Value, Function, 64, 0));
}

int main(void) {
  printf("-- before cuInit\n");
  everyCall();
  printf("-- cuInit: %s\n", nameOf(cuInit(0)));
  everyCall();
  printf("-- done\n");
  return 0;
}
