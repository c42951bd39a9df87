/*===- host_defines.h - CUDA execution-space and layout qualifiers -------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA C++ Programming Guide.
 *
 * Under clang's CUDA mode (host and device compilations of a .cu file) the
 * qualifiers map to clang's CUDA attributes. Under any other compiler (a .cpp
 * file built by g++ with the toolkit's include directory) the execution-space
 * qualifiers expand to nothing and the layout ones to GNU attributes.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_HOST_DEFINES_H
#define RUBICON_HOST_DEFINES_H

/* The include guard CUDA's host_defines.h is known by: code that has to
 * undo its own __host__/__device__ before including the runtime headers
 * tests it (Thrust's guarded_cuda_runtime_api.h #undefs them when it is not
 * defined, and they would never come back). */
#define __HOST_DEFINES_H__

/* nvcc defines __CUDACC__ while compiling CUDA source; clang does not. */
#if defined(__CUDA__) && !defined(__CUDACC__)
#define __CUDACC__ 1
#endif

#if defined(__CUDA__)
#define __RUBICON_CUDA_ATTRIBUTE(...) __attribute__((__VA_ARGS__))
#else
#define __RUBICON_CUDA_ATTRIBUTE(...)
#endif

/* Execution spaces and memory spaces. */
#define __host__ __RUBICON_CUDA_ATTRIBUTE(host)
#define __device__ __RUBICON_CUDA_ATTRIBUTE(device)
#define __global__ __RUBICON_CUDA_ATTRIBUTE(global)
#define __shared__ __RUBICON_CUDA_ATTRIBUTE(shared)
#define __constant__ __RUBICON_CUDA_ATTRIBUTE(constant)
/* clang's CUDA mode has no managed attribute: a managed variable is a
 * __device__ variable marked for the driver and the runtime. */
#define __managed__                                                            \
  __RUBICON_CUDA_ATTRIBUTE(device, annotate("rubicon.managed"))
#define __grid_constant__ __RUBICON_CUDA_ATTRIBUTE(grid_constant)
#define __launch_bounds__(...)                                                 \
  __RUBICON_CUDA_ATTRIBUTE(launch_bounds(__VA_ARGS__))
#define __maxnreg__(n)
/* clang checks cluster_dims (constant dimensions) but emits nothing of it
 * for NVPTX: the annotation carries the dimensions to Rubicon's lowering
 * (lowering/RecordClusterDims.cpp). Clusters exist from sm_90 on: for an
 * older -arch the device compilation stops with nvcc's error (clang parses
 * every -arch as sm_90). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define __cluster_dims__(...)                                                  \
  _Pragma(                                                                     \
      "GCC error \"__cluster_dims__ is not supported for this GPU architecture\"")
#else
#define __cluster_dims__(...)                                                  \
  __RUBICON_CUDA_ATTRIBUTE(cluster_dims(__VA_ARGS__),                          \
                           annotate("rubicon.cluster_dims", __VA_ARGS__))
#endif

/* Inlining. clang's CUDA mode knows __noinline__ as a keyword (so that
 * __attribute__((__noinline__)) in system headers keeps working); elsewhere it
 * expands to nothing for the same reason. */
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __inline_hint__ __inline__
#if !defined(__CUDA__)
#define __noinline__
#endif

/* Layout. */
#define __align__(n) __attribute__((aligned(n)))
#define __thread__ __thread
#define __builtin_align__(n) __align__(n)
#ifndef CUDARTAPI
#define CUDARTAPI
#endif

/* Markers the CUDA headers put on their own declarations. */
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
/* The runtime functions device code may call too (the device runtime, CUDA
 * Programming Guide "CUDA Dynamic Parallelism"): the device library defines
 * their device side (runtime-shim/device/DeviceRuntime.cpp). */
#define __cudart_builtin__ __RUBICON_CUDA_ATTRIBUTE(host, device)
#define __CUDA_ALIGN__(n) __align__(n)

#endif /* RUBICON_HOST_DEFINES_H */
