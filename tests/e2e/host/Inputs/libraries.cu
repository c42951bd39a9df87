// Libraries and kernel handles on the host backend: a library loaded from a
// file nvcc wrote, its kernels enumerated, launched through cudaKernel_t
// (cudaLaunchKernel), as CUfunction (cuLaunchKernel) and through the legacy
// cuParamSet*/cuLaunchGrid API; parameter layouts; the program's own kernels
// as driver functions (cudaGetKernel, cudaGetFuncBySymbol); the linker.
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static const char *name(CUresult R) {
  const char *N = nullptr;
  cuGetErrorName(R, &N);
  return N ? N : "?";
}

struct Pair {
  double d;
  int i;
};

// The program's own kernel, of the same signature as the library's `mixed`.
__global__ void ownMixed(char c, double d, int i, Pair p, float4 v,
                         double *out) {
  out[0] = c + d + i + p.d + p.i + v.x;
}

__global__ void addOne(int *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1;
}

static int wrongScaled(const float *x, int n, float factor) {
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += x[i] != float(i) * factor;
  return wrong;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  const char *fatbin = argv[1], *cubin = argv[2];

  cudaLibrary_t lib = nullptr;
  printf("load missing file: %d\n",
         cudaLibraryLoadFromFile(&lib, "missing.fatbin", nullptr, nullptr, 0,
                                 nullptr, nullptr, 0));
  cudaGetLastError();
  printf("cudaLibraryLoadFromFile: %d\n",
         cudaLibraryLoadFromFile(&lib, fatbin, nullptr, nullptr, 0, nullptr,
                                 nullptr, 0));
  unsigned count = 0;
  cudaLibraryGetKernelCount(&count, lib);
  std::vector<cudaKernel_t> kernels(count);
  cudaLibraryEnumerateKernels(kernels.data(), count, lib);
  printf("kernels: %u:", count);
  for (cudaKernel_t k : kernels) {
    const char *n = nullptr;
    cuKernelGetName(&n, (CUkernel)k);
    printf(" %s", n);
  }
  printf("\n");

  // scale through cudaLaunchKernel with a cudaKernel_t.
  const int n = 1000;
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = float(i);
  float *x = nullptr;
  cudaMalloc(&x, n * sizeof(float));
  cudaMemcpy(x, host.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaKernel_t scale = nullptr;
  printf("cudaLibraryGetKernel: %d\n", cudaLibraryGetKernel(&scale, lib, "scale"));
  float a = 2.0f;
  int count_n = n;
  void *args[] = {&x, &a, &count_n};
  printf("cudaLaunchKernel(cudaKernel_t): %d\n",
         cudaLaunchKernel((const void *)scale, dim3(4), dim3(256), args, 0, 0));
  cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("scaled by 2: %d wrong\n", wrongScaled(host.data(), n, 2.0f));

  // The same kernel as a CUfunction, through the driver.
  CUfunction f = nullptr;
  printf("cuKernelGetFunction: %s, same handle: %s\n",
         name(cuKernelGetFunction(&f, (CUkernel)scale)),
         (void *)f == (void *)scale ? "yes" : "no");
  a = 3.0f;
  printf("cuLaunchKernel(CUkernel): %s\n",
         name(cuLaunchKernel((CUfunction)scale, 4, 1, 1, 256, 1, 1, 0, nullptr,
                             args, nullptr)));
  cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("scaled by 6: %d wrong\n", wrongScaled(host.data(), n, 6.0f));

  // The legacy launch API, with the offsets cuFuncGetParamInfo reports.
  size_t off[3], size[3];
  for (int i = 0; i < 3; ++i)
    cuFuncGetParamInfo(f, i, &off[i], &size[i]);
  printf("scale params: %zu/%zu %zu/%zu %zu/%zu\n", off[0], size[0], off[1],
         size[1], off[2], size[2]);
  float half = 0.5f;
  cuParamSetSize(f, unsigned(off[2] + size[2]));
  cuParamSetv(f, int(off[0]), &x, sizeof(x));
  cuParamSetf(f, int(off[1]), half);
  cuParamSeti(f, int(off[2]), unsigned(n));
  cuFuncSetBlockShape(f, 256, 1, 1);
  printf("cuLaunchGrid: %s\n", name(cuLaunchGrid(f, 4, 1)));
  cudaMemcpy(host.data(), x, n * sizeof(float), cudaMemcpyDeviceToHost);
  printf("scaled by 3: %d wrong\n", wrongScaled(host.data(), n, 3.0f));
  printf("cuParamSeti past the end: %s\n",
         name(cuParamSeti(f, int(off[2] + size[2]), 1)));

  // Parameter layouts: the library's kernel and the program's own.
  cudaKernel_t mixed = nullptr;
  cudaLibraryGetKernel(&mixed, lib, "mixed");
  printf("mixed offsets:");
  for (int i = 0; i < 6; ++i) {
    size_t o = 0, s = 0;
    cudaFuncGetParamInfo((const void *)mixed, i, &o, &s);
    printf(" %zu/%zu", o, s);
  }
  printf("\n");
  printf("own offsets:");
  for (int i = 0; i < 6; ++i) {
    size_t o = 0, s = 0;
    cudaFuncGetParamInfo((const void *)ownMixed, i, &o, &s);
    printf(" %zu/%zu", o, s);
  }
  printf("\n");
  size_t o = 0, s = 0;
  printf("param 6: %d\n", cudaFuncGetParamInfo((const void *)mixed, 6, &o, &s));
  cudaGetLastError();

  // mixed through the legacy API: every parameter at its reported offset.
  double *out = nullptr;
  cudaMalloc(&out, 6 * sizeof(double));
  CUfunction fm = (CUfunction)mixed;
  unsigned char buffer[128] = {};
  char c = 7;
  double d = 1.5;
  int i3 = 3;
  Pair p = {4.25, 5};
  float4 v = make_float4(1, 2, 3, 4);
  const void *values[] = {&c, &d, &i3, &p, &v, &out};
  size_t end = 0;
  for (int i = 0; i < 6; ++i) {
    cuKernelGetParamInfo((CUkernel)mixed, i, &o, &s);
    memcpy(buffer + o, values[i], s);
    end = o + s;
  }
  cuParamSetSize(fm, unsigned(end));
  cuParamSetv(fm, 0, buffer, unsigned(end));
  printf("cuLaunch(mixed): %s\n", name(cuLaunch(fm)));
  double got[6] = {};
  cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost);
  printf("mixed got: %g %g %g %g %g %g\n", got[0], got[1], got[2], got[3],
         got[4], got[5]);

  // Globals, module and library of a kernel.
  void *counter = nullptr;
  size_t bytes = 0;
  printf("cudaLibraryGetGlobal: %d, %zu bytes\n",
         cudaLibraryGetGlobal(&counter, &bytes, lib, "counter"), bytes);
  CUmodule mod = nullptr;
  cuLibraryGetModule(&mod, (CUlibrary)lib);
  unsigned functions = 0;
  cuModuleGetFunctionCount(&functions, mod);
  CUfunction listed[3] = {};
  cuModuleEnumerateFunctions(listed, functions, mod);
  CUfunction bump = nullptr;
  cuModuleGetFunction(&bump, mod, "bump");
  printf("module functions: %u, bump listed first: %s\n", functions,
         listed[0] == bump ? "yes" : "no");
  CUmodule of = nullptr;
  CUlibrary libOf = nullptr;
  cuFuncGetModule(&of, f);
  cuKernelGetLibrary(&libOf, (CUkernel)scale);
  printf("function's module, kernel's library: %s %s\n",
         of == mod ? "yes" : "no", libOf == (CUlibrary)lib ? "yes" : "no");
  CUfunctionLoadingState state = CU_FUNCTION_LOADING_STATE_UNLOADED;
  cuFuncIsLoaded(&state, f);
  CUmoduleLoadingMode mode = CU_MODULE_LAZY_LOADING;
  cuModuleGetLoadingMode(&mode);
  printf("loaded: %d, mode eager: %s\n", int(state),
         mode == CU_MODULE_EAGER_LOADING ? "yes" : "no");

  // The program's own kernels as driver functions.
  int *ints = nullptr;
  cudaMalloc(&ints, n * sizeof(int));
  cudaMemset(ints, 0, n * sizeof(int));
  cudaKernel_t own = nullptr;
  printf("cudaGetKernel: %d\n", cudaGetKernel(&own, addOne));
  void *intArgs[] = {&ints, (void *)&count_n};
  cudaLaunchKernel((const void *)own, dim3(4), dim3(256), intArgs, 0, 0);
  cuLaunchKernel((CUfunction)own, 4, 1, 1, 256, 1, 1, 0, nullptr, intArgs,
                 nullptr);
  addOne<<<4, 256>>>(ints, n);
  std::vector<int> hostInts(n);
  cudaMemcpy(hostInts.data(), ints, n * sizeof(int), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int v : hostInts)
    wrong += v != 3;
  printf("addOne three ways: %d wrong\n", wrong);
  cudaFunction_t byName = nullptr;
  const char *ownName = nullptr;
  printf("cudaGetFuncBySymbol: %d\n", cudaGetFuncBySymbol(&byName, (const void *)addOne));
  cuFuncGetName(&ownName, (CUfunction)byName);
  printf("its name: %s, same as cudaGetKernel: %s\n", ownName,
         (void *)byName == (void *)own ? "yes" : "no");
  printf("cudaGetKernel(not a kernel): %d\n",
         cudaGetKernel(&own, (const void *)wrongScaled));
  cudaGetLastError();
  printf("cudaLaunchKernel(not a kernel): %d\n",
         cudaLaunchKernel((const void *)wrongScaled, dim3(1), dim3(1), nullptr, 0, 0));
  cudaGetLastError();

  // Clusters: one block each.
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(4);
  config.blockDim = dim3(256);
  cudaLaunchAttribute cluster;
  cluster.id = cudaLaunchAttributeClusterDimension;
  cluster.val.clusterDim.x = 1;
  cluster.val.clusterDim.y = 1;
  cluster.val.clusterDim.z = 1;
  config.attrs = &cluster;
  config.numAttrs = 1;
  int clusterSize = 0, clusters = 0, clustersOf2 = -1;
  cudaOccupancyMaxPotentialClusterSize(&clusterSize, addOne, &config);
  cudaOccupancyMaxActiveClusters(&clusters, addOne, &config);
  cluster.val.clusterDim.x = 2;
  cudaOccupancyMaxActiveClusters(&clustersOf2, addOne, &config);
  printf("cluster size %d, clusters > 0: %s, clusters of 2: %d\n", clusterSize,
         clusters > 0 ? "yes" : "no", clustersOf2);

  // The linker: one complete image; PTX the JIT rejects.
  CUlinkState link = nullptr;
  char errors[256] = "";
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *optionValues[] = {errors, (void *)(size_t)sizeof(errors)};
  cuLinkCreate(2, options, optionValues, &link);
  const char ptx[] = ".version 8.0\n.target sm_90\n.visible .entry k() { bogus; }\n";
  printf("link PTX: %s\n",
         name(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)ptx, sizeof(ptx),
                            "k.ptx", 0, nullptr, nullptr)));
  printf("error log names the input: %s\n", strstr(errors, "k.ptx") ? "yes" : "no");
  printf("link fat binary: %s\n",
         name(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, fatbin, 0, nullptr,
                            nullptr)));
  void *image = nullptr;
  size_t imageSize = 0;
  printf("cuLinkComplete: %s\n", name(cuLinkComplete(link, &image, &imageSize)));
  CUmodule linked = nullptr;
  CUfunction linkedScale = nullptr;
  printf("load the linked image: %s\n", name(cuModuleLoadData(&linked, image)));
  printf("its scale: %s\n", name(cuModuleGetFunction(&linkedScale, linked, "scale")));
  cuModuleUnload(linked);
  cuLinkDestroy(link);
  cuLinkCreate(0, nullptr, nullptr, &link);
  cuLinkAddFile(link, CU_JIT_INPUT_CUBIN, cubin, 0, nullptr, nullptr);
  cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, fatbin, 0, nullptr, nullptr);
  printf("link two images: %s\n", name(cuLinkComplete(link, &image, &imageSize)));
  printf("destroy twice: %s", name(cuLinkDestroy(link)));
  printf(" %s\n", name(cuLinkDestroy(link)));

  // The code object alone loads as a library too (driver API, from memory).
  FILE *file = fopen(cubin, "rb");
  std::vector<char> bytes2(1 << 22);
  size_t got2 = fread(bytes2.data(), 1, bytes2.size(), file);
  fclose(file);
  bytes2.resize(got2);
  CUlibrary lib2 = nullptr;
  unsigned count2 = 0;
  printf("cuLibraryLoadData(code object): %s\n",
         name(cuLibraryLoadData(&lib2, bytes2.data(), nullptr, nullptr, 0,
                                nullptr, nullptr, 0)));
  cuLibraryGetKernelCount(&count2, lib2);
  printf("its kernels: %u\n", count2);
  cuLibraryUnload(lib2);
  printf("cuLibraryLoadData(PTX): %s\n",
         name(cuLibraryLoadData(&lib2, ptx, nullptr, nullptr, 0, nullptr,
                                nullptr, 0)));

  const void *table = nullptr;
  CUuuid id = {};
  printf("cuGetExportTable: %s\n", name(cuGetExportTable(&table, &id)));
  printf("cuLaunchCooperativeKernelMultiDevice: %s\n",
         name(cuLaunchCooperativeKernelMultiDevice(nullptr, 0, 0)));

  // Unloading invalidates the kernels.
  printf("cudaLibraryUnload: %d\n", cudaLibraryUnload(lib));
  printf("kernel after unload: %s\n", name(cuKernelGetFunction(&f, (CUkernel)scale)));
  printf("unload twice: %d\n", cudaLibraryUnload(lib));
  return 0;
}
