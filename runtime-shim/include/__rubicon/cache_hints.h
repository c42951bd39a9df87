/*===- __rubicon/cache_hints.h - Cache-hinted loads and stores -----------===*
 *
 * Part of Rubicon. CUDA's loads and stores with a cache operator ("Load
 * Functions Using Cache Hints", "Store Functions Using Cache Hints" in the
 * CUDA C++ Programming Guide), for every scalar and vector type. The hint
 * changes where a value is cached, never the value: on AMD GPUs
 *   __ldca, __ldcg, __stwb, __stcg  (cache at all levels / in L2)  plain,
 *   __ldcs, __ldlu, __stcs          (streaming, last use)          nontemporal
 *                                   (the `nt` bit on gfx9),
 *   __ldcv, __stwt                  (fetch again / write through)  volatile
 *                                   (bypass the non-coherent caches).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CACHE_HINTS_H
#define RUBICON_INTERNAL_CACHE_HINTS_H

#include "config.h"
#include "../vector_types.h"

#define __RUBICON_LOAD_PLAIN(address) (*(address))
#define __RUBICON_LOAD_STREAMING(address) __builtin_nontemporal_load(address)
#define __RUBICON_LOAD_VOLATILE(address)                                       \
  (*static_cast<const volatile __typeof__(*(address)) *>(address))
#define __RUBICON_STORE_PLAIN(address, value) (*(address) = (value))
#define __RUBICON_STORE_STREAMING(address, value)                              \
  __builtin_nontemporal_store(value, address)
#define __RUBICON_STORE_VOLATILE(address, value)                               \
  (*static_cast<volatile __typeof__(*(address)) *>(address) = (value))

/* One load and one store function per cache operator and scalar type. */
#define __RUBICON_CACHE_HINTED_SCALAR(T)                                       \
  __RUBICON_DEVICE__ T __ldca(const T *p) { return __RUBICON_LOAD_PLAIN(p); }  \
  __RUBICON_DEVICE__ T __ldcg(const T *p) { return __RUBICON_LOAD_PLAIN(p); }  \
  __RUBICON_DEVICE__ T __ldcs(const T *p) {                                    \
    return __RUBICON_LOAD_STREAMING(p);                                        \
  }                                                                            \
  __RUBICON_DEVICE__ T __ldlu(const T *p) {                                    \
    return __RUBICON_LOAD_STREAMING(p);                                        \
  }                                                                            \
  __RUBICON_DEVICE__ T __ldcv(const T *p) {                                    \
    return __RUBICON_LOAD_VOLATILE(p);                                         \
  }                                                                            \
  __RUBICON_DEVICE__ void __stwb(T *p, T v) { __RUBICON_STORE_PLAIN(p, v); }   \
  __RUBICON_DEVICE__ void __stcg(T *p, T v) { __RUBICON_STORE_PLAIN(p, v); }   \
  __RUBICON_DEVICE__ void __stcs(T *p, T v) {                                  \
    __RUBICON_STORE_STREAMING(p, v);                                           \
  }                                                                            \
  __RUBICON_DEVICE__ void __stwt(T *p, T v) { __RUBICON_STORE_VOLATILE(p, v); }
__RUBICON_CACHE_HINTED_SCALAR(char)
__RUBICON_CACHE_HINTED_SCALAR(signed char)
__RUBICON_CACHE_HINTED_SCALAR(unsigned char)
__RUBICON_CACHE_HINTED_SCALAR(short)
__RUBICON_CACHE_HINTED_SCALAR(unsigned short)
__RUBICON_CACHE_HINTED_SCALAR(int)
__RUBICON_CACHE_HINTED_SCALAR(unsigned int)
__RUBICON_CACHE_HINTED_SCALAR(long)
__RUBICON_CACHE_HINTED_SCALAR(unsigned long)
__RUBICON_CACHE_HINTED_SCALAR(long long)
__RUBICON_CACHE_HINTED_SCALAR(unsigned long long)
__RUBICON_CACHE_HINTED_SCALAR(float)
__RUBICON_CACHE_HINTED_SCALAR(double)
#undef __RUBICON_CACHE_HINTED_SCALAR

/* Vector types: component by component through the scalar forms (adjacent
 * accesses the backend merges into one wide access). */
#define __RUBICON_COMPONENTS_1(Op) Op(x)
#define __RUBICON_COMPONENTS_2(Op) __RUBICON_COMPONENTS_1(Op) Op(y)
#define __RUBICON_COMPONENTS_3(Op) __RUBICON_COMPONENTS_2(Op) Op(z)
#define __RUBICON_COMPONENTS_4(Op) __RUBICON_COMPONENTS_3(Op) Op(w)
#define __RUBICON_LOAD_VECTOR(Load, Name, Components)                          \
  __RUBICON_DEVICE__ Name Load(const Name *p) {                                \
    Name r;                                                                    \
    __RUBICON_COMPONENTS_##Components(__RUBICON_LOAD_COMPONENT_##Load)         \
    return r;                                                                  \
  }
#define __RUBICON_LOAD_COMPONENT(Load, c) r.c = Load(&p->c);
#define __RUBICON_LOAD_COMPONENT___ldca(c) __RUBICON_LOAD_COMPONENT(__ldca, c)
#define __RUBICON_LOAD_COMPONENT___ldcg(c) __RUBICON_LOAD_COMPONENT(__ldcg, c)
#define __RUBICON_LOAD_COMPONENT___ldcs(c) __RUBICON_LOAD_COMPONENT(__ldcs, c)
#define __RUBICON_LOAD_COMPONENT___ldlu(c) __RUBICON_LOAD_COMPONENT(__ldlu, c)
#define __RUBICON_LOAD_COMPONENT___ldcv(c) __RUBICON_LOAD_COMPONENT(__ldcv, c)
#define __RUBICON_STORE_VECTOR(Store, Name, Components)                        \
  __RUBICON_DEVICE__ void Store(Name *p, Name v) {                             \
    __RUBICON_COMPONENTS_##Components(__RUBICON_STORE_COMPONENT_##Store)       \
  }
#define __RUBICON_STORE_COMPONENT(Store, c) Store(&p->c, v.c);
#define __RUBICON_STORE_COMPONENT___stwb(c) __RUBICON_STORE_COMPONENT(__stwb, c)
#define __RUBICON_STORE_COMPONENT___stcg(c) __RUBICON_STORE_COMPONENT(__stcg, c)
#define __RUBICON_STORE_COMPONENT___stcs(c) __RUBICON_STORE_COMPONENT(__stcs, c)
#define __RUBICON_STORE_COMPONENT___stwt(c) __RUBICON_STORE_COMPONENT(__stwt, c)
#define RUBICON_VECTOR_TYPE(Name, Element, Components, Alignment)              \
  __RUBICON_LOAD_VECTOR(__ldca, Name, Components)                              \
  __RUBICON_LOAD_VECTOR(__ldcg, Name, Components)                              \
  __RUBICON_LOAD_VECTOR(__ldcs, Name, Components)                              \
  __RUBICON_LOAD_VECTOR(__ldlu, Name, Components)                              \
  __RUBICON_LOAD_VECTOR(__ldcv, Name, Components)                              \
  __RUBICON_STORE_VECTOR(__stwb, Name, Components)                             \
  __RUBICON_STORE_VECTOR(__stcg, Name, Components)                             \
  __RUBICON_STORE_VECTOR(__stcs, Name, Components)                             \
  __RUBICON_STORE_VECTOR(__stwt, Name, Components)
#include "vector_types.def"
#undef __RUBICON_LOAD_VECTOR
#undef __RUBICON_STORE_VECTOR

/* __nv_associate_access_property(ptr, policy): associates an L2 cache policy
 * (a `createpolicy` descriptor) with the accesses made through the pointer it
 * returns (libcu++'s cuda::annotated_ptr and cuda::associate_access_property
 * from sm_80 on). A hint here as well: the same pointer. */
__RUBICON_DEVICE__ void *__nv_associate_access_property(void *ptr,
                                                        unsigned long long) {
  return ptr;
}

#endif /* RUBICON_INTERNAL_CACHE_HINTS_H */
