//===- Generic.cpp - cuSPARSE's generic API on rocSPARSE ------------------===//
//
// Part of Rubicon. See Generic.h. rocSPARSE's functions (ROCm 6):
//   rocsparse_spmv(handle, trans, alpha, mat, x, beta, y, compute_type, alg,
//                  stage, buffer_size, temp_buffer)
//   rocsparse_spmm(handle, trans_A, trans_B, alpha, A, B, beta, C,
//                  compute_type, alg, stage, buffer_size, temp_buffer)
//   rocsparse_spsv(handle, trans, alpha, mat, x, y, compute_type, alg, stage,
//                  buffer_size, temp_buffer)
//   rocsparse_sparse_to_dense(handle, A, B, alg, buffer_size, temp_buffer)
//   rocsparse_dense_to_sparse(handle, A, B, alg, buffer_size, temp_buffer)
//   rocsparse_scatter(handle, x, y), rocsparse_gather(handle, y, x)
//   rocsparse_spgemm(handle, trans_A, trans_B, alpha, A, B, beta, D, C,
//                    compute_type, alg, stage, buffer_size, temp_buffer)
// The algorithms are rocSPARSE's defaults (0): cuSPARSE's algorithm choices
// name NVIDIA's kernels.
//
//===----------------------------------------------------------------------===//
#include "Generic.h"
#include "Rocsparse.h"

#include "cuda_runtime_api.h"

namespace rubicon::cusparse::rocm {

namespace {
constexpr int DefaultAlg = 0;

/// A rocSPARSE generic call's stages: with Size, only the buffer-size query
/// (cuSPARSE's *_bufferSize); otherwise buffer size, preprocess and compute,
/// each given the buffer's size.
template <typename StageFn>
cusparseStatus_t runStages(StageFn Stage, size_t *Size, void *Buffer) {
  if (Size)
    return Stage(StageBufferSize, Size, nullptr);
  size_t Bytes = 0;
  if (cusparseStatus_t S = Stage(StageBufferSize, &Bytes, nullptr))
    return S;
  if (cusparseStatus_t S = Stage(StagePreprocess, &Bytes, Buffer))
    return S;
  return Stage(StageCompute, &Bytes, Buffer);
}
} // namespace

cusparseStatus_t spmv(cusparseHandle_t H, cusparseOperation_t OpA,
                      const void *Alpha, const cusparseSpMatDescr *A,
                      const cusparseDnVecDescr *X, const void *Beta,
                      const cusparseDnVecDescr *Y, cudaDataType Compute,
                      size_t *Size, void *Buffer) {
  SpMat MA(A);
  DnVec VX(X), VY(Y);
  if (cusparseStatus_t S = made(MA, VX, VY))
    return S;
  auto Stage = [&](int Which, size_t *Bytes, void *Temp) {
    return RUBICON_ROCSPARSE(spmv)(H->Rocsparse, operation(OpA), Alpha,
                                   MA.get(), VX.get(), Beta, VY.get(),
                                   dataType(Compute), DefaultAlg, Which, Bytes,
                                   Temp);
  };
  return runStages(Stage, Size, Buffer);
}

cusparseStatus_t spmm(cusparseHandle_t H, cusparseOperation_t OpA,
                      cusparseOperation_t OpB, const void *Alpha,
                      const cusparseSpMatDescr *A, const cusparseDnMatDescr *B,
                      const void *Beta, const cusparseDnMatDescr *C,
                      cudaDataType Compute, size_t *Size, void *Buffer) {
  SpMat MA(A);
  DnMat MB(B), MC(C);
  if (cusparseStatus_t S = made(MA, MB, MC))
    return S;
  auto Stage = [&](int Which, size_t *Bytes, void *Temp) {
    return RUBICON_ROCSPARSE(spmm)(H->Rocsparse, operation(OpA), operation(OpB),
                                   Alpha, MA.get(), MB.get(), Beta, MC.get(),
                                   dataType(Compute), DefaultAlg, Which, Bytes,
                                   Temp);
  };
  return runStages(Stage, Size, Buffer);
}

cusparseStatus_t sparseToDense(cusparseHandle_t H, const cusparseSpMatDescr *A,
                               const cusparseDnMatDescr *B, size_t *Size,
                               void *Buffer) {
  SpMat MA(A);
  DnMat MB(B);
  if (cusparseStatus_t S = made(MA, MB))
    return S;
  size_t Bytes = 0;
  if (Size || !Buffer) {
    if (cusparseStatus_t S = RUBICON_ROCSPARSE(sparse_to_dense)(
            H->Rocsparse, MA.get(), MB.get(), DefaultAlg, &Bytes,
            (void *)nullptr))
      return S;
    if (Size) {
      *Size = Bytes;
      return CUSPARSE_STATUS_SUCCESS;
    }
  }
  return RUBICON_ROCSPARSE(sparse_to_dense)(H->Rocsparse, MA.get(), MB.get(),
                                            DefaultAlg, &Bytes, Buffer);
}

cusparseStatus_t denseToSparse(cusparseHandle_t H, const cusparseDnMatDescr *A,
                               cusparseSpMatDescr *B, bool Fill, size_t *Size,
                               void *Buffer) {
  cusparseSpMatDescr Target = *B;
  if (!Fill) { // rocSPARSE's analysis: the entries' arrays not given yet
    Target.Indices = nullptr;
    Target.Values = nullptr;
    if (Target.Format == CUSPARSE_FORMAT_COO)
      Target.Offsets = nullptr;
  }
  DnMat MA(A);
  SpMat MB(&Target);
  if (cusparseStatus_t S = made(MA, MB))
    return S;
  size_t Bytes = 0;
  if (Size || !Buffer) {
    if (cusparseStatus_t S = RUBICON_ROCSPARSE(dense_to_sparse)(
            H->Rocsparse, MA.get(), MB.get(), DefaultAlg, &Bytes,
            (void *)nullptr))
      return S;
    if (Size) {
      *Size = Bytes;
      return CUSPARSE_STATUS_SUCCESS;
    }
  }
  if (cusparseStatus_t S = RUBICON_ROCSPARSE(dense_to_sparse)(
          H->Rocsparse, MA.get(), MB.get(), DefaultAlg, &Bytes, Buffer))
    return S;
  if (Fill)
    return CUSPARSE_STATUS_SUCCESS;
  int64_t Rows = 0, Cols = 0, Nnz = 0;
  if (cusparseStatus_t S =
          RUBICON_ROCSPARSE(spmat_get_size)(MB.get(), &Rows, &Cols, &Nnz))
    return S;
  B->Nnz = Nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t scatter(cusparseHandle_t H, const cusparseSpVecDescr *X,
                         const cusparseDnVecDescr *Y) {
  SpVec VX(X);
  DnVec VY(Y);
  if (cusparseStatus_t S = made(VX, VY))
    return S;
  return RUBICON_ROCSPARSE(scatter)(H->Rocsparse, VX.get(), VY.get());
}

cusparseStatus_t gather(cusparseHandle_t H, const cusparseDnVecDescr *Y,
                        const cusparseSpVecDescr *X) {
  SpVec VX(X);
  DnVec VY(Y);
  if (cusparseStatus_t S = made(VX, VY))
    return S;
  return RUBICON_ROCSPARSE(gather)(H->Rocsparse, VY.get(), VX.get());
}

SpSVState::SpSVState() = default;
SpSVState::~SpSVState() = default;

namespace {
cusparseStatus_t spsvStage(cusparseHandle_t H, cusparseOperation_t Op,
                           const void *Alpha, void *Mat,
                           const cusparseDnVecDescr *X,
                           const cusparseDnVecDescr *Y, cudaDataType Compute,
                           int Which, size_t *Bytes, void *Temp) {
  DnVec VX(X), VY(Y);
  if (cusparseStatus_t S = made(VX, VY))
    return S;
  return RUBICON_ROCSPARSE(spsv)(H->Rocsparse, operation(Op), Alpha, Mat,
                                 VX.get(), VY.get(), dataType(Compute),
                                 DefaultAlg, Which, Bytes, Temp);
}
} // namespace

cusparseStatus_t spsvBufferSize(cusparseHandle_t H, cusparseOperation_t Op,
                                const void *Alpha, const cusparseSpMatDescr *A,
                                const cusparseDnVecDescr *X,
                                const cusparseDnVecDescr *Y,
                                cudaDataType Compute, size_t *Size) {
  SpMat MA(A);
  if (cusparseStatus_t S = MA.status())
    return S;
  return spsvStage(H, Op, Alpha, MA.get(), X, Y, Compute, StageBufferSize, Size,
                   nullptr);
}

cusparseStatus_t spsvAnalysis(cusparseHandle_t H, cusparseOperation_t Op,
                              const void *Alpha, const cusparseSpMatDescr *A,
                              const cusparseDnVecDescr *X,
                              const cusparseDnVecDescr *Y, cudaDataType Compute,
                              SpSVState &State, void *Buffer) {
  auto Mat = std::make_unique<SpMat>(A);
  if (cusparseStatus_t S = Mat->status())
    return S;
  size_t Bytes = 0;
  if (cusparseStatus_t S = spsvStage(H, Op, Alpha, Mat->get(), X, Y, Compute,
                                     StageBufferSize, &Bytes, nullptr))
    return S;
  if (cusparseStatus_t S = spsvStage(H, Op, Alpha, Mat->get(), X, Y, Compute,
                                     StagePreprocess, &Bytes, Buffer))
    return S;
  State.Mat = std::move(Mat);
  State.Buffer = Buffer;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t spsvSolve(cusparseHandle_t H, cusparseOperation_t Op,
                           const void *Alpha, const cusparseDnVecDescr *X,
                           const cusparseDnVecDescr *Y, cudaDataType Compute,
                           SpSVState &State) {
  if (!State.Mat) // no analysis on this handle's backend
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  size_t Bytes = 0;
  if (cusparseStatus_t S = spsvStage(H, Op, Alpha, State.Mat->get(), X, Y,
                                     Compute, StageBufferSize, &Bytes, nullptr))
    return S;
  return spsvStage(H, Op, Alpha, State.Mat->get(), X, Y, Compute, StageCompute,
                   &Bytes, State.Buffer);
}

namespace {
/// One stage of rocsparse_spgemm into C (with the arrays given).
cusparseStatus_t spgemmStage(cusparseHandle_t H, const void *Alpha,
                             const cusparseSpMatDescr *A,
                             const cusparseSpMatDescr *B, const void *Beta,
                             const cusparseSpMatDescr *C, cudaDataType Compute,
                             int Which, size_t *Bytes, void *Buffer,
                             int64_t *Nnz = nullptr) {
  // beta's matrix D: C's shape without entries (C is the output; its
  // previous entries are not added, as on the host target).
  cusparseSpMatDescr D = *C;
  D.Nnz = 0;
  D.Indices = D.Values = nullptr;
  SpMat MA(A), MB(B), MD(&D), MC(C);
  if (cusparseStatus_t S = made(MA, MB, MD, MC))
    return S;
  int None = operation(CUSPARSE_OPERATION_NON_TRANSPOSE);
  if (cusparseStatus_t S = RUBICON_ROCSPARSE(spgemm)(
          H->Rocsparse, None, None, Alpha, MA.get(), MB.get(), Beta, MD.get(),
          MC.get(), dataType(Compute), DefaultAlg, Which, Bytes, Buffer))
    return S;
  if (!Nnz)
    return CUSPARSE_STATUS_SUCCESS;
  int64_t Rows = 0, Cols = 0;
  return RUBICON_ROCSPARSE(spmat_get_size)(MC.get(), &Rows, &Cols, Nnz);
}
} // namespace

cusparseStatus_t spgemmBufferSize(cusparseHandle_t H, const void *Alpha,
                                  const cusparseSpMatDescr *A,
                                  const cusparseSpMatDescr *B, const void *Beta,
                                  const cusparseSpMatDescr *C,
                                  cudaDataType Compute, size_t *Size) {
  cusparseSpMatDescr Out = *C;
  Out.Indices = Out.Values = nullptr;
  return spgemmStage(H, Alpha, A, B, Beta, &Out, Compute,
                     SpGemmBufferSize, Size, nullptr);
}

cusparseStatus_t spgemmNnz(cusparseHandle_t H, const void *Alpha,
                           const cusparseSpMatDescr *A,
                           const cusparseSpMatDescr *B, const void *Beta,
                           cusparseSpMatDescr *C, cudaDataType Compute,
                           void *RowPtr, void *Buffer) {
  cusparseSpMatDescr Out = *C;
  Out.Offsets = RowPtr;
  Out.Indices = Out.Values = nullptr;
  size_t Bytes = 0;
  int64_t Nnz = 0;
  if (cusparseStatus_t S = spgemmStage(H, Alpha, A, B, Beta, &Out, Compute,
                                       SpGemmBufferSize, &Bytes, nullptr))
    return S;
  if (cusparseStatus_t S = spgemmStage(H, Alpha, A, B, Beta, &Out, Compute,
                                       SpGemmNnz, &Bytes, Buffer, &Nnz))
    return S;
  C->Nnz = Nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t spgemmCopy(cusparseHandle_t H, const void *Alpha,
                            const cusparseSpMatDescr *A,
                            const cusparseSpMatDescr *B, const void *Beta,
                            const cusparseSpMatDescr *C, cudaDataType Compute,
                            const void *RowPtr, void *Buffer) {
  size_t OffsetsSize =
      size_t(C->Rows + 1) * (C->OffsetType == CUSPARSE_INDEX_64I ? 8 : 4);
  if (C->Offsets != RowPtr &&
      cudaMemcpyAsync(C->Offsets, RowPtr, OffsetsSize, cudaMemcpyDeviceToDevice,
                      H->Stream) != cudaSuccess)
    return CUSPARSE_STATUS_EXECUTION_FAILED;
  size_t Bytes = 0;
  if (cusparseStatus_t S = spgemmStage(H, Alpha, A, B, Beta, C, Compute,
                                       SpGemmBufferSize, &Bytes, nullptr))
    return S;
  return spgemmStage(H, Alpha, A, B, Beta, C, Compute, SpGemmCompute, &Bytes,
                     Buffer);
}

} // namespace rubicon::cusparse::rocm
