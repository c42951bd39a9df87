/*===- __rubicon/standard_headers.h - C and C++ headers nvcc brings -----===*
 *
 * Part of Rubicon. nvcc's implicit cuda_runtime.h makes the C library's
 * memory, string, time, I/O and math functions visible in every .cu file, and
 * the C++ math overloads (ceil(float), frexp(float, int *), ...) with them:
 * CUDA programs (Rodinia's among them) call malloc, strlen, time, ceil, exit
 * without including anything. This header brings the same set. It comes
 * after math_functions.h, whose device overloads must precede <cmath>.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_STANDARD_HEADERS_H
#define RUBICON_INTERNAL_STANDARD_HEADERS_H

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__cplusplus)
#include <cmath>
#include <cstdlib>
#include <new>
/* NVIDIA's cuda_runtime.h includes <utility> in C++: std::pair, std::move,
 * std::forward and std::initializer_list (a range-for over a braced list,
 * as libcu++'s tests write) need no include of their own. */
#include <utility>
#endif

#endif /* RUBICON_INTERNAL_STANDARD_HEADERS_H */
