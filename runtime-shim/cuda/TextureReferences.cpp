//===- TextureReferences.cpp - Texture references (driver API) -------------===//
//
// Part of Rubicon. The deprecated cuTexRef* functions. A texture reference
// holds its state (format, address and filter modes, flags, mipmap
// settings, what it is bound to). One found by cuModuleGetTexRef stands for
// a module's texture<T, dim, mode> variable, which Rubicon compiles to a
// 64-bit device variable of that name holding the address of a
// __rubicon_texture_descriptor (as the runtime's references,
// cudart/Textures.cpp): whenever the reference is bound or its state
// changes, the descriptors (arrays/TextureObject.h's describeTexture) are
// written to device memory and their address into the variable, so the
// module's kernels read what is bound. A reference made by cuTexRefCreate
// is state only, as CUDA's was: no kernel reads it.
//
// Surface references do not exist in CUDA 12's language, nor in Rubicon's:
// no module has one (cuModuleGetSurfRef: CUDA_ERROR_NOT_FOUND), so there is
// no CUsurfref to bind.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "arrays/TextureObject.h"

#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <utility>

using namespace rubicon::driver;
using namespace rubicon::arrays;

struct CUtexref_st {
  enum BindingKind { Unbound, ToArray, ToMipmap, ToLinear, ToPitch2D };
  BindingKind Binding = Unbound;
  CUarray Array = nullptr;
  CUmipmappedArray Mipmap = nullptr;
  CUdeviceptr Address = 0;
  size_t Bytes = 0, Width = 0, Height = 0, Pitch = 0;
  CUarray_format Format = CU_AD_FORMAT_FLOAT;
  int Channels = 1;
  CUaddress_mode AddressMode[3] = {CU_TR_ADDRESS_MODE_CLAMP,
                                   CU_TR_ADDRESS_MODE_CLAMP,
                                   CU_TR_ADDRESS_MODE_CLAMP};
  CUfilter_mode Filter = CU_TR_FILTER_MODE_POINT;
  CUfilter_mode MipmapFilter = CU_TR_FILTER_MODE_POINT;
  float Bias = 0, MinClamp = 0, MaxClamp = 0;
  unsigned MaxAnisotropy = 1;
  float Border[4] = {};
  unsigned Flags = 0;
  /// The module's device variable (8 bytes), or null.
  void *Variable = nullptr;
  /// The descriptors in device memory while bound, and their count.
  void *Descriptors = nullptr;
  size_t DescriptorCount = 0;
};

namespace {

std::mutex Mutex;
/// The references of loaded modules, by module and name: one handle each.
std::map<std::pair<CUmodule, std::string>, CUtexref> &moduleReferences() {
  static auto *References = new std::map<std::pair<CUmodule, std::string>,
                                         CUtexref>;
  return *References;
}

void *toPointer(CUdeviceptr Address) {
  return reinterpret_cast<void *>(static_cast<uintptr_t>(Address));
}

/// The runtime's descriptors of what Ref is bound to and how it samples.
CUresult describe(const CUtexref_st &Ref, cudaResourceDesc &Resource,
                  cudaTextureDesc &Texture) {
  std::memset(&Resource, 0, sizeof Resource);
  std::memset(&Texture, 0, sizeof Texture);
  cudaChannelFormatDesc Format{};
  switch (Ref.Binding) {
  case CUtexref_st::ToArray:
    Resource.resType = cudaResourceTypeArray;
    Resource.res.array.array = reinterpret_cast<cudaArray_t>(Ref.Array);
    Format = Resource.res.array.array->Desc;
    break;
  case CUtexref_st::ToMipmap:
    Resource.resType = cudaResourceTypeMipmappedArray;
    Resource.res.mipmap.mipmap =
        reinterpret_cast<cudaMipmappedArray_t>(Ref.Mipmap);
    Format = Resource.res.mipmap.mipmap->Desc;
    break;
  case CUtexref_st::ToLinear:
    Resource.resType = cudaResourceTypeLinear;
    Resource.res.linear.devPtr = toPointer(Ref.Address);
    Resource.res.linear.sizeInBytes = Ref.Bytes;
    if (CUresult Status = channelDesc(Ref.Format, Ref.Channels, Format))
      return Status;
    Resource.res.linear.desc = Format;
    break;
  case CUtexref_st::ToPitch2D:
    Resource.resType = cudaResourceTypePitch2D;
    Resource.res.pitch2D.devPtr = toPointer(Ref.Address);
    Resource.res.pitch2D.width = Ref.Width;
    Resource.res.pitch2D.height = Ref.Height;
    Resource.res.pitch2D.pitchInBytes = Ref.Pitch;
    if (CUresult Status = channelDesc(Ref.Format, Ref.Channels, Format))
      return Status;
    Resource.res.pitch2D.desc = Format;
    break;
  case CUtexref_st::Unbound:
    return CUDA_ERROR_INVALID_VALUE;
  }
  for (int I = 0; I < 3; ++I)
    Texture.addressMode[I] =
        static_cast<cudaTextureAddressMode>(Ref.AddressMode[I]);
  Texture.filterMode = static_cast<cudaTextureFilterMode>(Ref.Filter);
  bool SmallInteger = Format.f != cudaChannelFormatKindFloat &&
                      (Format.x == 8 || Format.x == 16);
  Texture.readMode = SmallInteger && !(Ref.Flags & CU_TRSF_READ_AS_INTEGER)
                         ? cudaReadModeNormalizedFloat
                         : cudaReadModeElementType;
  Texture.normalizedCoords = (Ref.Flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
  Texture.sRGB = (Ref.Flags & CU_TRSF_SRGB) != 0;
  for (int I = 0; I < 4; ++I)
    Texture.borderColor[I] = Ref.Border[I];
  Texture.maxAnisotropy = Ref.MaxAnisotropy;
  Texture.mipmapFilterMode =
      static_cast<cudaTextureFilterMode>(Ref.MipmapFilter);
  Texture.mipmapLevelBias = Ref.Bias;
  Texture.minMipmapLevelClamp = Ref.MinClamp;
  Texture.maxMipmapLevelClamp = Ref.MaxClamp;
  return CUDA_SUCCESS;
}

/// Writes a module reference's descriptors and their address into its
/// variable (nothing for an unbound or created reference).
CUresult publish(CUtexref Ref) {
  if (!Ref->Variable)
    return CUDA_SUCCESS;
  if (Ref->Binding == CUtexref_st::Unbound) {
    if (!Ref->Descriptors)
      return CUDA_SUCCESS;
    return withBackend([&](Backend &B) {
      void *Null = nullptr;
      if (cudaError_t Status = B.memcpy(Ref->Variable, &Null, sizeof Null,
                                        cudaMemcpyHostToDevice))
        return Status;
      cudaError_t Status = B.free(Ref->Descriptors);
      Ref->Descriptors = nullptr;
      Ref->DescriptorCount = 0;
      return Status;
    });
  }
  cudaResourceDesc Resource;
  cudaTextureDesc Texture;
  if (CUresult Status = describe(*Ref, Resource, Texture))
    return Status;
  return withBackend([&](Backend &B) {
    std::vector<__rubicon_texture_descriptor> Levels;
    if (cudaError_t Status = describeTexture(Resource, Texture, Levels))
      return Status;
    if (Ref->DescriptorCount != Levels.size()) {
      if (Ref->Descriptors)
        B.free(Ref->Descriptors);
      Ref->Descriptors = nullptr;
      Ref->DescriptorCount = 0;
      if (cudaError_t Status = B.malloc(&Ref->Descriptors,
                                        Levels.size() * sizeof(Levels[0])))
        return Status;
      Ref->DescriptorCount = Levels.size();
    }
    if (cudaError_t Status =
            B.memcpy(Ref->Descriptors, Levels.data(),
                     Levels.size() * sizeof(Levels[0]), cudaMemcpyHostToDevice))
      return Status;
    return B.memcpy(Ref->Variable, &Ref->Descriptors, sizeof(void *),
                    cudaMemcpyHostToDevice);
  });
}

/// Runs Change on a reference under the lock, then publishes it.
template <class ChangeT> CUresult change(CUtexref Ref, ChangeT &&Change) {
  if (!Ref)
    return CUDA_ERROR_INVALID_HANDLE;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (CUresult Status = Change(*Ref))
    return Status;
  return publish(Ref);
}

template <class ReadT> CUresult read(CUtexref Ref, ReadT &&Read) {
  if (!Ref)
    return CUDA_ERROR_INVALID_HANDLE;
  std::lock_guard<std::mutex> Lock(Mutex);
  return Read(*Ref);
}

bool validMode(int Mode) { return Mode >= 0 && Mode <= 3; }

} // namespace

extern "C" {

CUresult cuTexRefCreate(CUtexref *Ref) {
  if (!Ref)
    return CUDA_ERROR_INVALID_VALUE;
  *Ref = new CUtexref_st;
  return CUDA_SUCCESS;
}

CUresult cuTexRefDestroy(CUtexref Ref) {
  if (!Ref)
    return CUDA_ERROR_INVALID_HANDLE;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Ref->Variable) // a module's reference lives as long as the module
    return CUDA_ERROR_INVALID_HANDLE;
  delete Ref;
  return CUDA_SUCCESS;
}

CUresult cuTexRefSetArray(CUtexref Ref, CUarray Array, unsigned int Flags) {
  if (Flags != CU_TRSA_OVERRIDE_FORMAT)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Array)
    return CUDA_ERROR_INVALID_HANDLE;
  return change(Ref, [&](CUtexref_st &R) {
    R.Binding = CUtexref_st::ToArray;
    R.Array = Array;
    R.Mipmap = nullptr;
    R.Address = 0;
    // The array's format replaces the reference's.
    unsigned Channels = 0;
    driverFormat(reinterpret_cast<cudaArray_t>(Array)->Desc, R.Format,
                 Channels);
    R.Channels = static_cast<int>(Channels);
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetMipmappedArray(CUtexref Ref, CUmipmappedArray Mipmap,
                                   unsigned int Flags) {
  if (Flags != CU_TRSA_OVERRIDE_FORMAT)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Mipmap)
    return CUDA_ERROR_INVALID_HANDLE;
  return change(Ref, [&](CUtexref_st &R) {
    R.Binding = CUtexref_st::ToMipmap;
    R.Mipmap = Mipmap;
    R.Array = nullptr;
    R.Address = 0;
    unsigned Channels = 0;
    driverFormat(reinterpret_cast<cudaMipmappedArray_t>(Mipmap)->Desc,
                 R.Format, Channels);
    R.Channels = static_cast<int>(Channels);
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetAddress(size_t *ByteOffset, CUtexref Ref, CUdeviceptr Ptr,
                            size_t Bytes) {
  return change(Ref, [&](CUtexref_st &R) {
    if (!Ptr) { // unbinds
      R.Binding = CUtexref_st::Unbound;
      return CUDA_SUCCESS;
    }
    R.Binding = CUtexref_st::ToLinear;
    R.Address = Ptr;
    R.Bytes = Bytes;
    R.Array = nullptr;
    R.Mipmap = nullptr;
    if (ByteOffset)
      *ByteOffset = 0; // any alignment works: texels are read by software
    return CUDA_SUCCESS;
  });
}
CUresult cuTexRefSetAddress_v2(size_t *ByteOffset, CUtexref Ref,
                               CUdeviceptr Ptr, size_t Bytes) {
  return cuTexRefSetAddress(ByteOffset, Ref, Ptr, Bytes);
}

CUresult cuTexRefSetAddress2D(CUtexref Ref, const CUDA_ARRAY_DESCRIPTOR *Desc,
                              CUdeviceptr Ptr, size_t Pitch) {
  if (!Desc || !Ptr)
    return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc Format;
  if (CUresult Status = channelDesc(Desc->Format, Desc->NumChannels, Format))
    return Status;
  if (Pitch < Desc->Width * texelSize(Format))
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    R.Binding = CUtexref_st::ToPitch2D;
    R.Address = Ptr;
    R.Width = Desc->Width;
    R.Height = Desc->Height;
    R.Pitch = Pitch;
    R.Format = Desc->Format;
    R.Channels = static_cast<int>(Desc->NumChannels);
    R.Array = nullptr;
    R.Mipmap = nullptr;
    return CUDA_SUCCESS;
  });
}
CUresult cuTexRefSetAddress2D_v2(CUtexref Ref,
                                 const CUDA_ARRAY_DESCRIPTOR *Desc,
                                 CUdeviceptr Ptr, size_t Pitch) {
  return cuTexRefSetAddress2D(Ref, Desc, Ptr, Pitch);
}
CUresult cuTexRefSetAddress2D_v3(CUtexref Ref,
                                 const CUDA_ARRAY_DESCRIPTOR *Desc,
                                 CUdeviceptr Ptr, size_t Pitch) {
  return cuTexRefSetAddress2D(Ref, Desc, Ptr, Pitch);
}

CUresult cuTexRefSetFormat(CUtexref Ref, CUarray_format Format,
                           int Components) {
  cudaChannelFormatDesc Desc;
  if (Components < 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (CUresult Status = channelDesc(Format, unsigned(Components), Desc))
    return Status;
  return change(Ref, [&](CUtexref_st &R) {
    R.Format = Format;
    R.Channels = Components;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetAddressMode(CUtexref Ref, int Dim, CUaddress_mode Mode) {
  if (Dim < 0 || Dim > 2 || !validMode(Mode))
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    R.AddressMode[Dim] = Mode;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetFilterMode(CUtexref Ref, CUfilter_mode Mode) {
  if (Mode != CU_TR_FILTER_MODE_POINT && Mode != CU_TR_FILTER_MODE_LINEAR)
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    R.Filter = Mode;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetMipmapFilterMode(CUtexref Ref, CUfilter_mode Mode) {
  if (Mode != CU_TR_FILTER_MODE_POINT && Mode != CU_TR_FILTER_MODE_LINEAR)
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    R.MipmapFilter = Mode;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetMipmapLevelBias(CUtexref Ref, float Bias) {
  return change(Ref, [&](CUtexref_st &R) {
    R.Bias = Bias;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetMipmapLevelClamp(CUtexref Ref, float Min, float Max) {
  return change(Ref, [&](CUtexref_st &R) {
    R.MinClamp = Min;
    R.MaxClamp = Max;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetMaxAnisotropy(CUtexref Ref, unsigned int MaxAnisotropy) {
  return change(Ref, [&](CUtexref_st &R) {
    R.MaxAnisotropy = MaxAnisotropy;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetBorderColor(CUtexref Ref, float *Color) {
  if (!Color)
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    std::memcpy(R.Border, Color, sizeof R.Border);
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefSetFlags(CUtexref Ref, unsigned int Flags) {
  constexpr unsigned Known = CU_TRSF_READ_AS_INTEGER |
                             CU_TRSF_NORMALIZED_COORDINATES | CU_TRSF_SRGB |
                             CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION |
                             CU_TRSF_SEAMLESS_CUBEMAP;
  if (Flags & ~Known)
    return CUDA_ERROR_INVALID_VALUE;
  return change(Ref, [&](CUtexref_st &R) {
    R.Flags = Flags;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetAddress(CUdeviceptr *Ptr, CUtexref Ref) {
  if (!Ptr)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    if (R.Binding != CUtexref_st::ToLinear &&
        R.Binding != CUtexref_st::ToPitch2D)
      return CUDA_ERROR_INVALID_VALUE;
    *Ptr = R.Address;
    return CUDA_SUCCESS;
  });
}
CUresult cuTexRefGetAddress_v2(CUdeviceptr *Ptr, CUtexref Ref) {
  return cuTexRefGetAddress(Ptr, Ref);
}

CUresult cuTexRefGetArray(CUarray *Array, CUtexref Ref) {
  if (!Array)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    if (R.Binding != CUtexref_st::ToArray)
      return CUDA_ERROR_INVALID_VALUE;
    *Array = R.Array;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetMipmappedArray(CUmipmappedArray *Mipmap, CUtexref Ref) {
  if (!Mipmap)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    if (R.Binding != CUtexref_st::ToMipmap)
      return CUDA_ERROR_INVALID_VALUE;
    *Mipmap = R.Mipmap;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetAddressMode(CUaddress_mode *Mode, CUtexref Ref, int Dim) {
  if (!Mode || Dim < 0 || Dim > 2)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Mode = R.AddressMode[Dim];
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetFilterMode(CUfilter_mode *Mode, CUtexref Ref) {
  if (!Mode)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Mode = R.Filter;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetFormat(CUarray_format *Format, int *Channels,
                           CUtexref Ref) {
  if (!Format || !Channels)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Format = R.Format;
    *Channels = R.Channels;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetMipmapFilterMode(CUfilter_mode *Mode, CUtexref Ref) {
  if (!Mode)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Mode = R.MipmapFilter;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetMipmapLevelBias(float *Bias, CUtexref Ref) {
  if (!Bias)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Bias = R.Bias;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetMipmapLevelClamp(float *Min, float *Max, CUtexref Ref) {
  if (!Min || !Max)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Min = R.MinClamp;
    *Max = R.MaxClamp;
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetMaxAnisotropy(int *MaxAnisotropy, CUtexref Ref) {
  if (!MaxAnisotropy)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *MaxAnisotropy = static_cast<int>(R.MaxAnisotropy);
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetBorderColor(float *Color, CUtexref Ref) {
  if (!Color)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    std::memcpy(Color, R.Border, sizeof R.Border);
    return CUDA_SUCCESS;
  });
}

CUresult cuTexRefGetFlags(unsigned int *Flags, CUtexref Ref) {
  if (!Flags)
    return CUDA_ERROR_INVALID_VALUE;
  return read(Ref, [&](CUtexref_st &R) {
    *Flags = R.Flags;
    return CUDA_SUCCESS;
  });
}

CUresult cuModuleGetTexRef(CUtexref *Ref, CUmodule Module, const char *Name) {
  if (!Ref || !Name)
    return CUDA_ERROR_INVALID_VALUE;
  // The reference is the module's 64-bit variable of that name.
  CUdeviceptr Variable = 0;
  size_t Size = 0;
  if (CUresult Status = cuModuleGetGlobal(&Variable, &Size, Module, Name))
    return Status;
  if (Size != sizeof(void *))
    return CUDA_ERROR_NOT_FOUND;
  std::lock_guard<std::mutex> Lock(Mutex);
  CUtexref &Found = moduleReferences()[{Module, Name}];
  if (!Found || Found->Variable != toPointer(Variable)) {
    Found = new CUtexref_st; // a reloaded module's variable is a new one
    Found->Variable = toPointer(Variable);
  }
  *Ref = Found;
  return CUDA_SUCCESS;
}

CUresult cuParamSetTexRef(CUfunction Function, int TexUnit, CUtexref Ref) {
  // A kernel reads its module's references by name: nothing to pass.
  if (TexUnit != CU_PARAM_TR_DEFAULT)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Function || !Ref || !backendFunction(Function))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

CUresult cuModuleGetSurfRef(CUsurfref *Ref, CUmodule Module, const char *Name) {
  if (!Ref || !Name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Module)
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_ERROR_NOT_FOUND; // no module has a surface reference
}

CUresult cuSurfRefSetArray(CUsurfref Ref, CUarray, unsigned int) {
  (void)Ref; // no CUsurfref exists (cuModuleGetSurfRef finds none)
  return CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuSurfRefGetArray(CUarray *, CUsurfref Ref) {
  (void)Ref;
  return CUDA_ERROR_INVALID_HANDLE;
}

} // extern "C"
