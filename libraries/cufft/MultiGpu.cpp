//===- MultiGpu.cpp - cuFFT plans over several GPUs -----------------------===//
//
// Part of Rubicon. cufftXtSetGPUs names a plan's devices; cufftXtMalloc
// splits the plan's array over them along its slowest dimension (the batch
// when there are several transforms), the first GPUs taking one row more
// when the rows do not divide evenly. Rubicon keeps every descriptor in
// natural order, so cuFFT's copy "to natural order" (cufftXtMemcpy device to
// device) is a plain copy and descriptors always report
// CUFFT_XT_FORMAT_INPLACE. Executing a descriptor gathers its pieces on the
// plan's first GPU, runs the plan there and scatters the result back: the
// same numbers on every backend, not a distributed FFT. Several GPUs take
// complex-to-complex plans; a descriptor on one GPU takes any plan.
//
//===----------------------------------------------------------------------===//
#include "Plan.h"
#include "cufftXt.h"

#include <initializer_list>
#include <numeric>
#include <set>
#include <vector>

using namespace rubicon::cufft;

namespace {

/// Restores the caller's current device when it goes out of scope.
class DeviceScope {
public:
  DeviceScope() { cudaGetDevice(&Saved); }
  ~DeviceScope() { cudaSetDevice(Saved); }
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;

private:
  int Saved = 0;
};

/// The plan's devices: cufftXtSetGPUs's, or the current one.
std::vector<int> devicesOf(const Plan &P) {
  if (!P.GPUs.empty())
    return P.GPUs;
  int Device = 0;
  cudaGetDevice(&Device);
  return {Device};
}

/// The bytes of each GPU's piece of the plan's array.
cufftResult piecesOf(const Plan &P, size_t Count, std::vector<size_t> &Bytes) {
  Bytes.assign(Count, 0);
  size_t Transform = std::accumulate(P.N.begin(), P.N.end() - 1, size_t(1),
                                     std::multiplies<size_t>());
  size_t Element = P.isDouble() ? sizeof(cufftDoubleComplex)
                                : sizeof(cufftComplex);
  if (P.isReal()) {
    if (Count > 1)
      return CUFFT_NOT_SUPPORTED;
    // Room for the complex side, which is also the padded real side.
    Bytes[0] = size_t(P.Batch) * Transform * size_t(P.N.back() / 2 + 1) *
               Element;
    return CUFFT_SUCCESS;
  }
  Transform *= size_t(P.N.back());
  size_t Rows = P.Batch > 1 ? size_t(P.Batch) : size_t(P.N[0]);
  size_t RowBytes = size_t(P.Batch) * Transform / Rows * Element;
  for (size_t I = 0; I < Count; ++I)
    Bytes[I] = (Rows / Count + (I < Rows % Count)) * RowBytes;
  return CUFFT_SUCCESS;
}

cufftResult freePieces(cudaXtDesc *D) {
  DeviceScope Scope;
  cufftResult Result = CUFFT_SUCCESS;
  for (int I = 0; I < D->nGPUs; ++I) {
    if (!D->data[I])
      continue;
    if (cudaSetDevice(D->GPUs[I]) != cudaSuccess ||
        cudaFree(D->data[I]) != cudaSuccess)
      Result = CUFFT_INVALID_VALUE;
  }
  return Result;
}

bool sameShape(const cudaXtDesc *A, const cudaXtDesc *B) {
  if (A->nGPUs != B->nGPUs)
    return false;
  for (int I = 0; I < A->nGPUs; ++I)
    if (A->size[I] != B->size[I])
      return false;
  return true;
}

bool validDescriptor(const cudaLibXtDesc *D) {
  return D && D->descriptor && D->descriptor->nGPUs >= 1 &&
         D->descriptor->nGPUs <= MAX_CUDA_DESCRIPTOR_GPUS;
}

/// Copies every piece of From into To (same shape), peer to peer.
cufftResult copyPieces(cudaXtDesc *To, const cudaXtDesc *From) {
  for (int I = 0; I < To->nGPUs; ++I)
    if (cudaMemcpyPeer(To->data[I], To->GPUs[I], From->data[I], From->GPUs[I],
                       From->size[I]) != cudaSuccess)
      return CUFFT_INTERNAL_ERROR;
  return CUFFT_SUCCESS;
}

cufftResult executeDescriptor(cufftHandle Handle, cudaLibXtDesc *In,
                              cudaLibXtDesc *Out, int Direction,
                              std::initializer_list<cufftType> Types) {
  Plan *P = nullptr;
  if (cufftResult R = planToExecute(Handle, Types, Direction, P))
    return R;
  if (!validDescriptor(In) || !validDescriptor(Out) ||
      !sameShape(In->descriptor, Out->descriptor))
    return CUFFT_INVALID_VALUE;
  cudaXtDesc *I = In->descriptor, *O = Out->descriptor;
  DeviceScope Scope;
  if (cudaSetDevice(I->GPUs[0]) != cudaSuccess)
    return CUFFT_INVALID_DEVICE;
  cufftResult Result;
  if (I->nGPUs == 1) {
    Result = executePlan(*P, I->data[0], O->data[0], Direction);
  } else {
    // Gather on the first GPU, transform, scatter.
    size_t Total = 0;
    for (int G = 0; G < I->nGPUs; ++G)
      Total += I->size[G];
    void *Buffer = nullptr;
    if (cudaMalloc(&Buffer, Total) != cudaSuccess)
      return CUFFT_ALLOC_FAILED;
    char *Whole = static_cast<char *>(Buffer);
    Result = CUFFT_SUCCESS;
    size_t Offset = 0;
    for (int G = 0; G < I->nGPUs && !Result; Offset += I->size[G], ++G)
      if (cudaMemcpyPeer(Whole + Offset, I->GPUs[0], I->data[G], I->GPUs[G],
                         I->size[G]) != cudaSuccess)
        Result = CUFFT_INTERNAL_ERROR;
    if (!Result)
      Result = executePlan(*P, Whole, Whole, Direction);
    if (!Result && cudaStreamSynchronize(P->Stream) != cudaSuccess)
      Result = CUFFT_EXEC_FAILED;
    Offset = 0;
    for (int G = 0; G < O->nGPUs && !Result; Offset += O->size[G], ++G)
      if (cudaMemcpyPeer(O->data[G], O->GPUs[G], Whole + Offset, I->GPUs[0],
                         O->size[G]) != cudaSuccess)
        Result = CUFFT_INTERNAL_ERROR;
    cudaFree(Whole);
  }
  if (!Result)
    Out->subFormat = CUFFT_XT_FORMAT_INPLACE;
  return Result;
}

} // namespace

extern "C" {

cufftResult cufftXtSetGPUs(cufftHandle Handle, int Count, int *Which) {
  Plan *P = findPlan(Handle);
  if (!P || P->Made)
    return CUFFT_INVALID_PLAN;
  if (Count < 1 || Count > MAX_CUDA_DESCRIPTOR_GPUS || !Which)
    return CUFFT_INVALID_VALUE;
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess)
    return CUFFT_INVALID_DEVICE;
  std::set<int> Seen;
  for (int I = 0; I < Count; ++I)
    if (Which[I] < 0 || Which[I] >= Devices || !Seen.insert(Which[I]).second)
      return CUFFT_INVALID_DEVICE;
  P->GPUs.assign(Which, Which + Count);
  return CUFFT_SUCCESS;
}

cufftResult cufftXtMalloc(cufftHandle Handle, cudaLibXtDesc **Descriptor,
                          cufftXtSubFormat Format) {
  Plan *P = findPlan(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (!Descriptor || Format < CUFFT_XT_FORMAT_INPUT ||
      Format >= CUFFT_FORMAT_UNDEFINED)
    return CUFFT_INVALID_VALUE;
  std::vector<int> Devices = devicesOf(*P);
  std::vector<size_t> Bytes;
  if (cufftResult R = piecesOf(*P, Devices.size(), Bytes))
    return R;
  auto *D = new cudaXtDesc{};
  D->version = CUDA_XT_DESCRIPTOR_VERSION;
  D->nGPUs = int(Devices.size());
  {
    DeviceScope Scope;
    for (int I = 0; I < D->nGPUs; ++I) {
      D->GPUs[I] = Devices[I];
      D->size[I] = Bytes[I];
      if (cudaSetDevice(Devices[I]) != cudaSuccess ||
          cudaMalloc(&D->data[I], Bytes[I]) != cudaSuccess) {
        freePieces(D);
        delete D;
        return CUFFT_ALLOC_FAILED;
      }
    }
  }
  *Descriptor = new cudaLibXtDesc{CUDA_XT_DESCRIPTOR_VERSION, D,
                                  LIB_FORMAT_CUFFT, Format, nullptr};
  return CUFFT_SUCCESS;
}

cufftResult cufftXtFree(cudaLibXtDesc *Descriptor) {
  if (!validDescriptor(Descriptor))
    return CUFFT_INVALID_VALUE;
  cufftResult R = freePieces(Descriptor->descriptor);
  delete Descriptor->descriptor;
  delete Descriptor;
  return R;
}

cufftResult cufftXtMemcpy(cufftHandle Handle, void *Dst, void *Src,
                          cufftXtCopyType Type) {
  if (!findPlan(Handle))
    return CUFFT_INVALID_PLAN;
  if (!Dst || !Src)
    return CUFFT_INVALID_VALUE;
  switch (Type) {
  case CUFFT_COPY_HOST_TO_DEVICE:
  case CUFFT_COPY_DEVICE_TO_HOST: {
    bool ToDevice = Type == CUFFT_COPY_HOST_TO_DEVICE;
    auto *Desc = static_cast<cudaLibXtDesc *>(ToDevice ? Dst : Src);
    if (!validDescriptor(Desc))
      return CUFFT_INVALID_VALUE;
    char *Host = static_cast<char *>(ToDevice ? Src : Dst);
    cudaXtDesc *D = Desc->descriptor;
    for (int I = 0; I < D->nGPUs; Host += D->size[I], ++I)
      if (cudaMemcpy(ToDevice ? D->data[I] : Host,
                     ToDevice ? Host : D->data[I], D->size[I],
                     ToDevice ? cudaMemcpyHostToDevice
                              : cudaMemcpyDeviceToHost) != cudaSuccess)
        return CUFFT_INTERNAL_ERROR;
    return CUFFT_SUCCESS;
  }
  case CUFFT_COPY_DEVICE_TO_DEVICE: {
    auto *To = static_cast<cudaLibXtDesc *>(Dst);
    auto *From = static_cast<cudaLibXtDesc *>(Src);
    if (!validDescriptor(To) || !validDescriptor(From) ||
        !sameShape(To->descriptor, From->descriptor))
      return CUFFT_INVALID_VALUE;
    if (cufftResult R = copyPieces(To->descriptor, From->descriptor))
      return R;
    To->subFormat = CUFFT_XT_FORMAT_INPLACE;
    return CUFFT_SUCCESS;
  }
  default:
    return CUFFT_INVALID_VALUE;
  }
}

cufftResult cufftXtExecDescriptor(cufftHandle Plan, cudaLibXtDesc *In,
                                  cudaLibXtDesc *Out, int Direction) {
  return executeDescriptor(Plan, In, Out, Direction,
                           {CUFFT_C2C, CUFFT_Z2Z, CUFFT_R2C, CUFFT_C2R,
                            CUFFT_D2Z, CUFFT_Z2D});
}
cufftResult cufftXtExecDescriptorC2C(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out, int Direction) {
  return executeDescriptor(Plan, In, Out, Direction, {CUFFT_C2C});
}
cufftResult cufftXtExecDescriptorZ2Z(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out, int Direction) {
  return executeDescriptor(Plan, In, Out, Direction, {CUFFT_Z2Z});
}
cufftResult cufftXtExecDescriptorR2C(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out) {
  return executeDescriptor(Plan, In, Out, CUFFT_FORWARD, {CUFFT_R2C});
}
cufftResult cufftXtExecDescriptorD2Z(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out) {
  return executeDescriptor(Plan, In, Out, CUFFT_FORWARD, {CUFFT_D2Z});
}
cufftResult cufftXtExecDescriptorC2R(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out) {
  return executeDescriptor(Plan, In, Out, CUFFT_INVERSE, {CUFFT_C2R});
}
cufftResult cufftXtExecDescriptorZ2D(cufftHandle Plan, cudaLibXtDesc *In,
                                     cudaLibXtDesc *Out) {
  return executeDescriptor(Plan, In, Out, CUFFT_INVERSE, {CUFFT_Z2D});
}

} // extern "C"
