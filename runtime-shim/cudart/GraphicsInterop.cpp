//===- GraphicsInterop.cpp - OpenGL interoperability ----------------------===//
//
// Part of Rubicon. CUDA's OpenGL interoperability on the host backend: a
// registered GL buffer is mapped with the GL's own glMapBufferRange, so
// the device pointer is the buffer's storage (the host backend's device
// memory is the process's memory); a registered 2D texture is mapped as a
// CUDA array filled from the texture (glGetTexImage) and written back when
// unmapped (glTexSubImage2D), as the map flags allow. The GL functions are
// the program's (it links its GL library): looked up by name, never linked.
// As in CUDA, the GL context must be current on the calling thread. The HIP
// backend's device memory is not the GL's: cudaErrorNotSupported there
// (docs/graphics-interop.md). cudaGLSetGLDevice is cudaSetDevice, as CUDA
// documents it; the pre-3.0 cudaGL*BufferObject calls report
// cudaErrorNotSupported. libcuda's cuGraphics* calls reach the functions
// here through the table of GraphicsInterop.h.
//
//===----------------------------------------------------------------------===//

#include "cuda_gl_interop.h"
#include "cuda_runtime_api.h"

#include "ApiHelpers.h"
#include "GraphicsInterop.h"
#include "Runtime.h"
#include "graphs/SharedState.h"

#include "__rubicon/texture_api.h"

#include <cstring>
#include <dlfcn.h>
#include <mutex>
#include <set>
#include <type_traits>
#include <vector>

using namespace rubicon::cudart;

namespace {

// The GL enumerants used here (GL 1.1-3.0 and 4.5 core values).
constexpr unsigned GlVersion = 0x1F02, GlBufferSize = 0x8764,
                   GlCopyReadBuffer = 0x8F36, GlCopyReadBufferBinding = 0x8F36,
                   GlMapRead = 0x1, GlMapWrite = 0x2, GlMapInvalidate = 0x8,
                   GlTexture2D = 0x0DE1, GlTextureBinding2D = 0x8069,
                   GlTextureWidth = 0x1000, GlTextureHeight = 0x1001,
                   GlTextureInternalFormat = 0x1003, GlRgba = 0x1908,
                   GlRed = 0x1903, GlRedInteger = 0x8D94,
                   GlUnsignedByte = 0x1401, GlFloat = 0x1406, GlInt = 0x1404,
                   GlUnsignedInt = 0x1405, GlRgba8 = 0x8058, GlR32f = 0x822E,
                   GlRgba32f = 0x8814, GlR32i = 0x8235, GlR32ui = 0x8236;

/// The GL entry points interop needs, from the program's GL library.
struct Gl {
  const unsigned char *(*GetString)(unsigned) = nullptr;
  void (*GetIntegerv)(unsigned, int *) = nullptr;
  unsigned char (*IsBuffer)(unsigned) = nullptr;
  unsigned char (*IsTexture)(unsigned) = nullptr;
  void (*BindBuffer)(unsigned, unsigned) = nullptr;
  void (*GetBufferParameteriv)(unsigned, unsigned, int *) = nullptr;
  void *(*MapBufferRange)(unsigned, long, long, unsigned) = nullptr;
  unsigned char (*UnmapBuffer)(unsigned) = nullptr;
  void (*BindTexture)(unsigned, unsigned) = nullptr;
  void (*GetTexLevelParameteriv)(unsigned, int, unsigned, int *) = nullptr;
  void (*GetTexImage)(unsigned, int, unsigned, unsigned, void *) = nullptr;
  void (*TexSubImage2D)(unsigned, int, int, int, int, int, unsigned, unsigned,
                        const void *) = nullptr;
  bool Complete = false;
};

void *glFunction(const char *Name) {
  if (void *F = dlsym(RTLD_DEFAULT, Name))
    return F;
  for (const char *Loader : {"eglGetProcAddress", "glXGetProcAddressARB"})
    if (auto *Get = reinterpret_cast<void *(*)(const char *)>(
            dlsym(RTLD_DEFAULT, Loader)))
      if (void *F = Get(Name))
        return F;
  return nullptr;
}

const Gl &gl() {
  static Gl *Functions = [] {
    auto *G = new Gl();
    auto Load = [](auto &Slot, const char *Name) {
      Slot = reinterpret_cast<std::remove_reference_t<decltype(Slot)>>(
          glFunction(Name));
      return Slot != nullptr;
    };
    G->Complete =
        Load(G->GetString, "glGetString") &
        Load(G->GetIntegerv, "glGetIntegerv") & Load(G->IsBuffer, "glIsBuffer") &
        Load(G->IsTexture, "glIsTexture") & Load(G->BindBuffer, "glBindBuffer") &
        Load(G->GetBufferParameteriv, "glGetBufferParameteriv") &
        Load(G->MapBufferRange, "glMapBufferRange") &
        Load(G->UnmapBuffer, "glUnmapBuffer") &
        Load(G->BindTexture, "glBindTexture") &
        Load(G->GetTexLevelParameteriv, "glGetTexLevelParameteriv") &
        Load(G->GetTexImage, "glGetTexImage") &
        Load(G->TexSubImage2D, "glTexSubImage2D");
    return G;
  }();
  return *Functions;
}

/// A 2D texture's internal format as the array's channels and the GL's
/// transfer format and type.
struct TextureFormat {
  unsigned Internal, Format, Type;
  int Bits[4];
  cudaChannelFormatKind Kind;
};
constexpr TextureFormat TextureFormats[] = {
    {GlRgba8, GlRgba, GlUnsignedByte, {8, 8, 8, 8}, cudaChannelFormatKindUnsigned},
    {GlR32f, GlRed, GlFloat, {32, 0, 0, 0}, cudaChannelFormatKindFloat},
    {GlRgba32f, GlRgba, GlFloat, {32, 32, 32, 32}, cudaChannelFormatKindFloat},
    {GlR32i, GlRedInteger, GlInt, {32, 0, 0, 0}, cudaChannelFormatKindSigned},
    {GlR32ui, GlRedInteger, GlUnsignedInt, {32, 0, 0, 0},
     cudaChannelFormatKindUnsigned},
};

} // namespace

struct cudaGraphicsResource {
  bool Image = false;
  unsigned Name = 0;
  unsigned Flags = cudaGraphicsMapFlagsNone; // the next map's
  bool Mapped = false;
  // A buffer's mapping.
  void *Pointer = nullptr;
  size_t Size = 0;
  // A texture's array (level 0 of a one-level mipmapped array) and format.
  cudaMipmappedArray_t Mipmapped = nullptr;
  cudaArray_t Array = nullptr;
  int Width = 0, Height = 0;
  const TextureFormat *Format = nullptr;
};

namespace {

std::mutex &resourcesMutex() {
  static auto *M = new std::mutex();
  return *M;
}
std::set<cudaGraphicsResource *> &resources() {
  static auto *Live = new std::set<cudaGraphicsResource *>();
  return *Live;
}

bool live(cudaGraphicsResource *R) {
  std::lock_guard<std::mutex> Lock(resourcesMutex());
  return R && resources().count(R);
}

/// cudaSuccess when interop can work here: the host backend, the GL's
/// functions found and a GL context current on this thread.
cudaError_t usable() {
  cudaError_t Status = withBackend([](Backend &B) {
    return std::strcmp(B.name(), "host") == 0 ? cudaSuccess
                                              : cudaErrorNotSupported;
  });
  if (Status)
    return Status;
  const Gl &G = gl();
  if (!G.Complete || !G.GetString(GlVersion))
    return cudaErrorInvalidGraphicsContext;
  return cudaSuccess;
}

void publishCalls();

cudaError_t registerResource(cudaGraphicsResource **Out,
                             cudaGraphicsResource *R) {
  publishCalls();
  std::lock_guard<std::mutex> Lock(resourcesMutex());
  resources().insert(R);
  *Out = R;
  return cudaSuccess;
}

cudaError_t mapOne(cudaGraphicsResource *R) {
  const Gl &G = gl();
  if (!R->Image) {
    int Previous = 0, Size = 0;
    G.GetIntegerv(GlCopyReadBufferBinding, &Previous);
    G.BindBuffer(GlCopyReadBuffer, R->Name);
    G.GetBufferParameteriv(GlCopyReadBuffer, GlBufferSize, &Size);
    unsigned Access = R->Flags == cudaGraphicsMapFlagsReadOnly ? GlMapRead
                      : R->Flags == cudaGraphicsMapFlagsWriteDiscard
                          ? GlMapWrite | GlMapInvalidate
                          : GlMapRead | GlMapWrite;
    R->Pointer = Size > 0 ? G.MapBufferRange(GlCopyReadBuffer, 0, Size, Access)
                          : nullptr;
    G.BindBuffer(GlCopyReadBuffer, unsigned(Previous));
    if (!R->Pointer)
      return cudaErrorMapBufferObjectFailed;
    R->Size = size_t(Size);
    return cudaSuccess;
  }
  cudaChannelFormatDesc Desc = cudaCreateChannelDesc(
      R->Format->Bits[0], R->Format->Bits[1], R->Format->Bits[2],
      R->Format->Bits[3], R->Format->Kind);
  if (cudaError_t Status = cudaMallocMipmappedArray(
          &R->Mipmapped, &Desc,
          cudaExtent{size_t(R->Width), size_t(R->Height), 0}, 1))
    return Status;
  cudaGetMipmappedArrayLevel(&R->Array, R->Mipmapped, 0);
  if (R->Flags == cudaGraphicsMapFlagsWriteDiscard)
    return cudaSuccess; // the texture's contents are not needed
  size_t Row = size_t(R->Width) * ((R->Format->Bits[0] + R->Format->Bits[1] +
                                    R->Format->Bits[2] + R->Format->Bits[3]) /
                                   8);
  std::vector<unsigned char> Texels(Row * R->Height);
  int Previous = 0;
  G.GetIntegerv(GlTextureBinding2D, &Previous);
  G.BindTexture(GlTexture2D, R->Name);
  G.GetTexImage(GlTexture2D, 0, R->Format->Format, R->Format->Type,
                Texels.data());
  G.BindTexture(GlTexture2D, unsigned(Previous));
  return cudaMemcpy2DToArray(R->Array, 0, 0, Texels.data(), Row, Row,
                             R->Height, cudaMemcpyHostToDevice);
}

cudaError_t unmapOne(cudaGraphicsResource *R) {
  const Gl &G = gl();
  cudaError_t Status = cudaSuccess;
  if (!R->Image) {
    int Previous = 0;
    G.GetIntegerv(GlCopyReadBufferBinding, &Previous);
    G.BindBuffer(GlCopyReadBuffer, R->Name);
    if (!G.UnmapBuffer(GlCopyReadBuffer))
      Status = cudaErrorUnmapBufferObjectFailed;
    G.BindBuffer(GlCopyReadBuffer, unsigned(Previous));
    R->Pointer = nullptr;
    R->Size = 0;
  } else {
    if (R->Flags != cudaGraphicsMapFlagsReadOnly) {
      size_t Row =
          size_t(R->Width) * ((R->Format->Bits[0] + R->Format->Bits[1] +
                               R->Format->Bits[2] + R->Format->Bits[3]) /
                              8);
      std::vector<unsigned char> Texels(Row * R->Height);
      Status = cudaMemcpy2DFromArray(Texels.data(), Row, R->Array, 0, 0, Row,
                                     R->Height, cudaMemcpyDeviceToHost);
      int Previous = 0;
      G.GetIntegerv(GlTextureBinding2D, &Previous);
      G.BindTexture(GlTexture2D, R->Name);
      G.TexSubImage2D(GlTexture2D, 0, 0, 0, R->Width, R->Height,
                      R->Format->Format, R->Format->Type, Texels.data());
      G.BindTexture(GlTexture2D, unsigned(Previous));
    }
    if (cudaError_t Freed = cudaFreeMipmappedArray(R->Mipmapped); !Status)
      Status = Freed;
    R->Mipmapped = nullptr;
    R->Array = nullptr;
  }
  R->Mapped = false;
  return Status;
}

bool validRegisterFlags(unsigned Flags) {
  return Flags <= (cudaGraphicsRegisterFlagsReadOnly |
                   cudaGraphicsRegisterFlagsWriteDiscard |
                   cudaGraphicsRegisterFlagsSurfaceLoadStore |
                   cudaGraphicsRegisterFlagsTextureGather) &&
         (Flags & 3) != 3;
}

} // namespace

extern "C" {

cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource **Resource,
                                         GLuint Buffer, unsigned Flags) {
  if (!Resource || !validRegisterFlags(Flags))
    return fail(cudaErrorInvalidValue);
  *Resource = nullptr;
  if (cudaError_t Status = usable())
    return fail(Status);
  if (!gl().IsBuffer(Buffer))
    return fail(cudaErrorInvalidValue);
  auto *R = new cudaGraphicsResource();
  R->Name = Buffer;
  R->Flags = Flags & 3; // read-only and write-discard are map flags too
  return registerResource(Resource, R);
}

cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource **Resource,
                                        GLuint Image, GLenum Target,
                                        unsigned Flags) {
  if (!Resource || !validRegisterFlags(Flags))
    return fail(cudaErrorInvalidValue);
  *Resource = nullptr;
  if (cudaError_t Status = usable())
    return fail(Status);
  const Gl &G = gl();
  if (Target != GlTexture2D) // renderbuffers, 3D, cube maps, arrays
    return fail(cudaErrorNotSupported);
  if (!G.IsTexture(Image))
    return fail(cudaErrorInvalidValue);
  int Previous = 0, Width = 0, Height = 0, Internal = 0;
  G.GetIntegerv(GlTextureBinding2D, &Previous);
  G.BindTexture(GlTexture2D, Image);
  G.GetTexLevelParameteriv(GlTexture2D, 0, GlTextureWidth, &Width);
  G.GetTexLevelParameteriv(GlTexture2D, 0, GlTextureHeight, &Height);
  G.GetTexLevelParameteriv(GlTexture2D, 0, GlTextureInternalFormat, &Internal);
  G.BindTexture(GlTexture2D, unsigned(Previous));
  const TextureFormat *Format = nullptr;
  for (const TextureFormat &F : TextureFormats)
    if (F.Internal == unsigned(Internal))
      Format = &F;
  if (!Format || Width <= 0 || Height <= 0)
    return fail(cudaErrorNotSupported);
  auto *R = new cudaGraphicsResource();
  R->Image = true;
  R->Name = Image;
  R->Flags = Flags & 3;
  R->Width = Width;
  R->Height = Height;
  R->Format = Format;
  return registerResource(Resource, R);
}

} // extern "C"

namespace {

cudaError_t unregisterResource(cudaGraphicsResource_t Resource) {
  if (!live(Resource))
    return cudaErrorInvalidResourceHandle;
  cudaError_t Status = Resource->Mapped ? unmapOne(Resource) : cudaSuccess;
  {
    std::lock_guard<std::mutex> Lock(resourcesMutex());
    resources().erase(Resource);
  }
  delete Resource;
  return Status;
}

cudaError_t setMapFlags(cudaGraphicsResource_t Resource, unsigned Flags) {
  if (!live(Resource))
    return cudaErrorInvalidResourceHandle;
  if (Flags > cudaGraphicsMapFlagsWriteDiscard)
    return cudaErrorInvalidValue;
  if (Resource->Mapped)
    return cudaErrorAlreadyMapped;
  Resource->Flags = Flags;
  return cudaSuccess;
}

// Work queued in Stream before the map sees the GL's data, and the GL sees
// the work queued before the unmap: both wait for the stream.
cudaError_t mapResources(int Count, cudaGraphicsResource_t *Resources,
                         cudaStream_t Stream) {
  if (Count <= 0 || !Resources)
    return cudaErrorInvalidValue;
  for (int I = 0; I < Count; ++I) {
    if (!live(Resources[I]))
      return cudaErrorInvalidResourceHandle;
    if (Resources[I]->Mapped)
      return cudaErrorAlreadyMapped;
  }
  if (cudaError_t Status = usable())
    return Status;
  if (cudaError_t Status = cudaStreamSynchronize(Stream))
    return Status;
  for (int I = 0; I < Count; ++I) {
    if (cudaError_t Status = mapOne(Resources[I])) {
      for (int J = 0; J < I; ++J)
        unmapOne(Resources[J]);
      return Status;
    }
    Resources[I]->Mapped = true;
  }
  return cudaSuccess;
}

cudaError_t unmapResources(int Count, cudaGraphicsResource_t *Resources,
                           cudaStream_t Stream) {
  if (Count <= 0 || !Resources)
    return cudaErrorInvalidValue;
  for (int I = 0; I < Count; ++I) {
    if (!live(Resources[I]))
      return cudaErrorInvalidResourceHandle;
    if (!Resources[I]->Mapped)
      return cudaErrorNotMapped;
  }
  if (cudaError_t Status = cudaStreamSynchronize(Stream))
    return Status;
  cudaError_t Result = cudaSuccess;
  for (int I = 0; I < Count; ++I)
    if (cudaError_t Status = unmapOne(Resources[I]); !Result)
      Result = Status;
  return Result;
}

cudaError_t mappedPointer(void **DevPtr, size_t *Size,
                          cudaGraphicsResource_t R) {
  if (!DevPtr || !Size)
    return cudaErrorInvalidValue;
  if (!live(R))
    return cudaErrorInvalidResourceHandle;
  if (!R->Mapped)
    return cudaErrorNotMapped;
  if (R->Image)
    return cudaErrorNotMappedAsPointer;
  *DevPtr = R->Pointer;
  *Size = R->Size;
  return cudaSuccess;
}

cudaError_t mappedArray(cudaArray **Array, cudaGraphicsResource_t R,
                        unsigned Index, unsigned Level) {
  if (!Array)
    return cudaErrorInvalidValue;
  if (!live(R))
    return cudaErrorInvalidResourceHandle;
  if (!R->Mapped)
    return cudaErrorNotMapped;
  if (!R->Image)
    return cudaErrorNotMappedAsArray;
  if (Index || Level) // one 2D image: no faces, layers or further levels
    return cudaErrorInvalidValue;
  *Array = R->Array;
  return cudaSuccess;
}

cudaError_t mappedMipmappedArray(cudaMipmappedArray_t *Mipmapped,
                                 cudaGraphicsResource_t R) {
  if (!Mipmapped)
    return cudaErrorInvalidValue;
  if (!live(R))
    return cudaErrorInvalidResourceHandle;
  if (!R->Mapped)
    return cudaErrorNotMapped;
  if (!R->Image)
    return cudaErrorNotMappedAsArray;
  *Mipmapped = R->Mipmapped;
  return cudaSuccess;
}

void publishCalls() {
  static bool Published = [] {
    auto &Calls = rubicon::graphs::sharedObject<GraphicsInteropCalls>(
        rubicon::graphs::Slot::GraphicsInterop);
    Calls.Unregister = unregisterResource;
    Calls.SetMapFlags = setMapFlags;
    Calls.Map = mapResources;
    Calls.Unmap = unmapResources;
    Calls.MappedPointer = mappedPointer;
    Calls.MappedArray = mappedArray;
    Calls.MappedMipmappedArray = mappedMipmappedArray;
    return true;
  }();
  (void)Published;
}

cudaError_t reported(cudaError_t Status) {
  return Status ? fail(Status) : cudaSuccess;
}

} // namespace

extern "C" {

cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t Resource) {
  return reported(unregisterResource(Resource));
}

cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t Resource,
                                            unsigned Flags) {
  return reported(setMapFlags(Resource, Flags));
}

cudaError_t cudaGraphicsMapResources(int Count,
                                     cudaGraphicsResource_t *Resources,
                                     cudaStream_t Stream) {
  return reported(mapResources(Count, Resources, Stream));
}

cudaError_t cudaGraphicsUnmapResources(int Count,
                                       cudaGraphicsResource_t *Resources,
                                       cudaStream_t Stream) {
  return reported(unmapResources(Count, Resources, Stream));
}

cudaError_t cudaGraphicsResourceGetMappedPointer(void **DevPtr, size_t *Size,
                                                 cudaGraphicsResource_t R) {
  return reported(mappedPointer(DevPtr, Size, R));
}

cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray **Array,
                                                  cudaGraphicsResource_t R,
                                                  unsigned Index,
                                                  unsigned Level) {
  return reported(mappedArray(Array, R, Index, Level));
}

cudaError_t
cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *Mipmapped,
                                            cudaGraphicsResource_t R) {
  return reported(mappedMipmappedArray(Mipmapped, R));
}

cudaError_t cudaGLGetDevices(unsigned *Count, int *Devices, unsigned Size,
                             cudaGLDeviceList) {
  if (!Count)
    return fail(cudaErrorInvalidValue);
  *Count = 0;
  if (cudaError_t Status = usable())
    return fail(Status);
  // The GL's device is the host backend's only device.
  *Count = 1;
  if (Devices && Size)
    Devices[0] = 0;
  return cudaSuccess;
}

cudaError_t cudaGLSetGLDevice(int Device) { return cudaSetDevice(Device); }
cudaError_t cudaGLRegisterBufferObject(GLuint) {
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLMapBufferObject(void **DevPtr, GLuint) {
  if (DevPtr)
    *DevPtr = nullptr;
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLUnmapBufferObject(GLuint) {
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLUnregisterBufferObject(GLuint) {
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLSetBufferObjectMapFlags(GLuint, unsigned) {
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLMapBufferObjectAsync(void **DevPtr, GLuint, cudaStream_t) {
  if (DevPtr)
    *DevPtr = nullptr;
  return fail(cudaErrorNotSupported);
}
cudaError_t cudaGLUnmapBufferObjectAsync(GLuint, cudaStream_t) {
  return fail(cudaErrorNotSupported);
}

} // extern "C"
