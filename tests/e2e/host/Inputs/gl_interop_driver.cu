// Graphics resources registered through the runtime, used through the driver
// API (cuGraphics*) on the host backend, with a surfaceless EGL context: a
// GL buffer mapped by cuGraphicsMapResources and filled by a kernel through
// cuGraphicsResourceGetMappedPointer; a 2D texture mapped as an array and as
// a one-level mipmapped array (both APIs give the same handles), written and
// seen by the GL after cuGraphicsUnmapResources; the documented errors.
#define GL_GLEXT_PROTOTYPES
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <cuda.h>
#include <cuda_gl_interop.h>
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void fill(int *Data, int Count) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count)
    Data[I] = 5 * I + 2;
}

static const char *name(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
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
  cuInit(0);
  CUgraphicsResource Bogus = (CUgraphicsResource)0x1234;
  printf("before any registration: %s\n",
         name(cuGraphicsMapResources(1, &Bogus, nullptr)));
  if (!makeContext()) {
    printf("no EGL context\n");
    return 1;
  }
  GLuint Name;
  glGenBuffers(1, &Name);
  glBindBuffer(GL_ARRAY_BUFFER, Name);
  int Zero[32] = {0};
  glBufferData(GL_ARRAY_BUFFER, sizeof Zero, Zero, GL_DYNAMIC_DRAW);
  cudaGraphicsResource_t Buffer = nullptr;
  printf("register buffer (runtime): %s\n",
         cudaGetErrorName(cudaGraphicsGLRegisterBuffer(&Buffer, Name, 0)));
  CUgraphicsResource B = (CUgraphicsResource)Buffer;
  printf("bogus handle: %s\n",
         name(cuGraphicsMapResources(1, &Bogus, nullptr)));
  CUdeviceptr Ptr = 0;
  size_t Size = 0;
  printf("pointer before map: %s\n",
         name(cuGraphicsResourceGetMappedPointer(&Ptr, &Size, B)));
  CUstream Stream;
  cuStreamCreate(&Stream, 0);
  printf("map: %s\n", name(cuGraphicsMapResources(1, &B, Stream)));
  printf("map again: %s\n", name(cuGraphicsMapResources(1, &B, Stream)));
  printf("set flags while mapped: %s\n",
         name(cuGraphicsResourceSetMapFlags(
             B, CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY)));
  printf("pointer: %s, size %zu\n",
         name(cuGraphicsResourceGetMappedPointer(&Ptr, &Size, B)), Size);
  CUmipmappedArray NotArray;
  printf("buffer as mipmapped array: %s\n",
         name(cuGraphicsResourceGetMappedMipmappedArray(&NotArray, B)));
  fill<<<1, 32, 0, (cudaStream_t)Stream>>>((int *)Ptr, 32);
  printf("unmap: %s\n", name(cuGraphicsUnmapResources(1, &B, Stream)));
  int Read[32];
  glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof Read, Read);
  printf("GL reads: %d %d %d\n", Read[0], Read[1], Read[31]);
  printf("unmap again: %s\n", name(cuGraphicsUnmapResources(1, &B, Stream)));

  // A 2x2 R32F texture, written through the array the driver hands out.
  GLuint Tex;
  glGenTextures(1, &Tex);
  glBindTexture(GL_TEXTURE_2D, Tex);
  float Texels[4] = {1, 2, 3, 4};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 2, 2, 0, GL_RED, GL_FLOAT, Texels);
  cudaGraphicsResource_t Texture = nullptr;
  cudaGraphicsGLRegisterImage(&Texture, Tex, GL_TEXTURE_2D, 0);
  CUgraphicsResource T = (CUgraphicsResource)Texture;
  printf("map texture: %s\n", name(cuGraphicsMapResources(1, &T, nullptr)));
  CUarray Array = nullptr;
  CUmipmappedArray Mipmapped = nullptr;
  cudaMipmappedArray_t RuntimeMipmapped = nullptr;
  printf("array: %s\n",
         name(cuGraphicsSubResourceGetMappedArray(&Array, T, 0, 0)));
  CUarray Other = nullptr;
  printf("level 1: %s\n",
         name(cuGraphicsSubResourceGetMappedArray(&Other, T, 0, 1)));
  printf("mipmapped: %s, runtime %s\n",
         name(cuGraphicsResourceGetMappedMipmappedArray(&Mipmapped, T)),
         cudaGetErrorName(cudaGraphicsResourceGetMappedMipmappedArray(
             &RuntimeMipmapped, Texture)));
  CUarray Level0 = nullptr;
  cuMipmappedArrayGetLevel(&Level0, Mipmapped, 0);
  printf("same handles: %d %d\n", (void *)Mipmapped == (void *)RuntimeMipmapped,
         Level0 == Array);
  printf("texture as pointer: %s\n",
         name(cuGraphicsResourceGetMappedPointer(&Ptr, &Size, T)));
  float Values[4] = {10, 20, 30, 40};
  cudaMemcpy2DToArray((cudaArray_t)Array, 0, 0, Values, 2 * sizeof(float),
                      2 * sizeof(float), 2, cudaMemcpyHostToDevice);
  printf("unmap texture: %s\n",
         name(cuGraphicsUnmapResources(1, &T, nullptr)));
  float Back[4];
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, Back);
  printf("GL texels: %g %g %g %g\n", Back[0], Back[1], Back[2], Back[3]);
  printf("unregister: %s %s\n", name(cuGraphicsUnregisterResource(B)),
         name(cuGraphicsUnregisterResource(T)));
  printf("unregistered: %s\n", name(cuGraphicsUnregisterResource(B)));
  // The driver's errors are not the runtime's last error.
  printf("runtime's last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("runtime unregister: %s\n",
         cudaGetErrorName(cudaGraphicsUnregisterResource(Buffer)));
  return 0;
}
