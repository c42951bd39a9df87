// PTX inputs linked with cuLinkCreate / cuLinkAddData / cuLinkComplete: a
// kernel's `.extern` variable and function are defined by another input;
// the kernel then runs on the linked image. Linked alone, its unresolved
// symbol is named in the linker's error log.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readText(const char *Path) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    return NULL;
  fseek(F, 0, SEEK_END);
  long Size = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *Text = malloc((size_t)Size + 1);
  Text[fread(Text, 1, (size_t)Size, F)] = 0;
  fclose(F);
  return Text;
}

static char ErrorLog[4096];

static CUresult link(int Count, char **Paths, void **Image, CUlinkState *Link) {
  CUjit_option Options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {ErrorLog, (void *)(size_t)sizeof(ErrorLog)};
  ErrorLog[0] = 0;
  cuLinkCreate(2, Options, Values, Link);
  for (int I = 0; I < Count; ++I) {
    char *Text = readText(Paths[I]);
    const char *Name = strrchr(Paths[I], '/') ? strrchr(Paths[I], '/') + 1
                                              : Paths[I];
    CUresult Added = cuLinkAddData(*Link, CU_JIT_INPUT_PTX, Text,
                                   strlen(Text) + 1, Name, 0, NULL, NULL);
    free(Text);
    if (Added)
      return Added;
  }
  size_t Size = 0;
  return cuLinkComplete(*Link, Image, &Size);
}

int main(int argc, char **argv) {
  (void)argc;
  cuInit(0);
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Context;
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);

  CUlinkState Link;
  void *Image = NULL;
  CUresult Linked = link(2, argv + 1, &Image, &Link);
  CUmodule Module = NULL;
  CUresult Loaded = Linked ? Linked : cuModuleLoadData(&Module, Image);
  cuLinkDestroy(Link);
  CUfunction Kernel = NULL;
  CUresult Found = Loaded ? Loaded : cuModuleGetFunction(&Kernel, Module, "scaled");
  enum { N = 64 };
  unsigned Host[N], Result[N];
  for (unsigned I = 0; I < N; ++I)
    Host[I] = I * 3;
  CUdeviceptr In, Out;
  cuMemAlloc(&In, sizeof(Host));
  cuMemAlloc(&Out, sizeof(Host));
  cuMemcpyHtoD(In, Host, sizeof(Host));
  void *Args[] = {&Out, &In};
  CUresult Launched = Found ? Found
                            : cuLaunchKernel(Kernel, 1, 1, 1, N, 1, 1, 0, NULL,
                                             Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Result, Out, sizeof(Result));
  int Wrong = 0;
  for (unsigned I = 0; I < N; ++I)
    Wrong += Result[I] != 2 * Host[I] + 1000;
  printf("linked: link %d, load %d, function %d, launch %d, %d of %d wrong, "
         "out[5] %u\n",
         Linked, Loaded, Found, Launched, Wrong, N, Result[5]);
  CUdeviceptr Scale;
  size_t ScaleSize = 0;
  CUresult Global = Loaded ? Loaded
                           : cuModuleGetGlobal(&Scale, &ScaleSize, Module, "scale");
  printf("global scale: %d, %zu bytes\n", Global, ScaleSize);

  // Each input alone: the kernel's symbols are unresolved.
  Image = NULL;
  CUresult Alone = link(1, argv + 1, &Image, &Link);
  printf("alone: %d\nlog: %s\n", Alone, ErrorLog);
  cuLinkDestroy(Link);
  return 0;
}
