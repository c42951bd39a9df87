/*===- cuda_bf16.hpp - __nv_bfloat16 and __nv_bfloat162 -------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA Math API reference ("Bfloat16 Precision
 * Intrinsics"). The definitions behind cuda_bf16.h; include that header.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_BF16_HPP
#define RUBICON_CUDA_BF16_HPP

#include "__rubicon/half_prologue.h"

#define __RUBICON_H_T __nv_bfloat16
#define __RUBICON_H_T2 __nv_bfloat162
#define __RUBICON_H_RAW __nv_bfloat16_raw
#define __RUBICON_H_RAW2 __nv_bfloat162_raw
#define __RUBICON_H_NAME bfloat16
#define __RUBICON_H_BF16 1
#define __RUBICON_H_P 8
#define __RUBICON_H_E 8
#if defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
#define __RUBICON_H_CONVERSIONS 0
#else
#define __RUBICON_H_CONVERSIONS 1
#endif
#if defined(__CUDA_NO_BFLOAT16_OPERATORS__)
#define __RUBICON_H_OPERATORS 0
#else
#define __RUBICON_H_OPERATORS 1
#endif
#if defined(__CUDA_NO_BFLOAT16_OPERATORS__) || defined(__CUDA_NO_BFLOAT162_OPERATORS__)
#define __RUBICON_H_OPERATORS2 0
#else
#define __RUBICON_H_OPERATORS2 1
#endif
#include "__rubicon/half_types.h"
#include "__rubicon/half_operations.h"
#include "__rubicon/half_epilogue.h"

#endif /* RUBICON_CUDA_BF16_HPP */
