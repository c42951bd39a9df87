/*===- cuda_gl_interop.h - CUDA/OpenGL interoperability ------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public CUDA Runtime API reference ("OpenGL
 * Interoperability" and its deprecated section).
 *
 * On the host backend, GL buffers and 2D textures are mapped for kernels
 * (runtime-shim/cudart/GraphicsInterop.cpp, docs/graphics-interop.md); the
 * HIP backend and the pre-3.0 cudaGL*BufferObject calls report
 * cudaErrorNotSupported (cudaGLSetGLDevice selects the device as
 * cudaSetDevice does).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_GL_INTEROP_H
#define RUBICON_CUDA_GL_INTEROP_H

#include "cuda_runtime_api.h"

#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#define RUBICON_HAVE_GL_TYPES 1
#endif
#endif
#ifndef RUBICON_HAVE_GL_TYPES
/* No OpenGL headers on this machine: the two GL types the API names. */
typedef unsigned int GLuint;
typedef unsigned int GLenum;
#endif

#if defined(__cplusplus)
extern "C" {
#endif

enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1,
  cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};

enum cudaGLMapFlags {
  cudaGLMapFlagsNone = 0,
  cudaGLMapFlagsReadOnly = 1,
  cudaGLMapFlagsWriteDiscard = 2
};

cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount,
                             int *pCudaDevices, unsigned int cudaDeviceCount,
                             enum cudaGLDeviceList deviceList);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource,
                                         GLuint buffer, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource,
                                        GLuint image, GLenum target,
                                        unsigned int flags);

/* Deprecated since CUDA 3.0, still declared by CUDA 12. */
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(GLuint bufObj);
cudaError_t cudaGLMapBufferObject(void **devPtr, GLuint bufObj);
cudaError_t cudaGLUnmapBufferObject(GLuint bufObj);
cudaError_t cudaGLUnregisterBufferObject(GLuint bufObj);
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint bufObj, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, GLuint bufObj,
                                       cudaStream_t stream);
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint bufObj, cudaStream_t stream);

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* RUBICON_CUDA_GL_INTEROP_H */
