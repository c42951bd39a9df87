// The CUDA samples' helper_cuda.h defines checkCudaErrors only when it sees
// the include-guard names of CUDA's own headers; Rodinia's cfd and
// hybridsort rely on it. cuda_gl_interop.h is included by hybridsort.
#include <cuda.h>
#include <cuda_gl_interop.h>
#ifndef __DRIVER_TYPES_H__
#error "__DRIVER_TYPES_H__ is not defined"
#endif
#ifndef __CUDA_RUNTIME_H__
#error "__CUDA_RUNTIME_H__ is not defined"
#endif
#ifndef __CUDA_RUNTIME_API_H__
#error "__CUDA_RUNTIME_API_H__ is not defined"
#endif
#ifndef __cuda_cuda_h__
#error "__cuda_cuda_h__ is not defined"
#endif
int bind(GLuint buffer) {
  cudaGraphicsResource_t resource;
  return cudaGraphicsGLRegisterBuffer(&resource, buffer,
                                      cudaGraphicsRegisterFlagsNone);
}
