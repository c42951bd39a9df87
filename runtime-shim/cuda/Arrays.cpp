//===- Arrays.cpp - CUDA arrays in the driver API -------------------------===//
//
// Part of Rubicon. cuArray*, cuMipmappedArray*, cuMemcpy3D, the copies with
// an array at one end (cuMemcpyHtoA, cuMemcpyAtoD, ...) and 2D fills
// (cuMemsetD2D8/16/32), over runtime-shim/arrays, which the runtime API's
// cudaMallocArray & co. use too: a CUarray is a cudaArray_t and a
// CUmipmappedArray a cudaMipmappedArray_t, valid in both APIs. An array's
// format (CUarray_format x channels) is kept as the runtime's
// cudaChannelFormatDesc.
//
//===----------------------------------------------------------------------===//

#include "cuda.h"

#include "DriverInternal.h"
#include "arrays/Array.h"
#include "arrays/Copy.h"

#include <cstdint>
#include <cstring>
#include <vector>

using namespace rubicon::driver;
using namespace rubicon::arrays;

namespace {

cudaArray *toArray(CUarray Array) { return reinterpret_cast<cudaArray *>(Array); }
CUarray toHandle(cudaArray *Array) { return reinterpret_cast<CUarray>(Array); }
cudaMipmappedArray *toMipmap(CUmipmappedArray Mipmap) {
  return reinterpret_cast<cudaMipmappedArray *>(Mipmap);
}
char *toPointer(CUdeviceptr Address) {
  return reinterpret_cast<char *>(static_cast<uintptr_t>(Address));
}

CUresult create(CUarray *Handle, size_t Width, size_t Height, size_t Depth,
                CUarray_format Format, unsigned Channels, unsigned Flags) {
  if (!Handle)
    return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc Desc;
  if (CUresult Status = channelDesc(Format, Channels, Desc))
    return Status;
  return withBackend([&](Backend &B) {
    cudaArray *Array = nullptr;
    cudaError_t Status =
        createArray(B, Desc, cudaExtent{Width, Height, Depth}, Flags, Array);
    if (Status == cudaSuccess)
      *Handle = toHandle(Array);
    return Status;
  });
}

CUresult checkDevice(CUdevice Device) {
  return withBackend([&](Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    return Device >= 0 && Device < Count ? cudaSuccess
                                         : cudaErrorInvalidDevice;
  });
}

cudaMemcpyKind kindOf(CUmemorytype Src, CUmemorytype Dst) {
  if (Src == CU_MEMORYTYPE_UNIFIED || Dst == CU_MEMORYTYPE_UNIFIED)
    return cudaMemcpyDefault;
  bool HostSrc = Src == CU_MEMORYTYPE_HOST, HostDst = Dst == CU_MEMORYTYPE_HOST;
  return HostSrc ? (HostDst ? cudaMemcpyHostToHost : cudaMemcpyHostToDevice)
                 : (HostDst ? cudaMemcpyDeviceToHost
                            : cudaMemcpyDeviceToDevice);
}

/// One end of a CUDA_MEMCPY3D.
CUresult regionEnd(CUmemorytype Type, const void *Host, CUdeviceptr Device,
                   CUarray Array, size_t Pitch, size_t Rows, size_t X,
                   size_t Y, size_t Z, size_t Lod, RegionEnd &End) {
  End.X = X;
  End.Y = Y;
  End.Z = Z;
  switch (Type) {
  case CU_MEMORYTYPE_HOST:
    End.Ptr = static_cast<char *>(const_cast<void *>(Host));
    break;
  case CU_MEMORYTYPE_DEVICE:
  case CU_MEMORYTYPE_UNIFIED:
    End.Ptr = toPointer(Device);
    break;
  case CU_MEMORYTYPE_ARRAY:
    if (!Array)
      return CUDA_ERROR_INVALID_HANDLE;
    if (Lod != 0) // a level is its own CUarray (cuMipmappedArrayGetLevel)
      return CUDA_ERROR_INVALID_VALUE;
    End.Array = toArray(Array);
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  if (!End.Ptr)
    return CUDA_ERROR_INVALID_VALUE;
  End.Pitch = Pitch;
  End.Rows = Rows;
  return CUDA_SUCCESS;
}

CUresult linear(const LinearEnd &Src, const LinearEnd &Dst, size_t Count,
                const CUstream *Stream) {
  return withBackend([&](Backend &B) {
    if ((!Src.Array && !Src.Ptr) || (!Dst.Array && !Dst.Ptr))
      return cudaErrorInvalidValue;
    return copyLinear(B, Src, Dst, Count, cudaMemcpyDefault,
                      Stream ? toStream(*Stream) : nullptr, Stream != nullptr);
  });
}

LinearEnd arrayAt(CUarray Array, size_t Offset) {
  LinearEnd End;
  End.Array = toArray(Array);
  End.Offset = Offset;
  return End;
}
LinearEnd memoryAt(const void *Ptr) {
  LinearEnd End;
  End.Ptr = static_cast<char *>(const_cast<void *>(Ptr));
  return End;
}

CUresult fill2D(CUdeviceptr Dst, size_t Pitch, unsigned Value,
                unsigned ElementSize, size_t Width, size_t Height,
                const CUstream *Stream) {
  return withBackend([&](Backend &B) {
    return rubicon::arrays::fill2D(B, toPointer(Dst), Pitch, Value,
                                   ElementSize, Width, Height,
                                   Stream ? toStream(*Stream) : nullptr,
                                   Stream != nullptr);
  });
}

} // namespace

namespace rubicon::driver {

/// A driver format and channel count as the runtime's channel descriptor.
CUresult channelDesc(CUarray_format Format, unsigned Channels,
                     cudaChannelFormatDesc &Desc) {
  if (Channels != 1 && Channels != 2 && Channels != 4)
    return CUDA_ERROR_INVALID_VALUE;
  int Bits = 0;
  cudaChannelFormatKind Kind = cudaChannelFormatKindNone;
  switch (Format) {
  case CU_AD_FORMAT_UNSIGNED_INT8:
    Bits = 8, Kind = cudaChannelFormatKindUnsigned;
    break;
  case CU_AD_FORMAT_UNSIGNED_INT16:
    Bits = 16, Kind = cudaChannelFormatKindUnsigned;
    break;
  case CU_AD_FORMAT_UNSIGNED_INT32:
    Bits = 32, Kind = cudaChannelFormatKindUnsigned;
    break;
  case CU_AD_FORMAT_SIGNED_INT8:
    Bits = 8, Kind = cudaChannelFormatKindSigned;
    break;
  case CU_AD_FORMAT_SIGNED_INT16:
    Bits = 16, Kind = cudaChannelFormatKindSigned;
    break;
  case CU_AD_FORMAT_SIGNED_INT32:
    Bits = 32, Kind = cudaChannelFormatKindSigned;
    break;
  case CU_AD_FORMAT_HALF:
    Bits = 16, Kind = cudaChannelFormatKindFloat;
    break;
  case CU_AD_FORMAT_FLOAT:
    Bits = 32, Kind = cudaChannelFormatKindFloat;
    break;
  case CU_AD_FORMAT_NV12:
  case CU_AD_FORMAT_UNORM_INT8X1:
  case CU_AD_FORMAT_UNORM_INT8X2:
  case CU_AD_FORMAT_UNORM_INT8X4:
  case CU_AD_FORMAT_UNORM_INT16X1:
  case CU_AD_FORMAT_UNORM_INT16X2:
  case CU_AD_FORMAT_UNORM_INT16X4:
  case CU_AD_FORMAT_SNORM_INT8X1:
  case CU_AD_FORMAT_SNORM_INT8X2:
  case CU_AD_FORMAT_SNORM_INT8X4:
  case CU_AD_FORMAT_SNORM_INT16X1:
  case CU_AD_FORMAT_SNORM_INT16X2:
  case CU_AD_FORMAT_SNORM_INT16X4:
    return CUDA_ERROR_NOT_SUPPORTED; // planar and normalized-integer formats
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
  Desc = {Bits, Channels > 1 ? Bits : 0, Channels > 2 ? Bits : 0,
          Channels > 2 ? Bits : 0, Kind};
  return CUDA_SUCCESS;
}

/// The runtime's channel descriptor as a driver format and channel count.
void driverFormat(const cudaChannelFormatDesc &Desc, CUarray_format &Format,
                  unsigned &Channels) {
  Channels = (Desc.x > 0) + (Desc.y > 0) + (Desc.z > 0) + (Desc.w > 0);
  bool Signed = Desc.f == cudaChannelFormatKindSigned;
  switch (Desc.f == cudaChannelFormatKindFloat ? -Desc.x : Desc.x) {
  case 8:
    Format = Signed ? CU_AD_FORMAT_SIGNED_INT8 : CU_AD_FORMAT_UNSIGNED_INT8;
    break;
  case 16:
    Format = Signed ? CU_AD_FORMAT_SIGNED_INT16 : CU_AD_FORMAT_UNSIGNED_INT16;
    break;
  case -16:
    Format = CU_AD_FORMAT_HALF;
    break;
  case -32:
    Format = CU_AD_FORMAT_FLOAT;
    break;
  default:
    Format = Signed ? CU_AD_FORMAT_SIGNED_INT32 : CU_AD_FORMAT_UNSIGNED_INT32;
    break;
  }
}


CUresult copy3D(const CUDA_MEMCPY3D *C, const CUstream *Stream) {
  cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  if (!C)
    return CUDA_ERROR_INVALID_VALUE;
  RegionEnd Src, Dst;
  if (CUresult Status = regionEnd(C->srcMemoryType, C->srcHost, C->srcDevice,
                                  C->srcArray, C->srcPitch, C->srcHeight,
                                  C->srcXInBytes, C->srcY, C->srcZ, C->srcLOD,
                                  Src))
    return Status;
  if (CUresult Status = regionEnd(C->dstMemoryType, C->dstHost, C->dstDevice,
                                  C->dstArray, C->dstPitch, C->dstHeight,
                                  C->dstXInBytes, C->dstY, C->dstZ, C->dstLOD,
                                  Dst))
    return Status;
  // One row needs no pitch: CUDA accepts 0 for it.
  if (C->Height <= 1 && C->Depth <= 1)
    for (RegionEnd *End : {&Src, &Dst})
      if (!End->Array && End->Pitch < End->X + C->WidthInBytes)
        End->Pitch = End->X + C->WidthInBytes;
  cudaMemcpyKind Kind = kindOf(C->srcMemoryType, C->dstMemoryType);
  return toDriverResult(copyRegion(*B, Src, Dst, C->WidthInBytes, C->Height,
                                   C->Depth, Kind,
                                   Stream ? toStream(*Stream) : nullptr,
                                   Stream != nullptr));
}

} // namespace rubicon::driver

extern "C" {

CUresult cuArrayCreate(CUarray *Handle, const CUDA_ARRAY_DESCRIPTOR *Desc) {
  if (!Desc)
    return CUDA_ERROR_INVALID_VALUE;
  return create(Handle, Desc->Width, Desc->Height, 0, Desc->Format,
                Desc->NumChannels, 0);
}
CUresult cuArrayCreate_v2(CUarray *Handle, const CUDA_ARRAY_DESCRIPTOR *Desc) {
  return cuArrayCreate(Handle, Desc);
}

CUresult cuArray3DCreate(CUarray *Handle, const CUDA_ARRAY3D_DESCRIPTOR *Desc) {
  if (!Desc)
    return CUDA_ERROR_INVALID_VALUE;
  return create(Handle, Desc->Width, Desc->Height, Desc->Depth, Desc->Format,
                Desc->NumChannels, Desc->Flags);
}
CUresult cuArray3DCreate_v2(CUarray *Handle,
                            const CUDA_ARRAY3D_DESCRIPTOR *Desc) {
  return cuArray3DCreate(Handle, Desc);
}

CUresult cuArrayDestroy(CUarray Array) {
  if (!Array)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend([&](Backend &B) { return destroyArray(B, toArray(Array)); });
}

CUresult cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *Desc, CUarray Handle) {
  if (!Desc)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Handle)
    return CUDA_ERROR_INVALID_HANDLE;
  const cudaArray &A = *toArray(Handle);
  Desc->Width = A.Width;
  Desc->Height = A.Height;
  Desc->Depth = A.Depth;
  Desc->Flags = A.Flags;
  driverFormat(A.Desc, Desc->Format, Desc->NumChannels);
  return CUDA_SUCCESS;
}
CUresult cuArray3DGetDescriptor_v2(CUDA_ARRAY3D_DESCRIPTOR *Desc,
                                   CUarray Handle) {
  return cuArray3DGetDescriptor(Desc, Handle);
}

CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *Desc, CUarray Handle) {
  if (!Desc)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Handle)
    return CUDA_ERROR_INVALID_HANDLE;
  const cudaArray &A = *toArray(Handle);
  // The 2D descriptor describes 1D and 2D arrays only.
  if (A.Depth)
    return CUDA_ERROR_INVALID_VALUE;
  Desc->Width = A.Width;
  Desc->Height = A.Height;
  driverFormat(A.Desc, Desc->Format, Desc->NumChannels);
  return CUDA_SUCCESS;
}
CUresult cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *Desc, CUarray Handle) {
  return cuArrayGetDescriptor(Desc, Handle);
}

CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *Out,
                                      CUarray Array, CUdevice Device) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Array)
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult Status = checkDevice(Device))
    return Status;
  std::memset(Out, 0, sizeof *Out);
  memoryRequirements(*toArray(Array), Out->size, Out->alignment);
  return CUDA_SUCCESS;
}

CUresult cuArrayGetPlane(CUarray *Plane, CUarray Array, unsigned PlaneIdx) {
  // Rubicon's arrays have one plane (NV12 is refused at creation).
  if (!Plane || PlaneIdx != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Array)
    return CUDA_ERROR_INVALID_HANDLE;
  *Plane = Array;
  return CUDA_SUCCESS;
}

CUresult cuArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *Properties,
                                    CUarray Array) {
  // CUDA's answer for an array made without CUDA_ARRAY3D_SPARSE, which is
  // every array Rubicon makes.
  if (!Array)
    return CUDA_ERROR_INVALID_HANDLE;
  (void)Properties;
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMipmappedArrayCreate(CUmipmappedArray *Handle,
                                const CUDA_ARRAY3D_DESCRIPTOR *Desc,
                                unsigned int Levels) {
  if (!Handle || !Desc)
    return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc Format;
  if (CUresult Status = channelDesc(Desc->Format, Desc->NumChannels, Format))
    return Status;
  return withBackend([&](Backend &B) {
    cudaMipmappedArray *M = nullptr;
    cudaError_t Status = createMipmappedArray(
        B, Format, cudaExtent{Desc->Width, Desc->Height, Desc->Depth}, Levels,
        Desc->Flags, M);
    if (Status == cudaSuccess)
      *Handle = reinterpret_cast<CUmipmappedArray>(M);
    return Status;
  });
}

CUresult cuMipmappedArrayDestroy(CUmipmappedArray Mipmap) {
  if (!Mipmap)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend(
      [&](Backend &B) { return destroyMipmappedArray(B, toMipmap(Mipmap)); });
}

CUresult cuMipmappedArrayGetLevel(CUarray *Level, CUmipmappedArray Mipmap,
                                  unsigned int Index) {
  if (!Level)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Mipmap)
    return CUDA_ERROR_INVALID_HANDLE;
  const cudaMipmappedArray &M = *toMipmap(Mipmap);
  if (Index >= M.Levels.size())
    return CUDA_ERROR_INVALID_VALUE;
  *Level = toHandle(M.Levels[Index]);
  return CUDA_SUCCESS;
}

CUresult cuMipmappedArrayGetMemoryRequirements(
    CUDA_ARRAY_MEMORY_REQUIREMENTS *Out, CUmipmappedArray Mipmap,
    CUdevice Device) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Mipmap)
    return CUDA_ERROR_INVALID_HANDLE;
  if (CUresult Status = checkDevice(Device))
    return Status;
  std::memset(Out, 0, sizeof *Out);
  memoryRequirements(*toMipmap(Mipmap), Out->size, Out->alignment);
  return CUDA_SUCCESS;
}

CUresult
cuMipmappedArrayGetSparseProperties(CUDA_ARRAY_SPARSE_PROPERTIES *Properties,
                                    CUmipmappedArray Mipmap) {
  if (!Mipmap)
    return CUDA_ERROR_INVALID_HANDLE;
  (void)Properties;
  return CUDA_ERROR_INVALID_VALUE;
}

// Copies with arrays.
CUresult cuMemcpyHtoA(CUarray Dst, size_t DstOffset, const void *Src,
                      size_t Bytes) {
  return linear(memoryAt(Src), arrayAt(Dst, DstOffset), Bytes, nullptr);
}
CUresult cuMemcpyHtoA_v2(CUarray Dst, size_t DstOffset, const void *Src,
                         size_t Bytes) {
  return cuMemcpyHtoA(Dst, DstOffset, Src, Bytes);
}
CUresult cuMemcpyAtoH(void *Dst, CUarray Src, size_t SrcOffset, size_t Bytes) {
  return linear(arrayAt(Src, SrcOffset), memoryAt(Dst), Bytes, nullptr);
}
CUresult cuMemcpyAtoH_v2(void *Dst, CUarray Src, size_t SrcOffset,
                         size_t Bytes) {
  return cuMemcpyAtoH(Dst, Src, SrcOffset, Bytes);
}
CUresult cuMemcpyHtoAAsync(CUarray Dst, size_t DstOffset, const void *Src,
                           size_t Bytes, CUstream Stream) {
  return linear(memoryAt(Src), arrayAt(Dst, DstOffset), Bytes, &Stream);
}
CUresult cuMemcpyHtoAAsync_v2(CUarray Dst, size_t DstOffset, const void *Src,
                              size_t Bytes, CUstream Stream) {
  return cuMemcpyHtoAAsync(Dst, DstOffset, Src, Bytes, Stream);
}
CUresult cuMemcpyAtoHAsync(void *Dst, CUarray Src, size_t SrcOffset,
                           size_t Bytes, CUstream Stream) {
  return linear(arrayAt(Src, SrcOffset), memoryAt(Dst), Bytes, &Stream);
}
CUresult cuMemcpyAtoHAsync_v2(void *Dst, CUarray Src, size_t SrcOffset,
                              size_t Bytes, CUstream Stream) {
  return cuMemcpyAtoHAsync(Dst, Src, SrcOffset, Bytes, Stream);
}
CUresult cuMemcpyDtoA(CUarray Dst, size_t DstOffset, CUdeviceptr Src,
                      size_t Bytes) {
  return linear(memoryAt(toPointer(Src)), arrayAt(Dst, DstOffset), Bytes,
                nullptr);
}
CUresult cuMemcpyDtoA_v2(CUarray Dst, size_t DstOffset, CUdeviceptr Src,
                         size_t Bytes) {
  return cuMemcpyDtoA(Dst, DstOffset, Src, Bytes);
}
CUresult cuMemcpyAtoD(CUdeviceptr Dst, CUarray Src, size_t SrcOffset,
                      size_t Bytes) {
  return linear(arrayAt(Src, SrcOffset), memoryAt(toPointer(Dst)), Bytes,
                nullptr);
}
CUresult cuMemcpyAtoD_v2(CUdeviceptr Dst, CUarray Src, size_t SrcOffset,
                         size_t Bytes) {
  return cuMemcpyAtoD(Dst, Src, SrcOffset, Bytes);
}
CUresult cuMemcpyAtoA(CUarray Dst, size_t DstOffset, CUarray Src,
                      size_t SrcOffset, size_t Bytes) {
  if (!Dst || !Src)
    return CUDA_ERROR_INVALID_HANDLE;
  return linear(arrayAt(Src, SrcOffset), arrayAt(Dst, DstOffset), Bytes,
                nullptr);
}
CUresult cuMemcpyAtoA_v2(CUarray Dst, size_t DstOffset, CUarray Src,
                         size_t SrcOffset, size_t Bytes) {
  return cuMemcpyAtoA(Dst, DstOffset, Src, SrcOffset, Bytes);
}
CUresult cuMemcpy3D(const CUDA_MEMCPY3D *Copy) { return copy3D(Copy, nullptr); }
CUresult cuMemcpy3D_v2(const CUDA_MEMCPY3D *Copy) { return cuMemcpy3D(Copy); }
CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *Copy, CUstream Stream) {
  return copy3D(Copy, &Stream);
}
CUresult cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *Copy, CUstream Stream) {
  return cuMemcpy3DAsync(Copy, Stream);
}

// Batches of 3D copies: each as cuMemcpy3DAsync's, in order on the stream
// (CUDA lets a batch's copies run in any order); DuringApiCall sources are
// read before the call returns. FailIndex (CUDA 12.8's form) names the copy
// that failed, SIZE_MAX when the batch itself was invalid.
static CUresult memcpy3DBatch(size_t Count, CUDA_MEMCPY3D_BATCH_OP *Ops,
                              size_t *FailIndex, unsigned long long Flags,
                              CUstream Stream) {
  if (FailIndex)
    *FailIndex = SIZE_MAX;
  if (!Count || !Ops || Flags || !Stream)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<CUDA_MEMCPY3D> Copies(Count);
  for (size_t I = 0; I < Count; ++I) {
    const CUDA_MEMCPY3D_BATCH_OP &Op = Ops[I];
    const CUextent3D &E = Op.extent;
    if (!E.width || !E.height || !E.depth ||
        Op.srcAccessOrder == CU_MEMCPY_SRC_ACCESS_ORDER_INVALID ||
        Op.srcAccessOrder > CU_MEMCPY_SRC_ACCESS_ORDER_ANY ||
        Op.flags > CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE)
      return CUDA_ERROR_INVALID_VALUE;
    size_t Texel = 1; // an array end's element size, else one byte
    for (const CUmemcpy3DOperand *End : {&Op.src, &Op.dst})
      if (End->type == CU_MEMCPY_OPERAND_TYPE_ARRAY && End->op.array.array)
        Texel = texelSize(toArray(End->op.array.array)->Desc);
    if (!Texel)
      return CUDA_ERROR_INVALID_VALUE;
    CUDA_MEMCPY3D &C = Copies[I];
    std::memset(&C, 0, sizeof C);
    C.WidthInBytes = E.width * Texel;
    C.Height = E.height;
    C.Depth = E.depth;
    auto End = [&](const CUmemcpy3DOperand &Operand, CUmemorytype &Type,
                   CUdeviceptr &Device, CUarray &Array, size_t &Pitch,
                   size_t &Rows, size_t &X, size_t &Y, size_t &Z) {
      if (Operand.type == CU_MEMCPY_OPERAND_TYPE_ARRAY) {
        Type = CU_MEMORYTYPE_ARRAY;
        Array = Operand.op.array.array;
        X = Operand.op.array.offset.x * Texel;
        Y = Operand.op.array.offset.y;
        Z = Operand.op.array.offset.z;
        return Array != nullptr;
      }
      const auto &P = Operand.op.ptr;
      if (Operand.type != CU_MEMCPY_OPERAND_TYPE_POINTER || !P.ptr ||
          (P.rowLength && P.rowLength < E.width) ||
          (P.layerHeight && P.layerHeight < E.height))
        return false;
      Type = CU_MEMORYTYPE_UNIFIED;
      Device = P.ptr;
      Pitch = (P.rowLength ? P.rowLength : E.width) * Texel;
      Rows = P.layerHeight ? P.layerHeight : E.height;
      return true;
    };
    if (!End(Op.src, C.srcMemoryType, C.srcDevice, C.srcArray, C.srcPitch,
             C.srcHeight, C.srcXInBytes, C.srcY, C.srcZ) ||
        !End(Op.dst, C.dstMemoryType, C.dstDevice, C.dstArray, C.dstPitch,
             C.dstHeight, C.dstXInBytes, C.dstY, C.dstZ))
      return CUDA_ERROR_INVALID_VALUE;
  }
  for (size_t I = 0; I < Count; ++I) {
    bool Now = Ops[I].srcAccessOrder == CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
    CUresult Status = Now ? cuStreamSynchronize(Stream) : CUDA_SUCCESS;
    if (!Status)
      Status = copy3D(&Copies[I], Now ? nullptr : &Stream);
    if (Status) {
      if (FailIndex)
        *FailIndex = I;
      return Status;
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuMemcpy3DBatchAsync_v2(size_t Count, CUDA_MEMCPY3D_BATCH_OP *Ops,
                                 unsigned long long Flags, CUstream Stream) {
  return memcpy3DBatch(Count, Ops, nullptr, Flags, Stream);
}
CUresult cuMemcpy3DBatchAsync(size_t Count, CUDA_MEMCPY3D_BATCH_OP *Ops,
                              size_t *FailIndex, unsigned long long Flags,
                              CUstream Stream) {
  return memcpy3DBatch(Count, Ops, FailIndex, Flags, Stream);
}

// 2D fills.
CUresult cuMemsetD2D8(CUdeviceptr Dst, size_t Pitch, unsigned char Value,
                      size_t Width, size_t Height) {
  return fill2D(Dst, Pitch, Value, 1, Width, Height, nullptr);
}
CUresult cuMemsetD2D8_v2(CUdeviceptr Dst, size_t Pitch, unsigned char Value,
                         size_t Width, size_t Height) {
  return cuMemsetD2D8(Dst, Pitch, Value, Width, Height);
}
CUresult cuMemsetD2D16(CUdeviceptr Dst, size_t Pitch, unsigned short Value,
                       size_t Width, size_t Height) {
  return fill2D(Dst, Pitch, Value, 2, Width, Height, nullptr);
}
CUresult cuMemsetD2D16_v2(CUdeviceptr Dst, size_t Pitch, unsigned short Value,
                          size_t Width, size_t Height) {
  return cuMemsetD2D16(Dst, Pitch, Value, Width, Height);
}
CUresult cuMemsetD2D32(CUdeviceptr Dst, size_t Pitch, unsigned int Value,
                       size_t Width, size_t Height) {
  return fill2D(Dst, Pitch, Value, 4, Width, Height, nullptr);
}
CUresult cuMemsetD2D32_v2(CUdeviceptr Dst, size_t Pitch, unsigned int Value,
                          size_t Width, size_t Height) {
  return cuMemsetD2D32(Dst, Pitch, Value, Width, Height);
}
CUresult cuMemsetD2D8Async(CUdeviceptr Dst, size_t Pitch, unsigned char Value,
                           size_t Width, size_t Height, CUstream Stream) {
  return fill2D(Dst, Pitch, Value, 1, Width, Height, &Stream);
}
CUresult cuMemsetD2D16Async(CUdeviceptr Dst, size_t Pitch,
                            unsigned short Value, size_t Width, size_t Height,
                            CUstream Stream) {
  return fill2D(Dst, Pitch, Value, 2, Width, Height, &Stream);
}
CUresult cuMemsetD2D32Async(CUdeviceptr Dst, size_t Pitch, unsigned int Value,
                            size_t Width, size_t Height, CUstream Stream) {
  return fill2D(Dst, Pitch, Value, 4, Width, Height, &Stream);
}

} // extern "C"
