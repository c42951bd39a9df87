/*===- device_fp128_functions.h - Quad-precision device math -------------===*
 *
 * Part of Rubicon. The CUDA Math API reference names this header for the
 * __nv_fp128_* functions; they are declared in crt/device_fp128_functions.h,
 * the path CCCL includes.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_DEVICE_FP128_FUNCTIONS_H
#define RUBICON_DEVICE_FP128_FUNCTIONS_H
#include "crt/device_fp128_functions.h"
#endif /* RUBICON_DEVICE_FP128_FUNCTIONS_H */
