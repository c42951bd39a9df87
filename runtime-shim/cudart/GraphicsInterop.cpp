//===- GraphicsInterop.cpp - Graphics interoperability entry points -------===//
//
// Part of Rubicon. CUDA's graphics interoperability (OpenGL buffers and
// images mapped into device memory) has no Rubicon implementation: the entry
// points exist so that programs which include cuda_gl_interop.h or call these
// functions on an optional path link and keep running, and each reports
// cudaErrorNotSupported (recorded as the last error, never sticky).
// cudaGLSetGLDevice is cudaSetDevice, as CUDA documents it.
//
//===----------------------------------------------------------------------===//

#include "cuda_gl_interop.h"
#include "cuda_runtime_api.h"

#include "Runtime.h"

using namespace rubicon::cudart;

namespace {
cudaError_t notSupported() {
  return Runtime::instance().record(cudaErrorNotSupported);
}
} // namespace

extern "C" {

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t) {
  return notSupported();
}
cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t, unsigned) {
  return notSupported();
}
cudaError_t cudaGraphicsMapResources(int, cudaGraphicsResource_t *,
                                     cudaStream_t) {
  return notSupported();
}
cudaError_t cudaGraphicsUnmapResources(int, cudaGraphicsResource_t *,
                                       cudaStream_t) {
  return notSupported();
}
cudaError_t cudaGraphicsResourceGetMappedPointer(void **DevPtr, size_t *Size,
                                                 cudaGraphicsResource_t) {
  if (DevPtr)
    *DevPtr = nullptr;
  if (Size)
    *Size = 0;
  return notSupported();
}
cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray **Array,
                                                  cudaGraphicsResource_t,
                                                  unsigned, unsigned) {
  if (Array)
    *Array = nullptr;
  return notSupported();
}

cudaError_t cudaGLGetDevices(unsigned *Count, int *, unsigned,
                             cudaGLDeviceList) {
  if (Count)
    *Count = 0;
  return notSupported();
}
cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource **Resource,
                                         GLuint, unsigned) {
  if (Resource)
    *Resource = nullptr;
  return notSupported();
}
cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource **Resource,
                                        GLuint, GLenum, unsigned) {
  if (Resource)
    *Resource = nullptr;
  return notSupported();
}

cudaError_t cudaGLSetGLDevice(int Device) { return cudaSetDevice(Device); }
cudaError_t cudaGLRegisterBufferObject(GLuint) { return notSupported(); }
cudaError_t cudaGLMapBufferObject(void **DevPtr, GLuint) {
  if (DevPtr)
    *DevPtr = nullptr;
  return notSupported();
}
cudaError_t cudaGLUnmapBufferObject(GLuint) { return notSupported(); }
cudaError_t cudaGLUnregisterBufferObject(GLuint) { return notSupported(); }
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint, unsigned) {
  return notSupported();
}
cudaError_t cudaGLMapBufferObjectAsync(void **DevPtr, GLuint, cudaStream_t) {
  if (DevPtr)
    *DevPtr = nullptr;
  return notSupported();
}
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint, cudaStream_t) {
  return notSupported();
}

} // extern "C"
