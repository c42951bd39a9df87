/*===- cublas.h - cuBLAS ---------------------------------------------------===*
 *
 * Part of Rubicon. cuBLAS's legacy API (cublasInit, cublasAlloc, functions
 * without a handle) is not provided: this header gives the current API, as
 * cublas_v2.h does, so that programs including both compile.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUBLAS_H
#define RUBICON_CUBLAS_H
#include "cublas_v2.h"
#endif /* RUBICON_CUBLAS_H */
