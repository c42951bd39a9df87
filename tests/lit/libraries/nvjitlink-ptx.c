// nvJitLink with PTX inputs: a PTX module alone is compiled by the
// toolkit's PTX path (nvcc -fatbin x.ptx, docs/ptx-modules.md) into the
// linked image, which cuModuleLoadData loads and whose kernel runs. With
// other inputs (here another PTX module and relocatable device code from
// nvcc -fatbin -rdc=true) each PTX module becomes NVVM bitcode (nvcc
// -fatbin -rdc=true x.ptx) and is device-linked with them: every kernel is
// in the one image. PTX that does not compile is
// NVJITLINK_ERROR_PTX_COMPILE with the error at its line, named as added,
// alone or among other inputs.
// REQUIRES: host-target
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lnvJitLink -lcuda -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: echo '__global__ void negate(float *X) { X[threadIdx.x] = -X[threadIdx.x]; }' > %t.cu
// RUN: %toolkit/bin/nvcc -fatbin -rdc=true --amdgpu-arch=host %t.cu -o %t.fatbin
// RUN: env RUBICON_BACKEND=host RUBICON_GPU_ARCH=host %t %t.fatbin | FileCheck %s

// CHECK: create: 0, add ptx: 0, complete: 0
// CHECK-NEXT: load: 0, function: 0, launch: 0
// CHECK-NEXT: scale: 0 of 256 wrong
// CHECK-NEXT: mixed: add 0 0 0, complete 0
// CHECK-NEXT: mixed kernels: 0 0 0, launches 0 0 0
// CHECK-NEXT: mixed results: 0 of 256 wrong
// CHECK-NEXT: broken: add 0, complete 4
// CHECK: broken.ptx:8:{{[0-9]+}}: error: unknown instruction 'frobnicate'
// CHECK: broken among others: complete 4
// CHECK: broken.ptx:8:{{[0-9]+}}: error: unknown instruction 'frobnicate'
#include <cuda.h>
#include <nvJitLink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *Scale =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry scale(.param .u64 out, .param .u64 in,\n"
    "                      .param .f32 factor)\n"
    "{\n"
    "  .reg .b32 %r<5>;\n"
    "  .reg .f32 %f<4>;\n"
    "  .reg .b64 %rd<8>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  ld.param.u64 %rd2, [in];\n"
    "  ld.param.f32 %f1, [factor];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  mov.u32 %r2, %ctaid.x;\n"
    "  mov.u32 %r3, %ntid.x;\n"
    "  mad.lo.s32 %r4, %r2, %r3, %r1;\n"
    "  cvta.to.global.u64 %rd3, %rd2;\n"
    "  mul.wide.u32 %rd4, %r4, 4;\n"
    "  add.s64 %rd5, %rd3, %rd4;\n"
    "  ld.global.f32 %f2, [%rd5];\n"
    "  mul.f32 %f3, %f2, %f1;\n"
    "  cvta.to.global.u64 %rd6, %rd1;\n"
    "  add.s64 %rd7, %rd6, %rd4;\n"
    "  st.global.f32 [%rd7], %f3;\n"
    "  ret;\n"
    "}\n";

// A second module: out[i] += 1.
static const char *Increment =
    ".version 8.0\n"
    ".target sm_90\n"
    ".address_size 64\n"
    ".visible .entry increment(.param .u64 out)\n"
    "{\n"
    "  .reg .b32 %r<2>;\n"
    "  .reg .f32 %f<3>;\n"
    "  .reg .b64 %rd<5>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  cvta.to.global.u64 %rd2, %rd1;\n"
    "  mul.wide.u32 %rd3, %r1, 4;\n"
    "  add.s64 %rd4, %rd2, %rd3;\n"
    "  ld.global.f32 %f1, [%rd4];\n"
    "  add.f32 %f2, %f1, 0f3F800000;\n"
    "  st.global.f32 [%rd4], %f2;\n"
    "  ret;\n"
    "}\n";

// An instruction PTX does not have, on line 8.
static const char *Broken = ".version 8.0\n"
                            ".target sm_90\n"
                            ".address_size 64\n"
                            ".visible .entry broken(.param .u64 out)\n"
                            "{\n"
                            "  .reg .b32 %r<2>;\n"
                            "\n"
                            "  frobnicate.u32 %r1, 7;\n"
                            "  ret;\n"
                            "}\n";

static void printErrorLog(nvJitLinkHandle Link) {
  size_t Size = 0;
  nvJitLinkGetErrorLogSize(Link, &Size);
  char *Log = malloc(Size + 1);
  nvJitLinkGetErrorLog(Link, Log);
  printf("%s", Log);
  free(Log);
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuCtxCreate(&Context, NULL, 0, Device);

  const char *Options[] = {"-arch=sm_90"};
  nvJitLinkHandle Link;
  nvJitLinkResult Created = nvJitLinkCreate(&Link, 1, Options);
  nvJitLinkResult Added = nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Scale,
                                           strlen(Scale), "scale.ptx");
  nvJitLinkResult Completed = nvJitLinkComplete(Link);
  printf("create: %d, add ptx: %d, complete: %d\n", Created, Added, Completed);
  if (Completed != NVJITLINK_SUCCESS) {
    printErrorLog(Link);
    return 1;
  }
  size_t Size;
  nvJitLinkGetLinkedCubinSize(Link, &Size);
  void *Cubin = malloc(Size);
  nvJitLinkGetLinkedCubin(Link, Cubin);
  nvJitLinkDestroy(&Link);

  CUmodule Module;
  CUfunction Kernel;
  CUresult Load = cuModuleLoadData(&Module, Cubin);
  CUresult Get = cuModuleGetFunction(&Kernel, Module, "scale");
  float Factor = 2.5f, In[256], Out[256];
  for (int I = 0; I < 256; ++I)
    In[I] = (float)I;
  CUdeviceptr DIn, DOut;
  cuMemAlloc(&DIn, sizeof In);
  cuMemAlloc(&DOut, sizeof Out);
  cuMemcpyHtoD(DIn, In, sizeof In);
  void *Args[] = {&DOut, &DIn, &Factor};
  CUresult Launch =
      cuLaunchKernel(Kernel, 2, 1, 1, 128, 1, 1, 0, NULL, Args, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  printf("load: %d, function: %d, launch: %d\n", Load, Get, Launch);
  int Wrong = 0;
  for (int I = 0; I < 256; ++I)
    Wrong += Out[I] != In[I] * Factor;
  printf("scale: %d of 256 wrong\n", Wrong);

  // Two PTX modules and relocatable device code (argv[1]) in one image:
  // out = -(in * factor) + 1 through scale, negate, increment.
  nvJitLinkCreate(&Link, 1, Options);
  nvJitLinkResult First = nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Scale,
                                           strlen(Scale), "scale.ptx");
  nvJitLinkResult Second = nvJitLinkAddFile(Link, NVJITLINK_INPUT_ANY, argv[1]);
  nvJitLinkResult Third = nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Increment,
                                           strlen(Increment), "increment.ptx");
  Completed = nvJitLinkComplete(Link);
  printf("mixed: add %d %d %d, complete %d\n", First, Second, Third, Completed);
  if (Completed != NVJITLINK_SUCCESS) {
    printErrorLog(Link);
    return 1;
  }
  nvJitLinkGetLinkedCubinSize(Link, &Size);
  free(Cubin);
  Cubin = malloc(Size);
  nvJitLinkGetLinkedCubin(Link, Cubin);
  nvJitLinkDestroy(&Link);
  CUmodule Mixed;
  CUfunction Scaled, Negated, Incremented;
  cuModuleLoadData(&Mixed, Cubin);
  CUresult G1 = cuModuleGetFunction(&Scaled, Mixed, "scale");
  CUresult G2 = cuModuleGetFunction(&Negated, Mixed, "_Z6negatePf");
  CUresult G3 = cuModuleGetFunction(&Incremented, Mixed, "increment");
  void *NegArgs[] = {&DOut};
  CUresult L1 = cuLaunchKernel(Scaled, 2, 1, 1, 128, 1, 1, 0, NULL, Args, NULL);
  CUresult L2 = cuLaunchKernel(Negated, 1, 1, 1, 256, 1, 1, 0, NULL, NegArgs, NULL);
  CUresult L3 = cuLaunchKernel(Incremented, 1, 1, 1, 256, 1, 1, 0, NULL, NegArgs, NULL);
  cuCtxSynchronize();
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  printf("mixed kernels: %d %d %d, launches %d %d %d\n", G1, G2, G3, L1, L2, L3);
  Wrong = 0;
  for (int I = 0; I < 256; ++I)
    Wrong += Out[I] != -(In[I] * Factor) + 1.0f;
  printf("mixed results: %d of 256 wrong\n", Wrong);

  nvJitLinkCreate(&Link, 1, Options);
  Added = nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Broken, strlen(Broken),
                           "broken.ptx");
  printf("broken: add %d, complete %d\n", Added, nvJitLinkComplete(Link));
  printErrorLog(Link);
  nvJitLinkDestroy(&Link);

  nvJitLinkCreate(&Link, 1, Options);
  nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Scale, strlen(Scale), "scale.ptx");
  nvJitLinkAddData(Link, NVJITLINK_INPUT_PTX, Broken, strlen(Broken),
                   "broken.ptx");
  printf("broken among others: complete %d\n", nvJitLinkComplete(Link));
  printErrorLog(Link);
  nvJitLinkDestroy(&Link);
  return 0;
}
