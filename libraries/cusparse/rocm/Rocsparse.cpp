//===- Rocsparse.cpp - rocSPARSE loaded at first use, descriptors ---------===//
//
// Part of Rubicon. See Rocsparse.h. rocSPARSE's numbering (rocsparse-types.h
// of ROCm 6): operations 111-113, index types 1-3 and bases 0/1 as
// cuSPARSE's, data types 151 (f32), 152 (f64), 154 (c32), 155 (c64), orders
// row 0 and column 1, BSR block directions row 0 and column 1, formats
// COO 0, CSR 2, CSC 3, BSR 6 (implied by the descriptor's maker).
//
//===----------------------------------------------------------------------===//
#include "Rocsparse.h"
#include "RocmLibrary.h"

namespace rubicon::cusparse::rocm {

namespace {
libraries::RocmLibrary &rocsparse() {
  static libraries::RocmLibrary Library(
      "cuSPARSE", "rocSPARSE", "RUBICON_ROCSPARSE_LIBRARY",
      {"librocsparse.so.1", "librocsparse.so.0", "librocsparse.so"});
  return Library;
}

enum : int { SpMatFillMode = 0, SpMatDiagType = 1 };
} // namespace

void *lookup(const char *Name) {
  return rocsparse().load() ? rocsparse().resolve(Name) : nullptr;
}

cusparseStatus_t toCusparse(RocsparseStatus Status) {
  switch (Status) {
  case 0: // success
    return CUSPARSE_STATUS_SUCCESS;
  case 1:  // invalid_handle
  case 10: // not_initialized
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  case 2:  // not_implemented
  case 12: // requires_sorted_storage
    return CUSPARSE_STATUS_NOT_SUPPORTED;
  case 3:  // invalid_pointer
  case 4:  // invalid_size
  case 7:  // invalid_value
  case 11: // type_mismatch
    return CUSPARSE_STATUS_INVALID_VALUE;
  case 5: // memory_error
    return CUSPARSE_STATUS_ALLOC_FAILED;
  case 8: // arch_mismatch
    return CUSPARSE_STATUS_ARCH_MISMATCH;
  case 9: // zero_pivot
    return CUSPARSE_STATUS_ZERO_PIVOT;
  default: // internal_error, thrown_exception, ...
    return CUSPARSE_STATUS_INTERNAL_ERROR;
  }
}

cusparseStatus_t createHandle(RocsparseHandle *Handle) {
  *Handle = nullptr;
  if (!rocsparse().load())
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  using Create = RocsparseStatus (*)(RocsparseHandle *);
  auto *Fn = reinterpret_cast<Create>(lookup("rocsparse_create_handle"));
  if (!Fn)
    return CUSPARSE_STATUS_NOT_INITIALIZED;
  return toCusparse(Fn(Handle));
}

void destroyHandle(RocsparseHandle Handle) {
  using Destroy = RocsparseStatus (*)(RocsparseHandle);
  if (!Handle)
    return;
  if (auto *Fn = reinterpret_cast<Destroy>(lookup("rocsparse_destroy_handle")))
    Fn(Handle);
}

int operation(cusparseOperation_t Op) {
  switch (Op) {
  case CUSPARSE_OPERATION_NON_TRANSPOSE: return 111;
  case CUSPARSE_OPERATION_TRANSPOSE: return 112;
  case CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE: return 113;
  }
  return -1;
}

int dataType(cudaDataType Type) {
  switch (Type) {
  case CUDA_R_32F: return 151;
  case CUDA_R_64F: return 152;
  case CUDA_C_32F: return 154;
  case CUDA_C_64F: return 155;
  default: return -1;
  }
}

int order(cusparseOrder_t Order) {
  return Order == CUSPARSE_ORDER_ROW ? 0 : Order == CUSPARSE_ORDER_COL ? 1 : -1;
}

SpMat::SpMat(const cusparseSpMatDescr *A) {
  int Type = dataType(A->ValueType);
  // cuSPARSE's index types and bases are numbered as rocSPARSE's.
  int Offsets = A->OffsetType, Indices = A->IndexType, Base = A->Base;
  switch (A->Format) {
  case CUSPARSE_FORMAT_CSR:
    Status = RUBICON_ROCSPARSE(create_csr_descr)(
        &Descr, A->Rows, A->Cols, A->Nnz, A->Offsets, A->Indices, A->Values,
        Offsets, Indices, Base, Type);
    break;
  case CUSPARSE_FORMAT_CSC:
    Status = RUBICON_ROCSPARSE(create_csc_descr)(
        &Descr, A->Rows, A->Cols, A->Nnz, A->Offsets, A->Indices, A->Values,
        Offsets, Indices, Base, Type);
    break;
  case CUSPARSE_FORMAT_COO:
    Status = RUBICON_ROCSPARSE(create_coo_descr)(
        &Descr, A->Rows, A->Cols, A->Nnz, A->Offsets, A->Indices, A->Values,
        Indices, Base, Type);
    break;
  case CUSPARSE_FORMAT_BSR:
    // rocSPARSE's blocks are square; the block order is its direction.
    if (A->BlockRows != A->BlockCols) {
      Status = CUSPARSE_STATUS_NOT_SUPPORTED;
      return;
    }
    Status = RUBICON_ROCSPARSE(create_bsr_descr)(
        &Descr, A->Rows / A->BlockRows, A->Cols / A->BlockCols, A->Nnz,
        order(A->BlockOrder), A->BlockRows, A->Offsets, A->Indices, A->Values,
        Offsets, Indices, Base, Type);
    break;
  default:
    Status = CUSPARSE_STATUS_NOT_SUPPORTED;
    return;
  }
  if (Status != CUSPARSE_STATUS_SUCCESS)
    return;
  int Fill = A->Fill, Diag = A->Diag; // numbered as rocSPARSE's
  Status = RUBICON_ROCSPARSE(spmat_set_attribute)(Descr, int(SpMatFillMode),
                                                  (const void *)&Fill,
                                                  sizeof Fill);
  if (Status == CUSPARSE_STATUS_SUCCESS)
    Status = RUBICON_ROCSPARSE(spmat_set_attribute)(
        Descr, int(SpMatDiagType), (const void *)&Diag, sizeof Diag);
}

SpMat::~SpMat() {
  if (Descr)
    RUBICON_ROCSPARSE(destroy_spmat_descr)(Descr);
}

DnVec::DnVec(const cusparseDnVecDescr *X) {
  Status = RUBICON_ROCSPARSE(create_dnvec_descr)(&Descr, X->Size, X->Values,
                                                 dataType(X->ValueType));
}

DnVec::~DnVec() {
  if (Descr)
    RUBICON_ROCSPARSE(destroy_dnvec_descr)(Descr);
}

SpVec::SpVec(const cusparseSpVecDescr *X) {
  Status = RUBICON_ROCSPARSE(create_spvec_descr)(
      &Descr, X->Size, X->Nnz, X->Indices, X->Values, int(X->IndexType),
      int(X->Base), dataType(X->ValueType));
}

SpVec::~SpVec() {
  if (Descr)
    RUBICON_ROCSPARSE(destroy_spvec_descr)(Descr);
}

DnMat::DnMat(const cusparseDnMatDescr *M) {
  Status = RUBICON_ROCSPARSE(create_dnmat_descr)(
      &Descr, M->Rows, M->Cols, M->Ld, M->Values, dataType(M->ValueType),
      order(M->Order));
}

DnMat::~DnMat() {
  if (Descr)
    RUBICON_ROCSPARSE(destroy_dnmat_descr)(Descr);
}

} // namespace rubicon::cusparse::rocm
