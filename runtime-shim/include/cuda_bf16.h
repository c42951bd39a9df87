/*===- cuda_bf16.h - bfloat16: __nv_bfloat16, __nv_bfloat162 --------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA Math API reference ("Bfloat16
 * Precision Intrinsics"): the types, conversions with every rounding mode,
 * arithmetic, comparisons, math functions, __ldg, warp shuffles and
 * atomicAdd. Host and device code. Arithmetic is done in float and rounded
 * once to bfloat16 (gfx942 has no bfloat16 arithmetic).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_BF16_H
#define RUBICON_CUDA_BF16_H

#if defined(__cplusplus)
#include "cuda_fp16.h"
#include "cuda_bf16.hpp"

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

#endif

#endif /* RUBICON_CUDA_BF16_H */
