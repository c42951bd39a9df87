/*===- cuda_device_runtime_api.h - The device runtime's launch entry points -===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "CUDA Dynamic Parallelism":
 * device code launches kernels through cudaGetParameterBuffer and
 * cudaLaunchDevice (what a <<<>>> launch in device code becomes: clang
 * stores the arguments in the buffer at their offsets, then launches), or
 * cudaGetParameterBufferV2 and cudaLaunchDeviceV2.
 *
 * On the host target a launch from device code queues a child grid of the
 * running grid, which completes before its parent does (docs/host-target.md,
 * "Dynamic parallelism"). On AMD GPUs the device runtime is not supported:
 * cudaGetParameterBuffer returns NULL and a launch fails with
 * cudaErrorNotSupported, which cudaGetLastError then reports in device code.
 * The rest of the device runtime (cudaGetLastError, streams, events,
 * cudaMalloc, cudaMemcpyAsync, ...) is the __cudart_builtin__ functions of
 * cuda_runtime_api.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_DEVICE_RUNTIME_API_H
#define RUBICON_CUDA_DEVICE_RUNTIME_API_H

#include "driver_types.h"
#include "host_defines.h"
#include "vector_types.h"

#if defined(__CUDA__)
/* The device library's entry points (DeviceRuntime.cpp): dim3 travels as its
 * three components, so that no aggregate crosses between the CUDA ABI of
 * device code and the library's. */
extern "C" __device__ void *
__rubicon_device_parameter_buffer(size_t alignment, size_t size, void *func,
                                  unsigned gx, unsigned gy, unsigned gz,
                                  unsigned bx, unsigned by, unsigned bz,
                                  unsigned sharedMem);
extern "C" __device__ cudaError_t
__rubicon_device_launch(void *func, void *parameterBuffer, unsigned gx,
                        unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned sharedMem, cudaStream_t stream);

static __device__ __inline__ void *cudaGetParameterBuffer(size_t alignment,
                                                          size_t size) {
  return __rubicon_device_parameter_buffer(alignment, size, 0, 0, 0, 0, 0, 0,
                                           0, 0);
}
static __device__ __inline__ void *
cudaGetParameterBufferV2(void *func, dim3 gridDimension, dim3 blockDimension,
                         unsigned int sharedMemSize) {
  return __rubicon_device_parameter_buffer(
      64, 0, func, gridDimension.x, gridDimension.y, gridDimension.z,
      blockDimension.x, blockDimension.y, blockDimension.z, sharedMemSize);
}
static __device__ __inline__ cudaError_t
cudaLaunchDevice(void *func, void *parameterBuffer, dim3 gridDimension,
                 dim3 blockDimension, unsigned int sharedMemSize,
                 cudaStream_t stream) {
  return __rubicon_device_launch(func, parameterBuffer, gridDimension.x,
                                 gridDimension.y, gridDimension.z,
                                 blockDimension.x, blockDimension.y,
                                 blockDimension.z, sharedMemSize, stream);
}
static __device__ __inline__ cudaError_t
cudaLaunchDeviceV2(void *parameterBuffer, cudaStream_t stream) {
  return __rubicon_device_launch(0, parameterBuffer, 0, 0, 0, 0, 0, 0, 0,
                                 stream);
}
/* CUB (CUDA >= 11.6) synchronizes the device runtime through this name: a
 * device-side cudaDeviceSynchronize, which CUDA 12 removed (a parent cannot
 * wait for its children). __host__ __device__: CUB compiles the call into a
 * __host__ __device__ function in the host compilation too (on a branch the
 * host never takes). */
static __host__ __device__ __inline__ cudaError_t
__cudaDeviceSynchronizeDeprecationAvoidance(void) {
  return cudaErrorNotSupported;
}
/* Programmatic dependent launch (CUDA C++ Programming Guide, sm_90): a grid
 * launched with cudaLaunchAttributeProgrammaticStreamSerialization may start
 * before the grid ahead of it in the stream, and waits for it (and sees its
 * memory) at cudaGridDependencySynchronize; the earlier grid lets it start
 * early with cudaTriggerProgrammaticLaunchCompletion. Rubicon takes the
 * attribute as a hint and keeps stream order: a grid starts once the one
 * ahead of it has completed, so the wait has nothing left to wait for and
 * the trigger nothing to release. CUB calls both at sm_90 and above. */
static __device__ __inline__ void cudaGridDependencySynchronize(void) {}
static __device__ __inline__ void cudaTriggerProgrammaticLaunchCompletion(void) {}
#endif /* __CUDA__ */

#endif /* RUBICON_CUDA_DEVICE_RUNTIME_API_H */
