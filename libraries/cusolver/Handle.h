//===- Handle.h - A cuSOLVER dense handle -----------------------*- C++ -*-===//
//
// Part of Rubicon. A handle is its stream: the host backend waits for it
// before computing (as cuBLAS's host backend does, docs/cuda-libraries.md).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSOLVER_HANDLE_H
#define RUBICON_CUSOLVER_HANDLE_H

#include "cusolverDn.h"

struct cusolverDnContext {
  cudaStream_t Stream = nullptr;
};

#endif // RUBICON_CUSOLVER_HANDLE_H
