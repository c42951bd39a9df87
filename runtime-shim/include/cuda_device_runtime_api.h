/*===- cuda_device_runtime_api.h - The device runtime's launch entry points -===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "CUDA Dynamic Parallelism":
 * device code launches kernels through cudaGetParameterBuffer and
 * cudaLaunchDevice (what a <<<>>> launch in device code becomes), and
 * synchronizes through cudaDeviceSynchronize.
 *
 * Rubicon does not support dynamic parallelism: these entry points exist so
 * that code which mentions them compiles -- CCCL's Thrust and CUB compile
 * device-side launch paths they take only with relocatable device code --
 * and, if called, they fail with CUDA's documented error for an unsupported
 * feature (cudaErrorNotSupported; cudaGetParameterBuffer returns NULL).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_DEVICE_RUNTIME_API_H
#define RUBICON_CUDA_DEVICE_RUNTIME_API_H

#include "driver_types.h"
#include "host_defines.h"
#include "vector_types.h"

#if defined(__CUDA__)
static __device__ __inline__ void *cudaGetParameterBuffer(size_t alignment,
                                                          size_t size) {
  (void)alignment;
  (void)size;
  return 0;
}
static __device__ __inline__ void *
cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension,
                         unsigned int sharedMemSize) {
  (void)func;
  (void)gridDimension;
  (void)blockDimension;
  (void)sharedMemSize;
  return 0;
}
static __device__ __inline__ cudaError_t
cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                 dim3 blockDimension, unsigned int sharedMemSize,
                 cudaStream_t stream) {
  (void)func;
  (void)parameterBuffer;
  (void)gridDimension;
  (void)blockDimension;
  (void)sharedMemSize;
  (void)stream;
  return cudaErrorNotSupported;
}
static __device__ __inline__ cudaError_t
cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream) {
  (void)parameterBuffer;
  (void)stream;
  return cudaErrorNotSupported;
}
/* CUB (CUDA >= 11.6) synchronizes the device runtime through this name.
 * __host__ __device__: CUB compiles the call into a __host__ __device__
 * function in the host compilation too (on a branch the host never takes). */
static __host__ __device__ __inline__ cudaError_t
__cudaDeviceSynchronizeDeprecationAvoidance(void) {
  return cudaErrorNotSupported;
}
#endif /* __CUDA__ */

#endif /* RUBICON_CUDA_DEVICE_RUNTIME_API_H */
