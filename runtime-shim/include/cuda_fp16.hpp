/*===- cuda_fp16.hpp - __half and __half2 ---------------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA Math API reference ("Half Precision
 * Intrinsics"). The definitions behind cuda_fp16.h; include that header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_FP16_HPP
#define RUBICON_CUDA_FP16_HPP

#include "__rubicon/half_prologue.h"

#define __RUBICON_H_T __half
#define __RUBICON_H_T2 __half2
#define __RUBICON_H_RAW __half_raw
#define __RUBICON_H_RAW2 __half2_raw
#define __RUBICON_H_NAME half
#define __RUBICON_H_BF16 0
#define __RUBICON_H_P 11
#define __RUBICON_H_E 5
#if defined(__CUDA_NO_HALF_CONVERSIONS__)
#define __RUBICON_H_CONVERSIONS 0
#else
#define __RUBICON_H_CONVERSIONS 1
#endif
#if defined(__CUDA_NO_HALF_OPERATORS__)
#define __RUBICON_H_OPERATORS 0
#else
#define __RUBICON_H_OPERATORS 1
#endif
#if defined(__CUDA_NO_HALF_OPERATORS__) || defined(__CUDA_NO_HALF2_OPERATORS__)
#define __RUBICON_H_OPERATORS2 0
#else
#define __RUBICON_H_OPERATORS2 1
#endif
#include "__rubicon/half_types.h"
#include "__rubicon/half_operations.h"
#include "__rubicon/half_epilogue.h"

#endif /* RUBICON_CUDA_FP16_HPP */
