// Loads the PTX module transform.ptx the ways CUDA programs do: the file
// (cuModuleLoad), its text (cuModuleLoadDataEx, with the JIT's logs), a
// link of PTX (cuLinkAddData with CU_JIT_INPUT_PTX), and the fat binary
// `nvcc -fatbin transform.ptx` wrote. Each runs the kernel and checks every
// element against the formula in transform.ptx, and the module variable the
// kernel counts in. Then PTX the compiler rejects: CUDA_ERROR_INVALID_PTX
// and the JIT's error log naming the line.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 512, Block = 128 };

static char *readFile(const char *Path, size_t *Size) {
  FILE *F = fopen(Path, "rb");
  if (!F)
    return NULL;
  fseek(F, 0, SEEK_END);
  long Length = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *Text = malloc(Length + 1);
  *Size = fread(Text, 1, Length, F);
  Text[*Size] = '\0';
  fclose(F);
  return Text;
}

struct Pair {
  long long A;
  int B;
};

/// Runs transform from Module; prints the mismatches and the counter.
static void run(const char *How, CUmodule Module) {
  CUfunction Kernel;
  CUresult R = cuModuleGetFunction(&Kernel, Module, "transform");
  float In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = I * 0.25f;
  CUdeviceptr DIn, DOut, Counter;
  size_t CounterSize;
  cuMemAlloc(&DIn, sizeof In);
  cuMemAlloc(&DOut, sizeof Out);
  cuMemcpyHtoD(DIn, In, sizeof In);
  CUresult G = cuModuleGetGlobal(&Counter, &CounterSize, Module, "launched");
  float Factor = 2;
  struct Pair P = {100, 7};
  void *Args[] = {&DOut, &DIn, &Factor, &P};
  CUresult L = cuLaunchKernel(Kernel, N / Block, 1, 1, Block, 1, 1,
                              Block * sizeof(float), NULL, Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  unsigned long long Launched = 0;
  cuMemcpyDtoH(&Launched, Counter, sizeof Launched);
  const int Offsets[4] = {10, 20, 30, 40};
  int Wrong = 0;
  for (int I = 0; I < N; ++I) {
    int Mirror = I / Block * Block + (Block - 1 - I % Block);
    float Want = In[Mirror] * Factor + 0.5f + Offsets[I % 4] +
                 (I % 2 ? 100 + 7 : 0);
    Wrong += Out[I] != Want;
  }
  printf("%s: function %d, global %d (%zu bytes), launch %d, %d of %d wrong, "
         "launched %llu\n",
         How, R, G, CounterSize, L, Wrong, N, Launched);
  cuMemFree(DIn);
  cuMemFree(DOut);
}

int main(int Argc, char **Argv) {
  const char *PtxPath = Argv[1], *FatbinPath = Argv[2], *BrokenPath = Argv[3];
  cuInit(0);
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Context;
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);

  CUmodule FromFile;
  printf("load file: %d\n", cuModuleLoad(&FromFile, PtxPath));
  run("file", FromFile);

  size_t Size;
  char *Ptx = readFile(PtxPath, &Size);
  char Info[256] = "", Error[256] = "";
  CUjit_option Options[] = {CU_JIT_INFO_LOG_BUFFER,
                            CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES,
                            CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  // The sizes are also outputs (the bytes written): set before each call.
  void *Values[4];
#define RESET_LOGS()                                                           \
  (Values[0] = Info, Values[1] = (void *)(size_t)sizeof Info,                  \
   Values[2] = Error, Values[3] = (void *)(size_t)sizeof Error)
  RESET_LOGS();
  CUmodule FromText;
  printf("load text: %d\n",
         cuModuleLoadDataEx(&FromText, Ptx, 4, Options, Values));
  run("text", FromText);

  CUlinkState Link;
  cuLinkCreate(0, NULL, NULL, &Link);
  CUresult Added = cuLinkAddData(Link, CU_JIT_INPUT_PTX, Ptx, Size + 1,
                                 "transform.ptx", 0, NULL, NULL);
  void *Cubin;
  size_t CubinSize;
  CUresult Completed = cuLinkComplete(Link, &Cubin, &CubinSize);
  CUmodule Linked;
  CUresult Loaded = cuModuleLoadData(&Linked, Cubin);
  printf("link: add %d, complete %d, load %d\n", Added, Completed, Loaded);
  run("link", Linked);
  cuLinkDestroy(Link);

  CUmodule FromFatbin;
  printf("load fatbin: %d\n", cuModuleLoad(&FromFatbin, FatbinPath));
  run("fatbin", FromFatbin);

  char *Broken = readFile(BrokenPath, &Size);
  CUmodule Rejected = (CUmodule)1;
  RESET_LOGS();
  CUresult R = cuModuleLoadDataEx(&Rejected, Broken, 4, Options, Values);
  printf("broken: %d, module %s\n", R, Rejected ? "set" : "null");
  printf("log: %s\n", Error);
  RESET_LOGS();
  Error[0] = '\0';
  cuLinkCreate(4, Options, Values, &Link);
  printf("link broken: %d\n",
         cuLinkAddData(Link, CU_JIT_INPUT_PTX, Broken, Size + 1, "broken.ptx",
                       0, NULL, NULL));
  printf("link log: %s\n", Error);
  cuLinkDestroy(Link);
  free(Ptx);
  free(Broken);
  return 0;
}
