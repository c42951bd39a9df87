//===- Xt.cpp - cuFFT's extended API on one GPU ---------------------------===//
//
// Part of Rubicon. 64-bit plan descriptions, and plans typed by
// cudaDataType, become the plans of Api.cpp when their sizes fit in int and
// their types name a cuFFT transform (half and bfloat16 transforms are not
// provided: CUFFT_NOT_SUPPORTED).
//
//===----------------------------------------------------------------------===//
#include "cufftXt.h"

#include <climits>
#include <vector>

namespace {

bool narrow(const long long *In, int Rank, std::vector<int> &Out) {
  Out.clear();
  for (int I = 0; In && I < Rank; ++I) {
    if (In[I] < 0 || In[I] > INT_MAX)
      return false;
    Out.push_back(int(In[I]));
  }
  return true;
}

bool fits(long long V) { return V >= 0 && V <= INT_MAX; }

/// The cufftType of an (input, output, execution) triple, or false.
bool typeOf(cudaDataType In, cudaDataType Out, cudaDataType Exec,
            cufftType &Type) {
  if (In == CUDA_C_32F && Out == CUDA_C_32F && Exec == CUDA_C_32F)
    Type = CUFFT_C2C;
  else if (In == CUDA_R_32F && Out == CUDA_C_32F && Exec == CUDA_C_32F)
    Type = CUFFT_R2C;
  else if (In == CUDA_C_32F && Out == CUDA_R_32F && Exec == CUDA_C_32F)
    Type = CUFFT_C2R;
  else if (In == CUDA_C_64F && Out == CUDA_C_64F && Exec == CUDA_C_64F)
    Type = CUFFT_Z2Z;
  else if (In == CUDA_R_64F && Out == CUDA_C_64F && Exec == CUDA_C_64F)
    Type = CUFFT_D2Z;
  else if (In == CUDA_C_64F && Out == CUDA_R_64F && Exec == CUDA_C_64F)
    Type = CUFFT_Z2D;
  else
    return false;
  return true;
}

} // namespace

extern "C" {

cufftResult cufftMakePlanMany64(cufftHandle Plan, int Rank, long long *N,
                                long long *InEmbed, long long IStride,
                                long long IDist, long long *OutEmbed,
                                long long OStride, long long ODist,
                                cufftType Type, long long Batch,
                                size_t *WorkSize) {
  if (Rank < 1 || Rank > 3 || !N)
    return CUFFT_INVALID_SIZE;
  std::vector<int> N32, In32, Out32;
  if (!narrow(N, Rank, N32) || !narrow(InEmbed, Rank, In32) ||
      !narrow(OutEmbed, Rank, Out32) || !fits(IStride) || !fits(IDist) ||
      !fits(OStride) || !fits(ODist) || !fits(Batch))
    return CUFFT_INVALID_SIZE; // sizes beyond int are not provided yet
  return cufftMakePlanMany(Plan, Rank, N32.data(),
                           InEmbed ? In32.data() : nullptr, int(IStride),
                           int(IDist), OutEmbed ? Out32.data() : nullptr,
                           int(OStride), int(ODist), Type, int(Batch),
                           WorkSize);
}

cufftResult cufftXtMakePlanMany(cufftHandle Plan, int Rank, long long *N,
                                long long *InEmbed, long long IStride,
                                long long IDist, cudaDataType InType,
                                long long *OutEmbed, long long OStride,
                                long long ODist, cudaDataType OutType,
                                long long Batch, size_t *WorkSize,
                                cudaDataType ExecType) {
  cufftType Type;
  if (!typeOf(InType, OutType, ExecType, Type))
    return CUFFT_NOT_SUPPORTED;
  return cufftMakePlanMany64(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed,
                             OStride, ODist, Type, Batch, WorkSize);
}

} // extern "C"
