//===- OcklServices.h - AMD's ockl host services ----------------*- C++ -*-===//
//
// Part of Rubicon. Declarations of the functions of AMD's ockl.bc (ROCm
// device libraries) that the device library calls: printf over hostcall and
// the device heap. Linked from ockl.bc when the library is built.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_OCKL_SERVICES_H
#define RUBICON_DEVICE_OCKL_SERVICES_H

#include "Types.h"

extern "C" {
rubicon::u64 __ockl_printf_begin(rubicon::u64 version);
rubicon::u64 __ockl_printf_append_string_n(rubicon::u64 descriptor,
                                           const char *string,
                                           rubicon::u64 lengthWithNul,
                                           rubicon::u32 isLast);
rubicon::u64 __ockl_printf_append_args(rubicon::u64 descriptor,
                                       rubicon::u32 argumentCount,
                                       rubicon::u64 a0, rubicon::u64 a1,
                                       rubicon::u64 a2, rubicon::u64 a3,
                                       rubicon::u64 a4, rubicon::u64 a5,
                                       rubicon::u64 a6, rubicon::u32 isLast);
__attribute__((address_space(1))) void *__ockl_dm_alloc(rubicon::u64 size);
void __ockl_dm_dealloc(rubicon::u64 address);
}

#endif // RUBICON_DEVICE_OCKL_SERVICES_H
