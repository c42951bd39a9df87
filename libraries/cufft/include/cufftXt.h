/*===- cufftXt.h - cuFFT's extended API ------------------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuFFT documentation: plans described with
 * cudaDataType and 64-bit sizes, plans over several GPUs with their data
 * descriptors, and load/store callbacks (libraries/cufft/Cufft.def says what
 * each backend provides).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUFFTXT_H
#define RUBICON_CUFFTXT_H

#include "cudalibxt.h"
#include "cufft.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cufftXtSubFormat_t {
  CUFFT_XT_FORMAT_INPUT = 0x00,
  CUFFT_XT_FORMAT_OUTPUT = 0x01,
  CUFFT_XT_FORMAT_INPLACE = 0x02,
  CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
  CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
  CUFFT_XT_FORMAT_DISTRIBUTED_INPUT = 0x05,
  CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT = 0x06,
  CUFFT_FORMAT_UNDEFINED = 0x07
} cufftXtSubFormat;

typedef enum cufftXtCopyType_t {
  CUFFT_COPY_HOST_TO_DEVICE = 0x00,
  CUFFT_COPY_DEVICE_TO_HOST = 0x01,
  CUFFT_COPY_DEVICE_TO_DEVICE = 0x02,
  CUFFT_COPY_UNDEFINED = 0x03
} cufftXtCopyType;

typedef enum cufftXtCallbackType_t {
  CUFFT_CB_LD_COMPLEX = 0x0,
  CUFFT_CB_LD_COMPLEX_DOUBLE = 0x1,
  CUFFT_CB_LD_REAL = 0x2,
  CUFFT_CB_LD_REAL_DOUBLE = 0x3,
  CUFFT_CB_ST_COMPLEX = 0x4,
  CUFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
  CUFFT_CB_ST_REAL = 0x6,
  CUFFT_CB_ST_REAL_DOUBLE = 0x7,
  CUFFT_CB_UNDEFINED = 0x8
} cufftXtCallbackType;

/* Load callbacks return element `offset` of the input; store callbacks
 * receive element `offset` of the output. */
typedef cufftComplex (*cufftCallbackLoadC)(void *dataIn, size_t offset,
                                           void *callerInfo,
                                           void *sharedPointer);
typedef cufftDoubleComplex (*cufftCallbackLoadZ)(void *dataIn, size_t offset,
                                                 void *callerInfo,
                                                 void *sharedPointer);
typedef cufftReal (*cufftCallbackLoadR)(void *dataIn, size_t offset,
                                        void *callerInfo, void *sharedPointer);
typedef cufftDoubleReal (*cufftCallbackLoadD)(void *dataIn, size_t offset,
                                              void *callerInfo,
                                              void *sharedPointer);
typedef void (*cufftCallbackStoreC)(void *dataOut, size_t offset,
                                    cufftComplex element, void *callerInfo,
                                    void *sharedPointer);
typedef void (*cufftCallbackStoreZ)(void *dataOut, size_t offset,
                                    cufftDoubleComplex element,
                                    void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreR)(void *dataOut, size_t offset,
                                    cufftReal element, void *callerInfo,
                                    void *sharedPointer);
typedef void (*cufftCallbackStoreD)(void *dataOut, size_t offset,
                                    cufftDoubleReal element, void *callerInfo,
                                    void *sharedPointer);

CUFFTAPI cufftResult cufftMakePlanMany64(
    cufftHandle plan, int rank, long long int *n, long long int *inembed,
    long long int istride, long long int idist, long long int *onembed,
    long long int ostride, long long int odist, cufftType type,
    long long int batch, size_t *workSize);
CUFFTAPI cufftResult cufftXtMakePlanMany(
    cufftHandle plan, int rank, long long int *n, long long int *inembed,
    long long int istride, long long int idist, cudaDataType inputtype,
    long long int *onembed, long long int ostride, long long int odist,
    cudaDataType outputtype, long long int batch, size_t *workSize,
    cudaDataType executiontype);
CUFFTAPI cufftResult cufftXtExec(cufftHandle plan, void *input, void *output,
                                 int direction);

/* Several GPUs. */
CUFFTAPI cufftResult cufftXtSetGPUs(cufftHandle plan, int nGPUs,
                                    int *whichGPUs);
CUFFTAPI cufftResult cufftXtMalloc(cufftHandle plan,
                                   cudaLibXtDesc **descriptor,
                                   cufftXtSubFormat format);
CUFFTAPI cufftResult cufftXtFree(cudaLibXtDesc *descriptor);
CUFFTAPI cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer,
                                   void *srcPointer, cufftXtCopyType type);
CUFFTAPI cufftResult cufftXtExecDescriptor(cufftHandle plan,
                                           cudaLibXtDesc *input,
                                           cudaLibXtDesc *output,
                                           int direction);
CUFFTAPI cufftResult cufftXtExecDescriptorC2C(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output,
                                              int direction);
CUFFTAPI cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output,
                                              int direction);
CUFFTAPI cufftResult cufftXtExecDescriptorR2C(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);
CUFFTAPI cufftResult cufftXtExecDescriptorC2R(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);
CUFFTAPI cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);
CUFFTAPI cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan,
                                              cudaLibXtDesc *input,
                                              cudaLibXtDesc *output);

/* Callbacks. */
CUFFTAPI cufftResult cufftXtSetCallback(cufftHandle plan,
                                        void **callbackRoutine,
                                        cufftXtCallbackType type,
                                        void **callerInfo);
CUFFTAPI cufftResult cufftXtClearCallback(cufftHandle plan,
                                          cufftXtCallbackType type);
CUFFTAPI cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan,
                                                  cufftXtCallbackType type,
                                                  size_t sharedSize);

#ifdef __cplusplus
}
#endif

#endif /* RUBICON_CUFFTXT_H */
