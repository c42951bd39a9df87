//===- Rocsparse.h - cuSPARSE calls forwarded to rocSPARSE ------*- C++ -*-===//
//
// Part of Rubicon. cuSPARSE's AMD backend forwards to rocSPARSE's generic
// API, whose shape is cuSPARSE's: a handle bound to a stream, descriptors
// of sparse and dense matrices and vectors, operations in stages (buffer
// size, preprocess, compute). rocSPARSE is loaded at first use
// (librocsparse.so.1, .0; RUBICON_ROCSPARSE_LIBRARY overrides); a missing
// library or function is said once on stderr, naming it, and the call
// answers cuSPARSE's own status. rocSPARSE descriptors are made from ours
// at each call (ours only record the program's arrays), so a descriptor
// changed by cusparseCsrSetPointers & co. is seen by the next call.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSPARSE_ROCSPARSE_H
#define RUBICON_CUSPARSE_ROCSPARSE_H

#include "../Handle.h"

#include <atomic>

namespace rubicon::cusparse::rocm {

using RocsparseStatus = int;
using RocsparseHandle = void *;

/// rocsparse_status -> cusparseStatus_t.
cusparseStatus_t toCusparse(RocsparseStatus Status);

/// The address of a rocSPARSE function; null: the library or the function
/// is missing, and a message said so.
void *lookup(const char *Name);

/// rocsparse_create_handle; NOT_INITIALIZED (and the message naming
/// rocSPARSE) when it is missing.
cusparseStatus_t createHandle(RocsparseHandle *Handle);
void destroyHandle(RocsparseHandle Handle);

/// rocSPARSE's numbering of cuSPARSE's enumerations (-1: none).
int operation(cusparseOperation_t Op);
int dataType(cudaDataType Type);
int order(cusparseOrder_t Order);

/// One rocSPARSE function, found by name at its first call, called with its
/// arguments as given (integers, enumerations and pointers: the C ABI of
/// both sides).
class Function {
public:
  constexpr explicit Function(const char *Name) : Name(Name) {}

  template <class... ArgTs> cusparseStatus_t operator()(ArgTs... Args) {
    using Fn = RocsparseStatus (*)(ArgTs...);
    void *Address = Cached.load(std::memory_order_acquire);
    if (!Address) {
      Address = lookup(Name);
      if (!Address)
        return CUSPARSE_STATUS_NOT_SUPPORTED;
      Cached.store(Address, std::memory_order_release);
    }
    return toCusparse(reinterpret_cast<Fn>(Address)(Args...));
  }

private:
  const char *Name;
  std::atomic<void *> Cached{nullptr};
};

/// A rocSPARSE descriptor made from one of ours for one call, destroyed
/// with it. status() is what making it answered.
class SpMat {
public:
  explicit SpMat(const cusparseSpMatDescr *A);
  ~SpMat();
  SpMat(const SpMat &) = delete;
  SpMat &operator=(const SpMat &) = delete;
  cusparseStatus_t status() const { return Status; }
  void *get() const { return Descr; }

private:
  void *Descr = nullptr;
  cusparseStatus_t Status;
};

class DnVec {
public:
  explicit DnVec(const cusparseDnVecDescr *X);
  ~DnVec();
  DnVec(const DnVec &) = delete;
  DnVec &operator=(const DnVec &) = delete;
  cusparseStatus_t status() const { return Status; }
  void *get() const { return Descr; }

private:
  void *Descr = nullptr;
  cusparseStatus_t Status;
};

class SpVec {
public:
  explicit SpVec(const cusparseSpVecDescr *X);
  ~SpVec();
  SpVec(const SpVec &) = delete;
  SpVec &operator=(const SpVec &) = delete;
  cusparseStatus_t status() const { return Status; }
  void *get() const { return Descr; }

private:
  void *Descr = nullptr;
  cusparseStatus_t Status;
};

class DnMat {
public:
  explicit DnMat(const cusparseDnMatDescr *M);
  ~DnMat();
  DnMat(const DnMat &) = delete;
  DnMat &operator=(const DnMat &) = delete;
  cusparseStatus_t status() const { return Status; }
  void *get() const { return Descr; }

private:
  void *Descr = nullptr;
  cusparseStatus_t Status;
};

/// Makes every descriptor given; the first failure's status, else SUCCESS.
template <class... Ds> cusparseStatus_t made(const Ds &...D) {
  cusparseStatus_t S = CUSPARSE_STATUS_SUCCESS;
  ((S = S != CUSPARSE_STATUS_SUCCESS ? S : D.status()), ...);
  return S;
}

// rocSPARSE's stages (ROCm 6 numbering).
enum Stage { StageBufferSize = 1, StagePreprocess = 2, StageCompute = 3 };
enum SpGemmStage { SpGemmBufferSize = 1, SpGemmNnz = 2, SpGemmCompute = 3 };

} // namespace rubicon::cusparse::rocm

/// The rocSPARSE function \p Name (without its rocsparse_ prefix).
#define RUBICON_ROCSPARSE(Name)                                                \
  ([]() -> ::rubicon::cusparse::rocm::Function & {                             \
    static ::rubicon::cusparse::rocm::Function F("rocsparse_" #Name);          \
    return F;                                                                  \
  }())

#endif // RUBICON_CUSPARSE_ROCSPARSE_H
