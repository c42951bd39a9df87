/*===- __rubicon/atomic_functions.h - CUDA atomic functions --------------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide, "Atomic Functions". CUDA's
 * atomics are relaxed. Device scope uses clang's generic __atomic builtins
 * (unscoped LLVM atomics, which the lowering gives agent scope); the _block
 * and _system variants use clang's NVPTX CTA- and system-scope builtins
 * (llvm.nvvm.atomic.*.cta / .sys). The overloads are rows of
 * atomic_functions.def.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_ATOMIC_FUNCTIONS_H
#define RUBICON_INTERNAL_ATOMIC_FUNCTIONS_H

#include "config.h"
#include "../vector_types.h"

#define RUBICON_ATOMIC_RMW(Name, Type, Sign, Device, Block, System,            \
                           BuiltinType)                                        \
  __RUBICON_DEVICE__ Type Name(Type *address, Type value) {                    \
    return Device(address, static_cast<Type>(Sign value), __ATOMIC_RELAXED);   \
  }                                                                            \
  __RUBICON_DEVICE__ Type Name##_block(Type *address, Type value) {            \
    return static_cast<Type>(Block(reinterpret_cast<BuiltinType *>(address),   \
                                   static_cast<BuiltinType>(Sign value)));     \
  }                                                                            \
  __RUBICON_DEVICE__ Type Name##_system(Type *address, Type value) {           \
    return static_cast<Type>(System(reinterpret_cast<BuiltinType *>(address),  \
                                    static_cast<BuiltinType>(Sign value)));    \
  }

#define RUBICON_ATOMIC_CAS(Type, Block, System, BuiltinType)                   \
  __RUBICON_DEVICE__ Type atomicCAS(Type *address, Type compare, Type value) { \
    __atomic_compare_exchange_n(address, &compare, value, false,               \
                                __ATOMIC_RELAXED, __ATOMIC_RELAXED);           \
    return compare;                                                            \
  }                                                                            \
  __RUBICON_DEVICE__ Type atomicCAS_block(Type *address, Type compare,         \
                                          Type value) {                        \
    return static_cast<Type>(Block(reinterpret_cast<BuiltinType *>(address),   \
                                   static_cast<BuiltinType>(compare),          \
                                   static_cast<BuiltinType>(value)));          \
  }                                                                            \
  __RUBICON_DEVICE__ Type atomicCAS_system(Type *address, Type compare,        \
                                           Type value) {                       \
    return static_cast<Type>(System(reinterpret_cast<BuiltinType *>(address),  \
                                    static_cast<BuiltinType>(compare),         \
                                    static_cast<BuiltinType>(value)));         \
  }

#include "atomic_functions.def"

/* atomicExch(float *): the exchange is of the bits. */
#define __RUBICON_ATOMIC_EXCH_FLOAT(Suffix, Exchange)                          \
  __RUBICON_DEVICE__ float atomicExch##Suffix(float *address, float value) {   \
    int old = Exchange;                                                        \
    return __builtin_bit_cast(float, old);                                     \
  }
__RUBICON_ATOMIC_EXCH_FLOAT(, __atomic_exchange_n(
                                  reinterpret_cast<int *>(address),
                                  __builtin_bit_cast(int, value),
                                  __ATOMIC_RELAXED))
__RUBICON_ATOMIC_EXCH_FLOAT(_block, __nvvm_atom_cta_xchg_gen_i(
                                        reinterpret_cast<int *>(address),
                                        __builtin_bit_cast(int, value)))
__RUBICON_ATOMIC_EXCH_FLOAT(_system, __nvvm_atom_sys_xchg_gen_i(
                                         reinterpret_cast<int *>(address),
                                         __builtin_bit_cast(int, value)))
#undef __RUBICON_ATOMIC_EXCH_FLOAT

/* atomicAdd of float2/float4 (sm_90): atomic for each float on its own,
 * not for the vector as a whole (as CUDA documents); returns the old
 * vector. */
#define __RUBICON_ATOMIC_ADD_VECTOR(Suffix)                                    \
  __RUBICON_DEVICE__ float2 atomicAdd##Suffix(float2 *address, float2 value) { \
    float2 old;                                                                \
    old.x = atomicAdd##Suffix(&address->x, value.x);                           \
    old.y = atomicAdd##Suffix(&address->y, value.y);                           \
    return old;                                                                \
  }                                                                            \
  __RUBICON_DEVICE__ float4 atomicAdd##Suffix(float4 *address, float4 value) { \
    float4 old;                                                                \
    old.x = atomicAdd##Suffix(&address->x, value.x);                           \
    old.y = atomicAdd##Suffix(&address->y, value.y);                           \
    old.z = atomicAdd##Suffix(&address->z, value.z);                           \
    old.w = atomicAdd##Suffix(&address->w, value.w);                           \
    return old;                                                                \
  }
__RUBICON_ATOMIC_ADD_VECTOR()
__RUBICON_ATOMIC_ADD_VECTOR(_block)
__RUBICON_ATOMIC_ADD_VECTOR(_system)
#undef __RUBICON_ATOMIC_ADD_VECTOR

/* 16-byte atomicCAS/atomicExch (sm_90, any 16-byte type with 16-byte
 * alignment). AMD GPUs have no 128-bit compare-and-swap: the operation runs
 * under one of 1024 spin locks chosen by address (the locked section sits
 * inside the retry loop, so lanes of one wavefront never wait on each
 * other). Atomic with respect to the other 16-byte atomics of the same
 * translation unit (each has its own lock table: with -rdc, two files'
 * 16-byte atomics on one address do not exclude each other); a plain
 * access to the same address may see the two halves from different
 * writes. */
template <bool Condition, class T> struct __rubicon_enable_if {};
template <class T> struct __rubicon_enable_if<true, T> {
  typedef T type;
};
static __device__ unsigned int __rubicon_atomic128_locks[1024];
template <class T>
__RUBICON_DEVICE__ T __rubicon_atomic128(T *address, const T *compare,
                                         T value) {
  unsigned long long *words = reinterpret_cast<unsigned long long *>(address);
  unsigned int *lock =
      &__rubicon_atomic128_locks[(reinterpret_cast<__SIZE_TYPE__>(address) >>
                                  4) & 1023];
  unsigned long long old[2], desired[2], expected[2] = {0, 0};
  __builtin_memcpy(desired, &value, 16);
  if (compare)
    __builtin_memcpy(expected, compare, 16);
  for (bool done = false; !done;) {
    if (__atomic_exchange_n(lock, 1u, __ATOMIC_ACQUIRE) == 0) {
      old[0] = __atomic_load_n(&words[0], __ATOMIC_RELAXED);
      old[1] = __atomic_load_n(&words[1], __ATOMIC_RELAXED);
      if (!compare || (old[0] == expected[0] && old[1] == expected[1])) {
        __atomic_store_n(&words[0], desired[0], __ATOMIC_RELAXED);
        __atomic_store_n(&words[1], desired[1], __ATOMIC_RELAXED);
      }
      __atomic_store_n(lock, 0u, __ATOMIC_RELEASE);
      done = true;
    }
  }
  T result;
  __builtin_memcpy(&result, old, 16);
  return result;
}
#define __RUBICON_ATOMIC_128(Suffix)                                           \
  template <class T>                                                           \
  __RUBICON_DEVICE__                                                           \
      typename __rubicon_enable_if<sizeof(T) == 16 && alignof(T) >= 16, T>::type \
      atomicCAS##Suffix(T *address, T compare, T value) {                      \
    return __rubicon_atomic128(address, &compare, value);                      \
  }                                                                            \
  template <class T>                                                           \
  __RUBICON_DEVICE__                                                           \
      typename __rubicon_enable_if<sizeof(T) == 16 && alignof(T) >= 16, T>::type \
      atomicExch##Suffix(T *address, T value) {                                \
    return __rubicon_atomic128(address, static_cast<const T *>(nullptr),       \
                               value);                                         \
  }
__RUBICON_ATOMIC_128()
__RUBICON_ATOMIC_128(_block)
__RUBICON_ATOMIC_128(_system)
#undef __RUBICON_ATOMIC_128

#endif /* RUBICON_INTERNAL_ATOMIC_FUNCTIONS_H */
