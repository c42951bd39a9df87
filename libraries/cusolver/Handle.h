//===- Handle.h - A cuSOLVER dense handle -----------------------*- C++ -*-===//
//
// Part of Rubicon. A handle is its stream: the host backend waits for it
// before computing (as cuBLAS's host backend does, docs/cuda-libraries.md);
// on AMD GPUs it also holds the rocblas_handle rocSOLVER runs on, bound to
// the same stream.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSOLVER_HANDLE_H
#define RUBICON_CUSOLVER_HANDLE_H

#include "cusolverDn.h"

struct cusolverDnContext {
  cudaStream_t Stream = nullptr;
  void *Rocblas = nullptr; // AMD GPUs: rocSOLVER's rocblas_handle
};

#endif // RUBICON_CUSOLVER_HANDLE_H
