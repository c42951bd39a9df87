// OpenGL interoperability on the host backend, with a surfaceless EGL
// context: a kernel fills a GL buffer through its mapped pointer and the GL
// reads the values back; a 2D texture is mapped as an array, read and
// written by kernels, and the GL sees the new texels after the unmap; map
// flags and the documented errors.
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void fill(int *Data, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[I] = 3 * I + 1;
}

// Doubles each texel of a 4x2 float texture through a surface object.
__global__ void twice(cudaSurfaceObject_t Surface) {
  int X = threadIdx.x, Y = threadIdx.y;
  float V = surf2Dread<float>(Surface, X * sizeof(float), Y);
  surf2Dwrite(2 * V, Surface, X * sizeof(float), Y);
}

static bool makeContext() {
  auto GetDisplay = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress(
      "eglGetPlatformDisplayEXT");
  if (!GetDisplay)
    return false;
  EGLDisplay D =
      GetDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  EGLint Major, Minor;
  if (!eglInitialize(D, &Major, &Minor) || !eglBindAPI(EGL_OPENGL_API))
    return false;
  EGLContext C = eglCreateContext(D, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, nullptr);
  return C != EGL_NO_CONTEXT &&
         eglMakeCurrent(D, EGL_NO_SURFACE, EGL_NO_SURFACE, C);
}

int main() {
  cudaGraphicsResource_t Buffer = nullptr, Texture = nullptr, Other = nullptr;
  printf("no context: %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterBuffer(&Buffer, 1, 0)));
  if (!makeContext()) {
    printf("no EGL context\n");
    return 1;
  }
  // A GL buffer of 64 ints, zero, bound where the application keeps it.
  GLuint Name;
  glGenBuffers(1, &Name);
  glBindBuffer(GL_ARRAY_BUFFER, Name);
  int Zero[64] = {0};
  glBufferData(GL_ARRAY_BUFFER, sizeof Zero, Zero, GL_DYNAMIC_DRAW);
  printf("register buffer: %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterBuffer(
             &Buffer, Name, cudaGraphicsRegisterFlagsNone)));
  printf("not a buffer: %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterBuffer(&Other, 999, 0)));
  void *Ptr = nullptr;
  size_t Size = 0;
  printf("pointer before map: %s\n",
         cudaGetErrorName(cudaGraphicsResourceGetMappedPointer(&Ptr, &Size,
                                                               Buffer)));
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  printf("map: %s\n",
         cudaGetErrorName(cudaGraphicsMapResources(1, &Buffer, Stream)));
  printf("map again: %s\n",
         cudaGetErrorName(cudaGraphicsMapResources(1, &Buffer, Stream)));
  printf("pointer: %s size %zu\n",
         cudaGetErrorName(
             cudaGraphicsResourceGetMappedPointer(&Ptr, &Size, Buffer)),
         Size);
  cudaArray_t NotAnArray;
  printf("buffer as array: %s\n",
         cudaGetErrorName(
             cudaGraphicsSubResourceGetMappedArray(&NotAnArray, Buffer, 0, 0)));
  fill<<<1, 64, 0, Stream>>>((int *)Ptr, 64);
  printf("unmap: %s\n",
         cudaGetErrorName(cudaGraphicsUnmapResources(1, &Buffer, Stream)));
  int Read[64];
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof Read, Read);
  printf("GL reads: %d %d %d; binding kept %d\n", Read[0], Read[1], Read[63],
         [] { GLint B = 0; glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &B); return B; }() == (GLint)Name);
  printf("unmap again: %s\n",
         cudaGetErrorName(cudaGraphicsUnmapResources(1, &Buffer, Stream)));

  // A 4x2 R32F texture: mapped as an array, doubled by a kernel.
  GLuint Tex;
  glGenTextures(1, &Tex);
  glBindTexture(GL_TEXTURE_2D, Tex);
  float Texels[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 4, 2, 0, GL_RED, GL_FLOAT, Texels);
  printf("register texture: %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterImage(
             &Texture, Tex, GL_TEXTURE_2D,
             cudaGraphicsRegisterFlagsSurfaceLoadStore)));
  printf("3D target: %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterImage(&Other, Tex,
                                                      GL_TEXTURE_3D, 0)));
  cudaGraphicsMapResources(1, &Texture, 0);
  cudaArray_t Array = nullptr;
  printf("array: %s\n", cudaGetErrorName(cudaGraphicsSubResourceGetMappedArray(
                            &Array, Texture, 0, 0)));
  printf("texture as pointer: %s\n",
         cudaGetErrorName(
             cudaGraphicsResourceGetMappedPointer(&Ptr, &Size, Texture)));
  cudaResourceDesc Res = {};
  Res.resType = cudaResourceTypeArray;
  Res.res.array.array = Array;
  cudaSurfaceObject_t Surface;
  cudaCreateSurfaceObject(&Surface, &Res);
  twice<<<1, dim3(4, 2)>>>(Surface);
  printf("unmap texture: %s\n",
         cudaGetErrorName(cudaGraphicsUnmapResources(1, &Texture, 0)));
  float Back[8];
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, Back);
  printf("GL texels: %g %g %g\n", Back[0], Back[3], Back[7]);
  // Read-only: the kernel's writes do not reach the texture.
  printf("read-only: %s\n",
         cudaGetErrorName(cudaGraphicsResourceSetMapFlags(
             Texture, cudaGraphicsMapFlagsReadOnly)));
  cudaGraphicsMapResources(1, &Texture, 0);
  cudaGraphicsSubResourceGetMappedArray(&Array, Texture, 0, 0);
  Res.res.array.array = Array;
  cudaCreateSurfaceObject(&Surface, &Res);
  twice<<<1, dim3(4, 2)>>>(Surface);
  cudaGraphicsUnmapResources(1, &Texture, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, Back);
  printf("GL texels after a read-only map: %g %g %g\n", Back[0], Back[3],
         Back[7]);
  printf("unregister: %s %s\n",
         cudaGetErrorName(cudaGraphicsUnregisterResource(Buffer)),
         cudaGetErrorName(cudaGraphicsUnregisterResource(Texture)));
  printf("unregistered: %s\n",
         cudaGetErrorName(cudaGraphicsUnregisterResource(Buffer)));
  unsigned Count = 0;
  int Devices[2];
  cudaGLGetDevices(&Count, Devices, 2, cudaGLDeviceListAll);
  printf("GL devices: %u (%d)\n", Count, Devices[0]);
  return 0;
}
