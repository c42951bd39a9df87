// NVRTC compiles through Rubicon's nvcc: the image of nvrtcGetCUBIN (and of
// nvrtcGetPTX) loads with cuModuleLoadData(Ex), a name expression gives the
// lowered name cuModuleGetFunction finds, headers given to
// nvrtcCreateProgram are included, errors come back in the program log as
// clang's diagnostics naming the program, and options NVRTC does not know
// are refused.
// REQUIRES: host-target
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lnvrtc -lcuda -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env RUBICON_BACKEND=host %t | FileCheck %s

// CHECK: version 13.0
// CHECK-NEXT: compile: NVRTC_SUCCESS
// CHECK-NEXT: lowered: _Z5scaleIfEvPT_S0_i
// CHECK-NEXT: load cubin: 0, function: 0, launch: 0
// CHECK-NEXT: scaled: 0 of 256 wrong
// CHECK-NEXT: load ptx: 0, function: 0
// CHECK-NEXT: broken: NVRTC_ERROR_COMPILATION
// CHECK-NEXT: broken.cu:3:10: error: use of undeclared identifier 'undeclared'
// CHECK: no cubin: NVRTC_ERROR_INVALID_PROGRAM
// CHECK-NEXT: option: NVRTC_ERROR_INVALID_OPTION
// CHECK-NEXT: nvrtc: error: unrecognized option '--no-such-option'
// CHECK-NEXT: default-device: NVRTC_ERROR_INVALID_OPTION
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>

static const char *Kernel =
    "#include \"factor.h\"\n"
    "template <typename T> __global__ void scale(T *x, T f, int n) {\n"
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) x[i] = x[i] * f + OFFSET;\n"
    "}\n";
static const char *FactorHeader = "#define OFFSET 1\n";

static void printLog(nvrtcProgram P) {
  size_t Size = 0;
  nvrtcGetProgramLogSize(P, &Size);
  char *Log = malloc(Size);
  nvrtcGetProgramLog(P, Log);
  printf("%s", Log);
  free(Log);
}

int main(void) {
  int Major, Minor;
  nvrtcVersion(&Major, &Minor);
  printf("version %d.%d\n", Major, Minor);

  const char *Header = FactorHeader, *HeaderName = "factor.h";
  nvrtcProgram P;
  nvrtcCreateProgram(&P, Kernel, "scale.cu", 1, &Header, &HeaderName);
  nvrtcAddNameExpression(P, "scale<float>");
  const char *Options[] = {"--gpu-architecture=compute_80", "-std=c++17",
                           "-DUNUSED=1", "-lineinfo"};
  nvrtcResult R = nvrtcCompileProgram(P, 4, Options);
  printf("compile: %s\n", nvrtcGetErrorString(R));
  if (R != NVRTC_SUCCESS) {
    printLog(P);
    return 1;
  }
  const char *Lowered = NULL;
  nvrtcGetLoweredName(P, "scale<float>", &Lowered);
  printf("lowered: %s\n", Lowered ? Lowered : "(none)");

  size_t Size;
  nvrtcGetCUBINSize(P, &Size);
  char *Cubin = malloc(Size);
  nvrtcGetCUBIN(P, Cubin);
  nvrtcGetPTXSize(P, &Size);
  char *Ptx = malloc(Size);
  nvrtcGetPTX(P, Ptx);

  CUdevice Device;
  CUcontext Context;
  CUmodule Module;
  CUfunction Function;
  cuInit(0);
  cuDeviceGet(&Device, 0);
  cuCtxCreate(&Context, NULL, 0, Device);
  CUresult Load = cuModuleLoadData(&Module, Cubin);
  CUresult Get = cuModuleGetFunction(&Function, Module, Lowered);
  int N = 256;
  float Host[256], Factor = 3.0f;
  for (int I = 0; I < N; ++I)
    Host[I] = (float)I;
  CUdeviceptr X;
  cuMemAlloc(&X, sizeof Host);
  cuMemcpyHtoD(X, Host, sizeof Host);
  void *Args[] = {&X, &Factor, &N};
  CUresult Launch =
      cuLaunchKernel(Function, 2, 1, 1, 128, 1, 1, 0, NULL, Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Host, X, sizeof Host);
  printf("load cubin: %d, function: %d, launch: %d\n", Load, Get, Launch);
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Host[I] != I * 3.0f + 1.0f;
  printf("scaled: %d of %d wrong\n", Wrong, N);

  CUmodule PtxModule;
  CUfunction PtxFunction;
  CUresult LoadPtx = cuModuleLoadDataEx(&PtxModule, Ptx, 0, NULL, NULL);
  CUresult GetPtx = cuModuleGetFunction(&PtxFunction, PtxModule, Lowered);
  printf("load ptx: %d, function: %d\n", LoadPtx, GetPtx);
  nvrtcDestroyProgram(&P);

  nvrtcProgram Broken;
  nvrtcCreateProgram(&Broken,
                     "__global__ void k(int *x) {\n"
                     "  int y = 1;\n"
                     "  *x = y+undeclared;\n"
                     "}\n",
                     "broken.cu", 0, NULL, NULL);
  R = nvrtcCompileProgram(Broken, 0, NULL);
  printf("broken: %s\n", nvrtcGetErrorString(R));
  printLog(Broken);
  R = nvrtcGetCUBINSize(Broken, &Size);
  printf("no cubin: %s\n", nvrtcGetErrorString(R));
  nvrtcDestroyProgram(&Broken);

  nvrtcProgram Opt;
  nvrtcCreateProgram(&Opt, "__global__ void k() {}", "opt.cu", 0, NULL, NULL);
  const char *Bad[] = {"--no-such-option"};
  R = nvrtcCompileProgram(Opt, 1, Bad);
  printf("option: %s\n", nvrtcGetErrorString(R));
  printLog(Opt);
  const char *DefaultDevice[] = {"-default-device"};
  R = nvrtcCompileProgram(Opt, 1, DefaultDevice);
  printf("default-device: %s\n", nvrtcGetErrorString(R));
  nvrtcDestroyProgram(&Opt);
  return 0;
}
