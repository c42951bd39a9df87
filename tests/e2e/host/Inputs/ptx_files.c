// Rubicon's `nvcc -ptx` text (docs/ptx-files.md) loaded the ways CUDA
// programs load PTX: cuModuleLoad of the file, cuModuleLoadData(Ex) of the
// text read as a C string, cuLinkAddData with CU_JIT_INPUT_PTX then
// cuModuleLoadData of what cuLinkComplete returns, cuLibraryLoadData. Each
// module's kernel runs. A damaged file is refused.
//   ptx_files FILE.ptx
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

/// The file as a NUL-terminated string, as the samples read PTX.
static char *readText(const char *Path) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    return NULL;
  fseek(F, 0, SEEK_END);
  long Size = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *Text = malloc((size_t)Size + 1);
  size_t Read = fread(Text, 1, (size_t)Size, F);
  fclose(F);
  Text[Read] = '\0';
  return Text;
}

enum { N = 300 };

/// Runs twice_plus of Module over 0..N-1; returns how many results are wrong.
static int run(CUmodule Module, CUfunction Given) {
  CUfunction Kernel = Given;
  if (!Kernel && cuModuleGetFunction(&Kernel, Module, "twice_plus"))
    return -1;
  int Host[N];
  for (int I = 0; I < N; ++I)
    Host[I] = I;
  CUdeviceptr Data;
  cuMemAlloc(&Data, sizeof Host);
  cuMemcpyHtoD(Data, Host, sizeof Host);
  int Add = 7, Count = N;
  void *Args[] = {&Data, &Add, &Count};
  if (cuLaunchKernel(Kernel, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, Args,
                     NULL))
    return -2;
  cuMemcpyDtoH(Host, Data, sizeof Host);
  cuMemFree(Data);
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Host[I] != 2 * I + 7;
  return Wrong;
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  char *Text = readText(argv[1]);
  if (!Text)
    return 2;
  printf("text: %zu characters, no NUL before the end\n", strlen(Text));
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuCtxCreate(&Context, NULL, 0, Device);

  CUmodule Module;
  CUresult Status = cuModuleLoad(&Module, argv[1]);
  printf("cuModuleLoad: %s, %d wrong\n", nameOf(Status), run(Module, NULL));
  cuModuleUnload(Module);

  Status = cuModuleLoadData(&Module, Text);
  printf("cuModuleLoadData: %s, %d wrong\n", nameOf(Status), run(Module, NULL));
  cuModuleUnload(Module);

  char Log[256] = "", Info[256];
  // The info log is written (empty) as CUDA writes it; programs print it.
  memset(Info, 'x', sizeof Info);
  CUjit_option Options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *Values[] = {Log, (void *)(size_t)sizeof Log, Info,
                    (void *)(size_t)sizeof Info};
  Status = cuModuleLoadDataEx(&Module, Text, 4, Options, Values);
  printf("cuModuleLoadDataEx: %s, %d wrong, info log \"%.8s\"\n",
         nameOf(Status), run(Module, NULL), Info);
  cuModuleUnload(Module);

  // The linker, as ptxjit uses it.
  CUlinkState Link;
  CUjit_option LinkOptions[] = {CU_JIT_INFO_LOG_BUFFER,
                                CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                                CU_JIT_ERROR_LOG_BUFFER,
                                CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *LinkValues[] = {Info, (void *)(size_t)sizeof Info, Log,
                        (void *)(size_t)sizeof Log};
  cuLinkCreate(4, LinkOptions, LinkValues, &Link);
  Status = cuLinkAddData(Link, CU_JIT_INPUT_PTX, Text, strlen(Text) + 1,
                         "ptx_kernel.ptx", 0, NULL, NULL);
  printf("cuLinkAddData(PTX): %s\n", nameOf(Status));
  void *Linked = NULL;
  size_t LinkedSize = 0;
  Status = cuLinkComplete(Link, &Linked, &LinkedSize);
  printf("cuLinkComplete: %s, %s\n", nameOf(Status),
         LinkedSize > 0 ? "an image" : "nothing");
  Status = cuModuleLoadData(&Module, Linked);
  printf("linked image: %s, %d wrong\n", nameOf(Status), run(Module, NULL));
  cuModuleUnload(Module);
  cuLinkDestroy(Link);

  CUlibrary Library;
  CUkernel Kernel;
  Status = cuLibraryLoadData(&Library, Text, NULL, NULL, 0, NULL, NULL, 0);
  cuLibraryGetKernel(&Kernel, Library, "twice_plus");
  CUfunction Function = NULL;
  cuKernelGetFunction(&Function, Kernel);
  printf("cuLibraryLoadData: %s, %d wrong\n", nameOf(Status),
         run(NULL, Function));
  cuLibraryUnload(Library);

  // A damaged file: one base64 character changed into something else.
  char *Damaged = strdup(Text);
  char *Payload = strstr(Damaged, ".rubicon_fatbin");
  Payload = strchr(Payload, '\n') + 1;
  Payload[10] = '*';
  Log[0] = '\0';
  Values[1] = (void *)(size_t)sizeof Log; // the last call wrote its length
  Status = cuModuleLoadDataEx(&Module, Damaged, 2, Options, Values);
  printf("damaged: %s (%s)\n", nameOf(Status), Log);
  // Cut short: no .end line.
  strcpy(Damaged, Text);
  *strstr(Damaged, ".end") = '\0';
  printf("truncated: %s\n", nameOf(cuModuleLoadData(&Module, Damaged)));

  free(Damaged);
  free(Text);
  return 0;
}
