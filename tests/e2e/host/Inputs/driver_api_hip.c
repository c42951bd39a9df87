// libcuda's HIP backend, run against driver_api_fake_hip.cpp's stand-in for
// libamdhip64: what reaches HIP's module API. Arguments: a fat binary with
// an AMD code object, one with a host code object only, the AMD code object.
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  printf("init: %s\n", nameOf(cuInit(0)));
  // An unaligned copy of the fat binary: the backend aligns it for HIP.
  char *Unaligned = (char *)malloc(1 << 20);
  FILE *F = fopen(argv[1], "rb");
  size_t Size = fread(Unaligned + 8, 1, (1 << 20) - 8, F);
  fclose(F);
  CUmodule Module;
  printf("load: %s\n", nameOf(cuModuleLoadData(&Module, Unaligned + 8)));
  printf("size read: %s\n", Size > 0 ? "yes" : "no");
  CUfunction Function, Missing;
  printf("function: %s\n",
         nameOf(cuModuleGetFunction(&Function, Module, "scale")));
  printf("missing: %s\n",
         nameOf(cuModuleGetFunction(&Missing, Module, "missing")));
  CUdeviceptr Global;
  size_t GlobalSize = 0;
  printf("global: %s %zu\n",
         nameOf(cuModuleGetGlobal(&Global, &GlobalSize, Module, "counter")),
         GlobalSize);
  int Value = 42;
  void *Params[] = {&Value};
  printf("launch params: %s\n",
         nameOf(cuLaunchKernel(Function, 2, 3, 4, 32, 2, 1, 128, NULL, Params,
                               NULL)));
  struct {
    int First;
    double Second;
  } Buffer = {7, 1.5};
  size_t BufferSize = sizeof(Buffer);
  void *Extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &Buffer,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &BufferSize,
                   CU_LAUNCH_PARAM_END};
  printf("launch extra: %s\n", nameOf(cuLaunchKernel(Function, 1, 1, 1, 64, 1,
                                                     1, 0, NULL, NULL, Extra)));
  int Regs = 0, Shared = 0, Blocks = 0;
  cuFuncGetAttribute(&Regs, CU_FUNC_ATTRIBUTE_NUM_REGS, Function);
  cuFuncGetAttribute(&Shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, Function);
  cuOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, Function, 256, 0);
  printf("attributes: registers %d, shared %d, blocks %d\n", Regs, Shared,
         Blocks);
  CUdeviceptr Words;
  printf("alloc: %s\n", nameOf(cuMemAlloc(&Words, 16)));
  printf("memset D16: %s\n", nameOf(cuMemsetD16(Words, 0xbeef, 8)));
  unsigned short Back[8];
  cuMemcpyDtoH(Back, Words, sizeof(Back));
  printf("read back: %#x %#x\n", Back[0], Back[7]);
  // A library over HIP's module API; its kernels counted from the AMD code
  // object's kernel descriptors; a CUkernel launched as a CUfunction, and
  // through the legacy API.
  CUlibrary Library;
  printf("library: %s\n", nameOf(cuLibraryLoadData(&Library, Unaligned + 8,
                                                    NULL, NULL, 0, NULL, NULL,
                                                    0)));
  unsigned Kernels = 0;
  cuLibraryGetKernelCount(&Kernels, Library);
  printf("library kernels: %u\n", Kernels);
  CUkernel Kernel;
  printf("library kernel: %s\n",
         nameOf(cuLibraryGetKernel(&Kernel, Library, "scale")));
  printf("launch kernel: %s\n",
         nameOf(cuLaunchKernel((CUfunction)Kernel, 1, 1, 1, 8, 1, 1, 0, NULL,
                               Params, NULL)));
  cuParamSetSize((CUfunction)Kernel, 4);
  cuParamSeti((CUfunction)Kernel, 0, 9);
  cuFuncSetBlockShape((CUfunction)Kernel, 16, 1, 1);
  printf("launch grid: %s\n", nameOf(cuLaunchGrid((CUfunction)Kernel, 5, 1)));
  size_t Offset = 0, ParamSize = 0;
  printf("param info: %s\n",
         nameOf(cuKernelGetParamInfo(Kernel, 0, &Offset, &ParamSize)));
  printf("library unload: %s\n", nameOf(cuLibraryUnload(Library)));
  printf("unload: %s\n", nameOf(cuModuleUnload(Module)));
  printf("host-only fat binary: %s\n", nameOf(cuModuleLoad(&Module, argv[2])));
  printf("code object: %s\n", nameOf(cuModuleLoad(&Module, argv[3])));
  printf("unload: %s\n", nameOf(cuModuleUnload(Module)));
  return 0;
}
