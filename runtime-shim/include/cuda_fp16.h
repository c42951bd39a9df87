/*===- cuda_fp16.h - Half precision: __half, __half2 ----------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA Math API reference ("Half Precision
 * Intrinsics"): the types, conversions with every rounding mode, arithmetic,
 * comparisons, math functions, __ldg, warp shuffles and atomicAdd. Host and
 * device code; a C++ file built by the host compiler can use it too.
 *
 * On the GPU, __half computes in the hardware's f16 instructions and __half2
 * in its packed ones (v_pk_add_f16, v_pk_fma_f16 on gfx9).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_FP16_H
#define RUBICON_CUDA_FP16_H

#if defined(__cplusplus)
#include "cuda_fp16.hpp"

typedef __half half;
typedef __half2 half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half nv_half;
typedef __half2 nv_half2;

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#endif

#endif /* RUBICON_CUDA_FP16_H */
