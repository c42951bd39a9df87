/*===- cudalibxt.h - Descriptors of data spread over several GPUs ---------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface.
 * Written from the public cuFFT documentation (its "cudaXtDesc" and
 * "cudaLibXtDesc" types): the descriptor a library's Xt API hands out for
 * an array split over several GPUs, one piece per GPU.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDALIBXT_H
#define RUBICON_CUDALIBXT_H

#include <stddef.h>

#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000
#define MAX_CUDA_DESCRIPTOR_GPUS 64

typedef enum cudaXtCopyType_t {
  LIB_XT_COPY_HOST_TO_DEVICE,
  LIB_XT_COPY_DEVICE_TO_HOST,
  LIB_XT_COPY_DEVICE_TO_DEVICE
} cudaLibXtCopyType;

typedef enum libFormat_t {
  LIB_FORMAT_CUFFT = 0x0,
  LIB_FORMAT_UNDEFINED = 0x1
} libFormat;

/* One array over nGPUs GPUs: piece i is size[i] bytes at data[i] on device
 * GPUs[i]. */
typedef struct cudaXtDesc_t {
  int version;
  int nGPUs;
  int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
  void *data[MAX_CUDA_DESCRIPTOR_GPUS];
  size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
  void *cudaXtState;
} cudaXtDesc;

typedef struct cudaLibXtDesc_t {
  int version;
  cudaXtDesc *descriptor;
  libFormat library;
  int subFormat;
  void *libDescriptor;
} cudaLibXtDesc;

#endif /* RUBICON_CUDALIBXT_H */
