/*===- library_api.h - Runtime libraries, kernels and parameters --------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference. Included
 * by cuda_runtime_api.h inside its extern "C" block.
 *
 * Libraries loaded from a fat binary or code object built by Rubicon's nvcc
 * (or PTX, compiled when it loads), their kernels as cudaKernel_t (usable with cudaLaunchKernel
 * and, cast to CUfunction, with cuLaunchKernel), the kernels of the program
 * itself as driver functions, parameter layouts and cluster occupancy. These
 * go through libcuda, which the runtime shares (docs/runtime-driver-state.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_LIBRARY_API_H
#define RUBICON_LIBRARY_API_H

typedef struct CUlib_st *cudaLibrary_t;

/* The JIT options (CUjit_option's numbers); PTX is compiled by the
   toolkit's nvcc, and the options other than the logs do not apply. */
enum cudaJitOption {
  cudaJitMaxRegisters = 0,
  cudaJitThreadsPerBlock = 1,
  cudaJitWallTime = 2,
  cudaJitInfoLogBuffer = 3,
  cudaJitInfoLogBufferSizeBytes = 4,
  cudaJitErrorLogBuffer = 5,
  cudaJitErrorLogBufferSizeBytes = 6,
  cudaJitOptimizationLevel = 7,
  cudaJitFallbackStrategy = 10,
  cudaJitGenerateDebugInfo = 11,
  cudaJitLogVerbose = 12,
  cudaJitGenerateLineInfo = 13,
  cudaJitCacheMode = 14,
  cudaJitPositionIndependentCode = 30,
  cudaJitMinCtaPerSm = 31,
  cudaJitMaxThreadsPerBlock = 32,
  cudaJitOverrideDirectiveValues = 33
};

enum cudaLibraryOption {
  cudaLibraryHostUniversalFunctionAndDataTable = 0,
  cudaLibraryBinaryIsPreserved = 1
};

cudaError_t cudaLibraryLoadData(cudaLibrary_t *library, const void *code,
                                enum cudaJitOption *jitOptions,
                                void **jitOptionsValues,
                                unsigned int numJitOptions,
                                enum cudaLibraryOption *libraryOptions,
                                void **libraryOptionValues,
                                unsigned int numLibraryOptions);
cudaError_t cudaLibraryLoadFromFile(cudaLibrary_t *library,
                                    const char *fileName,
                                    enum cudaJitOption *jitOptions,
                                    void **jitOptionsValues,
                                    unsigned int numJitOptions,
                                    enum cudaLibraryOption *libraryOptions,
                                    void **libraryOptionValues,
                                    unsigned int numLibraryOptions);
cudaError_t cudaLibraryUnload(cudaLibrary_t library);
cudaError_t cudaLibraryGetKernel(cudaKernel_t *pKernel, cudaLibrary_t library,
                                 const char *name);
cudaError_t cudaLibraryGetGlobal(void **dptr, size_t *bytes,
                                 cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetManaged(void **dptr, size_t *bytes,
                                  cudaLibrary_t library, const char *name);
cudaError_t cudaLibraryGetUnifiedFunction(void **fptr, cudaLibrary_t library,
                                          const char *symbol);
cudaError_t cudaLibraryGetKernelCount(unsigned int *count, cudaLibrary_t lib);
cudaError_t cudaLibraryEnumerateKernels(cudaKernel_t *kernels,
                                        unsigned int numKernels,
                                        cudaLibrary_t lib);
cudaError_t cudaKernelSetAttributeForDevice(cudaKernel_t kernel,
                                            enum cudaFuncAttribute attr,
                                            int value, int device);
cudaError_t cudaGetKernel(cudaKernel_t *kernelPtr, const void *entryFuncAddr);
cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr,
                                const void *symbolPtr);
cudaError_t cudaFuncGetParamInfo(const void *func, size_t paramIndex,
                                 size_t *paramOffset, size_t *paramSize);
cudaError_t cudaOccupancyMaxActiveClusters(int *numClusters, const void *func,
                                           const cudaLaunchConfig_t *launchConfig);
cudaError_t
cudaOccupancyMaxPotentialClusterSize(int *clusterSize, const void *func,
                                     const cudaLaunchConfig_t *launchConfig);
/* NVIDIA's private interfaces: none (cudaErrorNotSupported). */
cudaError_t cudaGetExportTable(const void **ppExportTable,
                               const cudaUUID_t *pExportTableId);

#endif /* RUBICON_LIBRARY_API_H */
