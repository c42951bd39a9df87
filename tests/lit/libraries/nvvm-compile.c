// libNVVM compiles NVVM IR through Rubicon's nvcc: a module in NVIDIA's
// NVVM IR (typed pointers, !nvvm.annotations kernels, llvm.cuda.syncthreads,
// an internal global the driver finds by name, a managed variable, a
// libdevice function, a launch from device code through the device
// runtime's entry points), a lazily added module and the toolkit's
// libdevice.10.bc (lazily) run on the host target through the driver API; the
// lazy module's kernel nobody uses is not in the image; the result is text
// without a NUL that cuLinkAddData(CU_JIT_INPUT_PTX) takes, with
// libcudadevrt.a (CU_JIT_INPUT_LIBRARY) beside it; bad IR is
// NVVM_ERROR_INVALID_IR from nvvmVerifyProgram with the line in the log;
// unknown options and bad values are NVVM_ERROR_INVALID_OPTION.
// REQUIRES: host-target
// RUN: clang -I%rubicon_include -I%toolkit/nvvm/include %s -L%toolkit/lib64 -L%toolkit/nvvm/lib64 -lnvvm -lcuda -lm -Wl,-rpath,%toolkit/lib64:%toolkit/nvvm/lib64 -o %t
// RUN: env RUBICON_BACKEND=host %t %toolkit/nvvm/libdevice/libdevice.10.bc %toolkit/lib64/libcudadevrt.a | FileCheck %s

// CHECK: version 2.0, IR 2.0
// CHECK-NEXT: no result yet: NVVM_ERROR_INVALID_PROGRAM
// CHECK-NEXT: verify: NVVM_SUCCESS
// CHECK-NEXT: compile: NVVM_SUCCESS
// CHECK-NEXT: text: 1, Rubicon PTX: 1
// CHECK-NEXT: load: 0, function: 0, unused lazy kernel: 500, global: 0 (4 bytes)
// CHECK-NEXT: launch: 0
// CHECK-NEXT: wrong: 0 of 64
// CHECK-NEXT: managed: counter 1, bias 0
// CHECK-NEXT: device launch: 0, child wrote 42
// CHECK-NEXT: link as PTX: 0 0 0 0
// CHECK-NEXT: bad verify: NVVM_ERROR_INVALID_IR
// CHECK-NEXT: bad.ll:4:11: error: use of undefined value '%nothing'
// CHECK: bad compile: NVVM_ERROR_COMPILATION
// CHECK-NEXT: not nvptx: NVVM_ERROR_INVALID_IR
// CHECK-NEXT: x86.ll: error: not NVVM IR: the target triple is 'x86_64-unknown-linux-gnu'
// CHECK: unknown option: NVVM_ERROR_INVALID_OPTION
// CHECK-NEXT: libnvvm: error: unknown option '-no-such-option'
// CHECK-NEXT: bad arch: NVVM_ERROR_INVALID_OPTION
// CHECK-NEXT: libnvvm: error: invalid value in option '-arch=compute_50'
// CHECK-NEXT: bad ftz: NVVM_ERROR_INVALID_OPTION
// CHECK-NEXT: libnvvm: error: invalid value in option '-ftz=2'
// CHECK-NEXT: gen-lto: NVVM_ERROR_INVALID_OPTION
// CHECK-NEXT: libnvvm: error: option '-gen-lto' is not supported
// CHECK-NEXT: lazy only: NVVM_ERROR_NO_MODULE_IN_PROGRAM
#include <cuda.h>
#include <math.h>
#include <nvvm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// out[i] = scale * sinf(in[i]) + twice(i) + @bias; @bias is internal.
static const char *Program =
    "target datalayout = \"e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-"
    "i64:64:64-i128:128:128-f32:32:32-f64:64:64-v16:16:16-v32:32:32-v64:64:64-"
    "v128:128:128-n16:32:64\"\n"
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "@bias = internal addrspace(1) global float 0.5, align 4\n"
    "declare i32 @twice(i32)\n"
    "declare float @__nv_sinf(float)\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() nounwind readnone\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() nounwind readnone\n"
    "declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x() nounwind readnone\n"
    "declare void @llvm.cuda.syncthreads() nounwind\n"
    "define void @apply(float* %out, float* %in, float %scale) {\n"
    "entry:\n"
    "  %b = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()\n"
    "  %n = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()\n"
    "  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()\n"
    "  %bn = mul i32 %b, %n\n"
    "  %i = add i32 %bn, %t\n"
    "  %i64 = sext i32 %i to i64\n"
    "  %pin = getelementptr inbounds float, float* %in, i64 %i64\n"
    "  %x = load float, float* %pin, align 4\n"
    "  call void @llvm.cuda.syncthreads()\n"
    "  %s = call float @__nv_sinf(float %x)\n"
    "  %m = fmul float %s, %scale\n"
    "  %w = call i32 @twice(i32 %i)\n"
    "  %wf = sitofp i32 %w to float\n"
    "  %bias = load float, float addrspace(1)* @bias, align 4\n"
    "  %r0 = fadd float %m, %wf\n"
    "  %r = fadd float %r0, %bias\n"
    "  %pout = getelementptr inbounds float, float* %out, i64 %i64\n"
    "  store float %r, float* %pout, align 4\n"
    "  ret void\n"
    "}\n"
    "@counter = internal addrspace(1) global i32 7, align 4\n"
    "%struct.dim3 = type { i32, i32, i32 }\n"
    "declare i8* @cudaGetParameterBufferV2(i8*, %struct.dim3, %struct.dim3, i32)\n"
    "declare i32 @cudaLaunchDeviceV2(i8*, i8*)\n"
    "define void @child(i32* %p) {\n"
    "  store i32 42, i32* %p, align 4\n"
    "  ret void\n"
    "}\n"
    "define void @parent(i32* %p) {\n"
    "entry:\n"
    "  %buf = call i8* @cudaGetParameterBufferV2(i8* bitcast (void (i32*)* @child"
    " to i8*), %struct.dim3 { i32 1, i32 1, i32 1 }, %struct.dim3 { i32 1, i32 1,"
    " i32 1 }, i32 0)\n"
    "  %slot = bitcast i8* %buf to i32**\n"
    "  store i32* %p, i32** %slot, align 8\n"
    "  %r = call i32 @cudaLaunchDeviceV2(i8* %buf, i8* null)\n"
    "  ret void\n"
    "}\n"
    "!nvvm.annotations = !{!0, !2, !3, !4}\n"
    "!0 = !{void (float*, float*, float)* @apply, !\"kernel\", i32 1}\n"
    "!2 = !{i32 addrspace(1)* @counter, !\"managed\", i32 1}\n"
    "!3 = !{void (i32*)* @child, !\"kernel\", i32 1}\n"
    "!4 = !{void (i32*)* @parent, !\"kernel\", i32 1}\n"
    "!nvvmir.version = !{!1}\n"
    "!1 = !{i32 2, i32 0}\n";

// Added lazily: @twice is used, the kernel @unused is not (its llvm.used
// entry does not keep it).
static const char *Lazy =
    "target triple = \"nvptx64-nvidia-cuda\"\n"
    "@llvm.used = appending global [1 x i8*] [i8* bitcast (void (i32*)* "
    "@unused to i8*)], section \"llvm.metadata\"\n"
    "define i32 @twice(i32 %v) {\n"
    "  %r = shl i32 %v, 1\n"
    "  ret i32 %r\n"
    "}\n"
    "define void @unused(i32* %p) {\n"
    "  store i32 1, i32* %p\n"
    "  ret void\n"
    "}\n"
    "!nvvm.annotations = !{!0}\n"
    "!0 = !{void (i32*)* @unused, !\"kernel\", i32 1}\n";

static const char *Bad = "target triple = \"nvptx64-nvidia-cuda\"\n"
                         "define i32 @f() {\n"
                         "entry:\n"
                         "  ret i32 %nothing\n"
                         "}\n";

static const char *X86 = "target triple = \"x86_64-unknown-linux-gnu\"\n"
                         "define void @f() {\n"
                         "  ret void\n"
                         "}\n";

static void printLog(nvvmProgram P) {
  size_t Size = 0;
  nvvmGetProgramLogSize(P, &Size);
  char *Log = malloc(Size);
  nvvmGetProgramLog(P, Log);
  printf("%s", Log);
  free(Log);
}

/// A program of one module (strlen + 1 bytes, as the samples pass text);
/// prints what compiling it with the options answers, and its log.
static void tryCompile(const char *Label, const char *Text, const char *Name,
                       int Count, const char **Options) {
  nvvmProgram P;
  nvvmCreateProgram(&P);
  nvvmAddModuleToProgram(P, Text, strlen(Text) + 1, Name);
  printf("%s: %s\n", Label,
         nvvmGetErrorString(nvvmCompileProgram(P, Count, Options)));
  printLog(P);
  nvvmDestroyProgram(&P);
}

int main(int argc, char **argv) {
  int Major, Minor, IRMajor, IRMinor, DbgMajor, DbgMinor;
  nvvmVersion(&Major, &Minor);
  nvvmIRVersion(&IRMajor, &IRMinor, &DbgMajor, &DbgMinor);
  printf("version %d.%d, IR %d.%d\n", Major, Minor, IRMajor, IRMinor);

  nvvmProgram P;
  nvvmCreateProgram(&P);
  nvvmAddModuleToProgram(P, Program, strlen(Program) + 1, "program.ll");
  nvvmLazyAddModuleToProgram(P, Lazy, strlen(Lazy), "lazy.ll");
  FILE *LibDevice = fopen(argv[1], "rb");
  static char LibDeviceBytes[1 << 20];
  size_t LibDeviceSize = fread(LibDeviceBytes, 1, sizeof LibDeviceBytes, LibDevice);
  fclose(LibDevice);
  nvvmLazyAddModuleToProgram(P, LibDeviceBytes, LibDeviceSize, argv[1]);
  size_t Size = 0;
  printf("no result yet: %s\n",
         nvvmGetErrorString(nvvmGetCompiledResultSize(P, &Size)));
  const char *Options[] = {"-arch=compute_90", "-opt=3", "-ftz=0"};
  printf("verify: %s\n", nvvmGetErrorString(nvvmVerifyProgram(P, 3, Options)));
  nvvmResult Compiled = nvvmCompileProgram(P, 3, Options);
  printf("compile: %s\n", nvvmGetErrorString(Compiled));
  printLog(P);
  nvvmGetCompiledResultSize(P, &Size);
  char *Image = malloc(Size);
  nvvmGetCompiledResult(P, Image);
  printf("text: %d, Rubicon PTX: %d\n", strlen(Image) + 1 == Size,
         strstr(Image, ".rubicon_fatbin") != NULL);
  nvvmDestroyProgram(&P);

  enum { N = 64 };
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuCtxCreate(&Context, NULL, 0, Device);
  CUmodule Module;
  CUfunction Apply, Unused;
  CUdeviceptr Bias;
  size_t BiasSize = 0;
  int Load = cuModuleLoadDataEx(&Module, Image, 0, NULL, NULL);
  int Found = cuModuleGetFunction(&Apply, Module, "apply");
  int NotFound = cuModuleGetFunction(&Unused, Module, "unused");
  int Global = cuModuleGetGlobal(&Bias, &BiasSize, Module, "bias");
  printf("load: %d, function: %d, unused lazy kernel: %d, global: %d (%zu "
         "bytes)\n",
         Load, Found, NotFound, Global, BiasSize);
  float Bias2 = 2.0f;
  cuMemcpyHtoD(Bias, &Bias2, sizeof Bias2);

  float In[N], Out[N];
  for (int I = 0; I < N; ++I)
    In[I] = 0.1f * I;
  CUdeviceptr DIn, DOut;
  cuMemAlloc(&DIn, sizeof In);
  cuMemAlloc(&DOut, sizeof Out);
  cuMemcpyHtoD(DIn, In, sizeof In);
  float Scale = 3.0f;
  void *Params[] = {&DOut, &DIn, &Scale};
  printf("launch: %d\n",
         cuLaunchKernel(Apply, 2, 1, 1, N / 2, 1, 1, 0, NULL, Params, NULL));
  cuMemcpyDtoH(Out, DOut, sizeof Out);
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += fabsf(Out[I] - (3.0f * sinf(In[I]) + 2 * I + 2.0f)) > 1e-4f;
  printf("wrong: %d of %d\n", Wrong, N);

  CUdeviceptr Counter;
  size_t CounterSize;
  unsigned CounterManaged = 9, BiasManaged = 9;
  cuModuleGetGlobal(&Counter, &CounterSize, Module, "counter");
  cuPointerGetAttribute(&CounterManaged, CU_POINTER_ATTRIBUTE_IS_MANAGED, Counter);
  cuPointerGetAttribute(&BiasManaged, CU_POINTER_ATTRIBUTE_IS_MANAGED, Bias);
  printf("managed: counter %u, bias %u\n", CounterManaged, BiasManaged);

  CUfunction Parent;
  cuModuleGetFunction(&Parent, Module, "parent");
  CUdeviceptr Slot;
  cuMemAlloc(&Slot, sizeof(int));
  cuMemsetD32(Slot, 0, 1);
  void *ParentParams[] = {&Slot};
  int Launched = cuLaunchKernel(Parent, 1, 1, 1, 1, 1, 1, 0, NULL, ParentParams, NULL);
  cuCtxSynchronize();
  int Written = 0;
  cuMemcpyDtoH(&Written, Slot, sizeof Written);
  printf("device launch: %d, child wrote %d\n", Launched, Written);

  // What the libNVVM samples do with the result: link it as PTX text.
  CUlinkState Link;
  void *Cubin;
  size_t CubinSize;
  int Created = cuLinkCreate(0, NULL, NULL, &Link);
  int Added = cuLinkAddData(Link, CU_JIT_INPUT_PTX, Image, strlen(Image) + 1,
                            "program", 0, NULL, NULL);
  int Library = cuLinkAddFile(Link, CU_JIT_INPUT_LIBRARY, argv[2], 0, NULL, NULL);
  int Completed = cuLinkComplete(Link, &Cubin, &CubinSize);
  printf("link as PTX: %d %d %d %d\n", Created, Added, Library, Completed);
  cuLinkDestroy(Link);
  free(Image);

  nvvmCreateProgram(&P);
  nvvmAddModuleToProgram(P, Bad, strlen(Bad) + 1, "bad.ll");
  printf("bad verify: %s\n", nvvmGetErrorString(nvvmVerifyProgram(P, 0, NULL)));
  printLog(P);
  printf("bad compile: %s\n",
         nvvmGetErrorString(nvvmCompileProgram(P, 0, NULL)));
  nvvmDestroyProgram(&P);

  nvvmCreateProgram(&P);
  nvvmAddModuleToProgram(P, X86, strlen(X86), "x86.ll");
  printf("not nvptx: %s\n", nvvmGetErrorString(nvvmVerifyProgram(P, 0, NULL)));
  printLog(P);
  nvvmDestroyProgram(&P);

  const char *Unknown[] = {"-no-such-option"};
  tryCompile("unknown option", Program, "program.ll", 1, Unknown);
  const char *OldArch[] = {"-arch=compute_50"};
  tryCompile("bad arch", Program, "program.ll", 1, OldArch);
  const char *BadFtz[] = {"-ftz=2"};
  tryCompile("bad ftz", Program, "program.ll", 1, BadFtz);
  const char *Lto[] = {"-gen-lto"};
  tryCompile("gen-lto", Program, "program.ll", 1, Lto);

  nvvmCreateProgram(&P);
  nvvmLazyAddModuleToProgram(P, Lazy, strlen(Lazy), "lazy.ll");
  printf("lazy only: %s\n", nvvmGetErrorString(nvvmCompileProgram(P, 0, NULL)));
  nvvmDestroyProgram(&P);
  return 0;
}
