//===- LtHandle.h - A cuBLASLt handle ---------------------------*- C++ -*-===//
//
// Part of Rubicon. A cuBLASLt handle owns the cuBLAS handle its matmuls run
// on, made at the first matmul (so a handle needs no backend until then).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUBLASLT_LTHANDLE_H
#define RUBICON_CUBLASLT_LTHANDLE_H

#include "cublasLt.h"

#include <mutex>

struct cublasLtContext {
  std::mutex Lock;
  cublasHandle_t Blas = nullptr;
};

#endif // RUBICON_CUBLASLT_LTHANDLE_H
