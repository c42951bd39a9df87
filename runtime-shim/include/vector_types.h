/*===- vector_types.h - CUDA built-in vector types and dim3 --------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA C++ Programming Guide ("Built-in Vector
 * Types", "dim3"). Valid C and C++, for CUDA and for any host compiler.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_VECTOR_TYPES_H
#define RUBICON_VECTOR_TYPES_H

#include "host_defines.h"

/* long is 8 bytes on LP64 hosts (Linux) and 4 bytes on LLP64 ones. */
#if defined(__SIZEOF_LONG__) && __SIZEOF_LONG__ == 8
#define RUBICON_LONG_ALIGN 8
#define RUBICON_LONG2_ALIGN 16
#else
#define RUBICON_LONG_ALIGN 4
#define RUBICON_LONG2_ALIGN 8
#endif

#define __RUBICON_VECTOR_FIELDS_1(T) T x;
#define __RUBICON_VECTOR_FIELDS_2(T) T x, y;
#define __RUBICON_VECTOR_FIELDS_3(T) T x, y, z;
#define __RUBICON_VECTOR_FIELDS_4(T) T x, y, z, w;

#define RUBICON_VECTOR_TYPE(Name, Element, Components, Alignment)              \
  struct __device_builtin__ __align__(Alignment) Name {                        \
    __RUBICON_VECTOR_FIELDS_##Components(Element)                              \
  };                                                                           \
  typedef struct Name Name;
#include "__rubicon/vector_types.def"

struct __device_builtin__ dim3 {
  unsigned int x, y, z;
#if defined(__cplusplus)
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3() const {
    return uint3{x, y, z};
  }
#endif
};
typedef struct dim3 dim3;

#endif /* RUBICON_VECTOR_TYPES_H */
