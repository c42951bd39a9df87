// Link-time optimization at run time, as cuda-samples' jitLto does it: two
// NVRTC programs compiled with -dlto give LTO IR (a fat binary of NVVM
// bitcode), nvJitLink links them (the toolkit's nvcc -dlink -fatbin) and
// cuModuleLoadData loads the linked image; the kernel calls the device
// function of the other program. LTO IR only after -dlto; nvJitLink refuses
// data that is no device code, and has no linked image before
// nvJitLinkComplete. PTX inputs: nvjitlink-ptx.c.
// REQUIRES: host-target
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lnvrtc -lnvJitLink -lcuda -lm -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env RUBICON_BACKEND=host RUBICON_GPU_ARCH=host %t | FileCheck %s

// CHECK: saxpy LTO IR: 0
// CHECK-NEXT: compute LTO IR: 0
// CHECK-NEXT: no LTO IR without -dlto: NVRTC_ERROR_INVALID_INPUT
// CHECK-NEXT: create: 0, add: 0 0
// CHECK-NEXT: before complete: 3
// CHECK-NEXT: garbage: 8
// CHECK-NEXT: complete: 0
// CHECK-NEXT: load: 0, function: 0, launch: 0
// CHECK-NEXT: saxpy: 0 of 256 wrong
#include <cuda.h>
#include <math.h>
#include <nvJitLink.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>

static const char *Saxpy =
    "extern __device__ float compute(float a, float x, float y);\n"
    "extern \"C\" __global__ void saxpy(float a, float *x, float *y,\n"
    "                                   float *out, size_t n) {\n"
    "  size_t i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) out[i] = compute(a, x[i], y[i]);\n"
    "}\n";
static const char *Compute =
    "__device__ float compute(float a, float x, float y) {\n"
    "  return a * x + y;\n"
    "}\n";

static char *ltoIR(const char *Source, const char *Name, size_t *Size,
                   nvrtcResult *Status) {
  nvrtcProgram P;
  nvrtcCreateProgram(&P, Source, Name, 0, NULL, NULL);
  const char *Options[] = {"-dlto", "--relocatable-device-code=true"};
  if (nvrtcCompileProgram(P, 2, Options) != NVRTC_SUCCESS) {
    size_t LogSize;
    nvrtcGetProgramLogSize(P, &LogSize);
    char *Log = malloc(LogSize);
    nvrtcGetProgramLog(P, Log);
    printf("%s", Log);
    exit(1);
  }
  *Status = nvrtcGetLTOIRSize(P, Size);
  char *IR = malloc(*Size);
  nvrtcGetLTOIR(P, IR);
  nvrtcDestroyProgram(&P);
  return IR;
}

int main(void) {
  size_t SaxpySize, ComputeSize;
  nvrtcResult Status;
  char *SaxpyIR = ltoIR(Saxpy, "lto_saxpy.cu", &SaxpySize, &Status);
  printf("saxpy LTO IR: %d\n", Status);
  char *ComputeIR = ltoIR(Compute, "lto_compute.cu", &ComputeSize, &Status);
  printf("compute LTO IR: %d\n", Status);

  nvrtcProgram Plain;
  nvrtcCreateProgram(&Plain, Compute, "plain.cu", 0, NULL, NULL);
  nvrtcCompileProgram(Plain, 0, NULL);
  size_t Size;
  printf("no LTO IR without -dlto: %s\n",
         nvrtcGetErrorString(nvrtcGetLTOIRSize(Plain, &Size)));
  nvrtcDestroyProgram(&Plain);

  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuCtxCreate(&Context, NULL, 0, Device);

  nvJitLinkHandle Link;
  const char *Options[] = {"-lto", "-arch=sm_90"};
  nvJitLinkResult Created = nvJitLinkCreate(&Link, 2, Options);
  nvJitLinkResult AddSaxpy = nvJitLinkAddData(Link, NVJITLINK_INPUT_LTOIR,
                                              SaxpyIR, SaxpySize, "lto_saxpy");
  nvJitLinkResult AddCompute = nvJitLinkAddData(
      Link, NVJITLINK_INPUT_LTOIR, ComputeIR, ComputeSize, "lto_compute");
  printf("create: %d, add: %d %d\n", Created, AddSaxpy, AddCompute);
  printf("before complete: %d\n", nvJitLinkGetLinkedCubinSize(Link, &Size));
  printf("garbage: %d\n",
         nvJitLinkAddData(Link, NVJITLINK_INPUT_ANY, "garbage", 7, "g"));
  nvJitLinkResult Completed = nvJitLinkComplete(Link);
  printf("complete: %d\n", Completed);
  if (Completed != NVJITLINK_SUCCESS) {
    nvJitLinkGetErrorLogSize(Link, &Size);
    char *Log = malloc(Size);
    nvJitLinkGetErrorLog(Link, Log);
    printf("%s", Log);
    return 1;
  }
  nvJitLinkGetLinkedCubinSize(Link, &Size);
  void *Cubin = malloc(Size);
  nvJitLinkGetLinkedCubin(Link, Cubin);
  nvJitLinkDestroy(&Link);

  CUmodule Module;
  CUfunction Kernel;
  CUresult Load = cuModuleLoadData(&Module, Cubin);
  CUresult Get = cuModuleGetFunction(&Kernel, Module, "saxpy");
  size_t N = 256;
  float A = 5.1f, X[256], Y[256], Out[256];
  for (size_t I = 0; I < N; ++I) {
    X[I] = (float)I;
    Y[I] = (float)(2 * I);
  }
  CUdeviceptr DX, DY, DOut;
  cuMemAlloc(&DX, sizeof X);
  cuMemAlloc(&DY, sizeof Y);
  cuMemAlloc(&DOut, sizeof Out);
  cuMemcpyHtoD(DX, X, sizeof X);
  cuMemcpyHtoD(DY, Y, sizeof Y);
  void *Args[] = {&A, &DX, &DY, &DOut, &N};
  CUresult Launch = cuLaunchKernel(Kernel, 2, 1, 1, 128, 1, 1, 0, NULL, Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  printf("load: %d, function: %d, launch: %d\n", Load, Get, Launch);
  int Wrong = 0;
  for (size_t I = 0; I < N; ++I)
    Wrong += fabsf(Out[I] - (A * X[I] + Y[I])) > 1e-5f * (A * X[I] + Y[I]) + 1e-6f;
  printf("saxpy: %d of %zu wrong\n", Wrong, N);
  return 0;
}
