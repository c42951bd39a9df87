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

#endif /* RUBICON_INTERNAL_ATOMIC_FUNCTIONS_H */
