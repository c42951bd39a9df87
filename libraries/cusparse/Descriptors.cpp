//===- Descriptors.cpp - cuSPARSE's matrix and vector descriptors ---------===//
//
// Part of Rubicon. The legacy API's matrix descriptors and the generic
// API's sparse matrix, dense vector and dense matrix descriptors (Handle.h).
//
//===----------------------------------------------------------------------===//
#include "Handle.h"

#include <cstring>
#include <new>

namespace {

bool validIndex(cusparseIndexType_t T) {
  return T == CUSPARSE_INDEX_32I || T == CUSPARSE_INDEX_64I;
}
bool validValue(cudaDataType T) {
  return T == CUDA_R_32F || T == CUDA_R_64F || T == CUDA_C_32F ||
         T == CUDA_C_64F;
}
bool validBase(cusparseIndexBase_t B) {
  return B == CUSPARSE_INDEX_BASE_ZERO || B == CUSPARSE_INDEX_BASE_ONE;
}

cusparseStatus_t createSparse(cusparseSpMatDescr_t *Descr,
                              cusparseFormat_t Format, int64_t Rows,
                              int64_t Cols, int64_t Nnz, void *Offsets,
                              void *Indices, void *Values,
                              cusparseIndexType_t OffsetType,
                              cusparseIndexType_t IndexType,
                              cusparseIndexBase_t Base, cudaDataType Type) {
  if (!Descr || Rows < 0 || Cols < 0 || Nnz < 0 || !validIndex(OffsetType) ||
      !validIndex(IndexType) || !validBase(Base) || !validValue(Type))
    return CUSPARSE_STATUS_INVALID_VALUE;
  // Offsets are needed even when there are no entries (CSR/CSC).
  if ((Format != CUSPARSE_FORMAT_COO && !Offsets && Nnz > 0) ||
      (Nnz > 0 && (!Indices || !Values)))
    return CUSPARSE_STATUS_INVALID_VALUE;
  auto *D = new (std::nothrow) cusparseSpMatDescr{
      Format, Rows, Cols, Nnz, Offsets, Indices, Values,
      OffsetType, IndexType, Base, Type};
  if (!D)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  *Descr = D;
  return CUSPARSE_STATUS_SUCCESS;
}

} // namespace

extern "C" {

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *Descr) {
  if (!Descr)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Descr = new (std::nothrow) cusparseMatDescr;
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}
cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t Descr) {
  delete Descr;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t D,
                                    cusparseMatrixType_t Type) {
  if (!D || Type < CUSPARSE_MATRIX_TYPE_GENERAL ||
      Type > CUSPARSE_MATRIX_TYPE_TRIANGULAR)
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Type = Type;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t D) {
  return D ? D->Type : CUSPARSE_MATRIX_TYPE_GENERAL;
}
cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t D,
                                        cusparseFillMode_t Fill) {
  if (!D || (Fill != CUSPARSE_FILL_MODE_LOWER && Fill != CUSPARSE_FILL_MODE_UPPER))
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Fill = Fill;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t D) {
  return D ? D->Fill : CUSPARSE_FILL_MODE_LOWER;
}
cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t D,
                                        cusparseDiagType_t Diag) {
  if (!D || (Diag != CUSPARSE_DIAG_TYPE_NON_UNIT && Diag != CUSPARSE_DIAG_TYPE_UNIT))
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Diag = Diag;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t D) {
  return D ? D->Diag : CUSPARSE_DIAG_TYPE_NON_UNIT;
}
cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t D,
                                         cusparseIndexBase_t Base) {
  if (!D || !validBase(Base))
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Base = Base;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t D) {
  return D ? D->Base : CUSPARSE_INDEX_BASE_ZERO;
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *Offsets,
                                   void *ColInd, void *Values,
                                   cusparseIndexType_t OffsetType,
                                   cusparseIndexType_t ColIndType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType Type) {
  return createSparse(Descr, CUSPARSE_FORMAT_CSR, Rows, Cols, Nnz, Offsets,
                      ColInd, Values, OffsetType, ColIndType, Base, Type);
}
cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *Offsets,
                                   void *RowInd, void *Values,
                                   cusparseIndexType_t OffsetType,
                                   cusparseIndexType_t RowIndType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType Type) {
  return createSparse(Descr, CUSPARSE_FORMAT_CSC, Rows, Cols, Nnz, Offsets,
                      RowInd, Values, OffsetType, RowIndType, Base, Type);
}
cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *Descr, int64_t Rows,
                                   int64_t Cols, int64_t Nnz, void *RowInd,
                                   void *ColInd, void *Values,
                                   cusparseIndexType_t IdxType,
                                   cusparseIndexBase_t Base,
                                   cudaDataType Type) {
  if (Nnz > 0 && !RowInd)
    return CUSPARSE_STATUS_INVALID_VALUE;
  return createSparse(Descr, CUSPARSE_FORMAT_COO, Rows, Cols, Nnz, RowInd,
                      ColInd, Values, IdxType, IdxType, Base, Type);
}
cusparseStatus_t cusparseCreateBsr(cusparseSpMatDescr_t *Descr, int64_t BRows,
                                   int64_t BCols, int64_t BNnz,
                                   int64_t RowBlock, int64_t ColBlock,
                                   void *Offsets, void *ColInd, void *Values,
                                   cusparseIndexType_t OffsetType,
                                   cusparseIndexType_t ColIndType,
                                   cusparseIndexBase_t Base, cudaDataType Type,
                                   cusparseOrder_t Order) {
  if (RowBlock <= 0 || ColBlock <= 0 || BRows < 0 || BCols < 0 ||
      (Order != CUSPARSE_ORDER_ROW && Order != CUSPARSE_ORDER_COL) ||
      (BRows > 0 && !Offsets))
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (cusparseStatus_t S = createSparse(
          Descr, CUSPARSE_FORMAT_BSR, BRows * RowBlock, BCols * ColBlock, BNnz,
          Offsets, ColInd, Values, OffsetType, ColIndType, Base, Type))
    return S;
  (*Descr)->BlockRows = RowBlock;
  (*Descr)->BlockCols = ColBlock;
  (*Descr)->BlockOrder = Order;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t D,
                                      int64_t *Rows, int64_t *Cols,
                                      int64_t *Nnz) {
  if (!D || !Rows || !Cols || !Nnz)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Rows = D->Rows;
  *Cols = D->Cols;
  *Nnz = D->Nnz;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t D,
                                        cusparseFormat_t *Format) {
  if (!D || !Format)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Format = D->Format;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t D,
                                           cusparseIndexBase_t *Base) {
  if (!D || !Base)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Base = D->Base;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatSetAttribute(cusparseSpMatDescr_t D,
                                           cusparseSpMatAttribute_t Attribute,
                                           void *Data, size_t Size) {
  if (!D || !Data)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (Attribute == CUSPARSE_SPMAT_FILL_MODE && Size == sizeof(cusparseFillMode_t))
    std::memcpy(&D->Fill, Data, Size);
  else if (Attribute == CUSPARSE_SPMAT_DIAG_TYPE &&
           Size == sizeof(cusparseDiagType_t))
    std::memcpy(&D->Diag, Data, Size);
  else
    return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpMatGetAttribute(cusparseConstSpMatDescr_t D,
                                           cusparseSpMatAttribute_t Attribute,
                                           void *Data, size_t Size) {
  if (!D || !Data)
    return CUSPARSE_STATUS_INVALID_VALUE;
  if (Attribute == CUSPARSE_SPMAT_FILL_MODE && Size == sizeof(cusparseFillMode_t))
    std::memcpy(Data, &D->Fill, Size);
  else if (Attribute == CUSPARSE_SPMAT_DIAG_TYPE &&
           Size == sizeof(cusparseDiagType_t))
    std::memcpy(Data, &D->Diag, Size);
  else
    return CUSPARSE_STATUS_INVALID_VALUE;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t D, void *Offsets,
                                        void *ColInd, void *Values) {
  if (!D || D->Format != CUSPARSE_FORMAT_CSR || !Offsets)
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Offsets = Offsets;
  D->Indices = ColInd;
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t D, void *Rows,
                                        void *Cols, void *Values) {
  if (!D || D->Format != CUSPARSE_FORMAT_COO)
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Offsets = Rows;
  D->Indices = Cols;
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateSpVec(cusparseSpVecDescr_t *Descr, int64_t Size,
                                     int64_t Nnz, void *Indices, void *Values,
                                     cusparseIndexType_t IndexType,
                                     cusparseIndexBase_t Base,
                                     cudaDataType Type) {
  if (!Descr || Size < 0 || Nnz < 0 || Nnz > Size || !validIndex(IndexType) ||
      !validBase(Base) || !validValue(Type) || (Nnz && (!Indices || !Values)))
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Descr = new (std::nothrow)
      cusparseSpVecDescr{Size, Nnz, Indices, Values, IndexType, Base, Type};
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}
cusparseStatus_t cusparseDestroySpVec(cusparseConstSpVecDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseSpVecGet(cusparseSpVecDescr_t D, int64_t *Size,
                                  int64_t *Nnz, void **Indices, void **Values,
                                  cusparseIndexType_t *IndexType,
                                  cusparseIndexBase_t *Base,
                                  cudaDataType *Type) {
  if (!D || !Size || !Nnz || !Indices || !Values || !IndexType || !Base ||
      !Type)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Size = D->Size;
  *Nnz = D->Nnz;
  *Indices = D->Indices;
  *Values = D->Values;
  *IndexType = D->IndexType;
  *Base = D->Base;
  *Type = D->ValueType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *Descr, int64_t Size,
                                     void *Values, cudaDataType Type) {
  if (!Descr || Size < 0 || !validValue(Type) || (Size > 0 && !Values))
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Descr = new (std::nothrow) cusparseDnVecDescr{Size, Values, Type};
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}
cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t D, void **Values) {
  if (!D || !Values)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t D, void *Values) {
  if (!D || !Values)
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *Descr, int64_t Rows,
                                     int64_t Cols, int64_t Ld, void *Values,
                                     cudaDataType Type, cusparseOrder_t Order) {
  if (!Descr || Rows < 0 || Cols < 0 || !validValue(Type) ||
      (Order != CUSPARSE_ORDER_COL && Order != CUSPARSE_ORDER_ROW) ||
      Ld < (Order == CUSPARSE_ORDER_COL ? Rows : Cols) || Ld < 1 ||
      (Rows > 0 && Cols > 0 && !Values))
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Descr = new (std::nothrow) cusparseDnMatDescr{Rows, Cols, Ld, Values, Type, Order};
  return *Descr ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ALLOC_FAILED;
}
cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t D) {
  delete D;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t D, void **Values) {
  if (!D || !Values)
    return CUSPARSE_STATUS_INVALID_VALUE;
  *Values = D->Values;
  return CUSPARSE_STATUS_SUCCESS;
}
cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t D, void *Values) {
  if (!D || !Values)
    return CUSPARSE_STATUS_INVALID_VALUE;
  D->Values = Values;
  return CUSPARSE_STATUS_SUCCESS;
}

} // extern "C"
