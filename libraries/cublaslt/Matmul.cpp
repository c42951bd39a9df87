//===- Matmul.cpp - cublasLtMatmul over cuBLAS ----------------------------===//
//
// Part of Rubicon. D = epilogue(alpha op(A) op(B) + beta C) for
// column-major layouts, batched with strided batches. The product is
// cuBLAS's GemmEx (or GemmStridedBatchedEx) on the cuBLASLt handle's own
// cuBLAS handle on the given stream: OpenBLAS on the host target, rocBLAS
// on AMD GPUs. When D is not C, C is first copied into D on the stream.
// Epilogues (bias, ReLU, GELU with the tanh approximation, and their
// combinations) are applied to float and double D on the host target after
// the product (in the stream's order, a host node of the graph a capturing
// stream records); on AMD GPUs, and for other types, they answer
// CUBLAS_STATUS_NOT_SUPPORTED, as do row-major and tiled orders and the
// auxiliary-output and gradient epilogues. The heuristic offers one
// algorithm, which needs no workspace.
//
//===----------------------------------------------------------------------===//
#include "LtHandle.h"

#include "LibraryTarget.h"
#include "StreamOrder.h"
#include "cublas_v2.h"

#include <cmath>
#include <cstring>
#include <new>

namespace {

struct MatmulDesc {
  cublasComputeType_t Compute;
  cudaDataType_t Scale;
  int32_t PointerMode = CUBLASLT_POINTER_MODE_HOST;
  int32_t TransA = CUBLAS_OP_N, TransB = CUBLAS_OP_N, TransC = CUBLAS_OP_N;
  int32_t Fill = CUBLAS_FILL_MODE_FULL;
  uint32_t Epilogue = CUBLASLT_EPILOGUE_DEFAULT;
  void *Bias = nullptr;
  int64_t BiasBatchStride = 0;
};

struct Layout {
  uint32_t Type;
  int32_t Order = CUBLASLT_ORDER_COL;
  uint64_t Rows, Cols;
  int64_t Ld;
  int32_t BatchCount = 1;
  int64_t BatchStride = 0;
};

struct Preference {
  uint32_t SearchMode = 0;
  uint64_t MaxWorkspace = 0;
};

static_assert(sizeof(MatmulDesc) <= sizeof(cublasLtMatmulDescOpaque_t));
static_assert(sizeof(Layout) <= sizeof(cublasLtMatrixLayoutOpaque_t));
static_assert(sizeof(Preference) <= sizeof(cublasLtMatmulPreferenceOpaque_t));

MatmulDesc *desc(cublasLtMatmulDesc_t D) {
  return reinterpret_cast<MatmulDesc *>(D);
}
Layout *layout(cublasLtMatrixLayout_t L) {
  return reinterpret_cast<Layout *>(L);
}
Preference *preference(cublasLtMatmulPreference_t P) {
  return reinterpret_cast<Preference *>(P);
}

/// Copies an attribute's value in (Set) or out (Get), checking its size.
template <class T>
cublasStatus_t setField(T &Field, const void *Buf, size_t Size) {
  if (!Buf || Size != sizeof(T))
    return CUBLAS_STATUS_INVALID_VALUE;
  std::memcpy(&Field, Buf, sizeof(T));
  return CUBLAS_STATUS_SUCCESS;
}
template <class T>
cublasStatus_t getField(const T &Field, void *Buf, size_t Size,
                        size_t *Written) {
  if (!Written)
    return CUBLAS_STATUS_INVALID_VALUE;
  *Written = sizeof(T);
  if (Size == 0 && !Buf)
    return CUBLAS_STATUS_SUCCESS; // a size query
  if (!Buf || Size < sizeof(T))
    return CUBLAS_STATUS_INVALID_VALUE;
  std::memcpy(Buf, &Field, sizeof(T));
  return CUBLAS_STATUS_SUCCESS;
}

/// Calls Access(field) for the descriptor attribute, or INVALID_VALUE.
template <class F>
cublasStatus_t descField(MatmulDesc &D, cublasLtMatmulDescAttributes_t A,
                         F &&Access) {
  switch (A) {
  case CUBLASLT_MATMUL_DESC_COMPUTE_TYPE: return Access(D.Compute);
  case CUBLASLT_MATMUL_DESC_SCALE_TYPE: return Access(D.Scale);
  case CUBLASLT_MATMUL_DESC_POINTER_MODE: return Access(D.PointerMode);
  case CUBLASLT_MATMUL_DESC_TRANSA: return Access(D.TransA);
  case CUBLASLT_MATMUL_DESC_TRANSB: return Access(D.TransB);
  case CUBLASLT_MATMUL_DESC_TRANSC: return Access(D.TransC);
  case CUBLASLT_MATMUL_DESC_FILL_MODE: return Access(D.Fill);
  case CUBLASLT_MATMUL_DESC_EPILOGUE: return Access(D.Epilogue);
  case CUBLASLT_MATMUL_DESC_BIAS_POINTER: return Access(D.Bias);
  case CUBLASLT_MATMUL_DESC_BIAS_BATCH_STRIDE: return Access(D.BiasBatchStride);
  default: return CUBLAS_STATUS_INVALID_VALUE;
  }
}

template <class F>
cublasStatus_t layoutField(Layout &L, cublasLtMatrixLayoutAttribute_t A,
                           F &&Access) {
  switch (A) {
  case CUBLASLT_MATRIX_LAYOUT_TYPE: return Access(L.Type);
  case CUBLASLT_MATRIX_LAYOUT_ORDER: return Access(L.Order);
  case CUBLASLT_MATRIX_LAYOUT_ROWS: return Access(L.Rows);
  case CUBLASLT_MATRIX_LAYOUT_COLS: return Access(L.Cols);
  case CUBLASLT_MATRIX_LAYOUT_LD: return Access(L.Ld);
  case CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT: return Access(L.BatchCount);
  case CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET:
    return Access(L.BatchStride);
  default: return CUBLAS_STATUS_INVALID_VALUE;
  }
}

size_t typeSize(uint32_t Type) {
  switch (cudaDataType(Type)) {
  case CUDA_R_8I: case CUDA_R_8U: return 1;
  case CUDA_R_16F: case CUDA_R_16BF: return 2;
  case CUDA_R_32F: case CUDA_R_32I: case CUDA_C_16F: return 4;
  case CUDA_R_64F: case CUDA_C_32F: return 8;
  case CUDA_C_64F: return 16;
  default: return 0;
  }
}

bool hasBias(uint32_t E) { return E & CUBLASLT_EPILOGUE_BIAS; }
bool supportedEpilogue(uint32_t E) {
  return E == CUBLASLT_EPILOGUE_DEFAULT || E == CUBLASLT_EPILOGUE_RELU ||
         E == CUBLASLT_EPILOGUE_BIAS || E == CUBLASLT_EPILOGUE_RELU_BIAS ||
         E == CUBLASLT_EPILOGUE_GELU || E == CUBLASLT_EPILOGUE_GELU_BIAS;
}

template <class T> T activate(uint32_t E, T X) {
  if (E == CUBLASLT_EPILOGUE_RELU || E == CUBLASLT_EPILOGUE_RELU_BIAS)
    return X > T(0) ? X : T(0);
  if (E == CUBLASLT_EPILOGUE_GELU || E == CUBLASLT_EPILOGUE_GELU_BIAS) {
    const T K = T(0.7978845608028654); // sqrt(2 / pi)
    return T(0.5) * X * (T(1) + std::tanh(K * (X + T(0.044715) * X * X * X)));
  }
  return X;
}

/// The epilogue on a column-major Rows x Cols batch of D (host memory).
template <class T>
void applyEpilogue(const MatmulDesc &Op, const Layout &D, void *Data) {
  for (int32_t B = 0; B < D.BatchCount; ++B) {
    T *M = static_cast<T *>(Data) + B * D.BatchStride;
    const T *Bias =
        hasBias(Op.Epilogue)
            ? static_cast<const T *>(Op.Bias) + B * Op.BiasBatchStride
            : nullptr;
    for (uint64_t J = 0; J < D.Cols; ++J)
      for (uint64_t I = 0; I < D.Rows; ++I) {
        T &X = M[I + J * D.Ld];
        X = activate(Op.Epilogue, Bias ? X + Bias[I] : X);
      }
  }
}

cublasStatus_t blasOf(cublasLtHandle_t H, cublasHandle_t &Blas) {
  std::lock_guard<std::mutex> Guard(H->Lock);
  if (!H->Blas)
    if (cublasStatus_t S = cublasCreate(&H->Blas))
      return S;
  Blas = H->Blas;
  return CUBLAS_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cublasStatus_t cublasLtMatmulDescCreate(cublasLtMatmulDesc_t *matmulDesc,
                                        cublasComputeType_t computeType,
                                        cudaDataType_t scaleType) {
  if (!matmulDesc)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *D = new (std::nothrow) cublasLtMatmulDescOpaque_t;
  if (!D)
    return CUBLAS_STATUS_ALLOC_FAILED;
  new (D) MatmulDesc{computeType, scaleType};
  *matmulDesc = D;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulDescDestroy(cublasLtMatmulDesc_t matmulDesc) {
  delete matmulDesc;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulDescSetAttribute(
    cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
    const void *buf, size_t sizeInBytes) {
  if (!matmulDesc)
    return CUBLAS_STATUS_INVALID_VALUE;
  return descField(*desc(matmulDesc), attr,
                   [&](auto &F) { return setField(F, buf, sizeInBytes); });
}
cublasStatus_t cublasLtMatmulDescGetAttribute(
    cublasLtMatmulDesc_t matmulDesc, cublasLtMatmulDescAttributes_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten) {
  if (!matmulDesc)
    return CUBLAS_STATUS_INVALID_VALUE;
  return descField(*desc(matmulDesc), attr, [&](auto &F) {
    return getField(F, buf, sizeInBytes, sizeWritten);
  });
}

cublasStatus_t cublasLtMatrixLayoutCreate(cublasLtMatrixLayout_t *matLayout,
                                          cudaDataType type, uint64_t rows,
                                          uint64_t cols, int64_t ld) {
  if (!matLayout || ld < 0 || !typeSize(type))
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *L = new (std::nothrow) cublasLtMatrixLayoutOpaque_t;
  if (!L)
    return CUBLAS_STATUS_ALLOC_FAILED;
  new (L) Layout{uint32_t(type), CUBLASLT_ORDER_COL, rows, cols, ld};
  *matLayout = L;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatrixLayoutDestroy(cublasLtMatrixLayout_t matLayout) {
  delete matLayout;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatrixLayoutSetAttribute(
    cublasLtMatrixLayout_t matLayout, cublasLtMatrixLayoutAttribute_t attr,
    const void *buf, size_t sizeInBytes) {
  if (!matLayout)
    return CUBLAS_STATUS_INVALID_VALUE;
  return layoutField(*layout(matLayout), attr,
                     [&](auto &F) { return setField(F, buf, sizeInBytes); });
}
cublasStatus_t cublasLtMatrixLayoutGetAttribute(
    cublasLtMatrixLayout_t matLayout, cublasLtMatrixLayoutAttribute_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten) {
  if (!matLayout)
    return CUBLAS_STATUS_INVALID_VALUE;
  return layoutField(*layout(matLayout), attr, [&](auto &F) {
    return getField(F, buf, sizeInBytes, sizeWritten);
  });
}

cublasStatus_t cublasLtMatmulPreferenceCreate(cublasLtMatmulPreference_t *pref) {
  if (!pref)
    return CUBLAS_STATUS_INVALID_VALUE;
  auto *P = new (std::nothrow) cublasLtMatmulPreferenceOpaque_t;
  if (!P)
    return CUBLAS_STATUS_ALLOC_FAILED;
  new (P) Preference;
  *pref = P;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulPreferenceDestroy(cublasLtMatmulPreference_t pref) {
  delete pref;
  return CUBLAS_STATUS_SUCCESS;
}
cublasStatus_t cublasLtMatmulPreferenceSetAttribute(
    cublasLtMatmulPreference_t pref, cublasLtMatmulPreferenceAttributes_t attr,
    const void *buf, size_t sizeInBytes) {
  if (!pref)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (attr == CUBLASLT_MATMUL_PREF_SEARCH_MODE)
    return setField(preference(pref)->SearchMode, buf, sizeInBytes);
  if (attr == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES)
    return setField(preference(pref)->MaxWorkspace, buf, sizeInBytes);
  return CUBLAS_STATUS_INVALID_VALUE;
}
cublasStatus_t cublasLtMatmulPreferenceGetAttribute(
    cublasLtMatmulPreference_t pref, cublasLtMatmulPreferenceAttributes_t attr,
    void *buf, size_t sizeInBytes, size_t *sizeWritten) {
  if (!pref)
    return CUBLAS_STATUS_INVALID_VALUE;
  if (attr == CUBLASLT_MATMUL_PREF_SEARCH_MODE)
    return getField(preference(pref)->SearchMode, buf, sizeInBytes,
                    sizeWritten);
  if (attr == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES)
    return getField(preference(pref)->MaxWorkspace, buf, sizeInBytes,
                    sizeWritten);
  return CUBLAS_STATUS_INVALID_VALUE;
}

cublasStatus_t cublasLtMatmulAlgoGetHeuristic(
    cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t operationDesc,
    cublasLtMatrixLayout_t Adesc, cublasLtMatrixLayout_t Bdesc,
    cublasLtMatrixLayout_t Cdesc, cublasLtMatrixLayout_t Ddesc,
    cublasLtMatmulPreference_t preference, int requestedAlgoCount,
    cublasLtMatmulHeuristicResult_t heuristicResultsArray[],
    int *returnAlgoCount) {
  if (!lightHandle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!operationDesc || !Adesc || !Bdesc || !Cdesc || !Ddesc || !preference ||
      requestedAlgoCount < 1 || !heuristicResultsArray || !returnAlgoCount)
    return CUBLAS_STATUS_INVALID_VALUE;
  const MatmulDesc &Op = *desc(operationDesc);
  for (cublasLtMatrixLayout_t L : {Adesc, Bdesc, Cdesc, Ddesc})
    if (layout(L)->Order != CUBLASLT_ORDER_COL)
      return CUBLAS_STATUS_NOT_SUPPORTED;
  if (!supportedEpilogue(Op.Epilogue)) {
    *returnAlgoCount = 0;
    return CUBLAS_STATUS_NOT_SUPPORTED;
  }
  std::memset(&heuristicResultsArray[0], 0, sizeof(heuristicResultsArray[0]));
  heuristicResultsArray[0].state = CUBLAS_STATUS_SUCCESS;
  heuristicResultsArray[0].wavesCount = 1;
  *returnAlgoCount = 1;
  return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasLtMatmul(
    cublasLtHandle_t lightHandle, cublasLtMatmulDesc_t computeDesc,
    const void *alpha, const void *A, cublasLtMatrixLayout_t Adesc,
    const void *B, cublasLtMatrixLayout_t Bdesc, const void *beta,
    const void *C, cublasLtMatrixLayout_t Cdesc, void *D,
    cublasLtMatrixLayout_t Ddesc, const cublasLtMatmulAlgo_t *, void *,
    size_t, cudaStream_t stream) {
  if (!lightHandle)
    return CUBLAS_STATUS_NOT_INITIALIZED;
  if (!computeDesc || !alpha || !beta || !Adesc || !Bdesc || !Cdesc ||
      !Ddesc)
    return CUBLAS_STATUS_INVALID_VALUE;
  const MatmulDesc &Op = *desc(computeDesc);
  const Layout &La = *layout(Adesc), &Lb = *layout(Bdesc),
               &Lc = *layout(Cdesc), &Ld = *layout(Ddesc);
  for (const Layout *L : {&La, &Lb, &Lc, &Ld})
    if (L->Order != CUBLASLT_ORDER_COL)
      return CUBLAS_STATUS_NOT_SUPPORTED;
  if (!supportedEpilogue(Op.Epilogue) || Op.TransC != CUBLAS_OP_N ||
      (Op.PointerMode != CUBLASLT_POINTER_MODE_HOST &&
       Op.PointerMode != CUBLASLT_POINTER_MODE_DEVICE))
    return CUBLAS_STATUS_NOT_SUPPORTED;
  auto OpA = cublasOperation_t(Op.TransA), OpB = cublasOperation_t(Op.TransB);
  uint64_t M = Ld.Rows, N = Ld.Cols;
  uint64_t K = OpA == CUBLAS_OP_N ? La.Cols : La.Rows;
  if ((OpA == CUBLAS_OP_N ? La.Rows : La.Cols) != M ||
      (OpB == CUBLAS_OP_N ? Lb.Rows : Lb.Cols) != K ||
      (OpB == CUBLAS_OP_N ? Lb.Cols : Lb.Rows) != N || Lc.Rows != M ||
      Lc.Cols != N || Lc.Type != Ld.Type || Lc.Ld != Ld.Ld ||
      Lc.BatchStride != Ld.BatchStride)
    return CUBLAS_STATUS_INVALID_VALUE;
  int32_t Batch = Ld.BatchCount;
  for (const Layout *L : {&La, &Lb, &Lc})
    if (L->BatchCount != Batch)
      return CUBLAS_STATUS_INVALID_VALUE;
  if (hasBias(Op.Epilogue) && !Op.Bias)
    return CUBLAS_STATUS_INVALID_VALUE;
  bool Epilogue = Op.Epilogue != CUBLASLT_EPILOGUE_DEFAULT;
  if (Epilogue && (rubicon::libraries::currentTarget() !=
                       rubicon::libraries::LibraryTarget::Host ||
                   (Ld.Type != CUDA_R_32F && Ld.Type != CUDA_R_64F)))
    return CUBLAS_STATUS_NOT_SUPPORTED;

  cublasHandle_t Blas;
  if (cublasStatus_t S = blasOf(lightHandle, Blas))
    return S;
  std::lock_guard<std::mutex> Guard(lightHandle->Lock);
  if (cublasStatus_t S = cublasSetStream(Blas, stream))
    return S;
  if (cublasStatus_t S = cublasSetPointerMode(
          Blas, Op.PointerMode == CUBLASLT_POINTER_MODE_DEVICE
                    ? CUBLAS_POINTER_MODE_DEVICE
                    : CUBLAS_POINTER_MODE_HOST))
    return S;
  if (C != D && M && N) {
    size_t Element = typeSize(Ld.Type);
    for (int32_t I = 0; I < Batch; ++I)
      if (cudaMemcpy2DAsync(static_cast<char *>(D) + I * Ld.BatchStride * Element,
                            Ld.Ld * Element,
                            static_cast<const char *>(C) +
                                I * Lc.BatchStride * Element,
                            Lc.Ld * Element, M * Element, N,
                            cudaMemcpyDefault, stream) != cudaSuccess)
        return CUBLAS_STATUS_EXECUTION_FAILED;
  }
  cublasStatus_t S;
  if (Batch == 1)
    S = cublasGemmEx(Blas, OpA, OpB, int(M), int(N), int(K), alpha, A,
                     cudaDataType(La.Type), int(La.Ld), B,
                     cudaDataType(Lb.Type), int(Lb.Ld), beta, D,
                     cudaDataType(Ld.Type), int(Ld.Ld), Op.Compute,
                     CUBLAS_GEMM_DEFAULT);
  else
    S = cublasGemmStridedBatchedEx(
        Blas, OpA, OpB, int(M), int(N), int(K), alpha, A,
        cudaDataType(La.Type), int(La.Ld), La.BatchStride, B,
        cudaDataType(Lb.Type), int(Lb.Ld), Lb.BatchStride, beta, D,
        cudaDataType(Ld.Type), int(Ld.Ld), Ld.BatchStride, Batch, Op.Compute,
        CUBLAS_GEMM_DEFAULT);
  if (S || !Epilogue)
    return S;
  // The epilogue in the stream's order after the product: now, or as a host
  // node of the graph a capturing stream records (descriptors copied).
  MatmulDesc OpCopy = Op;
  Layout LdCopy = Ld;
  return rubicon::libraries::inStreamOrder(
      stream, CUBLAS_STATUS_SUCCESS, CUBLAS_STATUS_EXECUTION_FAILED,
      [OpCopy, LdCopy, D] {
        if (LdCopy.Type == CUDA_R_32F)
          applyEpilogue<float>(OpCopy, LdCopy, D);
        else
          applyEpilogue<double>(OpCopy, LdCopy, D);
        return CUBLAS_STATUS_SUCCESS;
      });
}

} // extern "C"
