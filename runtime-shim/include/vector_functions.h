/*===- vector_functions.h - make_<type>() constructors -------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. make_char1() ... make_double4() from the CUDA C++ Programming
 * Guide ("Built-in Vector Types"), for host and device code.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_VECTOR_FUNCTIONS_H
#define RUBICON_VECTOR_FUNCTIONS_H

#include "host_defines.h"
#include "vector_types.h"

#define __RUBICON_MAKE_PARAMETERS_1(T) T x
#define __RUBICON_MAKE_PARAMETERS_2(T) T x, T y
#define __RUBICON_MAKE_PARAMETERS_3(T) T x, T y, T z
#define __RUBICON_MAKE_PARAMETERS_4(T) T x, T y, T z, T w
#define __RUBICON_MAKE_ASSIGN_1 v.x = x;
#define __RUBICON_MAKE_ASSIGN_2 v.x = x; v.y = y;
#define __RUBICON_MAKE_ASSIGN_3 v.x = x; v.y = y; v.z = z;
#define __RUBICON_MAKE_ASSIGN_4 v.x = x; v.y = y; v.z = z; v.w = w;

#define RUBICON_VECTOR_TYPE(Name, Element, Components, Alignment)              \
  static __inline__ __host__ __device__ Name make_##Name(                      \
      __RUBICON_MAKE_PARAMETERS_##Components(Element)) {                       \
    Name v;                                                                    \
    __RUBICON_MAKE_ASSIGN_##Components                                         \
    return v;                                                                  \
  }
#include "__rubicon/vector_types.def"

#endif /* RUBICON_VECTOR_FUNCTIONS_H */
